import { createHash, generateKeyPairSync, randomUUID, createSign } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLrs, type TestLrs } from '../test/server';

let t: TestLrs;
beforeAll(async () => (t = await startTestLrs()));
afterAll(() => t.close());

const V2 = { 'X-Experience-API-Version': '2.0.0' };
const V1 = { 'X-Experience-API-Version': '1.0.3' };

function statement(overrides: Record<string, unknown> = {}) {
  return {
    actor: { objectType: 'Agent', mbox: 'mailto:ana@example.lu', name: 'Ana' },
    verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced', 'fr-FR': 'a vécu' } },
    object: {
      objectType: 'Activity',
      id: 'https://learning.example.lu/courses/1',
      definition: { name: { 'en-US': 'Accessibility basics', 'fr-FR': 'Bases de l’accessibilité' } },
    },
    ...overrides,
  };
}

const post = (body: unknown, headers: Record<string, string> = V2) =>
  request(t.app).post('/xapi/statements').set('Authorization', t.auth).set(headers).send(body as object);
const get = (query: string, headers: Record<string, string> = V2) =>
  request(t.app).get(`/xapi/statements${query}`).set('Authorization', t.auth).set(headers);

describe('statement storage', () => {
  it('stores a statement and sets id, stored, authority, version and timestamp', async () => {
    const res = await post(statement());
    expect(res.status).toBe(200);
    expect(res.headers['x-experience-api-version']).toBe('2.0.0');
    expect(res.headers['x-experience-api-consistent-through']).toBeTruthy();
    const [id] = res.body as string[];
    const got = await get(`?statementId=${id}`);
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(id);
    expect(got.body.version).toBe('2.0.0');
    expect(got.body.authority.account).toEqual({ homePage: t.publicUrl, name: t.key });
    expect(Date.parse(got.body.stored)).toBeGreaterThan(0);
    expect(got.body.timestamp).toBe(got.body.stored);
    expect(got.headers['last-modified']).toBeTruthy();
  });

  it('PUT with the same id and content is accepted; different content is a 409 and changes nothing', async () => {
    const id = randomUUID();
    const first = await request(t.app).put(`/xapi/statements?statementId=${id}`).set('Authorization', t.auth).set(V2).send(statement());
    expect(first.status).toBe(204);
    // Same statement, differently serialised (upper-case id, context activity as object vs array).
    const again = await request(t.app).put(`/xapi/statements?statementId=${id.toUpperCase()}`).set('Authorization', t.auth).set(V2).send(statement());
    expect(again.status).toBe(204);
    const other = await request(t.app)
      .put(`/xapi/statements?statementId=${id}`)
      .set('Authorization', t.auth)
      .set(V2)
      .send(statement({ verb: { id: 'http://adlnet.gov/expapi/verbs/failed' } }));
    expect(other.status).toBe(409);
    const stored = await get(`?statementId=${id}`);
    expect(stored.body.verb.id).toBe('http://adlnet.gov/expapi/verbs/experienced');
  });

  it('rejects invalid statements with a 400 naming the field, and stores nothing of a bad batch', async () => {
    const bad = await post(statement({ actor: { mbox: 'ana@example.lu' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/statement\.actor\.mbox/);
    const unknown = await post(statement({ colour: 'blue' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/unknown property "colour"/);
    const twoIfis = await post(statement({ actor: { mbox: 'mailto:a@example.lu', openid: 'https://a.example.lu' } }));
    expect(twoIfis.status).toBe(400);
    expect(twoIfis.body.detail).toMatch(/statement\.actor must have exactly one inverse functional identifier/);
    const goodId = randomUUID();
    const batch = await post([statement({ id: goodId }), statement({ verb: { id: 'not an iri' } })]);
    expect(batch.status).toBe(400);
    expect(batch.body.detail).toMatch(/statements\[1\]\.verb\.id/);
    expect((await get(`?statementId=${goodId}`)).status).toBe(404);
  });

  it('requires the version header (except on About) and authentication', async () => {
    const noVersion = await request(t.app).post('/xapi/statements').set('Authorization', t.auth).send(statement());
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.detail).toMatch(/X-Experience-API-Version/);
    const badVersion = await post(statement(), { 'X-Experience-API-Version': '0.9' });
    expect(badVersion.status).toBe(400);
    const about = await request(t.app).get('/xapi/about');
    expect(about.status).toBe(200);
    expect(about.body.version).toEqual(expect.arrayContaining(['1.0.3', '2.0.0']));
    const anonymous = await request(t.app).get('/xapi/statements').set(V2);
    expect(anonymous.status).toBe(401);
    const wrong = await request(t.app).get('/xapi/statements').set(V2).set('Authorization', `Basic ${Buffer.from(`${t.key}:nope`).toString('base64')}`);
    expect(wrong.status).toBe(401);
  });

  it('enforces scopes: a write-only credential cannot read, a read-only one cannot write', async () => {
    const writer = await t.credential(['statements/write']);
    const reader = await t.credential(['statements/read']);
    expect((await request(t.app).get('/xapi/statements').set(V2).set('Authorization', writer)).status).toBe(403);
    expect((await request(t.app).post('/xapi/statements').set(V2).set('Authorization', reader).send(statement())).status).toBe(403);
    expect((await request(t.app).post('/xapi/statements').set(V2).set('Authorization', writer).send(statement())).status).toBe(200);
  });

  it('statements/read/mine only sees statements stored with the same credential', async () => {
    const mine = await t.credential(['statements/write', 'statements/read/mine']);
    const res = await request(t.app).post('/xapi/statements').set(V2).set('Authorization', mine).send(statement());
    const [id] = res.body as string[];
    const list = await request(t.app).get('/xapi/statements').set(V2).set('Authorization', mine);
    expect(list.body.statements.map((s: { id: string }) => s.id)).toEqual([id]);
    // A forged cursor without the restriction still only shows the caller's own statements.
    const forged = Buffer.from(JSON.stringify({ f: {}, l: 10, t: '999999', a: '', fmt: 'exact', att: false })).toString('base64url');
    const paged = await request(t.app).get(`/xapi/statements?more=${forged}`).set(V2).set('Authorization', mine);
    expect(paged.body.statements.map((s: { id: string }) => s.id)).toEqual([id]);
    const broken = Buffer.from(JSON.stringify({ f: { since: 'yesterday' }, l: 10, t: '1', a: '', fmt: 'exact', att: false })).toString('base64url');
    expect((await request(t.app).get(`/xapi/statements?more=${broken}`).set(V2).set('Authorization', mine)).status).toBe(400);
  });
});

describe('pluggable authentication', () => {
  it('asks registered token resolvers after Basic: a session token writes with its own authority and scopes', async () => {
    const session = { objectType: 'Agent' as const, account: { homePage: 'https://learning.example.lu', name: 'cmi5-session' } };
    t.lrs.addAuthResolver(async (authorization) => {
      const match = /^Bearer (\S+)$/.exec(authorization);
      if (!match) return null;
      // Unknown tokens are left to the next resolver; none accepting them is a 401.
      if (match[1] !== 'session-token-1') return null;
      return { id: 'cmi5:session-1', authority: session, scopes: ['statements/write', 'statements/read/mine'] };
    });
    const res = await request(t.app).post('/xapi/statements').set(V2).set('Authorization', 'Bearer session-token-1').send(statement());
    expect(res.status).toBe(200);
    const stored = await get(`?statementId=${res.body[0]}`);
    expect(stored.body.authority).toEqual(session);
    expect((await request(t.app).post('/xapi/statements').set(V2).set('Authorization', 'Bearer stolen').send(statement())).status).toBe(401);
    expect((await request(t.app).post('/xapi/statements').set(V2).set('Authorization', 'Digest x').send(statement())).status).toBe(401);
  });

  it('keeps a restricted session to its own learner and registration (cmi5 sessions)', async () => {
    const learner = { objectType: 'Agent' as const, account: { homePage: 'https://learning.example.lu', name: 'learner-cmi5' } };
    const registration = randomUUID();
    t.lrs.addAuthResolver(async (authorization) =>
      authorization === 'Bearer au-session'
        ? { id: 'cmi5:au', authority: learner, scopes: ['statements/write', 'state'], restrictions: { agent: learner, registration } }
        : null,
    );
    const as = (body: object) => request(t.app).post('/xapi/statements').set(V2).set('Authorization', 'Bearer au-session').send(body);
    expect((await as(statement({ actor: learner, context: { registration } }))).status).toBe(200);
    const other = await as(statement({ context: { registration } }));
    expect(other.status).toBe(403);
    expect(other.body.detail).toMatch(/own learner/);
    expect((await as(statement({ actor: learner, context: { registration: randomUUID() } }))).status).toBe(403);
    const state = (agent: object, reg: string) =>
      request(t.app)
        .put(`/xapi/activities/state?${new URLSearchParams({ activityId: 'https://learning.example.lu/au/1', agent: JSON.stringify(agent), registration: reg, stateId: 'LMS.LaunchData' })}`)
        .set(V2)
        .set('Authorization', 'Bearer au-session')
        .send({ x: 1 });
    expect((await state(learner, registration)).status).toBe(204);
    expect((await state({ mbox: 'mailto:someone@example.lu' }, registration)).status).toBe(403);
  });
});

describe('timestamps', () => {
  it('returns 2.0 timestamps in UTC (same instant, sub-millisecond digits kept); 1.0.3 keeps them as sent', async () => {
    const sent = '2026-03-01T12:30:00.123456+02:00';
    const [v2] = (await post(statement({ timestamp: sent }))).body as string[];
    expect((await get(`?statementId=${v2}`)).body.timestamp).toBe('2026-03-01T10:30:00.123456Z');
    const [v1] = (await post(statement({ timestamp: sent }), V1)).body as string[];
    expect((await get(`?statementId=${v1}`, V1)).body.timestamp).toBe(sent);
    expect((await post(statement({ timestamp: '2026-03-01T12:30:00-00:00' }))).status).toBe(400);
  });
});

describe('voiding', () => {
  it('voids a statement: hidden from queries and statementId, visible with voidedStatementId', async () => {
    const [target] = (await post(statement({ verb: { id: 'https://example.lu/verbs/voidable' } }))).body as string[];
    const voiding = await post(statement({ verb: { id: 'http://adlnet.gov/expapi/verbs/voided' }, object: { objectType: 'StatementRef', id: target } }));
    expect(voiding.status).toBe(200);
    expect((await get(`?statementId=${target}`)).status).toBe(404);
    const voided = await get(`?voidedStatementId=${target}`);
    expect(voided.status).toBe(200);
    expect(voided.body.id).toBe(target);
    const list = await get(`?verb=${encodeURIComponent('https://example.lu/verbs/voidable')}`);
    // The voiding statement references the target, so it matches the target's verb filter.
    expect(list.body.statements.map((s: { id: string }) => s.id)).toEqual([voiding.body[0]]);
    const voidVoiding = await post(statement({ verb: { id: 'http://adlnet.gov/expapi/verbs/voided' }, object: { objectType: 'StatementRef', id: voiding.body[0] } }));
    expect(voidVoiding.status).toBe(400);
  });
});

describe('queries', () => {
  const registration = randomUUID();
  const bob = { objectType: 'Agent', account: { homePage: 'https://learning.example.lu', name: 'bob-uuid' } };
  const activity = `https://learning.example.lu/courses/${randomUUID()}`;
  let ids: string[] = [];

  beforeAll(async () => {
    const batch = [];
    for (let i = 0; i < 7; i += 1) {
      batch.push(
        statement({
          actor: i % 2 === 0 ? bob : { mbox: `mailto:other${i}@example.lu` },
          verb: { id: i < 3 ? 'http://adlnet.gov/expapi/verbs/completed' : 'http://adlnet.gov/expapi/verbs/attempted' },
          object: { id: i === 6 ? 'https://learning.example.lu/elsewhere' : activity },
          context: {
            registration,
            instructor: i === 5 ? bob : undefined,
            contextActivities: i === 6 ? { parent: { id: activity } } : undefined,
          },
        }),
      );
    }
    ids = (await post(batch)).body as string[];
    expect(ids).toHaveLength(7);
  });

  const idsOf = (res: request.Response) => (res.body.statements as { id: string }[]).map((s) => s.id);

  it('filters by agent, verb, activity and registration, newest first', async () => {
    expect(idsOf(await get(`?agent=${encodeURIComponent(JSON.stringify(bob))}`))).toEqual([ids[6], ids[4], ids[2], ids[0]]);
    expect(idsOf(await get(`?registration=${registration}&verb=${encodeURIComponent('http://adlnet.gov/expapi/verbs/completed')}`))).toEqual([ids[2], ids[1], ids[0]]);
    expect(idsOf(await get(`?activity=${encodeURIComponent(activity)}`))).toEqual([ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]]);
    expect(idsOf(await get(`?activity=${encodeURIComponent(activity)}&related_activities=true`))).toHaveLength(7);
    expect(idsOf(await get(`?agent=${encodeURIComponent(JSON.stringify(bob))}&related_agents=true`))).toEqual([ids[6], ids[5], ids[4], ids[2], ids[0]]);
    expect(idsOf(await get(`?registration=${registration}&ascending=true&limit=2`))).toEqual([ids[0], ids[1]]);
  });

  it('pages with `more`, stable while new statements arrive', async () => {
    const first = await get(`?registration=${registration}&limit=3`);
    expect(idsOf(first)).toEqual([ids[6], ids[5], ids[4]]);
    const more = first.body.more as string;
    expect(more).toMatch(/^\/xapi\/statements\?more=/);
    await post(statement({ context: { registration } }));
    const second = await request(t.app).get(more).set('Authorization', t.auth).set(V2);
    expect(idsOf(second)).toEqual([ids[3], ids[2], ids[1]]);
    const third = await request(t.app).get(second.body.more).set('Authorization', t.auth).set(V2);
    expect(idsOf(third)).toEqual([ids[0]]);
    expect(third.body.more).toBe('');
  });

  it('pages ascending without picking up statements stored after the first page', async () => {
    const first = await get(`?registration=${registration}&limit=4&ascending=true`);
    expect(idsOf(first)).toEqual(ids.slice(0, 4));
    const [late] = (await post(statement({ context: { registration } }))).body as string[];
    let next = first.body.more as string;
    const seen = idsOf(first);
    while (next) {
      const res = await request(t.app).get(next).set('Authorization', t.auth).set(V2);
      seen.push(...idsOf(res));
      next = res.body.more as string;
    }
    expect(seen.slice(0, 7)).toEqual(ids);
    expect(seen).not.toContain(late);
  });

  it('filters by since/until on stored', async () => {
    const one = (await get(`?statementId=${ids[0]}`)).body as { stored: string };
    const since = await get(`?registration=${registration}&since=${encodeURIComponent(one.stored)}`);
    expect(idsOf(since)).not.toContain(ids[0]);
    const until = await get(`?registration=${registration}&until=${encodeURIComponent(one.stored)}`);
    expect(idsOf(until)).toEqual(expect.arrayContaining(ids));
  });

  it('answers format=ids and format=canonical with Accept-Language', async () => {
    const ids1 = await get(`?statementId=${ids[0]}&format=ids`);
    expect(ids1.body.verb).toEqual({ id: 'http://adlnet.gov/expapi/verbs/completed' });
    expect(ids1.body.actor).toEqual(bob);
    const [frId] = (await post(statement())).body as string[];
    const canonical = await get(`?statementId=${frId}&format=canonical`, { ...V2, 'Accept-Language': 'fr-FR, en;q=0.5' });
    expect(canonical.body.verb.display).toEqual({ 'fr-FR': 'a vécu' });
    expect(canonical.body.object.definition.name).toEqual({ 'fr-FR': 'Bases de l’accessibilité' });
  });

  it('rejects bad query parameters with a 400 naming them', async () => {
    expect((await get('?agent=notjson')).body.detail).toMatch(/agent/);
    expect((await get('?verb=nope')).body.detail).toMatch(/verb/);
    expect((await get('?registration=123')).body.detail).toMatch(/registration/);
    expect((await get('?since=yesterday')).body.detail).toMatch(/since/);
    expect((await get('?limit=-1')).body.detail).toMatch(/limit/);
    expect((await get('?format=full')).body.detail).toMatch(/format/);
    expect((await get(`?statementId=${ids[0]}&verb=http://x.lu/v`)).status).toBe(400);
    expect((await get('?colour=blue')).body.detail).toMatch(/colour/);
    const bad = await get('?verb=nope');
    expect(bad.status).toBe(400);
    expect(bad.headers['x-experience-api-consistent-through']).toBeTruthy();
  });
});

function multipart(parts: { headers: Record<string, string>; body: Buffer | string }[], boundary = 'xapiboundary') {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = Object.entries(part.headers).map(([k, v]) => `${k}: ${v}`).join('\r\n');
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

describe('attachments', () => {
  const content = Buffer.from('certificate of completion');
  const sha2 = createHash('sha256').update(content).digest('hex');
  const withAttachment = statement({
    attachments: [{ usageType: 'https://example.lu/certificate', display: { 'en-US': 'Certificate' }, contentType: 'text/plain', length: content.length, sha2 }],
  });

  it('stores multipart/mixed attachments and returns them with attachments=true', async () => {
    const body = multipart([
      { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(withAttachment) },
      { headers: { 'Content-Type': 'text/plain', 'Content-Transfer-Encoding': 'binary', 'X-Experience-API-Hash': sha2 }, body: content },
    ]);
    const res = await request(t.app).post('/xapi/statements').set('Authorization', t.auth).set(V2).set('Content-Type', 'multipart/mixed; boundary=xapiboundary').send(body);
    expect(res.status).toBe(200);
    const got = await get(`?statementId=${res.body[0]}&attachments=true`).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(got.headers['content-type']).toMatch(/^multipart\/mixed; boundary=/);
    const text = (got.body as Buffer).toString();
    expect(text).toContain(`X-Experience-API-Hash: ${sha2}`);
    expect(text).toContain('certificate of completion');
  });

  it('rejects a part whose content does not match its hash, and a statement missing its part', async () => {
    const body = multipart([
      { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(withAttachment) },
      { headers: { 'Content-Type': 'text/plain', 'Content-Transfer-Encoding': 'binary', 'X-Experience-API-Hash': sha2 }, body: 'tampered' },
    ]);
    const res = await request(t.app).post('/xapi/statements').set('Authorization', t.auth).set(V2).set('Content-Type', 'multipart/mixed; boundary=xapiboundary').send(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/does not match/);
    const missing = await post(withAttachment);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/attachments/);
  });

  it('verifies signed statements (JWS RS256): matching payload accepted, altered one refused', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signedStatement = statement({ id: randomUUID() });
    const jws = (payload: unknown) => {
      const header = Buffer.from(JSON.stringify({ alg: 'RS256' })).toString('base64url');
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const signature = createSign('RSA-SHA256').update(`${header}.${body}`).sign(privateKey).toString('base64url');
      return `${header}.${body}.${signature}`;
    };
    const send = (token: string) => {
      const sig = Buffer.from(token);
      const hash = createHash('sha256').update(sig).digest('hex');
      const s = {
        ...signedStatement,
        attachments: [{ usageType: 'http://adlnet.gov/expapi/attachments/signature', display: { 'en-US': 'Signature' }, contentType: 'application/octet-stream', length: sig.length, sha2: hash }],
      };
      return request(t.app)
        .post('/xapi/statements')
        .set('Authorization', t.auth)
        .set(V2)
        .set('Content-Type', 'multipart/mixed; boundary=xapiboundary')
        .send(
          multipart([
            { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(s) },
            { headers: { 'Content-Type': 'application/octet-stream', 'Content-Transfer-Encoding': 'binary', 'X-Experience-API-Hash': hash }, body: sig },
          ]),
        );
    };
    const altered = await send(jws({ ...signedStatement, verb: { id: 'http://adlnet.gov/expapi/verbs/passed' } }));
    expect(altered.status).toBe(400);
    expect(altered.body.detail).toMatch(/payload does not match/);
    expect((await send(jws(signedStatement))).status).toBe(200);
  });
});

describe('1.0.3 specifics', () => {
  it('answers 1.0.3 requests as 1.0.3 and supports the alternate request syntax', async () => {
    const form = new URLSearchParams({
      Authorization: t.auth,
      'X-Experience-API-Version': '1.0.3',
      'Content-Type': 'application/json',
      content: JSON.stringify(statement()),
    });
    const res = await request(t.app).post('/xapi/statements?method=POST').set('Content-Type', 'application/x-www-form-urlencoded').send(form.toString());
    expect(res.status).toBe(200);
    expect(res.headers['x-experience-api-version']).toBe('1.0.3');
    const got = await get(`?statementId=${res.body[0]}`, V1);
    expect(got.body.version).toBe('1.0.0');
  });

  it('refuses the alternate request syntax in 2.0', async () => {
    const form = new URLSearchParams({ Authorization: t.auth, 'X-Experience-API-Version': '2.0.0' });
    const res = await request(t.app).post('/xapi/statements?method=GET').set('Content-Type', 'application/x-www-form-urlencoded').send(form.toString());
    expect(res.status).toBe(400);
  });

  it('answers CORS preflights for browser content', async () => {
    const res = await request(t.app).options('/xapi/statements').set('Origin', 'https://content.example.lu').set('Access-Control-Request-Method', 'PUT');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toMatch(/X-Experience-API-Version/);
  });
});
