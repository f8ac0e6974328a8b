import pg from 'pg';
import type { Db, QueryOptions, Sql } from './db';

// int8 (counts, ids) and numeric (scores) are read as numbers, matching the PGlite driver.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

/**
 * Names of the statements run with `prepare` (one per distinct text): node-postgres prepares a named statement once
 * per connection and then only binds and executes it.
 */
const preparedNames = new Map<string, string>();
const MAX_PREPARED = 200;

function queryConfig(text: string, params: readonly unknown[] | undefined, options: QueryOptions | undefined): pg.QueryConfig {
  const values = params as unknown[] | undefined;
  if (!options?.prepare) return { text, values };
  let name = preparedNames.get(text);
  if (!name) {
    // A bounded set: a caller passing varying texts by mistake falls back to unnamed statements.
    if (preparedNames.size >= MAX_PREPARED) return { text, values };
    name = `hot_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return { name, text, values };
}

function clientSql(client: pg.PoolClient, depth: number): Sql {
  return {
    async query<R>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      const result = await client.query(queryConfig(text, params, options));
      return result.rows as R[];
    },
    async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      const name = `sp_${depth + 1}`;
      await client.query(`SAVEPOINT ${name}`);
      try {
        const value = await fn(clientSql(client, depth + 1));
        await client.query(`RELEASE SAVEPOINT ${name}`);
        return value;
      } catch (error) {
        await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
  };
}

/** A pool of connections to the PostgreSQL server at `url`. */
export async function openPg(url: string, maxConnections = 20): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle connection closed by the server (restart, admin command) is only dropped from the pool; without a
  // listener the pool's 'error' event would crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL idle connection closed: ${error.message}`));
  // Fail fast with a clear message when the server is unreachable.
  await pool.query('SELECT 1');
  return {
    driver: 'pg',
    async query<R>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      const result = await pool.query(queryConfig(text, params, options));
      return result.rows as R[];
    },
    async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn(clientSql(client, 0));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(text: string) {
      await pool.query(text);
    },
    async close() {
      await pool.end();
    },
  };
}
