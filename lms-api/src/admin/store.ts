import type { Sql } from '../db/db';
import type { UserRow } from '../users/store';
import type { ProgressStatus } from '../courses/schema';

export interface AdminUserRow extends UserRow {
  courses_started: number;
  courses_completed: number;
}

export interface UserFilter {
  q?: string;
  /** Keyed hash of `q` when it could be a full anonymous ID (admins never see IDs, but may look one up). */
  qHash?: Buffer;
  isAdmin?: boolean;
  active?: boolean;
  ids?: number[];
}

/** Sortable columns, by the name clients use. */
export const USER_SORT_COLUMNS: Record<string, string> = {
  id: 'u.id',
  nickname: 'lower(u.nickname)',
  anonymous_id: 'u.anonymous_id_masked',
  created_at: 'u.created_at',
  last_login: 'u.last_login',
  is_admin: 'u.is_admin',
  courses_started: 'courses_started',
  courses_completed: 'courses_completed',
};

function where(filter: UserFilter): { clause: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.q) {
    const like = add(`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const alternatives = [`u.nickname ILIKE ${like}`, `u.anonymous_id_masked ILIKE ${like}`];
    if (/^\d+$/.test(filter.q)) alternatives.push(`u.id = ${add(Number(filter.q))}`);
    if (filter.qHash) alternatives.push(`u.anonymous_id_hash = ${add(filter.qHash)}`);
    conditions.push(`(${alternatives.join(' OR ')})`);
  }
  if (filter.isAdmin !== undefined) conditions.push(`u.is_admin = ${add(filter.isAdmin)}`);
  // Spec 9: an active user signed in within the last 30 days.
  if (filter.active === true) conditions.push(`u.last_login >= now() - interval '30 days'`);
  if (filter.active === false) conditions.push(`(u.last_login IS NULL OR u.last_login < now() - interval '30 days')`);
  if (filter.ids) conditions.push(`u.id = ANY(${add(filter.ids)}::int[])`);
  return { clause: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export async function listAdminUsers(
  sql: Sql,
  filter: UserFilter,
  page: { offset: number; limit: number; sortColumn: string; descending: boolean },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const { clause, params } = where(filter);
  const direction = page.descending ? 'DESC' : 'ASC';
  const rows = await sql.query<AdminUserRow>(
    `SELECT u.id, u.anonymous_id_masked, u.nickname, u.email, u.created_at, u.last_login, u.is_admin, u.auth_provider,
       coalesce(p.started, 0)::int AS courses_started, coalesce(p.completed, 0)::int AS courses_completed
     FROM users u
     LEFT JOIN (
       SELECT user_id, count(*) AS started, count(*) FILTER (WHERE status = 'completed') AS completed
       FROM course_progress GROUP BY user_id
     ) p ON p.user_id = u.id
     ${clause}
     ORDER BY ${page.sortColumn} ${direction} NULLS LAST, u.id ${direction}
     OFFSET ${Math.max(0, Math.floor(page.offset))} LIMIT ${Math.max(1, Math.floor(page.limit))}`,
    params,
  );
  const [{ total }] = await sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${clause}`, params);
  return { rows, total };
}

export async function findAdminUser(sql: Sql, id: number): Promise<AdminUserRow | null> {
  const { rows } = await listAdminUsers(sql, { ids: [id] }, { offset: 0, limit: 1, sortColumn: 'u.id', descending: false });
  return rows[0] ?? null;
}

export interface UserProgressDbRow {
  course_id: number;
  title: string;
  language: string;
  module_id: number | null;
  status: ProgressStatus;
  completion_percentage: number;
  score: number | null;
  time_spent_seconds: number;
  last_accessed: Date | null;
}

/** The courses a user has started, most recently used first. */
export async function listUserProgress(sql: Sql, userId: number): Promise<UserProgressDbRow[]> {
  return sql.query<UserProgressDbRow>(
    `SELECT c.id AS course_id, c.title, c.language, c.module_id, p.status, p.completion_percentage, p.score,
       p.time_spent_seconds, p.last_accessed
     FROM course_progress p JOIN courses c ON c.id = p.course_id
     WHERE p.user_id = $1
     ORDER BY p.last_accessed DESC, c.id`,
    [userId],
  );
}

export interface Totals {
  users: number;
  admins: number;
  active_users: number;
  courses: number;
  active_courses: number;
  modules: number;
  completions: number;
  in_progress: number;
}

export async function readTotals(sql: Sql): Promise<Totals> {
  const [row] = await sql.query<Totals>(
    `SELECT
       (SELECT count(*)::int FROM users) AS users,
       (SELECT count(*)::int FROM users WHERE is_admin) AS admins,
       (SELECT count(*)::int FROM users WHERE last_login >= now() - interval '30 days') AS active_users,
       (SELECT count(*)::int FROM courses) AS courses,
       (SELECT count(*)::int FROM courses WHERE is_active) AS active_courses,
       (SELECT count(*)::int FROM modules) AS modules,
       (SELECT count(*)::int FROM course_progress WHERE status = 'completed') AS completions,
       (SELECT count(*)::int FROM course_progress WHERE status = 'in_progress') AS in_progress`,
  );
  return row;
}

export interface CourseFigures {
  course_id: number;
  title: string;
  language: string;
  module_id: number | null;
  started: number;
  completed: number;
  average_score: number | null;
  average_completion: number;
}

export async function readCourseFigures(sql: Sql): Promise<CourseFigures[]> {
  return sql.query<CourseFigures>(
    `SELECT c.id AS course_id, c.title, c.language, c.module_id,
       count(p.id)::int AS started,
       count(p.id) FILTER (WHERE p.status = 'completed')::int AS completed,
       round(avg(p.score), 2)::float8 AS average_score,
       coalesce(round(avg(p.completion_percentage), 2), 0)::float8 AS average_completion
     FROM courses c
     LEFT JOIN modules m ON m.id = c.module_id
     LEFT JOIN course_progress p ON p.course_id = c.id
     GROUP BY c.id, m."order"
     ORDER BY m."order" NULLS LAST, c.module_id NULLS LAST, c.level, c.id`,
  );
}

/** Events per UTC day over the last `days` days, every day present (zero-filled), oldest first. */
export async function countPerDay(sql: Sql, table: 'users' | 'course_progress', column: 'created_at' | 'completed_at', days: number) {
  return sql.query<{ date: string; count: number }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, count(t.${column})::int AS count
     FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($1::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
     LEFT JOIN ${table} t ON (t.${column} AT TIME ZONE 'UTC')::date = d.day::date
     GROUP BY d.day ORDER BY d.day`,
    [days],
  );
}
