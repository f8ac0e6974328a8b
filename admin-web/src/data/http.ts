import { authHeaders } from './session';

/** An API answer that was not 2xx; `detail` is the server's `{detail}` text when it sent one (DESIGN.md 5). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    readonly body: unknown,
  ) {
    super(detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

function detailOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  return null;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * fetch with the platform's headers. A 403 that hands back a fresh `X-CSRF-Token` means the cookie did not
 * exist yet when the request left: retry once with it (brief-web anti-forgery contract).
 */
export async function apiRequest<T>(url: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const method = init.method ?? 'GET';
  const send = (csrf?: string) => {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(authHeaders(url, method, csrf))) headers.set(k, v);
    if (init.body && typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    return fetch(url, { ...init, method, headers, credentials: 'same-origin' });
  };
  let response = await send();
  const fresh = response.headers.get('X-CSRF-Token');
  if (response.status === 403 && fresh && method !== 'GET' && method !== 'HEAD') response = await send(fresh);
  const body = await parseBody(response);
  if (!response.ok) throw new ApiError(response.status, detailOf(body), body);
  return { status: response.status, headers: response.headers, body: body as T };
}

export async function apiJson<T>(url: string, method = 'GET', payload?: unknown): Promise<T> {
  const { body } = await apiRequest<T>(url, { method, body: payload === undefined ? undefined : JSON.stringify(payload) });
  return body;
}

/** The server's detail text when it sent one, else the given fallback (spec 8: "the server's detail, else ..."). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
