import { createHash } from 'node:crypto';
import { allows, checkRestrictions } from '../auth/authenticate';
import { agentParameterKey, type Actor } from '../agents';
import { allowOnly, contentTypeOf, parseJsonBody, required, type XapiRequest, type XapiResponse } from '../context';
import { badRequest, conflict, forbidden, notFound, preconditionFailed, XapiError } from '../errors';
import type { Sql } from '../sql';
import { patterns, schemaError } from '../statements/schema';

const IRI = new RegExp(patterns.IRI);
const UUID = new RegExp(patterns.UUID);
const TIMESTAMP = new RegExp(patterns.TIMESTAMP);

type Kind = 'state' | 'activity-profile' | 'agent-profile';

interface Key {
  kind: Kind;
  activityId: string;
  agent: string;
  registration: string;
  documentId: string | undefined;
}

interface DocumentRow {
  content: Uint8Array;
  content_type: string;
  etag: string;
  updated: Date | string;
}

/** The `agent` query parameter: an Agent as JSON, validated for the request's xAPI version. */
export function readAgentParameter(request: XapiRequest): Actor {
  const raw = required(request, 'agent');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('parameter "agent" must be an Agent as JSON');
  }
  const message = schemaError('agent', request.version, value, 'agent');
  if (message) throw badRequest(message);
  // Refuses an agent without exactly one identifier.
  agentParameterKey(value as Actor);
  return value as Actor;
}

function agentParameter(request: XapiRequest): string {
  return agentParameterKey(readAgentParameter(request));
}

function activityParameter(request: XapiRequest): string {
  const value = required(request, 'activityId');
  if (!IRI.test(value)) throw badRequest('parameter "activityId" must be an IRI');
  return value;
}

/** Parameters of each document resource (xAPI 2.0 Part 3 2.3-2.6). */
function readKey(request: XapiRequest, kind: Kind): Key {
  const single = request.method !== 'GET' && request.method !== 'HEAD' && !(kind === 'state' && request.method === 'DELETE');
  if (kind === 'state') {
    allowOnly(request, ['activityId', 'agent', 'registration', 'stateId', 'since']);
    const registration = request.query.get('registration');
    if (registration !== undefined && !UUID.test(registration)) throw badRequest('parameter "registration" must be a UUID');
    const stateId = request.query.get('stateId');
    if (single && stateId === undefined) throw badRequest('parameter "stateId" is required');
    return {
      kind,
      activityId: activityParameter(request),
      agent: agentParameter(request),
      registration: registration?.toLowerCase() ?? '',
      documentId: stateId,
    };
  }
  if (kind === 'activity-profile') {
    allowOnly(request, ['activityId', 'profileId', 'since']);
    const profileId = request.query.get('profileId');
    if ((single || request.method === 'DELETE') && profileId === undefined) throw badRequest('parameter "profileId" is required');
    return { kind, activityId: activityParameter(request), agent: '', registration: '', documentId: profileId };
  }
  allowOnly(request, ['agent', 'profileId', 'since']);
  const profileId = request.query.get('profileId');
  if ((single || request.method === 'DELETE') && profileId === undefined) throw badRequest('parameter "profileId" is required');
  return { kind, activityId: '', agent: agentParameter(request), registration: '', documentId: profileId };
}

const KEY_SQL = 'kind = $1 AND activity_id = $2 AND agent = $3 AND registration = $4';
const keyParams = (key: Key) => [key.kind, key.activityId, key.agent, key.registration];

function etagOf(content: Buffer): string {
  return `"${createHash('sha1').update(content).digest('hex')}"`;
}

function matches(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t === etag || t === `W/${etag}` || `"${t}"` === etag);
}

/** xAPI 2.0 Part 3 1.5.2 (Concurrency): If-Match / If-None-Match before any change. */
function checkPreconditions(request: XapiRequest, current: DocumentRow | undefined, requireHeaders: boolean | 'always'): void {
  const ifMatch = request.headers['if-match'];
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifMatch !== undefined && (!current || !matches(ifMatch, current.etag))) {
    throw preconditionFailed('If-Match does not match the current document ETag');
  }
  if (ifNoneMatch !== undefined && current && matches(ifNoneMatch, current.etag)) {
    throw preconditionFailed('If-None-Match matches an existing document');
  }
  if (requireHeaders === 'always' && ifMatch === undefined && ifNoneMatch === undefined) {
    // xAPI 1.0.3 Part 3 2.7/2.8: a profile PUT must carry If-Match or If-None-Match.
    if (!current) throw badRequest('a profile PUT needs If-Match or If-None-Match (xAPI 1.0.3)');
  }
  if (requireHeaders && current && ifMatch === undefined && ifNoneMatch === undefined) {
    // xAPI 2.0 Part 3 1.5.2: an existing document is only overwritten under a precondition.
    throw conflict('the document exists: send If-Match or If-None-Match to change it');
  }
}

function checkWriteScope(request: XapiRequest, kind: Kind): void {
  const need = kind === 'state' ? 'state' : 'profile';
  if (!allows(request.principal, need)) throw forbidden(`these credentials may not write documents (scope ${need})`);
}

async function current(sql: Sql, key: Key): Promise<DocumentRow | undefined> {
  const [row] = await sql.query<DocumentRow>(
    `SELECT content, content_type, etag, updated FROM lrs.documents WHERE ${KEY_SQL} AND document_id = $5 FOR UPDATE`,
    [...keyParams(key), key.documentId],
  );
  return row;
}

async function write(sql: Sql, key: Key, content: Buffer, contentType: string): Promise<string> {
  const etag = etagOf(content);
  await sql.query(
    `INSERT INTO lrs.documents (kind, activity_id, agent, registration, document_id, content, content_type, etag, updated)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (kind, activity_id, agent, registration, document_id)
     DO UPDATE SET content = EXCLUDED.content, content_type = EXCLUDED.content_type, etag = EXCLUDED.etag, updated = EXCLUDED.updated`,
    [...keyParams(key), key.documentId, content, contentType, etag, new Date().toISOString()],
    { prepare: true },
  );
  return etag;
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function put(sql: Sql, request: XapiRequest, key: Key): Promise<XapiResponse> {
  checkWriteScope(request, key.kind);
  // State PUT needs no precondition header in xAPI 1.0.3; profiles always did.
  const requireHeaders = key.kind === 'state' ? request.version === '2.0.0' : request.version === '1.0.3' ? 'always' : true;
  return sql.transaction(async (tx) => {
    const row = await current(tx, key);
    checkPreconditions(request, row, requireHeaders);
    const type = request.headers['content-type'] ?? 'application/octet-stream';
    if (contentTypeOf(request) === 'application/json') parseJsonBody(request.body, 'document');
    const etag = await write(tx, key, request.body, type);
    return { status: 204, headers: { ETag: etag } };
  });
}

/** xAPI 2.0 Part 3 1.6.2 "JSON Procedure with Requirements": POST merges top-level JSON properties. */
async function post(sql: Sql, request: XapiRequest, key: Key): Promise<XapiResponse> {
  checkWriteScope(request, key.kind);
  return sql.transaction(async (tx) => {
    const row = await current(tx, key);
    checkPreconditions(request, row, false);
    const isJson = contentTypeOf(request) === 'application/json';
    if (!row) {
      if (isJson) {
        const value = parseJsonBody(request.body, 'document');
        if (!isJsonObject(value)) throw badRequest('a POSTed document must be a JSON object');
      }
      const etag = await write(tx, key, request.body, request.headers['content-type'] ?? 'application/octet-stream');
      return { status: 204, headers: { ETag: etag } };
    }
    const storedIsJson = row.content_type.split(';')[0].trim().toLowerCase() === 'application/json';
    if (!isJson || !storedIsJson) throw badRequest('POST merges JSON documents only: both must be application/json');
    const update = parseJsonBody(request.body, 'document');
    let existing: unknown;
    try {
      existing = JSON.parse(Buffer.from(row.content).toString('utf8'));
    } catch {
      existing = null;
    }
    if (!isJsonObject(update) || !isJsonObject(existing)) throw badRequest('POST merges JSON objects only');
    const merged = Buffer.from(JSON.stringify({ ...existing, ...update }));
    const etag = await write(tx, key, merged, 'application/json');
    return { status: 204, headers: { ETag: etag } };
  });
}

async function get(sql: Sql, request: XapiRequest, key: Key): Promise<XapiResponse> {
  const readScope = key.kind === 'state' ? 'state' : 'profile';
  if (!allows(request.principal, readScope) && !allows(request.principal, 'read')) {
    throw forbidden(`these credentials may not read documents (scope ${readScope})`);
  }
  if (key.documentId !== undefined) {
    if (request.query.has('since')) throw badRequest('parameter "since" cannot be combined with a document id');
    const [row] = await sql.query<DocumentRow>(
      `SELECT content, content_type, etag, updated FROM lrs.documents WHERE ${KEY_SQL} AND document_id = $5`,
      [...keyParams(key), key.documentId],
    );
    if (!row) throw notFound('no such document');
    return {
      status: 200,
      headers: { 'Content-Type': row.content_type, ETag: row.etag, 'Last-Modified': new Date(row.updated).toUTCString() },
      body: Buffer.from(row.content),
    };
  }
  const since = request.query.get('since');
  const params: unknown[] = keyParams(key);
  let sinceSql = '';
  if (since !== undefined) {
    if (!TIMESTAMP.test(since) || Number.isNaN(Date.parse(since))) throw badRequest('parameter "since" must be an ISO 8601 timestamp');
    params.push(since);
    sinceSql = ' AND updated > $5::timestamptz';
  }
  const rows = await sql.query<{ document_id: string; updated: Date | string }>(
    `SELECT document_id, updated FROM lrs.documents WHERE ${KEY_SQL}${sinceSql} ORDER BY document_id`,
    params,
  );
  const latest = rows.reduce((max, r) => Math.max(max, new Date(r.updated).getTime()), 0);
  const body = JSON.stringify(rows.map((r) => r.document_id));
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ETag: etagOf(Buffer.from(body)) };
  if (latest > 0) headers['Last-Modified'] = new Date(latest).toUTCString();
  return { status: 200, headers, body };
}

async function remove(sql: Sql, request: XapiRequest, key: Key): Promise<XapiResponse> {
  checkWriteScope(request, key.kind);
  if (request.query.has('since')) throw badRequest('parameter "since" is not allowed on DELETE');
  return sql.transaction(async (tx) => {
    if (key.documentId !== undefined) {
      const row = await current(tx, key);
      checkPreconditions(request, row, false);
      await tx.query(`DELETE FROM lrs.documents WHERE ${KEY_SQL} AND document_id = $5`, [...keyParams(key), key.documentId]);
    } else {
      // xAPI 2.0 Part 3 2.3: DELETE without stateId removes every state document of the agent/activity(/registration).
      await tx.query(`DELETE FROM lrs.documents WHERE ${KEY_SQL}`, keyParams(key));
    }
    return { status: 204 };
  });
}

/** State, Activity Profile and Agent Profile resources (xAPI 2.0 Part 3 2.3, 2.5, 2.7). */
export async function documentResource(sql: Sql, request: XapiRequest, kind: Kind): Promise<XapiResponse> {
  const key = readKey(request, kind);
  if (request.principal.restrictions) {
    if (kind !== 'state') throw forbidden('these credentials may only use the state resource');
    checkRestrictions(request.principal, JSON.parse(request.query.get('agent') as string) as Actor, request.query.get('registration'), 'state document');
  }
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return get(sql, request, key);
    case 'PUT':
      return put(sql, request, key);
    case 'POST':
      return post(sql, request, key);
    case 'DELETE':
      return remove(sql, request, key);
    default:
      throw new XapiError(405, `method ${request.method} is not allowed here`);
  }
}

/** Documents of the state API for one learner and activity, for callers inside the platform (SCORM mapping). */
export async function putStateDocument(
  sql: Sql,
  key: { activityId: string; agent: Actor; registration?: string; stateId: string },
  value: unknown,
): Promise<void> {
  await write(
    sql,
    {
      kind: 'state',
      activityId: key.activityId,
      agent: agentParameterKey(key.agent),
      registration: key.registration?.toLowerCase() ?? '',
      documentId: key.stateId,
    },
    Buffer.from(JSON.stringify(value)),
    'application/json',
  );
}
