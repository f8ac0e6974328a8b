// The platform's progress endpoints: GET/POST /api/v1/courses/id/{id}/progress/ (platform spec section 7).
import type { TrackingData } from '../runtime/api-state.js';
import type { PersistenceAdapter, SavePayload, SaveOptions } from './adapter.js';

type HeaderValue = string | null | undefined;

export interface HttpAdapterOptions {
  readonly courseId: string | number;
  /** API base, e.g. "https://lms.example" or "" for same origin. */
  readonly baseUrl?: string;
  /** The learner's anonymous ID, sent as "Authorization: Bearer <id>" (platform spec section 4 "Session"). */
  readonly getAnonymousId?: () => HeaderValue;
  /** The anti-forgery token sent on POST as X-CSRF-Token; defaults to the osaps_csrf cookie. */
  readonly getCsrfToken?: () => HeaderValue;
  /** Extra headers for every request. */
  readonly headers?: () => Record<string, string>;
  readonly fetch?: typeof fetch;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Reads a cookie of the current document (the double-submit CSRF token). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export function createHttpAdapter(options: HttpAdapterOptions): PersistenceAdapter {
  const url = `${options.baseUrl ?? ''}/api/v1/courses/id/${encodeURIComponent(String(options.courseId))}/progress/`;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const csrf = options.getCsrfToken ?? (() => readCookie('osaps_csrf'));

  function headers(post: boolean): Record<string, string> {
    const out: Record<string, string> = { Accept: 'application/json', ...options.headers?.() };
    const id = options.getAnonymousId?.();
    if (id) out.Authorization = `Bearer ${id}`;
    if (post) {
      out['Content-Type'] = 'application/json';
      const token = csrf();
      if (token) out['X-CSRF-Token'] = token;
    }
    return out;
  }

  return {
    // Failed saves are kept per course and per learner: a shared browser must not hand one
    // learner's data to the next (the ID itself is not written, only a hash of it).
    get key() {
      return `course-${options.courseId}:${fnv1a(options.getAnonymousId?.() ?? '')}`;
    },
    async load(): Promise<TrackingData | null> {
      const response = await doFetch(url, { method: 'GET', headers: headers(false), credentials: 'include' });
      // Platform spec section 4: a 404 on loading progress means start empty.
      if (response.status === 404) return null;
      if (!response.ok) throw new HttpError(response.status, `GET ${url} answered ${response.status}`);
      const body = (await response.json()) as { tracking_data?: unknown } | null;
      const data = body?.tracking_data;
      if (!data || typeof data !== 'object') return null;
      const out: TrackingData = {};
      for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
        if (typeof value === 'string') out[name] = value;
        else if (typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
      }
      return out;
    },
    async save(payload: SavePayload, saveOptions?: SaveOptions): Promise<void> {
      const response = await doFetch(url, {
        method: 'POST',
        headers: headers(true),
        body: JSON.stringify(payload),
        credentials: 'include',
        keepalive: saveOptions?.keepalive ?? false,
      });
      if (!response.ok) throw new HttpError(response.status, `POST ${url} answered ${response.status}`);
    },
  };
}

/** FNV-1a 32-bit hash as hex: names a learner's pending save without storing the learner's ID. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}
