/** An error the LRS answers with its status and a message naming what was wrong. */
export class XapiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new XapiError(400, message);
export const conflict = (message: string) => new XapiError(409, message);
export const notFound = (message: string) => new XapiError(404, message);
export const forbidden = (message: string) => new XapiError(403, message);
export const unauthorized = (message: string) => new XapiError(401, message);
export const preconditionFailed = (message: string) => new XapiError(412, message);
export const preconditionRequired = (message: string) => new XapiError(428, message);
