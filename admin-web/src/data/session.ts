/** Browser-side session keys shared with learner-web (brief-web: same origin, same storage). */
export const ANONYMOUS_ID_KEY = 'osaps.anonymousId';
export const LANGUAGE_KEY = 'osaps.language';
export const CSRF_COOKIE = 'osaps_csrf';
export const API_BASE = '/api/v1';

export function storedAnonymousId(): string | null {
  try {
    return window.localStorage.getItem(ANONYMOUS_ID_KEY);
  } catch {
    return null;
  }
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Spec 4 Session: no bearer on the OpenID endpoints. */
const NO_BEARER = ['/auth/login', '/auth/callback', '/auth/logout', '/auth/userinfo'];

/** Headers every API call carries: the bearer (spec 4) and, for state-changing calls, the anti-forgery token. */
export function authHeaders(url: string, method: string, csrfOverride?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const id = storedAnonymousId();
  if (id && !NO_BEARER.some((p) => url.includes(p))) headers.Authorization = `Bearer ${id}`;
  const upper = method.toUpperCase();
  if (upper !== 'GET' && upper !== 'HEAD' && url.startsWith('/')) {
    const token = csrfOverride ?? readCookie(CSRF_COOKIE);
    if (token) headers['X-CSRF-Token'] = token;
  }
  return headers;
}
