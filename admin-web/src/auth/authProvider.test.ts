import { describe, expect, it } from 'vitest';
import { guardRedirect } from './authProvider';

describe('admin guard (spec 6)', () => {
  it('sends anonymous visitors to login, learners to learn?accessDenied=true, lets admins in', () => {
    expect(guardRedirect({ hasStoredId: false, user: null })).toBe('login');
    expect(guardRedirect({ hasStoredId: true, user: null })).toBe('login');
    expect(guardRedirect({ hasStoredId: true, user: { admin: false } })).toBe('learn?accessDenied=true');
    expect(guardRedirect({ hasStoredId: true, user: { admin: true } })).toBeNull();
  });
});
