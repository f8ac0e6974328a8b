/**
 * Structural copies of lms-api's `Sql`/`Db` (lms-api/src/db/db.ts): the LRS takes the platform's
 * database without importing lms-api at run time.
 */
export interface Sql {
  /** `prepare`: a hot statement of constant text, kept prepared by the pg driver (lms-api/src/db/db.ts QueryOptions). */
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: { prepare?: boolean }): Promise<R[]>;
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
}

export interface Db extends Sql {
  readonly driver: 'pglite' | 'pg';
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}
