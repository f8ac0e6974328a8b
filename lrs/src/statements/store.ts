import { badRequest, conflict } from '../errors';
import type { Sql } from '../sql';
import { definedActivities, indexEntries, sameStatement, type IndexEntry } from './normalize';
import { VOIDED_VERB, type JsonObject } from './rules';

export interface AttachmentContent {
  sha2: string;
  contentType: string;
  content: Buffer;
}

export interface StatementToStore {
  statement: JsonObject;
  /** Credential key of the authority, for `statements/read/mine`. */
  authorityKey: string;
  /** The LRS filled in the timestamp, so it takes no part in comparing with a stored copy. */
  timestampSetByLrs?: boolean;
}

/**
 * Stores prepared statements (ids, stored, authority already set) in one transaction and returns
 * their ids. Same id + same content is accepted without a second copy; same id + different content
 * is a 409 (xAPI 2.0 Part 3 2.1.1/2.1.2). Voiding marks the target (xAPI 2.0 Part 2 2.3.2).
 */
export async function storeStatements(
  sql: Sql,
  items: StatementToStore[],
  attachments: AttachmentContent[],
  /**
   * keepExisting: an id already stored is left as it is, whatever the new content (name-based ids).
   * inCallerTransaction: `sql` is an open transaction that rolls back as a whole when this throws, so no savepoint
   * of its own is needed (two round trips less on the SCORM save path).
   */
  options: { updateDefinitions: boolean; keepExisting?: boolean; inCallerTransaction?: boolean },
): Promise<void> {
  if (items.length === 0) return;
  const seen = new Set<string>();
  for (const { statement } of items) {
    const id = statement.id as string;
    if (seen.has(id)) throw badRequest(`statement id ${id} appears more than once in the batch`);
    seen.add(id);
  }
  const write = async (tx: Sql) => {
    const ids = items.map((i) => i.statement.id as string);
    const refIds = items.map((i) => {
      const object = i.statement.object as JsonObject;
      return object.objectType === 'StatementRef' ? (object.id as string) : null;
    });
    const voids = items.map((i, n) => ((i.statement.verb as JsonObject).id === VOIDED_VERB ? refIds[n] : null));

    // xAPI 2.0 Part 2 2.3.2: a voiding statement cannot target a voiding statement.
    const targets = voids.filter((v): v is string => v !== null);
    if (targets.length > 0) {
      const voidingTargets = await tx.query<{ id: string }>(
        'SELECT id::text FROM lrs.statements WHERE id = ANY($1::uuid[]) AND voids IS NOT NULL',
        [targets],
      );
      if (voidingTargets.length > 0) throw badRequest(`statement ${voidingTargets[0].id} is a voiding statement and cannot be voided`);
      for (const [n, target] of voids.entries()) {
        if (target && seen.has(target) && voids[ids.indexOf(target)]) {
          throw badRequest(`statement ${target} is a voiding statement and cannot be voided (statement ${ids[n]})`);
        }
      }
    }

    // Index entries are computed up front, keyed by statement id; one statement inserts the new
    // statements and the index rows of those actually inserted (an existing id adds nothing).
    // Rows travel as one JSON document each (json_to_recordset): no per-element array escaping.
    const inherited = await inheritedEntries(tx, items);
    const entries: { id: string; kind: string; value: string; direct: boolean }[] = [];
    for (const { statement } of items) {
      const own = new Map(indexEntries(statement).map((e) => [`${e.kind}\u0000${e.value}`, e]));
      for (const entry of inherited.get(statement.id as string) ?? []) {
        const key = `${entry.kind}\u0000${entry.value}`;
        const existingEntry = own.get(key);
        if (existingEntry) existingEntry.direct ||= entry.direct;
        else own.set(key, { ...entry });
      }
      for (const entry of own.values()) entries.push({ id: statement.id as string, ...entry });
    }
    const rows = items.map((i, n) => ({
      id: ids[n],
      stored: i.statement.stored,
      voids: voids[n],
      ref_id: refIds[n],
      authority_key: i.authorityKey,
      statement: i.statement,
    }));
    const inserted = await tx.query<{ seq: string; id: string }>(
      `WITH inserted AS (
         INSERT INTO lrs.statements (id, stored, voids, ref_id, authority_key, statement)
         SELECT id, stored, voids, ref_id, authority_key, statement
         FROM json_to_recordset($1::json) AS r(id uuid, stored timestamptz, voids uuid, ref_id uuid, authority_key text, statement jsonb)
         ON CONFLICT (id) DO NOTHING
         RETURNING seq, id
       ), indexed AS (
         INSERT INTO lrs.statement_index (kind, value, seq, direct)
         SELECT e.kind, e.value, inserted.seq, e.direct
         FROM json_to_recordset($2::json) AS e(id uuid, kind "char", value text, direct boolean)
         JOIN inserted ON inserted.id = e.id
       )
       SELECT seq::text, id::text FROM inserted`,
      [JSON.stringify(rows), JSON.stringify(entries)],
      { prepare: true },
    );
    const seqById = new Map(inserted.map((row) => [row.id, row.seq]));
    const existing = ids.filter((id) => !seqById.has(id));
    if (existing.length > 0 && !options.keepExisting) {
      const rows = await tx.query<{ id: string; statement: JsonObject }>(
        'SELECT id::text, statement FROM lrs.statements WHERE id = ANY($1::uuid[])',
        [existing],
      );
      const byId = new Map(rows.map((r) => [r.id, r.statement]));
      for (const item of items) {
        const stored = byId.get(item.statement.id as string);
        if (stored && !sameStatement(stored, item.statement, item.timestampSetByLrs)) {
          throw conflict(`a different statement with id ${String(item.statement.id)} already exists`);
        }
      }
    }
    const fresh = items.filter((i) => seqById.has(i.statement.id as string));
    if (fresh.length === 0) return;

    const freshVoids = fresh
      .map((i) => ((i.statement.verb as JsonObject).id === VOIDED_VERB ? ((i.statement.object as JsonObject).id as string) : null))
      .filter((v): v is string => v !== null);
    if (freshVoids.length > 0) {
      await tx.query('UPDATE lrs.statements SET voided = true WHERE id = ANY($1::uuid[]) AND voids IS NULL', [freshVoids]);
    }

    if (options.updateDefinitions) await upsertActivities(tx, fresh.map((i) => i.statement));

    if (attachments.length > 0) {
      await tx.query(
        `INSERT INTO lrs.attachments (sha2, content_type, content)
         SELECT * FROM unnest($1::text[], $2::text[], $3::bytea[]) ON CONFLICT (sha2) DO NOTHING`,
        [attachments.map((a) => a.sha2), attachments.map((a) => a.contentType), attachments.map((a) => a.content)],
      );
    }
  };
  if (options.inCallerTransaction) await write(sql);
  else await sql.transaction(write);
}

/**
 * xAPI 1.0.3 Part 3 2.1.3 "Filter Conditions for StatementRefs": a statement targeting another
 * matches the filters its target matches (and, through a chain of references, its target's), so it
 * carries the target's index entries (registration aside). Targets may be in the same batch.
 */
async function inheritedEntries(tx: Sql, items: StatementToStore[]): Promise<Map<string, IndexEntry[]>> {
  const inBatch = new Map(items.map((i) => [i.statement.id as string, i.statement]));
  const result = new Map<string, IndexEntry[]>();
  const targetOf = (statement: JsonObject): string | null => {
    const object = statement.object as JsonObject;
    return object.objectType === 'StatementRef' ? (object.id as string) : null;
  };
  const stored = new Map<string, JsonObject>();
  for (const { statement } of items) {
    let target = targetOf(statement);
    const found: IndexEntry[] = [];
    for (let depth = 0; target && depth < 10; depth += 1) {
      let next = inBatch.get(target) ?? stored.get(target);
      if (!next) {
        const [row] = await tx.query<{ statement: JsonObject }>('SELECT statement FROM lrs.statements WHERE id = $1', [target]);
        if (!row) break;
        next = row.statement;
        stored.set(target, next);
      }
      for (const entry of indexEntries(next)) if (entry.kind !== 'r') found.push(entry);
      target = targetOf(next);
    }
    if (found.length > 0) result.set(statement.id as string, found);
  }
  return result;
}

/**
 * The LRS's canonical Activity definitions (xAPI 1.0.3 Part 2 2.4.4.1): each new definition is
 * merged into the known one, language maps merged language by language.
 */
async function upsertActivities(tx: Sql, statements: JsonObject[]): Promise<void> {
  const merged = new Map<string, JsonObject>();
  for (const statement of statements) {
    for (const activity of definedActivities(statement)) {
      const id = activity.id as string;
      const definition = activity.definition as JsonObject | undefined;
      const current = merged.get(id) ?? {};
      merged.set(id, definition ? mergeDefinition(current, definition) : current);
    }
  }
  if (merged.size === 0) return;
  // Definitions seen recently skip the read: a batch repeating known activities costs no query.
  const unknown = [...merged.keys()].filter((id) => !knownDefinitions.has(id));
  if (unknown.length > 0) {
    const rows = await tx.query<{ id: string; definition: JsonObject | null }>(
      'SELECT id, definition FROM lrs.activities WHERE id = ANY($1::text[])',
      [unknown],
      { prepare: true },
    );
    for (const row of rows) rememberDefinition(row.id, row.definition ?? {});
  }
  const known = new Map([...merged.keys()].filter((id) => knownDefinitions.has(id)).map((id) => [id, knownDefinitions.get(id) as JsonObject]));
  // Only what changes is written, in id order: concurrent writers of the same activities take
  // their row locks in one order (no deadlock), and repeated definitions take none.
  const changes = [...merged.entries()]
    .filter(([id, definition]) => {
      const current = known.get(id);
      return current === undefined || JSON.stringify(mergeDefinition(current, definition)) !== JSON.stringify(current);
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (changes.length === 0) return;
  // The merge runs in SQL too, so two writers racing on one activity both keep their languages.
  await tx.query(
    `INSERT INTO lrs.activities (id, definition) SELECT * FROM unnest($1::text[], $2::jsonb[])
     ON CONFLICT (id) DO UPDATE SET definition = (lrs.activities.definition || EXCLUDED.definition) || jsonb_strip_nulls(jsonb_build_object(
       'name', (lrs.activities.definition -> 'name') || (EXCLUDED.definition -> 'name'),
       'description', (lrs.activities.definition -> 'description') || (EXCLUDED.definition -> 'description'),
       'extensions', (lrs.activities.definition -> 'extensions') || (EXCLUDED.definition -> 'extensions')))`,
    [changes.map(([id]) => id), changes.map(([, definition]) => JSON.stringify(definition))],
    { prepare: true },
  );
}

/**
 * Process-local cache of Activity definitions as last read from the database (bounded, entries
 * live one minute). It only saves reads: a stale entry can at worst skip, for that minute, a
 * definition that adds nothing to what this process last read.
 */
const CACHE_LIMIT = 20_000;
const CACHE_TTL_MS = 60_000;
const cachedDefinitions = new Map<string, { definition: JsonObject; until: number }>();
const knownDefinitions = {
  has(id: string): boolean {
    const entry = cachedDefinitions.get(id);
    if (entry && entry.until < Date.now()) cachedDefinitions.delete(id);
    return cachedDefinitions.has(id);
  },
  get(id: string): JsonObject | undefined {
    return cachedDefinitions.get(id)?.definition;
  },
};

function rememberDefinition(id: string, definition: JsonObject): void {
  if (cachedDefinitions.size >= CACHE_LIMIT) cachedDefinitions.delete(cachedDefinitions.keys().next().value as string);
  cachedDefinitions.set(id, { definition, until: Date.now() + CACHE_TTL_MS });
}

function mergeDefinition(base: JsonObject, update: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(update)) {
    const prior = out[key];
    if ((key === 'name' || key === 'description' || key === 'extensions') && prior && typeof prior === 'object' && !Array.isArray(prior) && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = { ...prior, ...value };
    } else {
      out[key] = value;
    }
  }
  return out;
}

export async function activityDefinitions(sql: Sql, ids: string[]): Promise<Map<string, JsonObject>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.query<{ id: string; definition: JsonObject | null }>(
    'SELECT id, definition FROM lrs.activities WHERE id = ANY($1::text[])',
    [ids],
  );
  return new Map(rows.filter((r) => r.definition && Object.keys(r.definition).length > 0).map((r) => [r.id, r.definition as JsonObject]));
}

export async function getActivity(sql: Sql, id: string): Promise<JsonObject | null> {
  const [row] = await sql.query<{ definition: JsonObject | null }>('SELECT definition FROM lrs.activities WHERE id = $1', [id]);
  if (!row) return null;
  const activity: JsonObject = { objectType: 'Activity', id };
  if (row.definition && Object.keys(row.definition).length > 0) activity.definition = row.definition;
  return activity;
}

export async function getAttachments(sql: Sql, hashes: string[]): Promise<AttachmentContent[]> {
  if (hashes.length === 0) return [];
  const rows = await sql.query<{ sha2: string; content_type: string; content: Uint8Array }>(
    'SELECT sha2, content_type, content FROM lrs.attachments WHERE sha2 = ANY($1::text[])',
    [hashes],
  );
  return rows.map((r) => ({ sha2: r.sha2, contentType: r.content_type, content: Buffer.from(r.content) }));
}

/**
 * Matches index rows of one kind and value through the (kind, value hash, seq) index (migration 3),
 * the value itself rechecked so a hash collision cannot match.
 */
export function indexMatch(alias: string, kind: string, value: string): string {
  return `${alias}.kind = ${kind} AND hashtextextended(${alias}.value, 0) = hashtextextended(${value}, 0) AND ${alias}.value = ${value}`;
}

/** Filters of the query API (xAPI 1.0.3 Part 3 2.1.3), already validated. */
export interface StatementFilter {
  agent?: string;
  verb?: string;
  activity?: string;
  registration?: string;
  relatedActivities?: boolean;
  relatedAgents?: boolean;
  since?: string;
  until?: string;
  ascending?: boolean;
  /** Only statements stored with this credential (scope statements/read/mine). */
  authorityKey?: string;
}

export interface StatementPage {
  rows: { seq: string; statement: JsonObject }[];
  /** Cursor for the next page, or null when this is the last. */
  next: string | null;
}

/**
 * One page of statements, newest first unless ascending. `through` caps the sequence at the value
 * seen by the first page so `more` pages stay stable while statements keep arriving.
 */
export async function queryStatements(
  sql: Sql,
  filter: StatementFilter,
  page: { limit: number; after?: string; through: string },
): Promise<StatementPage> {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const indexFilters: { kind: string; value: string; direct: boolean }[] = [];
  if (filter.agent) indexFilters.push({ kind: 'a', value: filter.agent, direct: !filter.relatedAgents });
  if (filter.verb) indexFilters.push({ kind: 'v', value: filter.verb, direct: true });
  if (filter.activity) indexFilters.push({ kind: 'c', value: filter.activity, direct: !filter.relatedActivities });
  if (filter.registration) indexFilters.push({ kind: 'r', value: filter.registration, direct: true });

  const where: string[] = ['NOT s.voided', `s.seq <= ${p(page.through)}::bigint`];
  const order = filter.ascending ? 'ASC' : 'DESC';
  if (page.after) where.push(`s.seq ${filter.ascending ? '>' : '<'} ${p(page.after)}::bigint`);
  if (filter.since) where.push(`s.stored > ${p(filter.since)}::timestamptz`);
  if (filter.until) where.push(`s.stored <= ${p(filter.until)}::timestamptz`);
  if (filter.authorityKey) where.push(`s.authority_key = ${p(filter.authorityKey)}`);

  let from = 'lrs.statements s';
  let seqColumn = 's.seq';
  const [driver, ...rest] = indexFilters;
  if (driver) {
    from = `lrs.statement_index d JOIN lrs.statements s ON s.seq = d.seq`;
    seqColumn = 'd.seq';
    where.push(`${indexMatch('d', p(driver.kind), p(driver.value))}${driver.direct ? ' AND d.direct' : ''}`);
    where[1] = `d.seq <= $1::bigint`;
    if (page.after) where[2] = `d.seq ${filter.ascending ? '>' : '<'} $2::bigint`;
  }
  for (const f of rest) {
    where.push(
      `EXISTS (SELECT 1 FROM lrs.statement_index i WHERE i.seq = s.seq AND ${indexMatch('i', p(f.kind), p(f.value))}${f.direct ? ' AND i.direct' : ''})`,
    );
  }
  const rows = await sql.query<{ seq: string; statement: JsonObject }>(
    `SELECT s.seq::text AS seq, s.statement FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${seqColumn} ${order} LIMIT ${p(page.limit + 1)}`,
    params,
  );
  const more = rows.length > page.limit;
  const pageRows = more ? rows.slice(0, page.limit) : rows;
  return { rows: pageRows, next: more ? pageRows[pageRows.length - 1].seq : null };
}

export async function latestSeq(sql: Sql): Promise<string> {
  const [row] = await sql.query<{ seq: string }>('SELECT coalesce(max(seq), 0)::text AS seq FROM lrs.statements');
  return row.seq;
}

export async function getStatement(sql: Sql, id: string, voided: boolean): Promise<JsonObject | null> {
  const [row] = await sql.query<{ statement: JsonObject; voided: boolean }>('SELECT statement, voided FROM lrs.statements WHERE id = $1', [id]);
  if (!row || row.voided !== voided) return null;
  return row.statement;
}
