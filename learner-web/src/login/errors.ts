import { ApiError } from '../api/client';
import type { MessageKey } from '../i18n/languages';

/** Login ID rule (spec 5 / 9). */
export const LOGIN_ID_MIN_LENGTH = 8;

export function isValidLoginId(id: string): boolean {
  return id.trim().length >= LOGIN_ID_MIN_LENGTH;
}

/** Spec 8 Sign-in: 404 means the ID is unknown; anything else is a generic failure. */
export function loginErrorMessage(error: unknown): MessageKey {
  return error instanceof ApiError && error.status === 404 ? 'login.errorNotFound' : 'login.errorGeneric';
}
