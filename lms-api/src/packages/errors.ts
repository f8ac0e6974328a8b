import { HttpError } from '../http/errors';

/** A package the platform refuses (unsafe archive, unknown type, invalid descriptor): always a 400 with the reason. */
export class PackageError extends HttpError {
  constructor(detail: string) {
    super(400, detail);
  }
}
