import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';

type Challenge = Awaited<ReturnType<typeof createChallenge>>;

/** Challenges stay solvable for 10 minutes; the proof of work costs a browser well under a second. */
const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
const MAX_NUMBER = 100_000;

/** The ALTCHA key: derived from the server secret, so no extra setting is needed and it never equals the secret. */
export function captchaKey(secretKey: string): string {
  return createHmac('sha256', secretKey).update('altcha-captcha').digest('hex');
}

export function newChallenge(secretKey: string): Promise<Challenge> {
  return createChallenge({ hmacKey: captchaKey(secretKey), maxNumber: MAX_NUMBER, expires: new Date(Date.now() + CHALLENGE_LIFETIME_MS) });
}

/** The solved challenge's signature and expiry when the payload proves the work and is unexpired, else null. */
export async function checkSolution(secretKey: string, token: string): Promise<{ signature: string; expiresAt: Date } | null> {
  let payload: { signature?: unknown; salt?: unknown };
  try {
    payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload?.signature !== 'string' || typeof payload.salt !== 'string') return null;
  const valid = await verifySolution(token, captchaKey(secretKey), true).catch(() => false);
  if (!valid) return null;
  const expires = Number(extractParams(token).expires);
  return {
    signature: payload.signature,
    expiresAt: Number.isFinite(expires) && expires > 0 ? new Date(expires * 1000) : new Date(Date.now() + CHALLENGE_LIFETIME_MS),
  };
}
