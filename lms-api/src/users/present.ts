import type { User } from './schema';
import type { UserRow } from './store';

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** A user as clients see it: only the masked anonymous ID ever leaves the server. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    anonymous_id: row.anonymous_id_masked,
    nickname: row.nickname,
    email: row.email,
    created_at: iso(row.created_at),
    last_login: row.last_login === null ? null : iso(row.last_login),
    is_admin: row.is_admin,
    auth_provider: row.auth_provider,
  };
}
