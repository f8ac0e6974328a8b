import type { Principal } from './auth/authenticate';
import { badRequest } from './errors';
import type { XapiVersion } from './version';

/**
 * One xAPI request after transport concerns: the Alternate Request Syntax (xAPI 1.0.3 Part 3 1.3)
 * is already turned into the request it stands for, so resources see one shape.
 */
export interface XapiRequest {
  method: string;
  /** Path below the LRS root, e.g. `/statements`. */
  path: string;
  query: Map<string, string>;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  body: Buffer;
  version: XapiVersion;
  principal: Principal;
  /** Absolute path of the LRS root as mounted (e.g. `/xapi`), for `more` links. */
  basePath: string;
}

export interface XapiResponse {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string | object;
}

export function contentTypeOf(request: XapiRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** Rejects parameters a resource does not define (xAPI 2.0 Part 3 1.4: unknown parameters are a 400). */
export function allowOnly(request: XapiRequest, names: readonly string[]): void {
  for (const key of request.query.keys()) {
    if (!names.includes(key)) throw badRequest(`unknown parameter "${key}" for ${request.method} ${request.path}`);
  }
}

export function required(request: XapiRequest, name: string): string {
  const value = request.query.get(name);
  if (value === undefined || value === '') throw badRequest(`parameter "${name}" is required`);
  return value;
}

export function parseJsonBody(body: Buffer, what: string): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest(`${what} is not valid JSON`);
  }
}
