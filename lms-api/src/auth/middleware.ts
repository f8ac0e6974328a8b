import type { RequestHandler } from 'express';
import type { Sql } from '../db/db';
import type { Config } from '../config/config';
import { forbidden, tooManyRequests, unauthorized } from '../http/errors';
import { hashAnonymousId } from './anonymous-id';
import type { AuthUser } from './user';

/** Counts failed anonymous-ID look-ups per client address within a sliding window. */
export class FailureLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until the client may try again, or 0 when it is not blocked. */
  blockedFor(client: string, now = Date.now()): number {
    const entry = this.failures.get(client);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.limit ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  record(client: string, now = Date.now()): void {
    const entry = this.failures.get(client);
    if (!entry || entry.resetAt <= now) this.failures.set(client, { count: 1, resetAt: now + this.windowMs });
    else entry.count++;
    if (this.failures.size > 100_000) {
      for (const [key, value] of this.failures) if (value.resetAt <= now) this.failures.delete(key);
    }
  }
}

export async function findUserByAnonymousId(sql: Sql, secret: string, anonymousId: string): Promise<AuthUser | null> {
  return findUserByHash(sql, hashAnonymousId(secret, anonymousId));
}

async function findUserByHash(sql: Sql, hash: Buffer): Promise<AuthUser | null> {
  const [row] = await sql.query<AuthUser>(
    `SELECT id, nickname, anonymous_id_masked, is_admin, actor_name FROM users WHERE anonymous_id_hash = $1`,
    [hash],
    { prepare: true },
  );
  return row ?? null;
}

/**
 * Learners signed in during the last few seconds, by anonymous-ID hash: a player's burst of saves and a page's
 * parallel requests then cost no sign-in query each. Only learners are kept (an administrator is read on every
 * request, so admin rights are never served from memory), only briefly (a learner row changed or removed in the
 * database - the API itself never changes one - is seen within AUTH_CACHE_MS), and unknown IDs never.
 */
const AUTH_CACHE_MS = 5_000;
const AUTH_CACHE_MAX = 50_000;

class LearnerCache {
  private readonly entries = new Map<string, { user: AuthUser; expiresAt: number }>();

  get(key: string, now: number): AuthUser | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt > now) return { ...entry.user };
    this.entries.delete(key);
    return null;
  }

  set(key: string, user: AuthUser, now: number): void {
    if (user.is_admin) return;
    if (this.entries.size >= AUTH_CACHE_MAX) {
      for (const [k, v] of this.entries) if (v.expiresAt <= now) this.entries.delete(k);
      if (this.entries.size >= AUTH_CACHE_MAX) this.entries.clear();
    }
    this.entries.set(key, { user, expiresAt: now + AUTH_CACHE_MS });
  }
}

/**
 * Resolves `Authorization: Bearer <anonymous ID>` to a user (spec 4 Session). An unknown ID leaves the request
 * anonymous with `authFailure` set and counts against the client's failure budget (429 once exhausted).
 */
export function authenticate(db: Sql, config: Config, limiter: FailureLimiter): RequestHandler {
  const learners = new LearnerCache();
  return async (req, _res, next) => {
    req.user = null;
    const header = req.headers.authorization;
    if (!header || !/^bearer\s+/i.test(header)) return next();
    const anonymousId = header.replace(/^bearer\s+/i, '').trim();
    const client = req.ip ?? 'unknown';
    const wait = limiter.blockedFor(client);
    if (wait > 0) throw tooManyRequests('Too many failed sign-in attempts. Please try again later.', wait);
    let user: AuthUser | null = null;
    if (anonymousId.length >= 8) {
      const hash = hashAnonymousId(config.secretKey, anonymousId);
      const key = hash.toString('base64');
      const now = Date.now();
      user = learners.get(key, now);
      if (!user) {
        user = await findUserByHash(db, hash);
        if (user) learners.set(key, user, now);
      }
    }
    if (user) {
      // dev_admin_mode makes every signed-in user an admin (spec 4 Session); refused in production by config.
      req.user = config.devAdminMode ? { ...user, is_admin: true } : user;
    } else {
      req.authFailure = true;
      limiter.record(client);
    }
    next();
  };
}

/** Guard for admin routers mounted outside the Api registry (the LRS admin router): 401 anonymous, 403 learner. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) throw unauthorized(req.authFailure ? 'Invalid anonymous ID.' : 'Authentication required.');
  if (!req.user.is_admin) throw forbidden();
  next();
};
