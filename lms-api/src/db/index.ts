import path from 'node:path';
import type { Db } from './db';
import { openPg } from './pg';
import { openPglite } from './pglite';

export type { Db, Sql } from './db';
export { migrate, type Migration } from './migrate';
export { openPg } from './pg';
export { openPglite } from './pglite';

/** The configured database: the server at `databaseUrl` when set, else embedded PGlite under `dataDir/pg`. */
export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  return options.databaseUrl ? openPg(options.databaseUrl) : openPglite(path.join(options.dataDir, 'pg'));
}
