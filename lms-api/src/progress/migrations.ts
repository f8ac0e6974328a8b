import type { Migration } from '../db/migrate';

/** Progress tables' own changes (namespace `progress`; forward-only). */
export const progressMigrations: Migration[] = [
  {
    namespace: 'progress',
    version: 1,
    name: 'running session time',
    sql: `
-- time_spent_seconds holds finished sessions; the running session's time is replaced on each save and
-- added to the total by the session's final save (SCORM 1.2 RTE 3.4.2.1.11 / 2004 RTE 4.2.27 total_time).
ALTER TABLE course_progress ADD COLUMN session_seconds integer NOT NULL DEFAULT 0 CHECK (session_seconds >= 0);
`,
  },
  {
    namespace: 'progress',
    version: 2,
    name: 'room for in-place progress updates',
    sql: `
-- Every tracking save rewrites its progress row. Free room on each page lets PostgreSQL update it in place
-- (heap-only tuples: no new index entries) whenever the indexed status does not change, i.e. almost always.
ALTER TABLE course_progress SET (fillfactor = 70);
`,
  },
  {
    namespace: 'progress',
    version: 3,
    name: 'open learning-record sessions',
    sql: `
-- The SCOs whose learning-record session (xAPI SCORM Profile attempt state) is open after the last recorded
-- save, written by that save under the row's lock. A running session's save that changes nothing recorded is
-- then stored in one statement (progress store mergeQuietTracking). NULL: not known yet (recorded path).
ALTER TABLE course_progress ADD COLUMN xapi_open_scos text[];
`,
  },
];
