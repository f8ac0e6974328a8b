import { readAnonymousId } from '../session/storage';

export const API_BASE = '/api/v1';
const CSRF_COOKIE = 'osaps_csrf';
const CSRF_HEADER = 'X-CSRF-Token';
/** Spec 4 Session: these URLs never carry the Authorization header. */
const NO_AUTH_PATHS = ['/auth/login', '/auth/callback', '/auth/logout', '/auth/userinfo'];

/** An API answer outside 2xx, with the server's `detail` text when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function isRelative(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

function buildHeaders(url: string, method: string, init: RequestInit, csrfToken: string | null): Headers {
  const headers = new Headers(init.headers);
  const anonymousId = readAnonymousId();
  if (anonymousId && !NO_AUTH_PATHS.some((path) => url.includes(path))) headers.set('Authorization', `Bearer ${anonymousId}`);
  if (method !== 'GET' && method !== 'HEAD' && isRelative(url) && csrfToken) headers.set(CSRF_HEADER, csrfToken);
  if (init.body && typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return headers;
}

async function readDetail(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
  } catch {
    // Not JSON: no detail.
  }
  return null;
}

/**
 * fetch() with the platform's rules: Bearer anonymous ID, anti-forgery header on state-changing requests, and one
 * retry when the server answers 403 with a fresh token (the cookie did not exist yet, see brief-web).
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const url = path.startsWith('http') || path.startsWith(API_BASE) ? path : `${API_BASE}${path}`;
  const method = (init.method ?? 'GET').toUpperCase();
  let response = await fetch(url, { ...init, method, credentials: 'same-origin', headers: buildHeaders(url, method, init, readCookie(CSRF_COOKIE)) });
  const freshToken = response.headers.get(CSRF_HEADER);
  if (response.status === 403 && freshToken && method !== 'GET' && method !== 'HEAD') {
    response = await fetch(url, { ...init, method, credentials: 'same-origin', headers: buildHeaders(url, method, init, freshToken) });
  }
  return response;
}

/** JSON request; throws ApiError on any non-2xx answer. */
export async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await apiFetch(path, init);
  if (!response.ok) throw new ApiError(response.status, await readDetail(response));
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export function postJson<T>(path: string, body: unknown): Promise<T> {
  return apiJson<T>(path, { method: 'POST', body: JSON.stringify(body ?? {}) });
}
