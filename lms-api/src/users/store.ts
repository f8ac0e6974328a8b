import type { Sql } from '../db/db';

export interface UserRow {
  id: number;
  anonymous_id_masked: string;
  nickname: string | null;
  email: string | null;
  created_at: Date;
  last_login: Date | null;
  is_admin: boolean;
  auth_provider: string;
}

const COLUMNS = 'id, anonymous_id_masked, nickname, email, created_at, last_login, is_admin, auth_provider';

/** Inserts a user; null when the hash is already registered (the unique index decides, race-free). */
export async function insertUser(
  sql: Sql,
  user: { anonymousIdHash: Buffer; anonymousIdMasked: string; nickname: string | null; isAdmin: boolean; lastLogin: boolean },
): Promise<UserRow | null> {
  const [row] = await sql.query<UserRow>(
    `INSERT INTO users (anonymous_id_hash, anonymous_id_masked, nickname, is_admin, last_login)
     VALUES ($1, $2, $3, $4, CASE WHEN $5::boolean THEN now() END)
     ON CONFLICT (anonymous_id_hash) DO NOTHING
     RETURNING ${COLUMNS}`,
    [user.anonymousIdHash, user.anonymousIdMasked, user.nickname, user.isAdmin, user.lastLogin],
  );
  return row ?? null;
}

export async function findUser(sql: Sql, id: number): Promise<UserRow | null> {
  const [row] = await sql.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return row ?? null;
}

/** Records a sign-in (GET /users/me) and returns the fresh row. */
export async function touchLastLogin(sql: Sql, id: number): Promise<UserRow | null> {
  const [row] = await sql.query<UserRow>(`UPDATE users SET last_login = now() WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  return row ?? null;
}
