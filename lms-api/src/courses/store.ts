import type { Sql } from '../db/db';
import type { ContentType, Language } from './schema';

/** Columns a caller may set when creating or changing a course. */
export interface CourseFields {
  title: string;
  description: string | null;
  content_type: ContentType;
  version: string | null;
  language: Language;
  level: number;
  module_id: number | null;
  min_score_required: number | null;
  is_active: boolean;
  chapter_count: number;
  original_course_id: number | null;
  settings: Record<string, unknown>;
  package_path: string | null;
  package_version: number;
  launch_path: string | null;
}

/** A `courses` row as the database holds it (never sent to clients: see present.ts). */
export interface CourseRow extends CourseFields {
  id: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, title, description, content_type, version, language, level, module_id, min_score_required, is_active,
  chapter_count, original_course_id, settings, package_path, package_version, launch_path, created_at, updated_at`;

const WRITABLE: readonly (keyof CourseFields)[] = [
  'title',
  'description',
  'content_type',
  'version',
  'language',
  'level',
  'module_id',
  'min_score_required',
  'is_active',
  'chapter_count',
  'original_course_id',
  'settings',
  'package_path',
  'package_version',
  'launch_path',
];

const DEFAULTS: Omit<CourseFields, 'title' | 'content_type'> = {
  description: null,
  version: null,
  language: 'en',
  level: 1,
  module_id: null,
  min_score_required: null,
  is_active: true,
  chapter_count: 1,
  original_course_id: null,
  settings: {},
  package_path: null,
  package_version: 0,
  launch_path: null,
};

function dbValue(key: keyof CourseFields, value: unknown): unknown {
  // jsonb parameters go as text so both drivers store the same document.
  return key === 'settings' ? JSON.stringify(value ?? {}) : value;
}

export async function insertCourse(
  sql: Sql,
  fields: Pick<CourseFields, 'title' | 'content_type'> & Partial<CourseFields>,
): Promise<CourseRow> {
  const row = { ...DEFAULTS, ...fields };
  const values = WRITABLE.map((key) => dbValue(key, row[key]));
  const [inserted] = await sql.query<CourseRow>(
    `INSERT INTO courses (${WRITABLE.join(', ')})
     VALUES (${WRITABLE.map((_, i) => `$${i + 1}`).join(', ')})
     RETURNING ${COLUMNS}`,
    values,
  );
  return inserted;
}

export async function findCourse(sql: Sql, id: number, options: { forUpdate?: boolean } = {}): Promise<CourseRow | null> {
  const [row] = await sql.query<CourseRow>(
    `SELECT ${COLUMNS} FROM courses WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ?? null;
}

/** Changes the given columns (absent keys keep their value) and bumps updated_at; null when the course does not exist. */
export async function updateCourse(sql: Sql, id: number, changes: Partial<CourseFields>): Promise<CourseRow | null> {
  const keys = WRITABLE.filter((key) => changes[key] !== undefined);
  const sets = keys.map((key, i) => `${key} = $${i + 2}`);
  sets.push('updated_at = now()');
  const [row] = await sql.query<CourseRow>(
    `UPDATE courses SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ...keys.map((key) => dbValue(key, changes[key]))],
  );
  return row ?? null;
}

export async function deleteCourse(sql: Sql, id: number): Promise<CourseRow | null> {
  const [row] = await sql.query<CourseRow>(`DELETE FROM courses WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  return row ?? null;
}

export interface CourseListFilter {
  includeInactive: boolean;
  language?: Language;
  /** Module order, then level (unassigned courses last); else by id. */
  ordered: boolean;
}

export async function listCourses(sql: Sql, filter: CourseListFilter): Promise<CourseRow[]> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (!filter.includeInactive) conditions.push('c.is_active');
  if (filter.language) {
    params.push(filter.language);
    conditions.push(`c.language = $${params.length}`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const order = filter.ordered ? 'ORDER BY m."order" NULLS LAST, c.module_id NULLS LAST, c.level, c.id' : 'ORDER BY c.id';
  return sql.query<CourseRow>(
    `SELECT ${COLUMNS.replace(/(\w+)/g, 'c.$1')} FROM courses c LEFT JOIN modules m ON m.id = c.module_id ${where} ${order}`,
    params,
  );
}

/** Courses of the given modules, by module and level. */
export async function listModuleCourses(sql: Sql, moduleIds: readonly number[], includeInactive: boolean): Promise<CourseRow[]> {
  if (moduleIds.length === 0) return [];
  return sql.query<CourseRow>(
    `SELECT ${COLUMNS} FROM courses WHERE module_id = ANY($1::int[]) ${includeInactive ? '' : 'AND is_active'}
     ORDER BY module_id, level, id`,
    [moduleIds],
  );
}

/** The original and every translation of it (the family of `originalId`), original first. */
export async function listCourseFamily(sql: Sql, originalId: number, includeInactive: boolean): Promise<CourseRow[]> {
  return sql.query<CourseRow>(
    `SELECT ${COLUMNS} FROM courses WHERE (id = $1 OR original_course_id = $1) ${includeInactive ? '' : 'AND is_active'}
     ORDER BY (id = $1) DESC, language, id`,
    [originalId],
  );
}

export async function countTranslations(sql: Sql, originalId: number): Promise<number> {
  const [row] = await sql.query<{ count: number }>('SELECT count(*)::int AS count FROM courses WHERE original_course_id = $1', [
    originalId,
  ]);
  return row.count;
}

/** Next free level at the end of a module (1 for an empty one). */
export async function nextLevelInModule(sql: Sql, moduleId: number): Promise<number> {
  const [row] = await sql.query<{ next: number }>(
    'SELECT coalesce(max(level), 0)::int + 1 AS next FROM courses WHERE module_id = $1',
    [moduleId],
  );
  return row.next;
}

export async function existingCourseIds(sql: Sql, ids: readonly number[]): Promise<Set<number>> {
  const rows = await sql.query<{ id: number }>('SELECT id FROM courses WHERE id = ANY($1::int[])', [ids]);
  return new Set(rows.map((row) => row.id));
}

export async function setCourseLevels(sql: Sql, levels: readonly { course_id: number; level: number }[]): Promise<void> {
  await sql.query(
    `UPDATE courses c SET level = v.level, updated_at = now()
     FROM unnest($1::int[], $2::int[]) AS v(id, level) WHERE c.id = v.id`,
    [levels.map((entry) => entry.course_id), levels.map((entry) => entry.level)],
  );
}
