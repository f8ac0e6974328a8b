import type { Db } from './db';

/** A forward-only schema change; `version`s are ordered within their namespace. */
export interface Migration {
  readonly namespace: string;
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Applies every migration not yet recorded, in order, each in its own transaction. An advisory lock
 * keeps two processes starting at once against one server from racing.
 */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    namespace text NOT NULL,
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (namespace, version)
  )`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727001)');
    const done = new Set(
      (await tx.query<{ namespace: string; version: number }>('SELECT namespace, version FROM schema_migrations')).map(
        (row) => `${row.namespace}:${row.version}`,
      ),
    );
    for (const migration of migrations) {
      const key = `${migration.namespace}:${migration.version}`;
      if (done.has(key)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (namespace, version, name) VALUES ($1, $2, $3)', [
        migration.namespace,
        migration.version,
        migration.name,
      ]);
      applied.push(`${key} ${migration.name}`);
    }
  });
  return applied;
}

/** Splits a migration on semicolons that end a line, outside dollar-quoted bodies. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    const dollarCount = (line.match(/\$\$/g) ?? []).length;
    if (dollarCount % 2 === 1) inDollar = !inDollar;
    current += line + '\n';
    if (!inDollar && /;\s*(--.*)?$/.test(line)) {
      if (current.trim()) statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
