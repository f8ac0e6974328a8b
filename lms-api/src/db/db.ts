/**
 * One query layer over PostgreSQL with two drivers (DESIGN.md 3): embedded PGlite by default and
 * node-postgres when DATABASE_URL is set. Stores are plain functions taking a `Sql` (the database or
 * an open transaction), so a multi-table write shares one transaction.
 */
/** How a statement is run. */
export interface QueryOptions {
  /**
   * A hot statement of constant text (the tracking-save path): the pg driver keeps it prepared on each
   * connection, so PostgreSQL parses and plans it once instead of on every call. PGlite ignores it.
   */
  prepare?: boolean;
}

export interface Sql {
  /** Runs one parameterised statement ($1, $2, ...) and returns its rows. */
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]>;
  /** Runs `fn` in a transaction (a savepoint when already inside one); rolls back if it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
}

export interface Db extends Sql {
  readonly driver: 'pglite' | 'pg';
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}
