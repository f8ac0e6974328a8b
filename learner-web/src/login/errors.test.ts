import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { isValidLoginId, loginErrorMessage } from './errors';

describe('login rules', () => {
  it('needs at least 8 characters', () => {
    expect(isValidLoginId('1234567')).toBe(false);
    expect(isValidLoginId('  1234567  ')).toBe(false);
    expect(isValidLoginId('12345678')).toBe(true);
  });
  it('maps 404 to the invalid-ID message and anything else to the generic one (spec 8)', () => {
    expect(loginErrorMessage(new ApiError(404, 'Not found'))).toBe('login.errorNotFound');
    expect(loginErrorMessage(new ApiError(500, null))).toBe('login.errorGeneric');
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe('login.errorGeneric');
  });
});
