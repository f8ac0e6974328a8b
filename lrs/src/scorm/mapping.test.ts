import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveProgress } from '../../../lms-api/src/progress/service';
import { createTestDb, type TestDb } from '../../../lms-api/src/test/db';
import type { Sql } from '../sql';
import type { JsonObject } from '../statements/rules';
import { ACTIVITY_TYPES, quietSaveCondition, recordScormTracking, SCORM_PROFILE, VERBS, type TrackingMap } from './mapping';
import { createScormRecorder } from './recorder';

/**
 * Tracking data as golf-scorm2004-3rd-runtime-advanced-interactions-objectives sends it
 * (shared/launchpage.html and the questions.js of each chapter): the four objectives of the manifest,
 * bookmark and progress measure, the "Playing" knowledge check recorded by RecordQuestion (choice
 * answers as indexes, true-false as "true"/"false", numeric as the typed number), objective scores
 * from RecordTest, and the overall score; the run-time evaluates success against the 0.8
 * minNormalizedMeasure of the primary objective.
 */
const OBJECTIVES = ['PRIMARYOBJ', 'obj_etiquette', 'obj_handicapping', 'obj_havingfun', 'obj_playing'];
const PLAYING = [
  { id: 'com.scorm.golfsamples.interactions.playing_1', text: 'The rules of golf are maintained by:\'?', type: 'choice', correct: '1', response: '1' },
  { id: 'com.scorm.golfsamples.interactions.playing_2', text: 'A score of two under par on a given hole is known as a(n):', type: 'choice', correct: '3', response: '1' },
  { id: 'com.scorm.golfsamples.interactions.playing_3', text: 'A typical golf course has ____ holes', type: 'numeric', correct: '18', response: '18' },
  { id: 'com.scorm.golfsamples.interactions.playing_4', text: 'In stableford scoring, the highest score wins.', type: 'true-false', correct: 'true', response: 'true' },
  { id: 'com.scorm.golfsamples.interactions.playing_5', text: 'Par for a 175 yard hole is typically:', type: 'numeric', correct: '3', response: '3' },
];

function launchSave(): TrackingMap {
  const data: TrackingMap = { 'cmi.completion_status': 'incomplete', 'cmi.location': '0', 'cmi.progress_measure': 0.05 };
  OBJECTIVES.forEach((id, n) => {
    data[`cmi.objectives.${n}.id`] = id;
  });
  return data;
}

function quizSave(): TrackingMap {
  const data: TrackingMap = { ...launchSave(), 'cmi.location': '16', 'cmi.progress_measure': 0.62 };
  PLAYING.forEach((q, n) => {
    const p = `cmi.interactions.${n}.`;
    data[`${p}id`] = q.id;
    data[`${p}description`] = q.text;
    data[`${p}objectives.0.id`] = 'obj_playing';
    data[`${p}type`] = q.type;
    data[`${p}learner_response`] = q.response;
    data[`${p}correct_responses.0.pattern`] = q.correct;
    data[`${p}result`] = q.response === q.correct ? 'correct' : 'incorrect';
  });
  const playing = OBJECTIVES.indexOf('obj_playing');
  Object.assign(data, {
    [`cmi.objectives.${playing}.score.scaled`]: 0.8,
    [`cmi.objectives.${playing}.score.raw`]: 4,
    [`cmi.objectives.${playing}.score.min`]: 0,
    [`cmi.objectives.${playing}.score.max`]: 5,
    [`cmi.objectives.${playing}.progress_measure`]: 1,
    [`cmi.objectives.${playing}.completion_status`]: 'completed',
  });
  return data;
}

function finalSave(): TrackingMap {
  return {
    ...quizSave(),
    'cmi.location': '21',
    'cmi.progress_measure': 1,
    'cmi.completion_status': 'completed',
    'cmi.score.raw': 80,
    'cmi.score.min': 0,
    'cmi.score.max': 100,
    'cmi.score.scaled': 0.8,
    'cmi.success_status': 'passed',
    'cmi.session_time': 'PT14M32S',
    'cmi.exit': '',
  };
}

let db: TestDb;
let userId: number;
let actorName: string;
let courseId: number;
const HOME = 'https://learning.example.lu';

beforeAll(async () => {
  db = await createTestDb();
  const [user] = await db.query<{ id: number; actor_name: string }>(
    `INSERT INTO users (anonymous_id_hash, anonymous_id_masked) VALUES ($1, 'ABCD-****') RETURNING id, actor_name::text`,
    [randomBytes(32)],
  );
  userId = user.id;
  actorName = user.actor_name;
  const [course] = await db.query<{ id: number }>(
    `INSERT INTO courses (title, content_type, version) VALUES ('Golf Explained - Run-time Advanced Calls', 'scorm', '2004 3rd Edition') RETURNING id`,
  );
  courseId = course.id;
});
afterAll(async () => {
  await db.destroy();
});

async function statementsOf(verb?: string): Promise<JsonObject[]> {
  const rows = await db.query<{ statement: JsonObject }>(
    `SELECT statement FROM lrs.statements WHERE ($1::text IS NULL OR statement->'verb'->>'id' = $1) ORDER BY seq`,
    [verb ?? null],
  );
  return rows.map((r) => r.statement);
}

const user = () => ({ id: userId, actor_name: actorName, nickname: null, anonymous_id_masked: 'ABCD-****', is_admin: false });

describe('SCORM 2004 tracking mapped to the xAPI SCORM Profile (Golf advanced interactions/objectives)', () => {
  const recorder = createScormRecorder({ publicUrl: HOME });

  it('writes initialized on the first save, in the same transaction as the progress', async () => {
    await saveProgress(db, user(), courseId, { tracking_data: launchSave(), time_spent: '00:00:05' }, recorder);
    const all = await statementsOf();
    expect(all.map((s) => (s.verb as JsonObject).id)).toEqual([VERBS.initialized]);
    const [initialized] = all;
    expect(initialized.actor).toEqual({ objectType: 'Agent', account: { homePage: HOME, name: actorName } });
    const context = initialized.context as { contextActivities: Record<string, JsonObject[]>; registration: string };
    expect(context.contextActivities.category.map((a) => a.id)).toEqual([SCORM_PROFILE]);
    expect(context.contextActivities.grouping.map((a) => (a.definition as JsonObject).type)).toEqual([ACTIVITY_TYPES.attempt, ACTIVITY_TYPES.course]);
    expect(((initialized.object as JsonObject).definition as JsonObject).type).toBe(ACTIVITY_TYPES.lesson);
    const [state] = await db.query<{ content: Uint8Array }>(`SELECT content FROM lrs.documents WHERE kind = 'state' AND document_id = 'https://w3id.org/xapi/scorm/attempt-state'`);
    expect(JSON.parse(Buffer.from(state.content).toString())).toMatchObject({ sessions: 1, open: true, suspended: false });
  });

  it('writes one responded per interaction with type, response and correct-response pattern, and objective statements', async () => {
    await saveProgress(db, user(), courseId, { tracking_data: quizSave(), time_spent: '00:09:10' }, recorder);
    const responded = await statementsOf(VERBS.responded);
    expect(responded).toHaveLength(5);
    for (const [n, q] of PLAYING.entries()) {
      const s = responded[n];
      const object = s.object as JsonObject;
      const definition = object.definition as JsonObject;
      expect(object.id).toBe(`${HOME}/courses/${courseId}/scos/sco/interactions/${encodeURIComponent(q.id)}`);
      expect(definition).toMatchObject({ type: ACTIVITY_TYPES.interaction, interactionType: q.type, correctResponsesPattern: [q.correct] });
      expect(s.result).toEqual({ response: q.response, success: q.response === q.correct });
      const ctx = (s.context as JsonObject).contextActivities as Record<string, JsonObject[]>;
      expect(ctx.parent[0].id).toBe(`${HOME}/courses/${courseId}/scos/sco`);
      expect(ctx.other[0].id).toMatch(/objectives\/obj_playing$/);
    }
    const objectiveVerbs = (await statementsOf()).filter((s) => ((s.object as JsonObject).definition as JsonObject)?.type === ACTIVITY_TYPES.objective);
    expect(objectiveVerbs.map((s) => (s.verb as JsonObject).id).sort()).toEqual([VERBS.completed, VERBS.scored].sort());
  });

  it('writes completed, passed, scored and terminated (with result) on the final save, and nothing twice', async () => {
    await saveProgress(db, user(), courseId, { tracking_data: finalSave(), time_spent: '00:14:32', is_final: true }, recorder);
    const sco = `${HOME}/courses/${courseId}/scos/sco`;
    const onSco = (await statementsOf()).filter((s) => (s.object as JsonObject).id === sco);
    expect(onSco.map((s) => (s.verb as JsonObject).id)).toEqual([VERBS.initialized, VERBS.completed, VERBS.passed, VERBS.scored, VERBS.terminated]);
    const terminated = onSco[4];
    expect(terminated.result).toEqual({ completion: true, success: true, score: { scaled: 0.8, raw: 80, min: 0, max: 100 }, duration: 'PT14M32S' });
    const count = (await statementsOf()).length;
    // The same tracking data sent again (a retried request) adds nothing.
    await saveProgress(db, user(), courseId, { tracking_data: finalSave(), time_spent: '00:14:32', is_final: true }, recorder);
    await recordScormTracking(db, {
      homePage: HOME,
      actorName,
      courseId,
      title: 'Golf',
      attempt: 1,
      version: '2004 3rd Edition',
      previous: quizSave(),
      next: finalSave(),
      isFinal: false,
    });
    expect((await statementsOf()).length).toBe(count);
    // Statement ids are name-based: recomputing from the same data gives the same ids.
    const ids = new Set((await statementsOf()).map((s) => s.id));
    expect(ids.size).toBe(count);
  });

  it('never uses the anonymous ID: every actor is the account of actor_name', async () => {
    for (const s of await statementsOf()) expect(s.actor).toEqual({ objectType: 'Agent', account: { homePage: HOME, name: actorName } });
  });

  it('leaves neither progress nor statements when the mapping fails, nor when the save fails after mapping', async () => {
    const before = (await statementsOf()).length;
    const [{ user_id: otherUser }] = await db.query<{ user_id: number }>(
      `INSERT INTO users (anonymous_id_hash, anonymous_id_masked) VALUES ($1, 'EFGH-****') RETURNING id AS user_id`,
      [randomBytes(32)],
    );
    const [{ actor_name: otherActor }] = await db.query<{ actor_name: string }>('SELECT actor_name::text FROM users WHERE id = $1', [otherUser]);
    const other = { id: otherUser, actor_name: otherActor, nickname: null, anonymous_id_masked: 'EFGH-****', is_admin: false };
    const failingMapping: typeof recorder = {
      ...recorder,
      async record(tx, saved) {
        await recorder.record(tx, saved);
        expect((await tx.query('SELECT 1 FROM lrs.statements')).length).toBeGreaterThan(before);
        throw new Error('mapping failed');
      },
    };
    await expect(saveProgress(db, other, courseId, { tracking_data: finalSave(), is_final: true }, failingMapping)).rejects.toThrow('mapping failed');
    expect(await db.query('SELECT 1 FROM course_progress WHERE user_id = $1', [otherUser])).toHaveLength(0);
    expect((await statementsOf()).length).toBe(before);

    // The save itself fails after the statements were written: the statements go too.
    await expect(
      db.transaction(async (tx) => {
        await recordScormTracking(tx, { homePage: HOME, actorName: otherActor, courseId, title: 'Golf', attempt: 1, version: '2004', previous: null, next: finalSave(), isFinal: true });
        await tx.query('INSERT INTO course_progress (user_id, course_id, completion_percentage) VALUES ($1, $2, 150)', [otherUser, courseId]);
      }),
    ).rejects.toThrow();
    expect((await statementsOf()).length).toBe(before);
    expect(await db.query(`SELECT 1 FROM lrs.documents WHERE agent LIKE $1`, [`%${otherActor}%`])).toHaveLength(0);
  });

  it('never fails a save over odd content values: every statement it writes is valid', async () => {
    const odd: TrackingMap = {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'failed',
      'cmi.score.raw': 'abc',
      'cmi.score.min': 50,
      'cmi.score.max': 10,
      'cmi.score.scaled': 7,
      'cmi.session_time': 'PTXS',
      'cmi.exit': 'logout',
      'cmi.interactions.0.id': 'q 1 / ü?',
      'cmi.interactions.0.type': 'unknown-type',
      'cmi.interactions.0.learner_response': '',
      'cmi.interactions.0.latency': 'P',
      'cmi.interactions.1.id': '',
      'cmi.interactions.1.learner_response': 'x',
      'cmi.objectives.0.id': 'obj with spaces',
      'cmi.objectives.0.success_status': 'passed',
      'cmi.objectives.0.score.raw': 12,
      'cmi.objectives.0.score.max': 3,
    };
    const { statementIds: ids } = await db.transaction((tx) =>
      recordScormTracking(tx, { homePage: HOME, actorName, courseId: 'odd', title: 'Odd content', attempt: 2, version: '2004 4th Edition', previous: null, next: odd, timeSpent: 'bogus', isFinal: true }),
    );
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const [terminated] = await db.query<{ statement: JsonObject }>('SELECT statement FROM lrs.statements WHERE id = $1', [ids[ids.length - 1]]);
    expect(terminated.statement.result).toEqual({ completion: true, success: false });
  });

  it('maps SCORM 1.2 lesson_status and suspend/resume sessions', async () => {
    const base = { homePage: HOME, actorName, courseId: 'golf12', title: 'Golf 1.2', attempt: 1, version: '1.2' };
    await db.transaction(async (tx) => {
      await recordScormTracking(tx, { ...base, previous: null, next: { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.exit': 'suspend' }, isFinal: true, timeSpent: '00:02:00' });
      await recordScormTracking(tx, {
        ...base,
        previous: { 'cmi.core.lesson_status': 'incomplete' },
        next: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '90', 'cmi.core.score.max': '100', 'cmi.core.score.min': '0', 'cmi.core.exit': '' },
        isFinal: true,
      });
    });
    const verbs = (await statementsOf())
      .filter((s) => ((s.context as JsonObject).contextActivities as Record<string, JsonObject[]>).grouping[1].id === `${HOME}/courses/golf12`)
      .map((s) => (s.verb as JsonObject).id);
    expect(verbs).toEqual([VERBS.initialized, VERBS.suspended, VERBS.resumed, VERBS.completed, VERBS.passed, VERBS.scored, VERBS.terminated]);
  });
});

/** The real database; only its transactions are counted (a quiet save opens none). */
function countingTransactions(): { counting: Sql; transactions: () => number } {
  let count = 0;
  const counting: Sql = {
    query: (text, params, options) => db.query(text, params, options),
    transaction: (fn) => {
      count += 1;
      return db.transaction(fn);
    },
  };
  return { counting, transactions: () => count };
}

describe('saves of a running session that change nothing recorded', () => {
  it('are told by their SCOs and the elements the mapping records at any time', () => {
    expect(
      quietSaveCondition({
        'cmi.location': '3',
        'cmi.suspend_data': 'x',
        'b/cmi.core.lesson_status': 'completed',
        'b/cmi.core.score.raw': '80',
        'b/cmi.core.lesson_location': '2',
        'a/cmi.objectives.0.id': 'o1',
        'a/cmi.interactions.0.result': 'correct',
        'a/cmi.success_status': 'passed',
        'a/cmi.completion_status': 'completed',
        'a/cmi.score.scaled': 0.5,
        'a/adl.nav.request': 'continue',
        'h5p.state': '{}',
      }),
    ).toEqual({
      scos: ['a', 'b', 'sco'],
      recorded: {
        'b/cmi.core.lesson_status': 'completed',
        'b/cmi.core.score.raw': '80',
        'a/cmi.objectives.0.id': 'o1',
        'a/cmi.interactions.0.result': 'correct',
        'a/cmi.success_status': 'passed',
        'a/cmi.completion_status': 'completed',
        'a/cmi.score.scaled': 0.5,
      },
    });
    expect(quietSaveCondition({ 'h5p.state': '{}' })).toEqual({ scos: [], recorded: {} });
  });

  it('are stored in one statement, recording nothing; a recorded change and a save after the session ended still record', async () => {
    const [quietCourse] = await db.query<{ id: number }>(
      `INSERT INTO courses (title, content_type, version) VALUES ('Quiet saves', 'scorm', '2004 3rd Edition') RETURNING id`,
    );
    const recorder = createScormRecorder({ publicUrl: HOME });
    const { counting, transactions } = countingTransactions();
    const ofCourse = async () =>
      (await statementsOf()).filter((s) => ((s.context as JsonObject).contextActivities as Record<string, JsonObject[]>).grouping[1].id === `${HOME}/courses/${quietCourse.id}`);
    const verbs = async () => (await ofCourse()).map((s) => (s.verb as JsonObject).id);
    const stored = async () =>
      (await db.query<{ tracking_data: TrackingMap; xapi_open_scos: string[] | null }>('SELECT tracking_data, xapi_open_scos FROM course_progress WHERE user_id = $1 AND course_id = $2', [userId, quietCourse.id]))[0];
    const attemptState = async () =>
      (await db.query<{ content: Uint8Array }>(`SELECT content FROM lrs.documents WHERE kind = 'state' AND activity_id = $1`, [`${HOME}/courses/${quietCourse.id}/scos/sco`])).map((r) => Buffer.from(r.content).toString());
    const save = (tracking: TrackingMap, isFinal = false) => saveProgress(counting, user(), quietCourse.id, { tracking_data: tracking, time_spent: '00:01:00', is_final: isFinal }, recorder);

    await save(launchSave());
    expect(transactions()).toBe(1);
    expect(await verbs()).toEqual([VERBS.initialized]);
    expect((await stored()).xapi_open_scos).toEqual(['sco']);
    const stateAfterLaunch = await attemptState();

    // The player re-sends everything; only the bookmark, progress and suspend data moved.
    const reading = { ...launchSave(), 'cmi.location': '5', 'cmi.progress_measure': 0.3, 'cmi.suspend_data': 'page=5' };
    const saved = await save(reading);
    await save({ ...reading, 'cmi.location': '6' });
    expect(transactions()).toBe(1);
    expect(saved.tracking_data).toMatchObject({ 'cmi.location': '5', 'cmi.suspend_data': 'page=5' });
    expect((await stored()).tracking_data).toMatchObject({ 'cmi.location': '6', 'cmi.completion_status': 'incomplete' });
    expect(await verbs()).toEqual([VERBS.initialized]);
    expect(await attemptState()).toEqual(stateAfterLaunch);

    // A score is recorded: the transaction again.
    const scored = { ...reading, 'cmi.location': '7', 'cmi.score.raw': 40, 'cmi.score.max': 100, 'cmi.score.min': 0 };
    await save(scored);
    expect(transactions()).toBe(2);
    expect(await verbs()).toEqual([VERBS.initialized, VERBS.scored]);

    // Suspended; the next save, with nothing recorded changed, starts a new session ("resumed"): recorded.
    await save({ ...scored, 'cmi.exit': 'suspend' }, true);
    expect((await stored()).xapi_open_scos).toEqual([]);
    await save({ ...scored, 'cmi.exit': 'suspend', 'cmi.location': '8' });
    expect(transactions()).toBe(4);
    expect(await verbs()).toEqual([VERBS.initialized, VERBS.scored, VERBS.suspended, VERBS.resumed]);
    expect((await stored()).xapi_open_scos).toEqual(['sco']);
    await save({ ...scored, 'cmi.exit': 'suspend', 'cmi.location': '9' });
    expect(transactions()).toBe(4);
    expect((await stored()).tracking_data['cmi.location']).toBe('9');
    expect(await verbs()).toEqual([VERBS.initialized, VERBS.scored, VERBS.suspended, VERBS.resumed]);
  });

  it('of a course whose saves are never recorded (not SCORM) are all one statement, but the final one', async () => {
    const [h5p] = await db.query<{ id: number }>(`INSERT INTO courses (title, content_type) VALUES ('Quiz', 'h5p') RETURNING id`);
    const recorder = createScormRecorder({ publicUrl: HOME });
    const { counting, transactions } = countingTransactions();
    const save = (tracking: TrackingMap, isFinal = false) => saveProgress(counting, user(), h5p.id, { tracking_data: tracking, is_final: isFinal }, recorder);
    await save({ 'h5p.state': '{"page":1}' });
    expect(transactions()).toBe(1);
    await save({ 'h5p.state': '{"page":2}' });
    await save({ 'h5p.state': '{"page":3}', 'cmi.location': '3' });
    expect(transactions()).toBe(1);
    await save({ 'h5p.state': '{"page":4}' }, true);
    expect(transactions()).toBe(2);
    const [row] = await db.query<{ tracking_data: TrackingMap; xapi_open_scos: string[] }>('SELECT tracking_data, xapi_open_scos FROM course_progress WHERE course_id = $1', [h5p.id]);
    expect(row).toEqual({ tracking_data: { 'h5p.state': '{"page":4}', 'cmi.location': '3' }, xapi_open_scos: ['*'] });
  });
});
