import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/health', () => {
  it('answers 200 with the driver when the database is reachable', async () => {
    const res = await t.client().get('/api/v1/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(['pglite', 'pg']).toContain(res.body.database);
  });

  it('answers unknown API paths with a 404 detail', async () => {
    const res = await t.client().get('/api/v1/nope').expect(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  it('refuses a state-changing request without the anti-forgery header', async () => {
    const { default: request } = await import('supertest');
    const res = await request(t.app).post('/api/v1/health').send({}).expect(403);
    expect(res.body.detail).toBe('Missing or invalid anti-forgery token.');
    expect(res.headers['set-cookie']?.[0]).toMatch(/^osaps_csrf=/);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.client().get('/api/v1/openapi.json').expect(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths['/api/v1/health'].get.summary).toMatch(/Liveness/);
  });
});
