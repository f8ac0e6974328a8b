import { badRequest } from '../http/errors';
import type { AdminListQuery } from './schema';

export interface ListRequest {
  offset: number;
  limit: number;
  sortField: string;
  descending: boolean;
  filter: Record<string, unknown>;
}

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} must be valid JSON.`);
  }
}

/**
 * Reads both list conventions into one request: ra-data-simple-rest's JSON `range`/`sort`/`filter` and plain
 * `page`/`per_page`/`sort_by`/`order`/`q` (plain parameters win when both are sent).
 */
export function readListQuery(
  query: AdminListQuery,
  options: { sortable: readonly string[]; defaultSort: string; defaultDescending: boolean; defaultPageSize: number },
): ListRequest {
  let offset = 0;
  let limit = options.defaultPageSize;
  if (query.range !== undefined) {
    const range = parseJson('range', query.range);
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
      throw badRequest('range must be [first, last] with 0 <= first <= last.');
    }
    offset = range[0];
    limit = Math.min(1000, range[1] - range[0] + 1);
  }
  if (query.per_page !== undefined) limit = query.per_page;
  if (query.page !== undefined) offset = (query.page - 1) * limit;

  let sortField = options.defaultSort;
  let descending = options.defaultDescending;
  if (query.sort !== undefined) {
    const sort = parseJson('sort', query.sort);
    if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())) {
      throw badRequest('sort must be [field, "ASC" or "DESC"].');
    }
    sortField = sort[0];
    descending = String(sort[1]).toUpperCase() === 'DESC';
  }
  if (query.sort_by !== undefined) sortField = query.sort_by;
  if (query.order !== undefined) descending = query.order.toLowerCase() === 'desc';
  if (!options.sortable.includes(sortField)) throw badRequest(`Cannot sort by ${sortField}; use one of: ${options.sortable.join(', ')}.`);

  let filter: Record<string, unknown> = {};
  if (query.filter !== undefined) {
    const parsed = parseJson('filter', query.filter);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('filter must be a JSON object.');
    filter = parsed as Record<string, unknown>;
  }
  if (query.q !== undefined) filter.q = query.q;
  if (query.is_admin !== undefined) filter.is_admin = query.is_admin;
  if (query.active !== undefined) filter.active = query.active;
  return { offset, limit, sortField, descending, filter };
}

/** `Content-Range: <resource> first-last/total` as ra-data-simple-rest reads it. */
export function contentRange(resource: string, offset: number, count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${offset}-${offset + count - 1}/${total}`;
}

/** Filter values may arrive as JSON booleans or as text. */
export function filterBoolean(name: string, value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw badRequest(`filter ${name} must be true or false.`);
}

/** react-admin's getMany sends `filter={"id":[1,2,3]}`. */
export function filterIds(value: unknown): number[] | undefined {
  if (value === undefined) return undefined;
  const ids = Array.isArray(value) ? value : [value];
  if (!ids.every((id) => Number.isInteger(Number(id)))) throw badRequest('filter id must be a list of whole numbers.');
  return ids.map(Number);
}
