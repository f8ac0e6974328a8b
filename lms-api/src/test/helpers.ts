import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../app';
import type { Api } from '../http/api';
import { testConfig, type Config } from '../config/config';
import type { AppDeps } from '../deps';
import { CSRF_COOKIE } from '../auth/csrf';
import { createTestDb, type TestDb } from './db';

export { createTestDb, type TestDb } from './db';
export { fixture, fixturesDir } from './fixtures';

export interface TestApp {
  app: Express;
  db: TestDb;
  config: Config;
  deps: AppDeps;
  /** Every API operation (path, access, schemas), e.g. to walk all admin routes. */
  api: Api;
  /** A client that carries the anti-forgery cookie and header, optionally signed in with `anonymousId`. */
  client(anonymousId?: string): TestClient;
  /** Generates and registers a learner through the API; `admin` also sets is_admin in the database. */
  signUp(options?: { nickname?: string; admin?: boolean }): Promise<{ anonymousId: string; id: number; client: TestClient }>;
  close(): Promise<void>;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type TestClient = { [M in Method]: (url: string) => request.Test };

const TEST_CSRF = 'test-anti-forgery-token-0123456789';

/** The real app on a fresh real database (PGlite, or the DATABASE_URL server), with a temporary data folder. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'osaps-test-'));
  const config = testConfig(dataDir, overrides);
  const db = await createTestDb();
  const errors: unknown[] = [];
  const { app, deps, api } = createApp({ config, db, serveWebApps: false, log: (_m, e) => errors.push(e) });

  const client = (anonymousId?: string): TestClient => {
    const make = (method: Method) => (url: string) => {
      let test = request(app)[method](url).set('Cookie', `${CSRF_COOKIE}=${TEST_CSRF}`);
      if (method !== 'get') test = test.set('X-CSRF-Token', TEST_CSRF);
      if (anonymousId) test = test.set('Authorization', `Bearer ${anonymousId}`);
      return test;
    };
    return { get: make('get'), post: make('post'), put: make('put'), patch: make('patch'), delete: make('delete') };
  };

  const signUp: TestApp['signUp'] = async (options = {}) => {
    const generated = await client().post('/api/v1/users/generate-id').expect(200);
    const { anonymous_id, verification_token } = generated.body as { anonymous_id: string; verification_token: string };
    const registered = await client()
      .post('/api/v1/users/register')
      .send({ anonymous_id, verification_token, ...(options.nickname ? { nickname: options.nickname } : {}) })
      .expect(200);
    const id = (registered.body as { id: number }).id;
    if (options.admin) await db.query('UPDATE users SET is_admin = true WHERE id = $1', [id]);
    return { anonymousId: anonymous_id, id, client: client(anonymous_id) };
  };

  return {
    app,
    db,
    config,
    deps,
    api,
    client,
    signUp,
    async close() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Role = 'admin' | 'learner';

/**
 * `createTestApp` plus one signed-up client per role, signed up in the order given (so user ids follow it):
 * the set-up most API test files share.
 */
export async function createTestAppWith<R extends Role>(
  roles: readonly R[],
  overrides: Partial<Config> = {},
): Promise<{ t: TestApp } & Record<R, TestClient>> {
  const t = await createTestApp(overrides);
  const clients = {} as Record<R, TestClient>;
  for (const role of roles) clients[role] = (await t.signUp({ admin: role === 'admin' })).client;
  return { t, ...clients };
}
