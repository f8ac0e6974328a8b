import express, { type NextFunction, type Request, type Response } from 'express';
import { agentParameterKey, type Actor } from '../agents';
import { createCredential, CredentialError, getCredential, listCredentials, revokeCredential, type Credential } from '../auth/credentials';
import { badRequest, notFound, XapiError } from '../errors';
import type { Sql } from '../sql';
import type { JsonObject } from '../statements/rules';
import { patterns, schemaError } from '../statements/schema';
import { indexMatch, queryStatements, latestSeq, type StatementFilter } from '../statements/store';
import { csvHeader, csvRow } from './csv';

const IRI = new RegExp(patterns.IRI);
const UUID = new RegExp(patterns.UUID);

/** Reads the export/list filters (the query API's names: agent, verb, activity, registration, since, until). */
export function readFilter(input: Record<string, unknown>): StatementFilter {
  const filter: StatementFilter = {};
  const known = ['agent', 'verb', 'activity', 'registration', 'since', 'until', 'format'];
  for (const key of Object.keys(input)) if (!known.includes(key)) throw badRequest(`unknown filter "${key}"`);
  if (input.agent !== undefined && input.agent !== '') {
    let agent: unknown = input.agent;
    if (typeof agent === 'string') {
      try {
        agent = JSON.parse(agent);
      } catch {
        throw badRequest('filter "agent" must be an Agent as JSON');
      }
    }
    const message = schemaError('agent', '2.0.0', agent, 'agent');
    if (message) throw badRequest(message);
    const actor = agent as Actor;
    filter.agent = `${actor.objectType === 'Group' ? 'G' : 'A'}|${agentParameterKey(actor)}`;
  }
  for (const name of ['verb', 'activity'] as const) {
    const value = input[name];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || !IRI.test(value)) throw badRequest(`filter "${name}" must be an IRI`);
    filter[name] = value;
  }
  if (input.registration !== undefined && input.registration !== '') {
    if (typeof input.registration !== 'string' || !UUID.test(input.registration)) throw badRequest('filter "registration" must be a UUID');
    filter.registration = input.registration.toLowerCase();
  }
  for (const name of ['since', 'until'] as const) {
    const value = input[name];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw badRequest(`filter "${name}" must be an ISO 8601 date-time`);
    filter[name] = new Date(value).toISOString();
  }
  return filter;
}

function parseJsonParam<T>(value: unknown, name: string, check: (v: unknown) => v is T): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`parameter "${name}" must be JSON`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw badRequest(`parameter "${name}" must be JSON`);
  }
  if (!check(parsed)) throw badRequest(`parameter "${name}" has the wrong shape`);
  return parsed;
}

const isRange = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n) && n >= 0) && v[0] <= v[1];
const isSort = (v: unknown): v is [string, string] => Array.isArray(v) && v.length === 2 && v.every((s) => typeof s === 'string');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The row the admin explorer shows: the statement plus the columns it lists. */
function presentStatement(statement: JsonObject): JsonObject {
  const verb = statement.verb as JsonObject;
  const object = statement.object as JsonObject;
  return {
    id: statement.id,
    stored: statement.stored,
    timestamp: statement.timestamp,
    verb: verb.id,
    object: (object.id as string | undefined) ?? (object.objectType as string),
    statement,
  };
}

async function countStatements(sql: Sql, filter: StatementFilter): Promise<number> {
  const params: unknown[] = [];
  const where = ['NOT s.voided'];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const index = (kind: string, value: string, direct: boolean) =>
    where.push(`EXISTS (SELECT 1 FROM lrs.statement_index i WHERE i.seq = s.seq AND ${indexMatch('i', p(kind), p(value))}${direct ? ' AND i.direct' : ''})`);
  if (filter.agent) index('a', filter.agent, true);
  if (filter.verb) index('v', filter.verb, true);
  if (filter.activity) index('c', filter.activity, true);
  if (filter.registration) index('r', filter.registration, true);
  if (filter.since) where.push(`s.stored > ${p(filter.since)}::timestamptz`);
  if (filter.until) where.push(`s.stored <= ${p(filter.until)}::timestamptz`);
  const [row] = await sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM lrs.statements s WHERE ${where.join(' AND ')}`, params);
  return Number(row.n);
}

/** Walks the filtered statements oldest first, one keyset page at a time (bounded memory). */
async function* eachStatement(sql: Sql, filter: StatementFilter): AsyncGenerator<JsonObject> {
  const through = await latestSeq(sql);
  let after: string | undefined;
  for (;;) {
    const page = await queryStatements(sql, { ...filter, ascending: true }, { limit: 1000, after, through });
    for (const row of page.rows) yield row.statement;
    if (!page.next) return;
    after = page.next;
  }
}

async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', resolve));
}

const presentCredential = (c: Credential) => ({ id: c.key, ...c });

/**
 * Admin API of the LRS (mounted by the platform at /api/v1/admin/lrs behind admin authentication):
 * credentials, the statement explorer (ra-data-simple-rest conventions) and streamed exports.
 */
export function createLrsAdminRouter(options: { db: Sql }): express.Router {
  const { db } = options;
  const router = express.Router();
  router.use(express.json({ limit: '100kb' }));

  router.get('/credentials', async (_req, res) => {
    const credentials = await listCredentials(db);
    res.set('Content-Range', `credentials 0-${Math.max(credentials.length - 1, 0)}/${credentials.length}`);
    res.json(credentials.map(presentCredential));
  });

  router.get('/credentials/:key', async (req, res) => {
    const credential = await getCredential(db, String(req.params.key));
    if (!credential) throw notFound(`no credential with key ${String(req.params.key)}`);
    res.json(presentCredential(credential));
  });

  router.post('/credentials', async (req, res) => {
    const body: unknown = req.body;
    if (!isObject(body)) throw badRequest('body must be a JSON object with label and scopes');
    const { label, scopes } = body;
    if (label !== undefined && typeof label !== 'string') throw badRequest('label must be a string');
    if (scopes !== undefined && (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string'))) {
      throw badRequest('scopes must be an array of strings');
    }
    try {
      const created = await createCredential(db, { label, scopes: scopes as string[] | undefined });
      res.status(201).json({ id: created.key, ...created });
    } catch (error) {
      if (error instanceof CredentialError) throw badRequest(error.message);
      throw error;
    }
  });

  router.delete('/credentials/:key', async (req, res) => {
    const key = String(req.params.key);
    if (!(await revokeCredential(db, key))) throw notFound(`no live credential with key ${key}`);
    res.json(presentCredential((await getCredential(db, key)) as Credential));
  });

  router.get('/statements', async (req, res) => {
    const range = parseJsonParam(req.query.range, 'range', isRange) ?? [0, 24];
    const sort = parseJsonParam(req.query.sort, 'sort', isSort) ?? ['stored', 'DESC'];
    const filterInput = parseJsonParam(req.query.filter, 'filter', isObject) ?? {};
    if (sort[0] !== 'stored' && sort[0] !== 'id') throw badRequest('statements can be sorted by "stored" only');
    if (!['ASC', 'DESC'].includes(sort[1].toUpperCase())) throw badRequest('sort order must be ASC or DESC');
    const filter = readFilter(filterInput);
    const [start, end] = range;
    if (end - start >= 1000) throw badRequest('range must cover at most 1000 statements');
    const total = await countStatements(db, filter);
    const through = await latestSeq(db);
    const ascending = sort[1].toUpperCase() === 'ASC';
    // Offset paging for the explorer: skip `start` statements in the requested order.
    const page = await queryStatements(db, { ...filter, ascending }, { limit: start + (end - start + 1), through });
    const rows = page.rows.slice(start).map((r) => presentStatement(r.statement));
    res.set('Content-Range', `statements ${start}-${start + Math.max(rows.length - 1, 0)}/${total}`);
    res.json(rows);
  });

  router.get('/statements/export', async (req, res) => {
    const query = Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    const format = (query.format as string | undefined) ?? 'ndjson';
    if (format !== 'ndjson' && format !== 'csv') throw badRequest('format must be ndjson or csv');
    const filter = readFilter(query);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    res.status(200);
    res.set('Content-Disposition', `attachment; filename="statements-${stamp}.${format}"`);
    res.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson');
    if (format === 'csv') await write(res, csvHeader());
    for await (const statement of eachStatement(db, filter)) {
      await write(res, format === 'csv' ? csvRow(statement) : `${JSON.stringify(statement)}\n`);
    }
    res.end();
  });

  router.get('/statements/:id', async (req, res) => {
    const id = String(req.params.id);
    if (!UUID.test(id)) throw badRequest('statement id must be a UUID');
    const [row] = await db.query<{ statement: JsonObject }>('SELECT statement FROM lrs.statements WHERE id = $1', [id.toLowerCase()]);
    if (!row) throw notFound(`no statement with id ${id}`);
    res.json(presentStatement(row.statement));
  });

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error instanceof XapiError) {
      res.status(error.status).json({ detail: error.message });
      return;
    }
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ detail: 'the request body is not valid JSON' });
      return;
    }
    next(error);
  });
  return router;
}
