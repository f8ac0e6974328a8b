/**
 * Serves the LRS alone for ADL's conformance suite: a fresh migrated database (embedded PGlite in
 * memory, or a new database on the server of DATABASE_URL, dropped on exit), a credential with
 * scope `all` printed as KEY and SECRET.
 *   npx tsx lrs/scripts/serve.ts [port] [default version 2.0.0|1.0.3]
 * The default version is what the LRS announces when a request names none (the 1.0.3 and 2.0.0
 * suites each expect their own there).
 */
import express from 'express';
import { createTestDb } from '../../lms-api/src/test/db';
import { createCredential, createLrsApp } from '../src/index';

const port = Number(process.argv[2] ?? 8099);
const defaultVersion = process.argv[3] === '1.0.3' ? '1.0.3' : '2.0.0';
const db = await createTestDb();
const { key, secret } = await createCredential(db, { label: 'conformance', scopes: ['all'] });
const app = express();
app.use('/xapi', createLrsApp({ db, publicUrl: `http://127.0.0.1:${port}`, defaultVersion }));
const server = app.listen(port, '127.0.0.1', () => {
  console.log(`LRS on http://127.0.0.1:${port}/xapi (${db.driver})`);
  console.log(`KEY=${key}`);
  console.log(`SECRET=${secret}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void db.destroy().then(() => process.exit(0));
  });
}
