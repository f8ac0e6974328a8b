import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Db, Sql } from './db';

// numeric columns (scores, percentages) are read as JavaScript numbers, as the pg driver does below.
const parsers = { [types.NUMERIC]: (value: string) => Number(value) };

function wrapTransaction(tx: Transaction, depth: number): Sql {
  const sql: Sql = {
    async query<R>(text: string, params?: readonly unknown[]) {
      const result = await tx.query<R>(text, params as unknown[] | undefined);
      return result.rows;
    },
    async transaction<T>(fn: (inner: Sql) => Promise<T>): Promise<T> {
      const name = `sp_${depth + 1}`;
      await tx.exec(`SAVEPOINT ${name}`);
      try {
        const value = await fn(wrapTransaction(tx, depth + 1));
        await tx.exec(`RELEASE SAVEPOINT ${name}`);
        return value;
      } catch (error) {
        await tx.exec(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
  };
  return sql;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Embedded PostgreSQL is one process's database: a second process opening the same folder (say
 * `npm run create-admin` while the server runs) would corrupt it. A lock file holding the owner's pid
 * refuses that with a clear message; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${owner} (a running server?). ` +
            'Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
          { cause: error },
        );
      }
      unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}.`);
}

/** Embedded PostgreSQL (WASM) in this process; `dataDir` null keeps everything in memory (tests). */
export async function openPglite(dataDir: string | null): Promise<Db> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create({ dataDir: dataDir ?? undefined, parsers });
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    driver: 'pglite',
    async query<R>(text: string, params?: readonly unknown[]) {
      const result = await pg.query<R>(text, params as unknown[] | undefined);
      return result.rows;
    },
    transaction<T>(fn: (tx: Sql) => Promise<T>) {
      return pg.transaction((tx) => fn(wrapTransaction(tx, 0)));
    },
    async exec(text: string) {
      await pg.exec(text);
    },
    async close() {
      await pg.close();
      unlock();
    },
  };
}
