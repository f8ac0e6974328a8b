import type { Config } from '../config/config';
import type { Sql } from '../db/db';
import {
  createVerificationToken,
  generateAnonymousId,
  hashAnonymousId,
  maskAnonymousId,
  verifyVerificationToken,
} from '../auth/anonymous-id';
import { badRequest, conflict, notFound } from '../http/errors';
import type { AuthUser } from '../auth/user';
import { insertUser, touchLastLogin, type UserRow } from './store';
import type { GeneratedIdentity, Registration } from './schema';

/** POST /users/generate-id: a fresh ID and the token proving the server issued it (DESIGN.md 6). */
export function generateIdentity(config: Config): GeneratedIdentity {
  const anonymousId = generateAnonymousId();
  return { anonymous_id: anonymousId, verification_token: createVerificationToken(config.secretKey, anonymousId) };
}

function cleanNickname(nickname: string | null | undefined): string | null {
  const trimmed = nickname?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** POST /users/register: only server-generated IDs (valid token) register, each once. */
export async function registerUser(sql: Sql, config: Config, registration: Registration): Promise<UserRow> {
  if (!verifyVerificationToken(config.secretKey, registration.anonymous_id, registration.verification_token)) {
    throw badRequest('Invalid verification token.');
  }
  const row = await insertUser(sql, {
    anonymousIdHash: hashAnonymousId(config.secretKey, registration.anonymous_id),
    anonymousIdMasked: maskAnonymousId(registration.anonymous_id),
    nickname: cleanNickname(registration.nickname),
    isAdmin: false,
    lastLogin: true,
  });
  if (!row) throw conflict('This anonymous ID is already registered.');
  return row;
}

/** GET /users/me: the signed-in user, whose sign-in time is recorded. */
export async function currentUser(sql: Sql, user: AuthUser): Promise<UserRow> {
  const row = await touchLastLogin(sql, user.id);
  if (!row) throw notFound('Invalid anonymous ID.');
  return row;
}

/**
 * A new administrator with a fresh anonymous ID (DESIGN.md 6: the first admin comes from a command, never from a
 * default credential). The ID is returned once and only its hash is stored.
 */
export async function createAdministrator(
  sql: Sql,
  config: Config,
  nickname: string | null,
): Promise<{ anonymousId: string; user: UserRow }> {
  const anonymousId = generateAnonymousId();
  const user = await insertUser(sql, {
    anonymousIdHash: hashAnonymousId(config.secretKey, anonymousId),
    anonymousIdMasked: maskAnonymousId(anonymousId),
    nickname: cleanNickname(nickname),
    isAdmin: true,
    lastLogin: false,
  });
  // 100 random bits: a collision means something is badly wrong with the random source.
  if (!user) throw new Error('Generated anonymous ID collides with an existing one.');
  return { anonymousId, user };
}
