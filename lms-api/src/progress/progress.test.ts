import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../test/helpers';
import { insertCourse, type CourseFields } from '../courses/store';
import { findUserByAnonymousId } from '../auth/middleware';
import type { AuthUser } from '../auth/user';
import type { Sql } from '../db/db';
import { saveProgress, type TrackingRecorder, type TrackingSaved } from './service';

/** A recorder that only watches the saves; no session is ever open, so every save takes the transaction. */
const watching = (watch: (tx: Sql, saved: TrackingSaved) => Promise<void>): TrackingRecorder => ({
  async record(tx, saved) {
    await watch(tx, saved);
    return { openScos: [] };
  },
  quietSave: () => ({ scos: ['sco'], recorded: {} }),
});
import { summariseTracking } from './derive';
import { createScormRecorder } from 'lrs';

let t: TestApp;
let learner: TestClient;
let learnerUser: AuthUser;
let other: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const signedUp = await t.signUp({ nickname: 'Lea' });
  learner = signedUp.client;
  learnerUser = (await findUserByAnonymousId(t.db, t.config.secretKey, signedUp.anonymousId)) as AuthUser;
  other = (await t.signUp()).client;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query('DELETE FROM courses');
  await t.db.query('DELETE FROM modules');
});

const course = (title: string, fields: Partial<CourseFields> = {}) => insertCourse(t.db, { title, content_type: 'scorm', ...fields });
async function moduleRow(title: string, order: number, isActive = true): Promise<number> {
  const [row] = await t.db.query<{ id: number }>('INSERT INTO modules (title, "order", is_active) VALUES ($1, $2, $3) RETURNING id', [title, order, isActive]);
  return row.id;
}
const save = (client: TestClient, courseId: number, body: object) => client.post(`/api/v1/courses/id/${courseId}/progress/`).send(body);
const progressRows = () => t.db.query('SELECT * FROM course_progress ORDER BY id');

describe('GET /api/v1/courses/id/{id}/progress/', () => {
  it('answers 404 before the first save, then the stored progress of this learner only', async () => {
    const c = await course('C');
    expect((await learner.get(`/api/v1/courses/id/${c.id}/progress/`).expect(404)).body).toEqual({ detail: 'No progress found.' });
    await save(learner, c.id, { tracking_data: { 'cmi.core.lesson_location': 'page-3' }, time_spent: '00:00:10' }).expect(200);
    const res = await learner.get(`/api/v1/courses/id/${c.id}/progress/`).expect(200);
    expect(res.body).toMatchObject({
      course_id: c.id,
      tracking_data: { 'cmi.core.lesson_location': 'page-3' },
      time_spent: '00:00:10',
      status: 'in_progress',
      completion_percentage: 0,
      score: null,
      attempt: 1,
    });
    await other.get(`/api/v1/courses/id/${c.id}/progress/`).expect(404);
  });

  it('answers 401 anonymous and 400 for a bad id', async () => {
    await t.client().get('/api/v1/courses/id/1/progress/').expect(401);
    expect((await learner.get('/api/v1/courses/id/x/progress/').expect(400)).body.detail).toBe('id must be integer.');
  });
});

describe('POST /api/v1/courses/id/{id}/progress/ with SCORM 1.2 data', () => {
  it('derives status and score, merges data, keeps completion and the best score', async () => {
    const c = await course('C');
    const first = await save(learner, c.id, {
      tracking_data: { 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': 'abc', 'cmi.core.score.raw': '40', 'cmi.core.score.max': '50' },
      time_spent: '00:01:00',
      is_final: false,
    }).expect(200);
    expect(first.body).toMatchObject({ status: 'in_progress', score: 80, completion_percentage: 0, success_status: null });

    const passed = await save(learner, c.id, { tracking_data: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '90', 'cmi.core.score.max': '100' } }).expect(200);
    expect(passed.body).toMatchObject({ status: 'completed', score: 90, completion_percentage: 100, success_status: 'passed' });
    expect(passed.body.completed_at).not.toBeNull();
    expect(passed.body.tracking_data).toMatchObject({ 'cmi.suspend_data': 'abc', 'cmi.core.lesson_status': 'passed' });

    // A later failed retry neither un-completes the course nor lowers the best score.
    const retry = await save(learner, c.id, { tracking_data: { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '10' } }).expect(200);
    expect(retry.body).toMatchObject({ status: 'completed', score: 90, completion_percentage: 100, success_status: 'passed' });
    expect(retry.body.completed_at).toBe(passed.body.completed_at);
  });

  it('treats failed, incomplete and browsed as in progress', async () => {
    for (const status of ['failed', 'incomplete', 'browsed']) {
      const c = await course(status);
      const res = await save(learner, c.id, { tracking_data: { 'cmi.core.lesson_status': status } }).expect(200);
      expect(res.body.status, status).toBe('in_progress');
    }
  });

  it('keeps the total time the player sends, never lowering it', async () => {
    const c = await course('C');
    await save(learner, c.id, { tracking_data: {}, time_spent: '00:01:30' }).expect(200);
    expect((await save(learner, c.id, { tracking_data: {}, time_spent: '00:02:00' }).expect(200)).body.time_spent).toBe('00:02:00');
    expect((await save(learner, c.id, { tracking_data: {}, time_spent: '00:02:10.55', is_final: true }).expect(200)).body.time_spent).toBe('00:02:10');
    // A late save from an older tab does not take time away; a save without time keeps the total.
    expect((await save(learner, c.id, { tracking_data: {}, time_spent: '00:01:00' }).expect(200)).body.time_spent).toBe('00:02:10');
    expect((await save(learner, c.id, { tracking_data: {} }).expect(200)).body.time_spent).toBe('00:02:10');
    expect((await save(learner, c.id, { tracking_data: {}, time_spent: '01:02:10' }).expect(200)).body.time_spent).toBe('01:02:10');
  });
});

describe('concurrent saves of one learner', () => {
  it('lose no element: every parallel save is merged', async () => {
    const c = await course('C', { chapter_count: 12 });
    const saves = Array.from({ length: 12 }, (_, i) => save(learner, c.id, { tracking_data: { [`sco-${i}/cmi.core.lesson_status`]: 'completed' } }));
    const results = await Promise.all(saves);
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    const stored = await learner.get(`/api/v1/courses/id/${c.id}/progress/`).expect(200);
    expect(Object.keys(stored.body.tracking_data)).toHaveLength(12);
    expect(stored.body.status).toBe('completed');
  });

  it('lose no element in the recorder path either', async () => {
    const c = await course('C', { chapter_count: 8 });
    let calls = 0;
    const recorder = watching(async () => {
      calls++;
    });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => saveProgress(t.db, learnerUser, c.id, { tracking_data: { [`s${i}/cmi.completion_status`]: 'completed' } }, recorder)),
    );
    const [row] = await t.db.query<{ tracking_data: object; status: string }>('SELECT tracking_data, status FROM course_progress WHERE course_id = $1', [c.id]);
    expect(Object.keys(row.tracking_data)).toHaveLength(8);
    expect(row.status).toBe('completed');
    expect(calls).toBe(8);
  });

  it('hand the recorder each save\'s true state before it (saves of one row queue on its lock)', async () => {
    const c = await course('C', { chapter_count: 20 });
    await saveProgress(t.db, learnerUser, c.id, { tracking_data: { 'cmi.core.lesson_location': 'start' } }, null);
    const seen: { before: number; after: number }[] = [];
    const recorder = watching(async (_tx, saved) => {
      // Held open a moment, so the other saves really wait for this one's row lock.
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push({ before: Object.keys(saved.previous?.tracking_data ?? {}).length, after: Object.keys(saved.next.tracking_data).length });
    });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => saveProgress(t.db, learnerUser, c.id, { tracking_data: { [`s${i}/cmi.completion_status`]: 'incomplete' } }, recorder)),
    );
    expect(seen.map((s) => s.before).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(seen.every((s) => s.after === s.before + 1)).toBe(true);
  });
});

describe('quiet saves of many learners at once (group commit)', () => {
  const recorder = createScormRecorder({ publicUrl: 'http://platform.test' });
  let learners: AuthUser[];
  beforeAll(async () => {
    const more = await Promise.all([t.signUp(), t.signUp()]);
    learners = [learnerUser, ...(await Promise.all(more.map((m) => findUserByAnonymousId(t.db, t.config.secretKey, m.anonymousId) as Promise<AuthUser>)))];
  });

  /** The real database; the statements merging quiet saves are counted. */
  function countingMerges(): { counting: Sql; merges: () => number } {
    let count = 0;
    const counting: Sql = {
      query: (text, params, options) => {
        if (text.includes('jsonb_to_recordset')) count += 1;
        return t.db.query(text, params, options);
      },
      transaction: (fn) => t.db.transaction(fn),
    };
    return { counting, merges: () => count };
  }

  /** An H5P course each learner has started: its saves record nothing, so every non-final save is quiet. */
  async function startedQuiz(): Promise<number> {
    const c = await course('Quiz', { content_type: 'h5p' });
    for (const l of learners) await saveProgress(t.db, l, c.id, { tracking_data: { 'h5p.state': 'start' } }, recorder);
    return c.id;
  }
  /** Each learner's stored row, in the order of `learners`. */
  async function storedRows(courseId: number) {
    const rows = await t.db.query<{ user_id: number; tracking_data: Record<string, string>; time_spent_seconds: number }>(
      'SELECT user_id, tracking_data, time_spent_seconds FROM course_progress WHERE course_id = $1',
      [courseId],
    );
    return learners.map((l) => rows.find((row) => row.user_id === l.id));
  }

  it('are merged in one statement, each into its own row; a row’s later saves follow, in order', async () => {
    const courseId = await startedQuiz();
    const { counting, merges } = countingMerges();
    const results = await Promise.all([
      ...learners.map((l, i) => saveProgress(counting, l, courseId, { tracking_data: { 'h5p.state': `learner-${i}` }, time_spent: '00:01:00' }, recorder)),
      saveProgress(counting, learners[0], courseId, { tracking_data: { 'h5p.state': 'second' } }, recorder),
      saveProgress(counting, learners[0], courseId, { tracking_data: { 'h5p.state': 'third' }, time_spent: '00:02:00' }, recorder),
    ]);
    expect(results.map((row) => row.tracking_data['h5p.state'])).toEqual(['learner-0', 'learner-1', 'learner-2', 'second', 'third']);
    expect(results.map((row) => row.user_id)).toEqual([...learners.map((l) => l.id), learners[0].id, learners[0].id]);
    // The three learners' saves together; learner 0's second and third saves each after the one before.
    expect(merges()).toBe(3);
    expect(await storedRows(courseId)).toEqual([
      { user_id: learners[0].id, tracking_data: { 'h5p.state': 'third' }, time_spent_seconds: 120 },
      { user_id: learners[1].id, tracking_data: { 'h5p.state': 'learner-1' }, time_spent_seconds: 60 },
      { user_id: learners[2].id, tracking_data: { 'h5p.state': 'learner-2' }, time_spent_seconds: 60 },
    ]);
  });

  it('fail alone: a save the database refuses takes none of the others down', async () => {
    const courseId = await startedQuiz();
    const { counting } = countingMerges();
    // 999,999 hours is a valid HH:MM:SS but more seconds than the column holds.
    const outcomes = await Promise.allSettled(
      learners.map((l, i) => saveProgress(counting, l, courseId, { tracking_data: { 'h5p.state': `saved-${i}` }, time_spent: i === 1 ? '999999:00:00' : '00:00:30' }, recorder)),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: '22003' });
    expect(await storedRows(courseId)).toEqual([
      { user_id: learners[0].id, tracking_data: { 'h5p.state': 'saved-0' }, time_spent_seconds: 30 },
      { user_id: learners[1].id, tracking_data: { 'h5p.state': 'start' }, time_spent_seconds: 0 },
      { user_id: learners[2].id, tracking_data: { 'h5p.state': 'saved-2' }, time_spent_seconds: 30 },
    ]);
  });
});

describe('POST progress with SCORM 2004 data', () => {
  it('uses completion_status, success_status, score.scaled and progress_measure', async () => {
    const c = await course('C', { version: '2004 4th Edition' });
    const partial = await save(learner, c.id, {
      tracking_data: { 'cmi.completion_status': 'incomplete', 'cmi.progress_measure': 0.4, 'cmi.score.scaled': '0.65', 'cmi.success_status': 'failed' },
    }).expect(200);
    expect(partial.body).toMatchObject({ status: 'in_progress', completion_percentage: 40, score: 65, success_status: 'failed' });
    const done = await save(learner, c.id, { tracking_data: { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed', 'cmi.score.scaled': 0.9 } }).expect(200);
    expect(done.body).toMatchObject({ status: 'completed', completion_percentage: 100, score: 90, success_status: 'passed' });
  });

  it('falls back to raw/max when no scaled score is sent', async () => {
    const c = await course('C');
    const res = await save(learner, c.id, { tracking_data: { 'cmi.score.raw': 7, 'cmi.score.min': 0, 'cmi.score.max': 10 } }).expect(200);
    expect(res.body.score).toBe(70);
  });
});

describe('POST progress for multi-SCO packages', () => {
  it('counts each SCO (keys prefixed before cmi.) and completes when all are completed', async () => {
    const c = await course('Multi', { chapter_count: 3 });
    const one = await save(learner, c.id, { tracking_data: { 'sco-1/cmi.core.lesson_status': 'completed', 'sco-2/cmi.core.lesson_status': 'incomplete' } }).expect(200);
    expect(one.body).toMatchObject({ status: 'in_progress', completion_percentage: 33.33 });
    const two = await save(learner, c.id, { tracking_data: { 'sco-2/cmi.core.lesson_status': 'passed', 'sco-2/cmi.core.score.raw': '60' } }).expect(200);
    expect(two.body).toMatchObject({ status: 'in_progress', completion_percentage: 66.67, score: 60 });
    const all = await save(learner, c.id, { tracking_data: { 'sco-3/cmi.completion_status': 'completed', 'sco-3/cmi.score.scaled': 1 } }).expect(200);
    expect(all.body).toMatchObject({ status: 'completed', completion_percentage: 100, score: 80 });
  });

  it('summarises 2004 progress measures across SCOs', () => {
    const summary = summariseTracking({ 'a/cmi.progress_measure': 0.5, 'b/cmi.completion_status': 'completed', 'x-not-data-model': 'ignored' }, 2);
    expect(summary).toMatchObject({ status: 'in_progress', completionPercentage: 75, scoCount: 2, completedScos: 1 });
  });
});

describe('POST progress: refusals change nothing', () => {
  it('validates the payload with clear messages', async () => {
    const c = await course('C');
    const cases: [object, string][] = [
      [{}, 'tracking_data is required.'],
      [{ tracking_data: { 'cmi.core.lesson_status': { nested: true } } }, 'tracking_data.cmi.core.lesson_status must be string.'],
      [{ tracking_data: {}, time_spent: '1:2:3' }, 'time_spent must match pattern "^\\d{1,6}:[0-5]\\d:[0-5]\\d(\\.\\d{1,2})?$".'],
      [{ tracking_data: {}, time_spent: '00:61:00' }, 'time_spent must match pattern "^\\d{1,6}:[0-5]\\d:[0-5]\\d(\\.\\d{1,2})?$".'],
      [{ tracking_data: {}, is_final: 'yes' }, 'is_final must be boolean.'],
      [{ tracking_data: [], time_spent: '00:00:01' }, 'tracking_data must be object.'],
      [{ tracking_data: {}, status: 'completed' }, 'status is not an allowed field.'],
    ];
    for (const [body, detail] of cases) {
      const res = await save(learner, c.id, body);
      expect([res.status, res.body.detail], JSON.stringify(body)).toEqual([400, detail]);
    }
    expect(await progressRows()).toEqual([]);
  });

  it('refuses what the database cannot store with 400, keeping the stored progress', async () => {
    const c = await course('C');
    await save(learner, c.id, { tracking_data: { 'cmi.core.lesson_location': 'page-1' }, time_spent: '00:00:10' }).expect(200);
    const before = await progressRows();
    const tooLong = await save(learner, c.id, { tracking_data: { 'cmi.core.lesson_location': 'page-2' }, time_spent: '999999:00:00' });
    expect([tooLong.status, tooLong.body.detail]).toEqual([400, 'A value has the wrong format.']);
    const nul = await save(learner, c.id, { tracking_data: { 'cmi.suspend_data': 'a\u0000b' } });
    expect([nul.status, nul.body.detail]).toEqual([400, 'Text must not contain the NUL character (U+0000).']);
    expect(await progressRows()).toEqual(before);
  });

  it('answers 404 for an unknown course and 401 anonymous', async () => {
    expect((await save(learner, 999999, { tracking_data: {} }).expect(404)).body.detail).toBe('Course not found.');
    const c = await course('C');
    await save(t.client(), c.id, { tracking_data: {} }).expect(401);
    expect(await progressRows()).toEqual([]);
  });
});

describe('learning-record mapping runs inside the save transaction', () => {
  it('hands previous and next state to the recorder on the same transaction', async () => {
    const c = await course('C');
    const seen: TrackingSaved[] = [];
    await saveProgress(t.db, learnerUser, c.id, { tracking_data: { 'cmi.core.lesson_status': 'incomplete' }, time_spent: '00:01:00' }, watching(async (tx, saved) => {
      seen.push(saved);
      // The progress row is visible inside the transaction the recorder is given.
      const [row] = await tx.query<{ status: string }>('SELECT status FROM course_progress WHERE course_id = $1', [c.id]);
      expect(row.status).toBe('in_progress');
    }));
    await saveProgress(t.db, learnerUser, c.id, { tracking_data: { 'cmi.core.lesson_status': 'passed' }, time_spent: '00:03:00', is_final: true }, watching(async (_tx, saved) => {
      seen.push(saved);
    }));
    // The next session: 10 more minutes on top of the 3 of the first one.
    await saveProgress(t.db, learnerUser, c.id, { tracking_data: {}, time_spent: '00:13:00' }, watching(async (_tx, saved) => {
      seen.push(saved);
    }));
    expect(seen[0]).toMatchObject({
      previous: null,
      next: { status: 'in_progress' },
      user: { id: learnerUser.id, actor_name: learnerUser.actor_name },
      course: { id: c.id, title: 'C', content_type: 'scorm', chapter_count: 1 },
      attempt: 1,
    });
    expect(seen[1]).toMatchObject({
      previous: { status: 'in_progress', tracking_data: { 'cmi.core.lesson_status': 'incomplete' } },
      next: { status: 'completed', tracking_data: { 'cmi.core.lesson_status': 'passed' } },
      changed: { 'cmi.core.lesson_status': 'passed' },
      sessionSeconds: 180,
      isFinal: true,
    });
    expect(seen[0].sessionSeconds).toBe(60);
    expect(seen[2]).toMatchObject({ sessionSeconds: 600, isFinal: false });
  });

  it('rolls the progress back when the recorder fails', async () => {
    const c = await course('C');
    await expect(
      saveProgress(t.db, learnerUser, c.id, { tracking_data: { 'cmi.core.lesson_status': 'passed' } }, watching(async () => {
        throw new Error('LRS refused the statement');
      })),
    ).rejects.toThrow('LRS refused the statement');
    expect(await progressRows()).toEqual([]);
  });
});

describe('the platform records SCORM saves in its LRS', () => {
  it('writes xAPI statements with the progress, for the learner’s opaque actor only', async () => {
    const c = await course('Recorded', { version: '1.2' });
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lrs.statements'))[0].n;
    await save(learner, c.id, { tracking_data: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '88' }, time_spent: '00:05:00', is_final: true }).expect(200);
    const statements = await t.db.query<{ statement: { actor: { account?: { name: string } }; verb: { id: string } } }>(
      'SELECT statement FROM lrs.statements ORDER BY seq OFFSET $1',
      [before],
    );
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((row) => row.statement.actor.account?.name === learnerUser.actor_name)).toBe(true);
  });
});

describe('GET /api/v1/courses/user-progress/', () => {
  type Row = { id: number; title: string; status: string; is_available: boolean; is_completed: boolean; is_in_progress: boolean; prerequisite_missing: string | null; completion_percentage: number; score: number | null };
  const view = async (client: TestClient) => {
    const res = await client.get('/api/v1/courses/user-progress/').expect(200);
    return new Map((res.body as Row[]).map((row) => [row.title, row]));
  };

  it('unlocks a module’s courses in level order, honouring the minimum score and translations', async () => {
    const m = await moduleRow('m', 1);
    const hidden = await moduleRow('hidden', 2, false);
    const c1 = await course('one', { module_id: m, level: 1 });
    const c2 = await course('two', { module_id: m, level: 2, min_score_required: 80 });
    const c2fr = await course('deux', { module_id: m, level: 2, language: 'fr', original_course_id: c2.id, min_score_required: 80 });
    await course('three', { module_id: m, level: 3 });
    await course('loose');
    await course('in hidden module', { module_id: hidden });
    await course('inactive', { module_id: m, level: 4, is_active: false });

    let rows = await view(learner);
    expect([...rows.keys()]).toEqual(['one', 'two', 'deux', 'three', 'loose']);
    expect(rows.get('one')).toMatchObject({ is_available: true, status: 'not_started', prerequisite_missing: null, completion_percentage: 0 });
    expect(rows.get('two')).toMatchObject({ is_available: false, prerequisite_missing: 'Previous course must be completed' });
    expect(rows.get('deux')).toMatchObject({ is_available: false });
    expect(rows.get('loose')).toMatchObject({ is_available: true });

    await save(learner, c1.id, { tracking_data: { 'cmi.core.lesson_status': 'completed' } }).expect(200);
    rows = await view(learner);
    expect(rows.get('one')).toMatchObject({ is_completed: true, status: 'completed', completion_percentage: 100 });
    expect(rows.get('two')).toMatchObject({ is_available: true, prerequisite_missing: null });
    expect(rows.get('three')).toMatchObject({ is_available: false });

    // The French version completed with too low a score: both versions show completed, the next stays locked.
    await save(learner, c2fr.id, { tracking_data: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '70' } }).expect(200);
    rows = await view(learner);
    expect(rows.get('two')).toMatchObject({ is_completed: true, score: 70 });
    expect(rows.get('three')).toMatchObject({ is_available: false, prerequisite_missing: 'Previous course requires a minimum score of 80%' });

    await save(learner, c2fr.id, { tracking_data: { 'cmi.core.score.raw': '85' } }).expect(200);
    rows = await view(learner);
    expect(rows.get('three')).toMatchObject({ is_available: true, prerequisite_missing: null });
    expect(rows.get('deux')).toMatchObject({ score: 85, is_completed: true });

    // Another learner's progress is their own.
    const others = await view(other);
    expect(others.get('two')).toMatchObject({ is_available: false, status: 'not_started' });
  });

  it('rounds and clamps the percentage and shows in-progress courses', async () => {
    const c = await course('partial');
    await save(learner, c.id, { tracking_data: { 'cmi.progress_measure': 0.456 } }).expect(200);
    const rows = await view(learner);
    expect(rows.get('partial')).toMatchObject({ is_in_progress: true, status: 'in_progress', completion_percentage: 46 });
  });

  it('answers 401 anonymous', async () => {
    await t.client().get('/api/v1/courses/user-progress/').expect(401);
  });
});
