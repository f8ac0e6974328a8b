import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';

export const CSRF_COOKIE = 'osaps_csrf';
export const CSRF_HEADER = 'x-csrf-token';

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Anti-forgery for non-GET/HEAD API requests (spec 4 Session): double-submit token. Every answer sets the
 * cookie when missing; a state-changing request must echo it in `X-CSRF-Token`. A page on another origin can
 * neither read the cookie nor set the header without a CORS preflight, which this API never grants.
 * `exempt` paths (e.g. the AICC HACP endpoint that content posts forms to) carry their own credentials.
 */
export function antiForgery(options: { secure: boolean; exempt: (path: string) => boolean }): RequestHandler {
  return (req, res, next) => {
    let token = readCookie(req.headers.cookie, CSRF_COOKIE);
    if (!token) {
      token = randomBytes(24).toString('base64url');
      res.cookie(CSRF_COOKIE, token, { sameSite: 'strict', secure: options.secure, path: '/', httpOnly: false });
      // A request sent before any cookie existed cannot carry it: the fresh token is exposed for the retry.
      res.setHeader('X-CSRF-Token', token);
    }
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || options.exempt(req.path)) return next();
    const sent = req.get(CSRF_HEADER);
    const known = readCookie(req.headers.cookie, CSRF_COOKIE);
    const valid = !!sent && !!known && sent.length === known.length && timingSafeEqual(Buffer.from(sent), Buffer.from(known));
    if (!valid) throw new HttpError(403, 'Missing or invalid anti-forgery token.');
    next();
  };
}
