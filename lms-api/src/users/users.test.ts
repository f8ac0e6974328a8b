import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { createVerificationToken, generateAnonymousId } from '../auth/anonymous-id';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0].n;

describe('POST /api/v1/users/generate-id', () => {
  it('answers a fresh, human-copyable ID and a verification token, storing nothing', async () => {
    const before = await userCount();
    const a = await t.client().post('/api/v1/users/generate-id').expect(200);
    const b = await t.client().post('/api/v1/users/generate-id').expect(200);
    expect(a.body.anonymous_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    expect(a.body.verification_token).toEqual(expect.any(String));
    expect(a.body.anonymous_id).not.toBe(b.body.anonymous_id);
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/v1/users/register', () => {
  it('registers a generated ID with a nickname and answers the user with the masked ID only', async () => {
    const { body: identity } = await t.client().post('/api/v1/users/generate-id').expect(200);
    const res = await t.client().post('/api/v1/users/register').send({ ...identity, nickname: '  Ana  ' }).expect(200);
    expect(res.body).toMatchObject({ nickname: 'Ana', is_admin: false, auth_provider: 'anonymous', email: null });
    expect(res.body.anonymous_id).toBe(`••••-••••-••••-••••-${identity.anonymous_id.slice(-4)}`);
    expect(JSON.stringify(res.body)).not.toContain(identity.anonymous_id);
    expect(res.body.last_login).not.toBeNull();
    const [row] = await t.db.query<{ hash: Buffer }>('SELECT anonymous_id_hash AS hash FROM users WHERE id = $1', [res.body.id]);
    expect(Buffer.from(row.hash).toString('latin1')).not.toContain(identity.anonymous_id);
  });

  it('registers without a nickname', async () => {
    const { body: identity } = await t.client().post('/api/v1/users/generate-id').expect(200);
    const res = await t.client().post('/api/v1/users/register').send(identity).expect(200);
    expect(res.body.nickname).toBeNull();
  });

  it('refuses a wrong verification token and stores nothing', async () => {
    const before = await userCount();
    const { body: identity } = await t.client().post('/api/v1/users/generate-id').expect(200);
    const other = generateAnonymousId();
    const res = await t
      .client()
      .post('/api/v1/users/register')
      .send({ anonymous_id: other, verification_token: identity.verification_token })
      .expect(400);
    expect(res.body).toEqual({ detail: 'Invalid verification token.' });
    const expired = createVerificationToken(t.config.secretKey, other, Date.now() - 2 * 60 * 60 * 1000);
    await t.client().post('/api/v1/users/register').send({ anonymous_id: other, verification_token: expired }).expect(400);
    expect(await userCount()).toBe(before);
  });

  it('answers 409 when the ID is already registered', async () => {
    const { body: identity } = await t.client().post('/api/v1/users/generate-id').expect(200);
    await t.client().post('/api/v1/users/register').send(identity).expect(200);
    const before = await userCount();
    const res = await t.client().post('/api/v1/users/register').send({ ...identity, nickname: 'again' }).expect(409);
    expect(res.body.detail).toBe('This anonymous ID is already registered.');
    expect(await userCount()).toBe(before);
  });

  it('validates the payload', async () => {
    const short = await t.client().post('/api/v1/users/register').send({ anonymous_id: 'ABC', verification_token: 'x' }).expect(400);
    expect(short.body.detail).toBe('anonymous_id must NOT have fewer than 8 characters.');
    const missing = await t.client().post('/api/v1/users/register').send({ anonymous_id: 'ABCDEFGHJK' }).expect(400);
    expect(missing.body.detail).toBe('verification_token is required.');
    const { body: identity } = await t.client().post('/api/v1/users/generate-id').expect(200);
    const long = await t.client().post('/api/v1/users/register').send({ ...identity, nickname: 'x'.repeat(51) }).expect(400);
    expect(long.body.detail).toBe('nickname must NOT have more than 50 characters.');
    const extra = await t.client().post('/api/v1/users/register').send({ ...identity, is_admin: true }).expect(400);
    expect(extra.body.detail).toBe('is_admin is not an allowed field.');
  });
});

describe('GET /api/v1/users/me', () => {
  it('answers the signed-in user and records the sign-in time; the ID may be typed loosely', async () => {
    const { anonymousId, id } = await t.signUp({ nickname: 'Ben' });
    await t.db.query("UPDATE users SET last_login = now() - interval '3 days' WHERE id = $1", [id]);
    const typed = anonymousId.toLowerCase().replace(/-/g, ' ');
    const res = await t.client(typed).get('/api/v1/users/me').expect(200);
    expect(res.body).toMatchObject({ id, nickname: 'Ben', is_admin: false });
    expect(Date.now() - Date.parse(res.body.last_login)).toBeLessThan(60_000);
  });

  it('answers 401 without a bearer ID', async () => {
    const res = await t.client().get('/api/v1/users/me').expect(401);
    expect(res.body.detail).toBe('Authentication required.');
  });

  it('answers 404 for an unknown ID (the login modal maps it to its message)', async () => {
    const res = await t.client(generateAnonymousId()).get('/api/v1/users/me').expect(404);
    expect(res.body).toEqual({ detail: 'Invalid anonymous ID.' });
  });

  it('shows is_admin for administrators', async () => {
    const admin = await t.signUp({ admin: true });
    const res = await admin.client.get('/api/v1/users/me').expect(200);
    expect(res.body.is_admin).toBe(true);
  });

  it('reads an administrator from the database on every request: a demotion applies to the next request', async () => {
    const admin = await t.signUp({ admin: true });
    await admin.client.get('/api/v1/admin/stats').expect(200);
    await t.db.query('UPDATE users SET is_admin = false WHERE id = $1', [admin.id]);
    await admin.client.get('/api/v1/admin/stats').expect(403);
  });
});

describe('failed look-ups are rate limited', () => {
  it('answers 429 once a client exhausted its failure budget', async () => {
    const limited = await createTestApp({ authFailureLimit: 2 });
    try {
      await limited.client(generateAnonymousId()).get('/api/v1/users/me').expect(404);
      await limited.client(generateAnonymousId()).get('/api/v1/users/me').expect(404);
      const res = await limited.client(generateAnonymousId()).get('/api/v1/users/me').expect(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
