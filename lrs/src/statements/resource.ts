import { createHash, randomUUID } from 'node:crypto';
import { allows, checkRestrictions } from '../auth/authenticate';
import { agentParameterKey, type Actor } from '../agents';
import { allowOnly, contentTypeOf, parseJsonBody, type XapiRequest, type XapiResponse } from '../context';
import { badRequest, forbidden, notFound, XapiError } from '../errors';
import type { Sql } from '../sql';
import { boundaryOf, buildMultipart, parseMultipart, type Part } from './multipart';
import { canonicalFormat, idsFormat, normalizeForStorage, normalizeTimestamps, parseAcceptLanguage } from './normalize';
import { validateStatement, type JsonObject } from './rules';
import { patterns, schemaError } from './schema';
import { SIGNATURE_USAGE, verifySignedStatement } from './signature';
import {
  activityDefinitions,
  getAttachments,
  getStatement,
  latestSeq,
  queryStatements,
  storeStatements,
  type AttachmentContent,
  type StatementToStore,
  type StatementFilter,
} from './store';

const MAX_LIMIT = 500;
const MAX_SEQ = '9223372036854775807';
const IRI = new RegExp(patterns.IRI);
const UUID = new RegExp(patterns.UUID);
const TIMESTAMP = new RegExp(patterns.TIMESTAMP);

const HASH_BY_LENGTH: Record<number, string> = { 56: 'sha224', 64: 'sha256', 96: 'sha384', 128: 'sha512' };

interface ParsedBody {
  statements: unknown;
  parts: Map<string, Part>;
}

/** Reads a statements PUT/POST body: JSON, or multipart/mixed with attachments (xAPI 1.0.3 Part 3 2.1.1, Part 2 2.4.11). */
function readStatementsBody(request: XapiRequest): ParsedBody {
  const type = contentTypeOf(request);
  if (type === 'application/json') {
    return { statements: parseJsonBody(request.body, 'request body'), parts: new Map() };
  }
  if (type === 'multipart/mixed') {
    const parts = parseMultipart(request.body, boundaryOf(request.headers['content-type'] ?? ''));
    const [first, ...rest] = parts;
    if (!first || !(first.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
      throw badRequest('the first part of a multipart/mixed statement request must be application/json');
    }
    const byHash = new Map<string, Part>();
    for (const part of rest) {
      const hash = part.headers['x-experience-api-hash'];
      if (!hash) throw badRequest('every attachment part must have an X-Experience-API-Hash header');
      if ((part.headers['content-transfer-encoding'] ?? '').toLowerCase() !== 'binary') {
        throw badRequest('every attachment part must have the header Content-Transfer-Encoding: binary');
      }
      const algorithm = HASH_BY_LENGTH[hash.length];
      if (!algorithm || createHash(algorithm).update(part.body).digest('hex') !== hash.toLowerCase()) {
        throw badRequest(`attachment part with X-Experience-API-Hash ${hash} does not match its content`);
      }
      byHash.set(hash.toLowerCase(), part);
    }
    return { statements: parseJsonBody(first.body, 'statement part'), parts: byHash };
  }
  throw badRequest('Content-Type must be application/json or multipart/mixed for statements');
}

/**
 * Validates and completes the statements of one request: id, stored, authority, version and
 * timestamp set by the LRS (xAPI 2.0 Part 2 2.4.7-2.4.10); attachments matched with their parts.
 */
function prepare(request: XapiRequest, list: unknown[], parts: Map<string, Part>): { items: StatementToStore[]; attachments: AttachmentContent[] } {
  const stored = new Date().toISOString();
  const used = new Set<string>();
  const attachments: AttachmentContent[] = [];
  const statements = list.map((raw, n) => {
    const field = list.length > 1 ? `statements[${n}]` : 'statement';
    validateStatement(raw, request.version, field);
    const statement = normalizeForStorage(raw);
    checkRestrictions(request.principal, statement.actor as Actor, (statement.context as JsonObject | undefined)?.registration as string | undefined, field);
    if (request.version === '2.0.0') normalizeTimestamps(statement);
    for (const attachment of (statement.attachments as JsonObject[] | undefined) ?? []) {
      const sha2 = (attachment.sha2 as string).toLowerCase();
      const part = parts.get(sha2);
      if (!part && attachment.fileUrl === undefined) {
        throw badRequest(`${field}.attachments: no attachment part with hash ${sha2} and no fileUrl`);
      }
      if (attachment.usageType === SIGNATURE_USAGE) {
        if (attachment.contentType !== 'application/octet-stream') {
          throw badRequest(`${field}.attachments: a signature attachment must have contentType application/octet-stream`);
        }
        if (!part) throw badRequest(`${field}.attachments: the signature attachment must be sent as a part`);
        verifySignedStatement(statement, part.body.toString('utf8'));
      }
      if (part) {
        used.add(sha2);
        attachments.push({ sha2, contentType: attachment.contentType as string, content: part.body });
      }
    }
    statement.id = (statement.id as string | undefined) ?? randomUUID();
    statement.stored = stored;
    const timestampSetByLrs = statement.timestamp === undefined;
    statement.timestamp ??= stored;
    statement.authority = request.principal.authority as JsonObject;
    statement.version ??= request.version === '2.0.0' ? '2.0.0' : '1.0.0';
    return { statement, authorityKey: request.principal.id, timestampSetByLrs };
  });
  for (const hash of parts.keys()) {
    if (!used.has(hash)) throw badRequest(`attachment part with hash ${hash} is not declared by any statement`);
  }
  return { items: statements, attachments };
}

function requireWrite(request: XapiRequest): void {
  if (!allows(request.principal, 'statements/write')) throw forbidden('these credentials may not write statements (scope statements/write)');
}

async function put(sql: Sql, request: XapiRequest): Promise<XapiResponse> {
  requireWrite(request);
  allowOnly(request, ['statementId']);
  const id = request.query.get('statementId');
  if (!id) throw badRequest('parameter "statementId" is required for PUT');
  if (!UUID.test(id)) throw badRequest('parameter "statementId" must be a UUID');
  const { statements, parts } = readStatementsBody(request);
  if (Array.isArray(statements) || typeof statements !== 'object' || statements === null) {
    throw badRequest('PUT statements takes one statement object');
  }
  const body = statements as JsonObject;
  if (body.id !== undefined && String(body.id).toLowerCase() !== id.toLowerCase()) {
    throw badRequest('statement.id does not match the statementId parameter');
  }
  const prepared = prepare(request, [{ ...body, id: id.toLowerCase() }], parts);
  await storeStatements(sql, prepared.items, prepared.attachments, { updateDefinitions: true });
  return { status: 204 };
}

async function post(sql: Sql, request: XapiRequest): Promise<XapiResponse> {
  requireWrite(request);
  allowOnly(request, []);
  const { statements, parts } = readStatementsBody(request);
  const list = Array.isArray(statements) ? statements : [statements];
  if (list.length === 0) throw badRequest('the statement list is empty');
  const prepared = prepare(request, list, parts);
  await storeStatements(sql, prepared.items, prepared.attachments, { updateDefinitions: true });
  return { status: 200, body: prepared.items.map((i) => i.statement.id) };
}

const QUERY_PARAMETERS = [
  'statementId',
  'voidedStatementId',
  'agent',
  'verb',
  'activity',
  'registration',
  'related_activities',
  'related_agents',
  'since',
  'until',
  'limit',
  'format',
  'attachments',
  'ascending',
  'more',
];

function booleanParameter(request: XapiRequest, name: string): boolean {
  const value = request.query.get(name);
  if (value === undefined) return false;
  if (value !== 'true' && value !== 'false') throw badRequest(`parameter "${name}" must be true or false`);
  return value === 'true';
}

function parseFilter(request: XapiRequest): StatementFilter {
  const filter: StatementFilter = {};
  const agent = request.query.get('agent');
  if (agent !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(agent);
    } catch {
      throw badRequest('parameter "agent" must be an Agent or Group as JSON');
    }
    const message = schemaError('agent', request.version, value, 'agent');
    if (message) throw badRequest(message);
    const actor = value as Actor;
    filter.agent = actor.objectType === 'Group' ? `G|${agentParameterKey(actor)}` : `A|${agentParameterKey(actor)}`;
  }
  const verb = request.query.get('verb');
  if (verb !== undefined) {
    if (!IRI.test(verb)) throw badRequest('parameter "verb" must be an IRI');
    filter.verb = verb;
  }
  const activity = request.query.get('activity');
  if (activity !== undefined) {
    if (!IRI.test(activity)) throw badRequest('parameter "activity" must be an IRI');
    filter.activity = activity;
  }
  const registration = request.query.get('registration');
  if (registration !== undefined) {
    if (!UUID.test(registration)) throw badRequest('parameter "registration" must be a UUID');
    filter.registration = registration.toLowerCase();
  }
  for (const name of ['since', 'until'] as const) {
    const value = request.query.get(name);
    if (value === undefined) continue;
    if (!TIMESTAMP.test(value) || Number.isNaN(Date.parse(value))) throw badRequest(`parameter "${name}" must be an ISO 8601 timestamp`);
    filter[name] = value;
  }
  filter.relatedActivities = booleanParameter(request, 'related_activities');
  filter.relatedAgents = booleanParameter(request, 'related_agents');
  filter.ascending = booleanParameter(request, 'ascending');
  return filter;
}

interface MoreToken {
  f: StatementFilter;
  l: number;
  t: string;
  a: string;
  fmt: string;
  att: boolean;
}

/** A cursor is client-held input: every field is checked as strictly as the parameters it came from. */
function isMoreToken(value: unknown): value is MoreToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Partial<MoreToken>;
  const f = token.f as Record<string, unknown> | undefined;
  if (typeof f !== 'object' || f === null) return false;
  const optional = (v: unknown, test: (s: string) => boolean) => v === undefined || (typeof v === 'string' && test(v));
  return (
    typeof token.t === 'string' &&
    /^\d{1,19}$/.test(token.t) &&
    typeof token.a === 'string' &&
    /^\d{0,19}$/.test(token.a) &&
    Number.isInteger(token.l) &&
    (token.l as number) >= 1 &&
    (token.l as number) <= MAX_LIMIT &&
    ['exact', 'ids', 'canonical'].includes(String(token.fmt)) &&
    typeof token.att === 'boolean' &&
    optional(f.agent, (s) => /^[AG]\|/.test(s)) &&
    optional(f.verb, (s) => IRI.test(s)) &&
    optional(f.activity, (s) => IRI.test(s)) &&
    optional(f.registration, (s) => UUID.test(s)) &&
    optional(f.since, (s) => TIMESTAMP.test(s)) &&
    optional(f.until, (s) => TIMESTAMP.test(s)) &&
    ['relatedActivities', 'relatedAgents', 'ascending'].every((k) => f[k] === undefined || typeof f[k] === 'boolean')
  );
}

function formatStatements(request: XapiRequest, format: string, statements: JsonObject[], definitions: Map<string, JsonObject>): JsonObject[] {
  if (format === 'ids') return statements.map(idsFormat);
  if (format === 'canonical') {
    const ranges = parseAcceptLanguage(request.headers['accept-language']);
    return statements.map((s) => canonicalFormat(s, ranges, definitions));
  }
  return statements;
}

async function answer(sql: Sql, request: XapiRequest, statements: JsonObject[], format: string, withAttachments: boolean, body: (formatted: JsonObject[]) => unknown): Promise<XapiResponse> {
  let definitions = new Map<string, JsonObject>();
  if (format === 'canonical') {
    const ids = new Set<string>();
    for (const s of statements) {
      const object = s.object as JsonObject;
      if ((object.objectType ?? 'Activity') === 'Activity') ids.add(object.id as string);
    }
    definitions = await activityDefinitions(sql, [...ids]);
  }
  const formatted = formatStatements(request, format, statements, definitions);
  const headers = { 'X-Experience-API-Consistent-Through': new Date().toISOString() };
  const json = JSON.stringify(body(formatted));
  if (!withAttachments) return { status: 200, headers: { ...headers, 'Content-Type': 'application/json' }, body: json };
  // xAPI 1.0.3 Part 3 2.1.3: attachments=true answers multipart/mixed, statements first.
  const hashes = new Set<string>();
  for (const s of statements) for (const a of (s.attachments as JsonObject[] | undefined) ?? []) hashes.add((a.sha2 as string).toLowerCase());
  const contents = await getAttachments(sql, [...hashes]);
  const multipart = buildMultipart([
    { headers: { 'Content-Type': 'application/json' }, body: Buffer.from(json) },
    ...contents.map((c) => ({
      headers: { 'Content-Type': c.contentType, 'Content-Transfer-Encoding': 'binary', 'X-Experience-API-Hash': c.sha2 },
      body: c.content,
    })),
  ]);
  return { status: 200, headers: { ...headers, 'Content-Type': multipart.contentType }, body: multipart.body };
}

async function get(sql: Sql, request: XapiRequest): Promise<XapiResponse> {
  if (!allows(request.principal, 'statements/read')) throw forbidden('these credentials may not read statements (scope statements/read)');
  allowOnly(request, QUERY_PARAMETERS);
  const mine =
    !request.principal.scopes.includes('all') &&
    !request.principal.scopes.includes('all/read') &&
    !request.principal.scopes.includes('statements/read')
      ? request.principal.id
      : undefined;

  const more = request.query.get('more');
  if (more !== undefined) {
    if (request.query.size > 1) throw badRequest('parameter "more" cannot be combined with other parameters');
    let token: MoreToken;
    try {
      token = JSON.parse(Buffer.from(more, 'base64url').toString('utf8')) as MoreToken;
    } catch {
      throw badRequest('parameter "more" is not a cursor this LRS issued');
    }
    if (!isMoreToken(token)) throw badRequest('parameter "more" is not a cursor this LRS issued');
    // The cursor is client-held: the caller's own read restriction is re-applied, never taken from it.
    return page(sql, request, { ...token, f: { ...token.f, authorityKey: mine } });
  }

  const format = request.query.get('format') ?? 'exact';
  if (!['exact', 'ids', 'canonical'].includes(format)) throw badRequest('parameter "format" must be ids, exact or canonical');
  const withAttachments = booleanParameter(request, 'attachments');
  const statementId = request.query.get('statementId');
  const voidedStatementId = request.query.get('voidedStatementId');
  if (statementId !== undefined || voidedStatementId !== undefined) {
    // xAPI 1.0.3 Part 3 2.1.3: only attachments and format may accompany a single-statement GET.
    for (const key of request.query.keys()) {
      if (!['statementId', 'voidedStatementId', 'format', 'attachments'].includes(key)) {
        throw badRequest(`parameter "${key}" cannot be combined with statementId or voidedStatementId`);
      }
    }
    if (statementId !== undefined && voidedStatementId !== undefined) throw badRequest('use statementId or voidedStatementId, not both');
    const id = (statementId ?? voidedStatementId) as string;
    const name = statementId !== undefined ? 'statementId' : 'voidedStatementId';
    if (!UUID.test(id)) throw badRequest(`parameter "${name}" must be a UUID`);
    const statement = await getStatement(sql, id.toLowerCase(), voidedStatementId !== undefined);
    if (!statement) throw notFound(`no ${voidedStatementId !== undefined ? 'voided ' : ''}statement with id ${id}`);
    if (mine && !(await ownedBy(sql, id, mine))) throw notFound(`no statement with id ${id}`);
    const single = await answer(sql, request, [statement], format, withAttachments, (f) => f[0]);
    single.headers = { ...single.headers, 'Last-Modified': new Date(statement.stored as string).toUTCString() };
    return single;
  }

  const filter = parseFilter(request);
  if (mine) filter.authorityKey = mine;
  const limitValue = request.query.get('limit');
  let limit = MAX_LIMIT;
  if (limitValue !== undefined) {
    if (!/^\d+$/.test(limitValue)) throw badRequest('parameter "limit" must be a non-negative integer');
    const n = Number(limitValue);
    limit = n === 0 ? MAX_LIMIT : Math.min(n, MAX_LIMIT);
  }
  // Newest-first pages only ever move to older statements, so writes arriving meanwhile cannot
  // shift them; ascending pages are capped at the newest statement of the first request.
  const through = filter.ascending ? await latestSeq(sql) : MAX_SEQ;
  return page(sql, request, { f: filter, l: limit, t: through, a: '', fmt: format, att: withAttachments });
}

async function ownedBy(sql: Sql, id: string, key: string): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM lrs.statements WHERE id = $1 AND authority_key = $2', [id.toLowerCase(), key]);
  return rows.length > 0;
}

async function page(sql: Sql, request: XapiRequest, token: MoreToken): Promise<XapiResponse> {
  const result = await queryStatements(sql, token.f, { limit: token.l, after: token.a || undefined, through: token.t });
  const next = result.next
    ? `${request.basePath}/statements?more=${Buffer.from(JSON.stringify({ ...token, a: result.next })).toString('base64url')}`
    : '';
  return answer(sql, request, result.rows.map((r) => r.statement), token.fmt, token.att, (statements) => ({ statements, more: next }));
}

/** The Statement Resource (xAPI 2.0 Part 3 2.1). */
export async function statementsResource(sql: Sql, request: XapiRequest): Promise<XapiResponse> {
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return get(sql, request);
    case 'PUT':
      return put(sql, request);
    case 'POST':
      return post(sql, request);
    default:
      throw new XapiError(405, `method ${request.method} is not allowed on statements`);
  }
}
