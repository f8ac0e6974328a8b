import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { parseConfig } from '../config/config';
import { allMigrations } from '../db/all-migrations';
import { migrate, openPg, openPglite, type Db } from '../db/index';

export interface TestDb extends Db {
  /** Closes the database and drops it when it was created on a server. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the server at
 * DATABASE_URL when set (as CI does), dropped again by `destroy`.
 */
export async function createTestDb(): Promise<TestDb> {
  const serverUrl = parseConfig({ DATABASE_URL: process.env.DATABASE_URL, SECRET_KEY: 'x'.repeat(32) }).databaseUrl;
  if (!serverUrl) {
    const db = await openPglite(null);
    await migrate(db, allMigrations);
    return Object.assign(db, { destroy: () => db.close() });
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPg(url.toString(), 5);
  await migrate(db, allMigrations);
  return Object.assign(db, {
    async destroy() {
      await db.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  });
}
