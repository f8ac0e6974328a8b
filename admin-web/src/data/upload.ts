import { ApiError } from './http';
import { authHeaders } from './session';

/** Where an upload stands: the transfer (bytes sent) then the server's processing of the package. */
export type UploadProgress =
  | { phase: 'transfer'; loaded: number; total: number }
  | { phase: 'processing'; percent: number | null; step: string | null };

/**
 * Multipart upload through XMLHttpRequest, the one browser API that reports upload progress. Resolves with the
 * parsed JSON answer; rejects with ApiError carrying the server's `detail`.
 */
export function uploadMultipart<T>(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
  options: { signal?: AbortSignal; jobId?: string } = {},
): Promise<T> {
  const { signal, jobId } = options;
  const attempt = (csrf?: string) =>
    new Promise<{ status: number; text: string; freshCsrf: string | null }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      for (const [k, v] of Object.entries(authHeaders(url, method, csrf))) xhr.setRequestHeader(k, v);
      xhr.setRequestHeader('Accept', 'application/json');
      // The server reports its import progress under this id (lms-api/src/packages/routes.ts).
      if (jobId) xhr.setRequestHeader('X-Import-Job', jobId);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ phase: 'transfer', loaded: event.loaded, total: event.total });
      };
      // Bytes are all sent: the server now extracts, validates and converts the package.
      xhr.upload.onload = () => onProgress({ phase: 'processing', percent: null, step: null });
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, freshCsrf: xhr.getResponseHeader('X-CSRF-Token') });
      xhr.onerror = () => reject(new ApiError(0, null, null));
      xhr.onabort = () => reject(new ApiError(0, null, null));
      signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(form);
    });

  return (async () => {
    let result = await attempt();
    if (result.status === 403 && result.freshCsrf) result = await attempt(result.freshCsrf);
    let body: unknown;
    try {
      body = result.text ? (JSON.parse(result.text) as unknown) : null;
    } catch {
      body = result.text;
    }
    if (result.status < 200 || result.status >= 300) {
      const detail =
        body && typeof body === 'object' && 'detail' in body && typeof (body as { detail: unknown }).detail === 'string'
          ? (body as { detail: string }).detail
          : null;
      throw new ApiError(result.status, detail, body);
    }
    return body as T;
  })();
}

/** Percentage (0-100, whole) of a transfer. */
export function transferPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}
