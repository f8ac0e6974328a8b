import type { ErrorRequestHandler } from 'express';

/** A business-rule failure with the HTTP status and `detail` text the client shows. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Authentication required.') => new HttpError(401, detail);
export const forbidden = (detail = 'Administrator rights required.') => new HttpError(403, detail);
export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const payloadTooLarge = (detail: string) => new HttpError(413, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, { 'Retry-After': String(retryAfterSeconds) });

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
}

/** Maps PostgreSQL constraint violations to client errors (23505 unique -> 409, 23503/23514/22P02/22003/22P05 -> 400). */
function fromDatabase(error: PgError): HttpError | null {
  switch (error.code) {
    case '23505':
      return conflict(`Already exists${error.constraint ? ` (${error.constraint})` : ''}.`);
    case '23503':
      return badRequest(`Refers to a record that does not exist or is still referenced${error.constraint ? ` (${error.constraint})` : ''}.`);
    case '23514':
      return badRequest(`A value is out of range${error.constraint ? ` (${error.constraint})` : ''}.`);
    case '22P02':
    case '22003':
      return badRequest('A value has the wrong format.');
    case '22P05':
      // jsonb and text refuse U+0000 (PostgreSQL 8.3 Unicode escapes), which JSON allows.
      return badRequest('Text must not contain the NUL character (U+0000).');
    default:
      return null;
  }
}

/** The one error middleware: typed errors become `{detail}`, unknown ones a logged 500. */
export function errorHandler(log: (message: string, error: unknown) => void = console.error): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof HttpError) {
      res.set(error.headers).status(error.status).json({ detail: error.detail });
      return;
    }
    // body-parser errors carry a status (400 malformed JSON, 413 too large).
    const status = (error as { status?: number; statusCode?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const type = (error as { type?: string }).type;
      const detail =
        type === 'entity.too.large'
          ? 'Request body is too large.'
          : type === 'entity.parse.failed'
            ? 'Request body is not valid JSON.'
            : (error as Error).message || 'Bad request.';
      res.status(status).json({ detail });
      return;
    }
    const mapped = fromDatabase(error as PgError);
    if (mapped) {
      res.status(mapped.status).json({ detail: mapped.detail });
      return;
    }
    log(`${req.method} ${req.path} failed`, error);
    res.status(500).json({ detail: 'An unexpected error occurred. Please try again later.' });
  };
}
