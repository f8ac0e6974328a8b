import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Crockford base32: no I, L, O or U, so an ID read aloud or retyped is unambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 5;
const GROUP_LENGTH = 4;
/** Verification tokens are accepted for one hour after generation. */
const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** A new anonymous ID: 5 groups of 4 base32 characters (100 random bits), e.g. `7K2Q-M9XD-...`. */
export function generateAnonymousId(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]);
  const groups: string[] = [];
  for (let i = 0; i < GROUPS; i++) groups.push(chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join(''));
  return groups.join('-');
}

/** Canonical form of a typed ID: case, spaces and dashes do not matter; O/I/L read as 0/1/1. */
export function normaliseAnonymousId(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** Keyed hash stored instead of the ID (DESIGN.md 6): a stolen table does not reveal the IDs. */
export function hashAnonymousId(secret: string, anonymousId: string): Buffer {
  return createHmac('sha256', secret).update(`anonymous-id:${normaliseAnonymousId(anonymousId)}`).digest();
}

/** What admins see instead of the ID: only its last group. */
export function maskAnonymousId(anonymousId: string): string {
  const canonical = normaliseAnonymousId(anonymousId);
  return `••••-••••-••••-••••-${canonical.slice(-GROUP_LENGTH)}`;
}

function tokenMac(secret: string, anonymousId: string, issuedAt: number): string {
  return createHmac('sha256', secret)
    .update(`verification:${normaliseAnonymousId(anonymousId)}:${issuedAt}`)
    .digest('base64url');
}

/** Proof that the server generated this ID (only server-generated IDs can register). */
export function createVerificationToken(secret: string, anonymousId: string, now = Date.now()): string {
  return `${now.toString(36)}.${tokenMac(secret, anonymousId, now)}`;
}

export function verifyVerificationToken(secret: string, anonymousId: string, token: string, now = Date.now()): boolean {
  const [issued, mac] = token.split('.');
  if (!issued || !mac) return false;
  const issuedAt = parseInt(issued, 36);
  if (!Number.isFinite(issuedAt) || issuedAt > now + 60_000 || now - issuedAt > TOKEN_LIFETIME_MS) return false;
  const expected = Buffer.from(tokenMac(secret, anonymousId, issuedAt));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
