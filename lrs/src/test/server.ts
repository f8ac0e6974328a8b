import type { AddressInfo } from 'node:net';
import express from 'express';
import { createTestDb, type TestDb } from '../../../lms-api/src/test/db';
import { createLrsApp, type LrsApp } from '../app';
import { createCredential, type Scope } from '../auth/credentials';

/** A real LRS on a fresh migrated database, listening on 127.0.0.1, with one credential of scope `all`. */
export interface TestLrs {
  db: TestDb;
  app: express.Express;
  lrs: LrsApp;
  /** e.g. http://127.0.0.1:41234/xapi */
  endpoint: string;
  publicUrl: string;
  key: string;
  secret: string;
  /** `Basic ...` for the `all` credential. */
  auth: string;
  /** A new credential with the given scopes, as an Authorization header value. */
  credential(scopes: Scope[], label?: string): Promise<string>;
  close(): Promise<void>;
}

export const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

export async function startTestLrs(): Promise<TestLrs> {
  const db = await createTestDb();
  const publicUrl = 'https://learning.example.lu';
  const lrs = createLrsApp({ db, publicUrl, log: { error: () => undefined } });
  const app = express();
  app.use('/xapi', lrs);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const { key, secret } = await createCredential(db, { label: 'test client', scopes: ['all'] });
  return {
    db,
    app,
    lrs,
    endpoint: `http://127.0.0.1:${port}/xapi`,
    publicUrl,
    key,
    secret,
    auth: basic(key, secret),
    async credential(scopes, label = 'scoped client') {
      const created = await createCredential(db, { label, scopes });
      return basic(created.key, created.secret);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}
