import { randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLrs, type TestLrs } from '../test/server';
import { createLrsAdminRouter } from './router';

let t: TestLrs;
let admin: express.Express;
const V2 = { 'X-Experience-API-Version': '2.0.0' };
const registration = randomUUID();
const ana = { objectType: 'Agent', account: { homePage: 'https://learning.example.lu', name: 'ana' } };
let ids: string[];

beforeAll(async () => {
  t = await startTestLrs();
  admin = express();
  admin.use('/api/v1/admin/lrs', createLrsAdminRouter({ db: t.db }));
  const batch = Array.from({ length: 30 }, (_, i) => ({
    actor: i % 3 === 0 ? ana : { mbox: `mailto:learner${i}@example.lu` },
    verb: { id: i % 2 === 0 ? 'http://adlnet.gov/expapi/verbs/completed' : 'http://adlnet.gov/expapi/verbs/attempted' },
    object: { id: `https://learning.example.lu/courses/${i % 4}` },
    context: i < 10 ? { registration } : undefined,
    result: i === 0 ? { response: '=cmd|calc', score: { scaled: 0.5 }, success: true } : undefined,
  }));
  ids = (await request(t.app).post('/xapi/statements').set('Authorization', t.auth).set(V2).send(batch)).body as string[];
});
afterAll(async () => {
  await t.close();
});

describe('credentials admin', () => {
  it('creates (secret shown once), lists with Content-Range and revokes; a revoked key gets 401', async () => {
    const created = await request(admin).post('/api/v1/admin/lrs/credentials').send({ label: 'H5P player', scopes: ['statements/write', 'state'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ label: 'H5P player', scopes: ['statements/write', 'state'] });
    expect(created.body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const auth = `Basic ${Buffer.from(`${created.body.key}:${created.body.secret}`).toString('base64')}`;
    const stored = await t.db.query<{ secret_hash: string }>('SELECT secret_hash FROM lrs.credentials WHERE key = $1', [created.body.key]);
    expect(stored[0].secret_hash).not.toContain(created.body.secret);
    const list = await request(admin).get('/api/v1/admin/lrs/credentials');
    expect(list.headers['content-range']).toBe(`credentials 0-${list.body.length - 1}/${list.body.length}`);
    expect(list.body.find((c: { id: string }) => c.id === created.body.key)).not.toHaveProperty('secret');
    const one = await request(admin).get(`/api/v1/admin/lrs/credentials/${created.body.key}`);
    expect(one.body).toMatchObject({ id: created.body.key, label: 'H5P player', revokedAt: null });
    expect(one.body).not.toHaveProperty('secret');
    expect((await request(admin).get('/api/v1/admin/lrs/credentials/nope')).status).toBe(404);
    expect((await request(t.app).post('/xapi/statements').set(V2).set('Authorization', auth).send({ actor: ana, verb: { id: 'http://x.lu/v' }, object: { id: 'http://x.lu/a' } })).status).toBe(200);
    const revoked = await request(admin).delete(`/api/v1/admin/lrs/credentials/${created.body.key}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toBeTruthy();
    expect((await request(t.app).get('/xapi/statements').set(V2).set('Authorization', auth)).status).toBe(401);
    expect((await request(admin).delete(`/api/v1/admin/lrs/credentials/${created.body.key}`)).status).toBe(404);
  });

  it('refuses unknown scopes and malformed bodies with a 400 naming the problem', async () => {
    const bad = await request(admin).post('/api/v1/admin/lrs/credentials').send({ scopes: ['everything'] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/unknown scope "everything"/);
    expect((await request(admin).post('/api/v1/admin/lrs/credentials').send({ label: 5 })).body.detail).toMatch(/label/);
    expect((await request(admin).post('/api/v1/admin/lrs/credentials').set('Content-Type', 'application/json').send('{nope')).status).toBe(400);
  });
});

describe('statement explorer (ra-data-simple-rest)', () => {
  it('pages with range/sort/filter and answers Content-Range', async () => {
    const filter = JSON.stringify({ registration });
    const page = await request(admin).get('/api/v1/admin/lrs/statements').query({ range: '[0,4]', sort: '["stored","DESC"]', filter });
    expect(page.status).toBe(200);
    expect(page.headers['content-range']).toBe('statements 0-4/10');
    expect(page.body.map((r: { id: string }) => r.id)).toEqual(ids.slice(5, 10).reverse());
    const second = await request(admin).get('/api/v1/admin/lrs/statements').query({ range: '[6,9]', sort: '["stored","ASC"]', filter });
    expect(second.headers['content-range']).toBe('statements 6-9/10');
    expect(second.body.map((r: { id: string }) => r.id)).toEqual(ids.slice(6, 10));
    const filtered = await request(admin)
      .get('/api/v1/admin/lrs/statements')
      .query({ range: '[0,24]', filter: JSON.stringify({ agent: ana, verb: 'http://adlnet.gov/expapi/verbs/completed' }) });
    expect(filtered.headers['content-range']).toBe('statements 0-4/5');
    expect(filtered.body[0]).toMatchObject({ verb: 'http://adlnet.gov/expapi/verbs/completed', statement: { actor: ana } });
    const one = await request(admin).get(`/api/v1/admin/lrs/statements/${ids[3]}`);
    expect(one.body.id).toBe(ids[3]);
  });

  it('refuses bad range, sort and filter values', async () => {
    expect((await request(admin).get('/api/v1/admin/lrs/statements').query({ range: '[5,1]' })).body.detail).toMatch(/range/);
    expect((await request(admin).get('/api/v1/admin/lrs/statements').query({ sort: '["verb","ASC"]' })).body.detail).toMatch(/sorted/);
    expect((await request(admin).get('/api/v1/admin/lrs/statements').query({ filter: '{"verb":"nope"}' })).body.detail).toMatch(/verb/);
    expect((await request(admin).get('/api/v1/admin/lrs/statements').query({ filter: '{"colour":"red"}' })).body.detail).toMatch(/colour/);
    expect((await request(admin).get('/api/v1/admin/lrs/statements/not-a-uuid')).status).toBe(400);
    expect((await request(admin).get(`/api/v1/admin/lrs/statements/${randomUUID()}`)).status).toBe(404);
  });
});

describe('statement export', () => {
  it('streams NDJSON filtered like the query API', async () => {
    const res = await request(admin).get('/api/v1/admin/lrs/statements/export').query({ format: 'ndjson', registration });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="statements-.*\.ndjson"/);
    const lines = res.text.trim().split('\n').map((l) => JSON.parse(l) as { id: string });
    expect(lines.map((s) => s.id)).toEqual(ids.slice(0, 10));
  });

  it('streams CSV with quoted cells and neutralised formulas', async () => {
    const res = await request(admin).get('/api/v1/admin/lrs/statements/export').query({ format: 'csv', agent: JSON.stringify(ana), activity: 'https://learning.example.lu/courses/0' });
    expect(res.status).toBe(200);
    const rows = res.text.trim().split('\r\n');
    expect(rows[0]).toBe('id,stored,timestamp,actor,verb,object_type,object_id,registration,result_success,result_completion,result_score_scaled,result_score_raw,result_duration,result_response');
    // ana is the actor of statements 0, 3, 6, ...; course 0 is the object of 0, 4, 8, ... -> 0, 12, 24
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual([ids[0], ids[12], ids[24]]);
    expect(rows[1]).toContain(",'=cmd|calc");
  });

  it('refuses an unknown format or filter', async () => {
    expect((await request(admin).get('/api/v1/admin/lrs/statements/export').query({ format: 'xml' })).status).toBe(400);
    expect((await request(admin).get('/api/v1/admin/lrs/statements/export').query({ since: 'soon' })).body.detail).toMatch(/since/);
  });
});
