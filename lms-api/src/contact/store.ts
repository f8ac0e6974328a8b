import type { Sql } from '../db/db';

export interface ContactMessageRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  message: string;
  created_at: Date;
  forwarded_at: Date | null;
  forward_error: string | null;
}

const COLUMNS = 'id, first_name, last_name, email, phone, message, created_at, forwarded_at, forward_error';

export async function insertMessage(
  sql: Sql,
  message: Pick<ContactMessageRow, 'first_name' | 'last_name' | 'email' | 'phone' | 'message'>,
): Promise<ContactMessageRow> {
  const [row] = await sql.query<ContactMessageRow>(
    `INSERT INTO contact_messages (first_name, last_name, email, phone, message) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [message.first_name, message.last_name, message.email, message.phone, message.message],
  );
  return row;
}

export async function recordForwarding(sql: Sql, id: number, error: string | null): Promise<void> {
  await sql.query(
    `UPDATE contact_messages SET forwarded_at = CASE WHEN $2::text IS NULL THEN now() END, forward_error = $2 WHERE id = $1`,
    [id, error],
  );
}

/**
 * Remembers a solved captcha until it expires; false when it was already used (replay). The unique key decides,
 * so two simultaneous submissions of one solution cannot both pass.
 */
export async function claimCaptchaSolution(sql: Sql, signature: string, expiresAt: Date): Promise<boolean> {
  await sql.query('DELETE FROM captcha_solutions WHERE expires_at < now()');
  const rows = await sql.query('INSERT INTO captcha_solutions (signature, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING signature', [
    signature,
    expiresAt,
  ]);
  return rows.length > 0;
}

export const MESSAGE_SORT_COLUMNS: Record<string, string> = {
  id: 'id',
  created_at: 'created_at',
  last_name: 'lower(last_name)',
  first_name: 'lower(first_name)',
  email: 'lower(email)',
};

export async function listMessages(
  sql: Sql,
  filter: { q?: string; ids?: number[] },
  page: { offset: number; limit: number; sortColumn: string; descending: boolean },
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.q) {
    params.push(`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(`(first_name ILIKE $1 OR last_name ILIKE $1 OR email ILIKE $1 OR message ILIKE $1)`);
  }
  if (filter.ids) {
    params.push(filter.ids);
    conditions.push(`id = ANY($${params.length}::int[])`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const direction = page.descending ? 'DESC' : 'ASC';
  const rows = await sql.query<ContactMessageRow>(
    `SELECT ${COLUMNS} FROM contact_messages ${where} ORDER BY ${page.sortColumn} ${direction}, id ${direction}
     OFFSET ${Math.max(0, Math.floor(page.offset))} LIMIT ${Math.max(1, Math.floor(page.limit))}`,
    params,
  );
  const [{ total }] = await sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM contact_messages ${where}`, params);
  return { rows, total };
}

export async function findMessage(sql: Sql, id: number): Promise<ContactMessageRow | null> {
  const [row] = await sql.query<ContactMessageRow>(`SELECT ${COLUMNS} FROM contact_messages WHERE id = $1`, [id]);
  return row ?? null;
}

export async function deleteMessage(sql: Sql, id: number): Promise<ContactMessageRow | null> {
  const [row] = await sql.query<ContactMessageRow>(`DELETE FROM contact_messages WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  return row ?? null;
}
