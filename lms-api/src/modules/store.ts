import type { Sql } from '../db/db';

export interface ModuleRow {
  id: number;
  title: string;
  description: string | null;
  title_fr: string | null;
  title_de: string | null;
  title_lb: string | null;
  description_fr: string | null;
  description_de: string | null;
  description_lb: string | null;
  order: number;
  is_active: boolean;
  image_path: string | null;
  course_count: number;
  created_at: Date;
  updated_at: Date;
}

export type ModuleFields = Omit<ModuleRow, 'id' | 'course_count' | 'created_at' | 'updated_at'>;

const WRITABLE: readonly (keyof ModuleFields)[] = [
  'title',
  'description',
  'title_fr',
  'title_de',
  'title_lb',
  'description_fr',
  'description_de',
  'description_lb',
  'order',
  'is_active',
  'image_path',
];

const quote = (column: string) => (column === 'order' ? '"order"' : column);

const SELECT = `SELECT m.id, m.title, m.description, m.title_fr, m.title_de, m.title_lb, m.description_fr, m.description_de,
  m.description_lb, m."order", m.is_active, m.image_path, m.created_at, m.updated_at,
  (SELECT count(*)::int FROM courses c WHERE c.module_id = m.id) AS course_count
  FROM modules m`;

export async function listModules(sql: Sql, includeInactive: boolean): Promise<ModuleRow[]> {
  return sql.query<ModuleRow>(`${SELECT} ${includeInactive ? '' : 'WHERE m.is_active'} ORDER BY m."order", m.id`);
}

export async function findModule(sql: Sql, id: number, options: { forUpdate?: boolean } = {}): Promise<ModuleRow | null> {
  const [row] = await sql.query<ModuleRow>(`${SELECT} WHERE m.id = $1${options.forUpdate ? ' FOR UPDATE OF m' : ''}`, [id]);
  return row ?? null;
}

export async function nextModuleOrder(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ next: number }>('SELECT coalesce(max("order"), 0)::int + 1 AS next FROM modules');
  return row.next;
}

/** Makes room at `order`: modules at that position or after move one down (positions stay 1-based and distinct). */
export async function shiftModulesFrom(sql: Sql, order: number, exceptId: number | null): Promise<void> {
  await sql.query('UPDATE modules SET "order" = "order" + 1 WHERE "order" >= $1 AND id IS DISTINCT FROM $2', [order, exceptId]);
}

export async function insertModule(sql: Sql, fields: ModuleFields): Promise<number> {
  const [row] = await sql.query<{ id: number }>(
    `INSERT INTO modules (${WRITABLE.map(quote).join(', ')}) VALUES (${WRITABLE.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    WRITABLE.map((key) => fields[key]),
  );
  return row.id;
}

export async function updateModule(sql: Sql, id: number, changes: Partial<ModuleFields>): Promise<boolean> {
  const keys = WRITABLE.filter((key) => changes[key] !== undefined);
  const sets = [...keys.map((key, i) => `${quote(key)} = $${i + 2}`), 'updated_at = now()'];
  const rows = await sql.query(`UPDATE modules SET ${sets.join(', ')} WHERE id = $1 RETURNING id`, [
    id,
    ...keys.map((key) => changes[key]),
  ]);
  return rows.length > 0;
}

export async function deleteModule(sql: Sql, id: number): Promise<void> {
  await sql.query('DELETE FROM modules WHERE id = $1', [id]);
}

export async function existingModuleIds(sql: Sql, ids: readonly number[]): Promise<Set<number>> {
  const rows = await sql.query<{ id: number }>('SELECT id FROM modules WHERE id = ANY($1::int[])', [ids]);
  return new Set(rows.map((row) => row.id));
}

export async function setModuleOrders(sql: Sql, orders: readonly { module_id: number; order: number }[]): Promise<void> {
  await sql.query(
    `UPDATE modules m SET "order" = v.position, updated_at = now()
     FROM unnest($1::int[], $2::int[]) AS v(id, position) WHERE m.id = v.id`,
    [orders.map((entry) => entry.module_id), orders.map((entry) => entry.order)],
  );
}
