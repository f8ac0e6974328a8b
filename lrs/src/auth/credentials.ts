import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../sql';

/** xAPI 1.0.3 Part 3 4.2 / 2.0 Part 3 4.2: OAuth scopes, reused for Basic credentials. */
export const SCOPES = [
  'statements/write',
  'statements/read',
  'statements/read/mine',
  'all/read',
  'all',
  'state',
  'define',
  'profile',
] as const;
export type Scope = (typeof SCOPES)[number];

export interface Credential {
  key: string;
  label: string;
  scopes: Scope[];
  createdAt: string;
  revokedAt: string | null;
}

interface CredentialRow {
  key: string;
  secret_hash: string;
  label: string;
  scopes: string[];
  created_at: Date | string;
  revoked_at: Date | string | null;
}

// Secrets are 32 random bytes, so a salted SHA-256 is enough: no dictionary can reach them, and a
// slow KDF would cost every xAPI request (a batch of 100 statements) tens of milliseconds.
function hashSecret(secret: string, salt: string): string {
  return `sha256$${salt}$${createHash('sha256').update(`${salt}:${secret}`).digest('hex')}`;
}

function present(row: CredentialRow): Credential {
  return {
    key: row.key,
    label: row.label,
    scopes: row.scopes as Scope[],
    createdAt: new Date(row.created_at).toISOString(),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
  };
}

export class CredentialError extends Error {}

/** Creates a key/secret pair; the secret is returned once and only its hash is stored. */
export async function createCredential(
  sql: Sql,
  input: { label?: string; scopes?: readonly string[] },
): Promise<{ key: string; secret: string; label: string; scopes: Scope[] }> {
  const scopes = [...new Set(input.scopes && input.scopes.length > 0 ? input.scopes : ['all'])];
  for (const scope of scopes) {
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw new CredentialError(`unknown scope "${scope}" (expected one of ${SCOPES.join(', ')})`);
    }
  }
  const label = (input.label ?? '').trim() || 'LRS client';
  if (label.length > 200) throw new CredentialError('label must be at most 200 characters');
  const key = randomBytes(12).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const salt = randomBytes(8).toString('hex');
  await sql.query('INSERT INTO lrs.credentials (key, secret_hash, label, scopes) VALUES ($1, $2, $3, $4)', [
    key,
    hashSecret(secret, salt),
    label,
    scopes,
  ]);
  return { key, secret, label, scopes: scopes as Scope[] };
}

export async function listCredentials(sql: Sql): Promise<Credential[]> {
  const rows = await sql.query<CredentialRow>('SELECT * FROM lrs.credentials ORDER BY created_at DESC, key');
  return rows.map(present);
}

export async function getCredential(sql: Sql, key: string): Promise<Credential | null> {
  const [row] = await sql.query<CredentialRow>('SELECT * FROM lrs.credentials WHERE key = $1', [key]);
  return row ? present(row) : null;
}

/** Revokes a credential; returns false when no live credential has that key. */
export async function revokeCredential(sql: Sql, key: string): Promise<boolean> {
  const rows = await sql.query('UPDATE lrs.credentials SET revoked_at = now() WHERE key = $1 AND revoked_at IS NULL RETURNING key', [key]);
  return rows.length > 0;
}

/** The live credential matching key and secret, or null. */
export async function verifyCredential(sql: Sql, key: string, secret: string): Promise<Credential | null> {
  const [row] = await sql.query<CredentialRow>('SELECT * FROM lrs.credentials WHERE key = $1 AND revoked_at IS NULL', [key]);
  if (!row) return null;
  const [, salt] = row.secret_hash.split('$');
  const expected = Buffer.from(row.secret_hash);
  const actual = Buffer.from(hashSecret(secret, salt ?? ''));
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? present(row) : null;
}
