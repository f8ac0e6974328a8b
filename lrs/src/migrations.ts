/** Structural copy of lms-api's `Migration` (lrs must not import lms-api at run time). */
export interface Migration {
  readonly namespace: string;
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * The LRS keeps its tables in schema `lrs` (DESIGN.md 3). Statements are stored whole as JSONB; what
 * the query API filters on lives in `statement_index` (one row per statement and agent/activity/verb/
 * registration), so every filter is one index range scan ordered by `seq`, the monotonic sequence
 * that orders results and anchors `more` paging.
 */
export const lrsMigrations: Migration[] = [
  {
    namespace: 'lrs',
    version: 1,
    name: 'lrs schema',
    sql: `
CREATE SCHEMA IF NOT EXISTS lrs;
CREATE TABLE lrs.credentials (
  key text PRIMARY KEY,
  secret_hash text NOT NULL,
  label text NOT NULL,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE TABLE lrs.statements (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  stored timestamptz NOT NULL,
  voided boolean NOT NULL DEFAULT false,
  voids uuid,
  ref_id uuid,
  authority_key text,
  statement jsonb NOT NULL
);
CREATE INDEX statements_stored ON lrs.statements (stored);
CREATE INDEX statements_ref ON lrs.statements (ref_id) WHERE ref_id IS NOT NULL;
CREATE INDEX statements_voids ON lrs.statements (voids) WHERE voids IS NOT NULL;
CREATE TABLE lrs.statement_index (
  kind "char" NOT NULL,
  value text NOT NULL,
  seq bigint NOT NULL REFERENCES lrs.statements (seq) ON DELETE CASCADE,
  direct boolean NOT NULL,
  PRIMARY KEY (kind, value, seq)
);
CREATE INDEX statement_index_seq ON lrs.statement_index (seq);
CREATE TABLE lrs.attachments (
  sha2 text PRIMARY KEY,
  content_type text NOT NULL,
  content bytea NOT NULL
);
CREATE TABLE lrs.documents (
  kind text NOT NULL,
  activity_id text NOT NULL DEFAULT '',
  agent text NOT NULL DEFAULT '',
  registration text NOT NULL DEFAULT '',
  document_id text NOT NULL,
  content bytea NOT NULL,
  content_type text NOT NULL,
  etag text NOT NULL,
  updated timestamptz NOT NULL,
  PRIMARY KEY (kind, activity_id, agent, registration, document_id)
);
CREATE TABLE lrs.activities (
  id text PRIMARY KEY,
  definition jsonb
);
`,
  },
  {
    namespace: 'lrs',
    version: 2,
    name: 'statement index without foreign key',
    // Statements are immutable and never deleted, so the per-row foreign-key check and the seq
    // index only slowed every write (6 index rows per statement); references now read the target.
    sql: `
ALTER TABLE lrs.statement_index DROP CONSTRAINT IF EXISTS statement_index_seq_fkey;
DROP INDEX IF EXISTS lrs.statement_index_seq;
`,
  },
  {
    namespace: 'lrs',
    version: 3,
    name: 'statement index on value hashes',
    // Keys of (kind, 8-byte hash of the value, seq) instead of the whole IRI/IFI make the index about
    // a third of the size, so writes touch far fewer pages; queries recheck the value itself.
    sql: `
ALTER TABLE lrs.statement_index DROP CONSTRAINT IF EXISTS statement_index_pkey;
CREATE INDEX statement_index_lookup ON lrs.statement_index (kind, hashtextextended(value, 0), seq);
`,
  },
  {
    namespace: 'lrs',
    version: 4,
    name: 'statement index value/hash dependency statistics',
    // The value and its hash name the same thing; without this the planner multiplies their
    // selectivities, expects a handful of rows and sorts all matches instead of walking the index.
    sql: `
CREATE STATISTICS lrs.statement_index_value_hash (dependencies) ON kind, value, (hashtextextended(value, 0)) FROM lrs.statement_index;
ANALYZE lrs.statement_index;
`,
  },
];
