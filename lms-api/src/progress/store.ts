import type { Sql } from '../db/db';
import type { CourseRow } from '../courses/store';
import type { ProgressStatus } from '../courses/schema';
import type { TrackingData } from './schema';

export interface ProgressRow {
  id: number;
  course_id: number;
  user_id: number;
  status: ProgressStatus;
  success_status: string | null;
  completion_percentage: number;
  score: number | null;
  time_spent_seconds: number;
  session_seconds: number;
  tracking_data: TrackingData;
  attempt: number;
  last_accessed: Date;
  completed_at: Date | null;
}

const PROGRESS_COLUMNS = `id, course_id, user_id, status, success_status, completion_percentage, score, time_spent_seconds,
  session_seconds, tracking_data, attempt, last_accessed, completed_at`;

export async function findProgress(sql: Sql, userId: number, courseId: number): Promise<ProgressRow | null> {
  const [row] = await sql.query<ProgressRow>(
    `SELECT ${PROGRESS_COLUMNS} FROM course_progress WHERE user_id = $1 AND course_id = $2`,
    [userId, courseId],
    { prepare: true },
  );
  return row ?? null;
}

/** What a tracking save needs to know about its course (deliberately light: no manifest). */
export interface TrackedCourse {
  id: number;
  title: string;
  content_type: CourseRow['content_type'];
  version: string | null;
  language: CourseRow['language'];
  chapter_count: number;
  package_version: number;
}

/** The derived columns of a progress row (what the data-model values say about the learner). */
export interface DerivedProgress {
  status: ProgressStatus;
  success_status: string | null;
  completion_percentage: number;
  score: number | null;
}

/** The learner's progress just before a save (recorder path only). */
export type PreviousProgress = DerivedProgress & { tracking_data: TrackingData; time_spent_seconds: number; session_seconds: number };

export interface MergedSave {
  course: TrackedCourse;
  /** The row after the merge; its derived columns still hold the values from before this save. */
  row: ProgressRow;
  /** PostgreSQL xmin of the merged row, for the compare-and-set of the derived columns. */
  rowVersion: string;
  previous: PreviousProgress | null;
  /** The SCOs with an open learning-record session as of the last recorded save (null: not known). */
  openScos: string[] | null;
}

/**
 * The merge of one save into the stored row `p`, from SQL expressions for the sent elements (jsonb), the sent total
 * seconds (int, may be null) and whether it is the session's final save (boolean).
 */
const mergeSet = (sent: string, totalSeconds: string, isFinal: string) => `tracking_data = p.tracking_data || ${sent},
         -- The total never shrinks (an older tab's save arriving late); the running session is what it added
         -- since the session began (total then = total - session time at the previous save).
         time_spent_seconds = greatest(p.time_spent_seconds, coalesce(${totalSeconds}, 0)),
         session_seconds = CASE WHEN ${isFinal} THEN 0
           ELSE greatest(0, greatest(p.time_spent_seconds, coalesce(${totalSeconds}, 0)) - (p.time_spent_seconds - p.session_seconds)) END,
         status = CASE WHEN p.status = 'not_started' THEN 'in_progress' ELSE p.status END,
         last_accessed = now()`;

const TRACKED_COURSE = (alias: string) =>
  `jsonb_build_object('id', ${alias}.id, 'title', ${alias}.title, 'content_type', ${alias}.content_type, 'version', ${alias}.version,
     'language', ${alias}.language, 'chapter_count', ${alias}.chapter_count, 'package_version', ${alias}.package_version)`;

/**
 * The hot path of every tracking save, ONE statement: merges the sent elements into the stored map
 * (`tracking_data || sent`), takes the sent total time (the player sums cmi.core.total_time / cmi.total_time,
 * SCORM 1.2 RTE 3.4.2.1.11 / 2004 RTE 4.2.27, and the running session) and keeps the running session's part
 * of it in session_seconds (reset by the session's final save); answers the merged row with its course. With
 * `withPrevious` the row is locked and its state before the merge comes back too (for the learning record).
 * Null when the course does not exist.
 */
export async function mergeTracking(
  sql: Sql,
  userId: number,
  courseId: number,
  sent: { trackingData: TrackingData; totalSeconds: number | null; isFinal: boolean },
  withPrevious: boolean,
): Promise<MergedSave | null> {
  const [row] = await sql.query<
    ProgressRow & { row_version: string; course: TrackedCourse; previous: PreviousProgress | null; xapi_open_scos: string[] | null }
  >(
    `WITH course AS (
       SELECT id, title, content_type, version, language, chapter_count, package_version FROM courses WHERE id = $2
     ),
     -- With $6 the row is locked first and its state before the merge comes back (for the learning record). Under
     -- READ COMMITTED the locking read returns the latest committed version, waiting for a concurrent save; the merge
     -- below reads it only after (it depends on this CTE), so it updates exactly the version locked here.
     before AS (
       SELECT tracking_data, status, success_status, completion_percentage, score, time_spent_seconds, session_seconds
       FROM course_progress WHERE $6::boolean AND user_id = $1 AND course_id = $2 FOR UPDATE
     ),
     -- A running session's autosave may commit without waiting for the WAL flush: a database crash can lose at most
     -- the last fraction of a second of autosaves, which the player re-sends with its next save (it always sends
     -- its whole state). A session's final save and a completion (storeDerived) wait for it.
     durability AS (SELECT set_config('synchronous_commit', CASE WHEN $5::boolean THEN 'on' ELSE 'off' END, true)),
     merged AS (
       INSERT INTO course_progress AS p (user_id, course_id, status, tracking_data, time_spent_seconds, session_seconds,
         package_version, last_accessed)
       SELECT $1, course.id, 'in_progress', $3::jsonb, coalesce($4::int, 0),
         CASE WHEN $5::boolean THEN 0 ELSE coalesce($4::int, 0) END,
         course.package_version, now()
       FROM course
       WHERE (SELECT count(*) FROM before) >= 0
       ON CONFLICT (user_id, course_id) DO UPDATE SET
         ${mergeSet('$3::jsonb', '$4::int', '$5::boolean')}
       RETURNING ${PROGRESS_COLUMNS}, xmin::text AS row_version, xapi_open_scos
     )
     SELECT merged.*, ${TRACKED_COURSE('course')} AS course, (SELECT to_jsonb(before) FROM before) AS previous
     FROM merged, course, durability`,
    [userId, courseId, JSON.stringify(sent.trackingData), sent.totalSeconds, sent.isFinal, withPrevious],
    { prepare: true },
  );
  if (!row) return null;
  const { row_version: rowVersion, course, previous, xapi_open_scos: openScos, ...progress } = row;
  return { course, row: progress, rowVersion, previous: previous ?? null, openScos };
}

/** `xapi_open_scos` of a course whose saves are never recorded (not SCORM): every non-final save is quiet. */
export const NOTHING_RECORDED = ['*'];

export interface QuietSave {
  userId: number;
  courseId: number;
  sent: { trackingData: TrackingData; totalSeconds: number | null };
  condition: { scos: string[]; recorded: TrackingData };
}

/** PROGRESS_COLUMNS of the row aliased `p` (an UPDATE ... FROM, where other tables have columns of those names). */
const PROGRESS_COLUMNS_OF_P = PROGRESS_COLUMNS.split(',')
  .map((column) => `p.${column.trim()}`)
  .join(', ');

type QuietMergedRow = ProgressRow & { ord: number; row_version: string; course: TrackedCourse; xapi_open_scos: string[] | null };

/**
 * Merges running sessions' saves that record nothing, several in ONE statement without a transaction around it:
 * the merge of mergeTracking, applied to a save only when its row exists, every SCO it sends data of (at least
 * one) has an open learning-record session (`xapi_open_scos`, kept by the recorded saves under the same row lock)
 * or the course's saves are never recorded (NOTHING_RECORDED), and the stored data already holds its sent
 * recorded elements (`recorded`; see lrs quietSaveCondition). Answers one merged row per save, in order; null
 * where that does not hold (the caller then takes the recorded path). Never final saves; at most one save per row.
 */
async function mergeQuietBatch(sql: Sql, saves: readonly QuietSave[]): Promise<(MergedSave | null)[]> {
  // Rows in one order (user, course) in every batch: the input drives one index lookup per save, so batches of
  // several app processes lock the rows they share in that order and do not deadlock each other (were a plan to
  // differ, PostgreSQL's deadlock detection fails one batch, whose saves are then retried one by one).
  const sent = saves
    .map((save, ord) => ({ save, ord }))
    .sort((a, b) => a.save.userId - b.save.userId || a.save.courseId - b.save.courseId)
    .map(({ save, ord }) => ({
      ord,
      user_id: save.userId,
      course_id: save.courseId,
      tracking_data: save.sent.trackingData,
      total_seconds: save.sent.totalSeconds,
      scos: save.condition.scos,
      recorded: save.condition.recorded,
    }));
  const rows = await sql.query<QuietMergedRow>(
    `WITH durability AS (SELECT set_config('synchronous_commit', 'off', true) AS setting),
     sent AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS s(ord int, user_id int, course_id int, tracking_data jsonb, total_seconds int, scos text[], recorded jsonb)
     )
     UPDATE course_progress AS p SET
       ${mergeSet('s.tracking_data', 's.total_seconds', 'false')}
     FROM sent s, courses c, durability
     WHERE p.user_id = s.user_id AND p.course_id = s.course_id AND c.id = p.course_id
       AND (p.xapi_open_scos = $2::text[] OR (cardinality(s.scos) > 0 AND p.xapi_open_scos @> s.scos))
       AND p.tracking_data @> s.recorded
     RETURNING s.ord, ${PROGRESS_COLUMNS_OF_P}, p.xmin::text AS row_version,
       p.xapi_open_scos, ${TRACKED_COURSE('c')} AS course`,
    [JSON.stringify(sent), NOTHING_RECORDED],
    { prepare: true },
  );
  const merged: (MergedSave | null)[] = saves.map(() => null);
  for (const { ord, row_version: rowVersion, course, xapi_open_scos: openScos, ...progress } of rows) {
    merged[ord] = { course, row: progress, rowVersion, previous: null, openScos };
  }
  return merged;
}

/** Batches in flight at once per database, and saves per batch. */
const GROUP_COMMIT = { inFlight: 2, batch: 100 };

interface Waiting {
  save: QuietSave;
  key: string;
  resolve: (merged: MergedSave | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of the quiet saves of one database: a save waits while GROUP_COMMIT.inFlight batches are running
 * and goes with every save that arrived meanwhile in the next one. Alone, a save is its own batch at once (one
 * event-loop turn later); under load, tens of learners' saves cost one statement, one round trip and one commit.
 * A batch holds at most one save per progress row, and a row's next save waits for the batch holding its last
 * one: saves of a row stay in order and concurrent batches never lock the same rows. A failed batch is retried
 * save by save, so one save's error (say, a total time out of range) fails only that save.
 */
class QuietSaveGroups {
  private readonly waiting: Waiting[] = [];
  private readonly rowsInFlight = new Set<string>();
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly sql: Sql) {}

  merge(save: QuietSave): Promise<MergedSave | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ save, key: `${save.userId}:${save.courseId}`, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= GROUP_COMMIT.inFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.runBatch();
    });
  }

  private async runBatch(): Promise<void> {
    const batch: Waiting[] = [];
    const rows = new Set<string>();
    const later: Waiting[] = [];
    for (const item of this.waiting) {
      const free = batch.length < GROUP_COMMIT.batch && !rows.has(item.key) && !this.rowsInFlight.has(item.key);
      // A row taken (in this batch or in flight) also holds back its later saves, whatever their number.
      rows.add(item.key);
      (free ? batch : later).push(item);
    }
    if (batch.length === 0) return;
    this.waiting.splice(0, this.waiting.length, ...later);
    for (const item of batch) this.rowsInFlight.add(item.key);
    this.inFlight++;
    // Saves left over (more than a batch holds) may go in a second batch at once.
    this.schedule();
    try {
      let outcomes: PromiseSettledResult<MergedSave | null>[];
      try {
        const merged = await mergeQuietBatch(this.sql, batch.map((item) => item.save));
        outcomes = merged.map((value) => ({ status: 'fulfilled', value }));
      } catch {
        outcomes = await Promise.allSettled(batch.map((item) => mergeQuietBatch(this.sql, [item.save]).then(([one]) => one)));
      }
      batch.forEach((item, i) => {
        const outcome = outcomes[i];
        if (outcome.status === 'fulfilled') item.resolve(outcome.value);
        else item.reject(outcome.reason);
      });
    } finally {
      for (const item of batch) this.rowsInFlight.delete(item.key);
      this.inFlight--;
      this.schedule();
    }
  }
}

const quietSaveGroups = new WeakMap<Sql, QuietSaveGroups>();

/**
 * A running session's save that records nothing (see mergeQuietBatch), merged together with the other learners'
 * quiet saves arriving at the same time (QuietSaveGroups). Null when its conditions do not hold: the caller then
 * takes the recorded path. Never a final save.
 */
export function mergeQuietTracking(sql: Sql, save: QuietSave): Promise<MergedSave | null> {
  let groups = quietSaveGroups.get(sql);
  if (!groups) quietSaveGroups.set(sql, (groups = new QuietSaveGroups(sql)));
  return groups.merge(save);
}

/** Keeps the SCOs with an open learning-record session beside the progress (recorded path, same transaction). */
export async function storeOpenScos(sql: Sql, progressId: number, openScos: string[]): Promise<void> {
  await sql.query('UPDATE course_progress SET xapi_open_scos = $2::text[] WHERE id = $1', [progressId, openScos], { prepare: true });
}

/**
 * Stores the derived columns of a merged save, only if no other save changed the row since (its own merge then
 * includes this one's elements and its derivation wins). Null when skipped for that reason.
 */
export async function storeDerived(
  sql: Sql,
  progressId: number,
  rowVersion: string,
  derived: DerivedProgress,
  durable: boolean,
): Promise<{ completed_at: Date | null } | null> {
  const [row] = await sql.query<{ completed_at: Date | null }>(
    `UPDATE course_progress SET status = $3, success_status = $4, completion_percentage = $5, score = $6,
       completed_at = coalesce(completed_at, CASE WHEN $3 = 'completed' THEN now() END)
     WHERE id = $1 AND xmin = $2::text::xid
       -- A completion (it unlocks the next course) is durable before the learner is told (see mergeTracking).
       AND set_config('synchronous_commit', CASE WHEN $7::boolean THEN 'on' ELSE 'off' END, true) IS NOT NULL
     RETURNING completed_at`,
    [progressId, rowVersion, derived.status, derived.success_status, derived.completion_percentage, derived.score, durable],
    { prepare: true },
  );
  return row ?? null;
}

/** One row per visible course with the learner's progress (if any), ordered as the dashboard shows them. */
export interface CourseProgressRow {
  id: number;
  title: string;
  description: string | null;
  level: number;
  module_id: number | null;
  language: CourseRow['language'];
  original_course_id: number | null;
  content_type: CourseRow['content_type'];
  min_score_required: number | null;
  status: ProgressStatus | null;
  completion_percentage: number | null;
  score: number | null;
  last_accessed: Date | null;
}

export async function listCoursesWithProgress(sql: Sql, userId: number): Promise<CourseProgressRow[]> {
  return sql.query<CourseProgressRow>(
    `SELECT c.id, c.title, c.description, c.level, c.module_id, c.language, c.original_course_id, c.content_type,
       c.min_score_required, p.status, p.completion_percentage, p.score, p.last_accessed
     FROM courses c
     LEFT JOIN modules m ON m.id = c.module_id
     LEFT JOIN course_progress p ON p.course_id = c.id AND p.user_id = $1
     WHERE c.is_active AND (c.module_id IS NULL OR m.is_active)
     ORDER BY m."order" NULLS LAST, c.module_id NULLS LAST, c.level, c.id`,
    [userId],
    { prepare: true },
  );
}
