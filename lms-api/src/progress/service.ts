import type { Sql } from '../db/db';
import type { AuthUser } from '../auth/user';
import { notFound } from '../http/errors';
import type { CourseProgress, ProgressStatus } from '../courses/schema';
import { parseDuration, summariseTracking } from './derive';
import type { ProgressSave, TrackingData } from './schema';
import * as store from './store';
import type { DerivedProgress, ProgressRow, TrackedCourse } from './store';

/** The learner's progress before and after one tracking save. */
export interface ProgressSnapshot {
  status: ProgressStatus;
  success_status: string | null;
  completion_percentage: number;
  score: number | null;
  tracking_data: TrackingData;
}

/**
 * One saved tracking call, handed to the learning-record mapping (DESIGN.md 3: the LRS statements are written in
 * the SAME transaction as the progress, so the two never disagree).
 */
export interface TrackingSaved {
  user: Pick<AuthUser, 'id' | 'actor_name' | 'nickname'>;
  course: TrackedCourse;
  /** The learner's attempt number in the course. */
  attempt: number;
  /** Null on the learner's first save in this course. */
  previous: ProgressSnapshot | null;
  next: ProgressSnapshot;
  /** Only the elements sent by this call. */
  changed: TrackingData;
  /** The running session's time as of this save (also on the session's final save). */
  sessionSeconds: number;
  isFinal: boolean;
}

/** The learning-record mapping of saves (lrs `createScormRecorder`). */
export interface TrackingRecorder {
  /**
   * Called inside the save's transaction; throwing rolls the whole save back. Answers the SCOs whose session is
   * open afterwards, or null when it records nothing for this course's type.
   */
  record(tx: Sql, saved: TrackingSaved): Promise<{ openScos: string[] } | null>;
  /** What a save must leave unchanged to record nothing while every SCO it sends has an open session. */
  quietSave(sent: TrackingData): { scos: string[]; recorded: TrackingData };
}

export async function getProgress(sql: Sql, userId: number, courseId: number): Promise<ProgressRow> {
  const row = await store.findProgress(sql, userId, courseId);
  if (!row) throw notFound('No progress found.');
  return row;
}

const STATUS_RANK: Record<ProgressStatus, number> = { not_started: 0, in_progress: 1, completed: 2 };

/**
 * The derived columns after a save: status, success, completion and score from the merged data-model values.
 * Completion never regresses and the best score is kept (spec 4 Course status per learner).
 */
export function deriveProgress(stored: DerivedProgress, merged: TrackingData, chapterCount: number): DerivedProgress {
  const summary = summariseTracking(merged, chapterCount);
  const completed = summary.status === 'completed' || stored.status === 'completed';
  const score =
    summary.score === null ? stored.score : stored.score === null ? summary.score : Math.max(Number(stored.score), summary.score);
  // A pass once reached stays (best attempt); otherwise the latest reported success status counts.
  const successStatus = stored.success_status === 'passed' ? 'passed' : (summary.successStatus ?? stored.success_status);
  return {
    status: completed ? 'completed' : 'in_progress',
    success_status: successStatus,
    completion_percentage: completed ? 100 : Math.max(summary.completionPercentage, Number(stored.completion_percentage)),
    score,
  };
}

const snapshot = (row: DerivedProgress & { tracking_data: TrackingData }): ProgressSnapshot => ({
  status: row.status,
  success_status: row.success_status,
  completion_percentage: Number(row.completion_percentage),
  score: row.score === null ? null : Number(row.score),
  tracking_data: row.tracking_data,
});

const sameDerived = (a: DerivedProgress, b: DerivedProgress) =>
  a.status === b.status &&
  a.success_status === b.success_status &&
  Number(a.completion_percentage) === Number(b.completion_percentage) &&
  (a.score === null ? b.score === null : b.score !== null && Number(a.score) === Number(b.score));

/**
 * POST /courses/id/{id}/progress/: merges the sent data-model values, derives status, score and completion and
 * stores them. The merge is one statement; the derived columns are written by a second one only when they change
 * (most autosaves only move suspend data or location). With a learning-record recorder, everything - merge,
 * derived columns and the recorder's statements - runs in ONE transaction holding the row lock (DESIGN.md 3),
 * except a running session's save that provably records nothing (store.mergeQuietTracking): that one is only its
 * merge, without a transaction, in one statement with the other learners' quiet saves of the moment.
 */
export async function saveProgress(
  db: Sql,
  user: AuthUser,
  courseId: number,
  save: ProgressSave,
  recorder: TrackingRecorder | null,
): Promise<ProgressRow> {
  const sent = {
    trackingData: save.tracking_data,
    totalSeconds: save.time_spent ? parseDuration(save.time_spent) : null,
    isFinal: save.is_final ?? false,
  };
  const derive = async (sql: Sql, merged: store.MergedSave) => {
    const derived = deriveProgress(merged.row, merged.row.tracking_data, merged.course.chapter_count);
    let completedAt = merged.row.completed_at;
    if (!sameDerived(derived, merged.row)) {
      // Skipped only when a concurrent save merged after this one: its derivation covers these elements too.
      const completes = derived.status === 'completed' && merged.row.status !== 'completed';
      const stored = await store.storeDerived(sql, merged.row.id, merged.rowVersion, derived, completes || sent.isFinal);
      if (stored) completedAt = stored.completed_at;
    }
    return { ...merged.row, ...derived, completed_at: completedAt };
  };
  const merge = async (sql: Sql) => {
    const merged = await store.mergeTracking(sql, user.id, courseId, sent, recorder !== null);
    if (!merged) throw notFound('Course not found.');
    return merged;
  };
  if (!recorder) return derive(db, await merge(db));

  // Most saves of a running session (location, suspend data) record nothing: a merge alone, group-committed.
  const quiet = sent.isFinal ? null : recorder.quietSave(sent.trackingData);
  const quietMerge = quiet && (await store.mergeQuietTracking(db, { userId: user.id, courseId, sent, condition: quiet }));
  if (quietMerge) return derive(db, quietMerge);

  return db.transaction(async (tx) => {
    const merged = await merge(tx);
    const row = await derive(tx, merged);
    const recorded = await recorder.record(tx, {
      user: { id: user.id, actor_name: user.actor_name, nickname: user.nickname },
      course: merged.course,
      attempt: merged.row.attempt,
      previous: merged.previous ? snapshot(merged.previous) : null,
      next: snapshot(row),
      changed: save.tracking_data,
      // What the running session added: the total now minus the total when the session began.
      sessionSeconds: Math.max(
        0,
        merged.row.time_spent_seconds - (merged.previous ? merged.previous.time_spent_seconds - merged.previous.session_seconds : 0),
      ),
      isFinal: sent.isFinal,
    });
    const openScos = recorded?.openScos ?? store.NOTHING_RECORDED;
    if (!sameList(openScos, merged.openScos)) await store.storeOpenScos(tx, merged.row.id, openScos);
    return row;
  });
}

const sameList = (a: readonly string[], b: readonly string[] | null) => b !== null && a.length === b.length && a.every((item, i) => item === b[i]);

interface FamilyState {
  status: ProgressStatus;
  completion: number;
  score: number | null;
  lastAccessed: Date | null;
  /** Completed with the course's minimum score met (what unlocks the next course). */
  passed: boolean;
  completedBelowMinimum: number | null;
}

const clampRound = (value: number) => Math.round(Math.min(100, Math.max(0, value)));

/**
 * GET /courses/user-progress/ (DESIGN.md 7): courses of a module by level; the first is available, each next one
 * once the previous is completed with its min_score_required met. A translation counts as its original for
 * prerequisites and completion. Unassigned courses are always available. One query, no N+1.
 */
export async function userCourseProgress(sql: Sql, userId: number): Promise<CourseProgress[]> {
  const rows = await store.listCoursesWithProgress(sql, userId);
  const visible = new Set(rows.map((row) => row.id));
  const canonicalOf = (row: store.CourseProgressRow) =>
    row.original_course_id !== null && visible.has(row.original_course_id) ? row.original_course_id : row.id;

  const families = new Map<number, FamilyState>();
  for (const row of rows) {
    const key = canonicalOf(row);
    const state = families.get(key) ?? { status: 'not_started', completion: 0, score: null, lastAccessed: null, passed: false, completedBelowMinimum: null };
    const status = row.status ?? 'not_started';
    if (STATUS_RANK[status] > STATUS_RANK[state.status]) state.status = status;
    state.completion = Math.max(state.completion, row.completion_percentage ?? 0);
    if (row.score !== null) state.score = state.score === null ? row.score : Math.max(state.score, row.score);
    if (row.last_accessed && (!state.lastAccessed || row.last_accessed > state.lastAccessed)) state.lastAccessed = row.last_accessed;
    if (status === 'completed') {
      const minimum = row.min_score_required;
      if (minimum === null || (row.score ?? 0) >= minimum) state.passed = true;
      else state.completedBelowMinimum = minimum;
    }
    families.set(key, state);
  }

  // The chain of each module: its originals by level (rows arrive ordered by level).
  const chains = new Map<number, number[]>();
  for (const row of rows) {
    if (canonicalOf(row) !== row.id || row.module_id === null) continue;
    const chain = chains.get(row.module_id) ?? [];
    chain.push(row.id);
    chains.set(row.module_id, chain);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));

  return rows.map((row) => {
    const canonical = byId.get(canonicalOf(row)) as store.CourseProgressRow;
    const family = families.get(canonical.id) as FamilyState;
    let prerequisiteMissing: string | null = null;
    if (canonical.module_id !== null) {
      const chain = chains.get(canonical.module_id) ?? [];
      const position = chain.indexOf(canonical.id);
      const previous = position > 0 ? (families.get(chain[position - 1]) as FamilyState) : null;
      if (previous && !previous.passed) {
        prerequisiteMissing =
          previous.completedBelowMinimum !== null
            ? `Previous course requires a minimum score of ${previous.completedBelowMinimum}%`
            : 'Previous course must be completed';
      }
    }
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      level: row.level,
      module_id: row.module_id,
      language: row.language,
      original_course_id: row.original_course_id,
      content_type: row.content_type,
      is_available: prerequisiteMissing === null,
      is_completed: family.status === 'completed',
      is_in_progress: family.status === 'in_progress',
      status: family.status,
      completion_percentage: family.status === 'completed' ? 100 : clampRound(family.completion),
      score: family.score,
      min_score_required: row.min_score_required,
      prerequisite_missing: prerequisiteMissing,
      last_accessed: family.lastAccessed ? new Date(family.lastAccessed).toISOString() : null,
    };
  });
}
