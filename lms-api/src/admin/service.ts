import type { Config } from '../config/config';
import type { Sql } from '../db/db';
import { hashAnonymousId } from '../auth/anonymous-id';
import { notFound } from '../http/errors';
import { findUser } from '../users/store';
import { filterBoolean, filterIds, readListQuery } from './list-query';
import type { AdminListQuery, Stats } from './schema';
import * as store from './store';

/** Spec 9 Users table: page size 10; default sort last_login descending. */
export const USERS_PAGE_SIZE = 10;
const STATS_DAYS = 90;

export async function listUsers(sql: Sql, config: Config, query: AdminListQuery) {
  const request = readListQuery(query, {
    sortable: Object.keys(store.USER_SORT_COLUMNS),
    defaultSort: 'last_login',
    defaultDescending: true,
    defaultPageSize: USERS_PAGE_SIZE,
  });
  const q = typeof request.filter.q === 'string' && request.filter.q.trim() !== '' ? request.filter.q.trim() : undefined;
  const { rows, total } = await store.listAdminUsers(
    sql,
    {
      q,
      // A full ID typed by an admin (e.g. read out by a learner) finds its user without ever being shown.
      qHash: q && q.replace(/[\s-]/g, '').length >= 8 ? hashAnonymousId(config.secretKey, q) : undefined,
      isAdmin: filterBoolean('is_admin', request.filter.is_admin),
      active: filterBoolean('active', request.filter.active),
      ids: filterIds(request.filter.id),
    },
    {
      offset: request.offset,
      limit: request.limit,
      sortColumn: store.USER_SORT_COLUMNS[request.sortField],
      descending: request.descending,
    },
  );
  return { rows, total, offset: request.offset };
}

export async function getAdminUser(sql: Sql, id: number): Promise<store.AdminUserRow> {
  const user = await store.findAdminUser(sql, id);
  if (!user) throw notFound('User not found.');
  return user;
}

export async function userProgress(sql: Sql, id: number): Promise<store.UserProgressDbRow[]> {
  if (!(await findUser(sql, id))) throw notFound('User not found.');
  return store.listUserProgress(sql, id);
}

export async function readStats(sql: Sql): Promise<Stats> {
  const [totals, courses, signups, completions] = await Promise.all([
    store.readTotals(sql),
    store.readCourseFigures(sql),
    store.countPerDay(sql, 'users', 'created_at', STATS_DAYS),
    store.countPerDay(sql, 'course_progress', 'completed_at', STATS_DAYS),
  ]);
  return { totals, courses, signups_per_day: signups, completions_per_day: completions };
}
