import { createHash } from 'node:crypto';
import type { Actor } from '../agents';
import { agentParameterKey } from '../agents';
import { putStateDocument } from '../documents/resource';
import type { Sql } from '../sql';
import { normalizeForStorage } from '../statements/normalize';
import { patterns } from '../statements/schema';
import { validateStatement, type JsonObject } from '../statements/rules';
import { storeStatements } from '../statements/store';
import { uuidV5 } from './uuid';

/**
 * The ADL xAPI SCORM Profile (https://w3id.org/xapi/scorm): what a SCORM run-time save means as
 * xAPI statements. Every statement id is name-based (UUID v5 of course, attempt, element and
 * value), so re-sending the same tracking data adds nothing.
 */
export const SCORM_PROFILE = 'https://w3id.org/xapi/scorm';
const ATTEMPT_STATE_ID = 'https://w3id.org/xapi/scorm/attempt-state';

export const VERBS = {
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  suspended: 'http://adlnet.gov/expapi/verbs/suspended',
  resumed: 'http://adlnet.gov/expapi/verbs/resumed',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  scored: 'http://adlnet.gov/expapi/verbs/scored',
  responded: 'http://adlnet.gov/expapi/verbs/responded',
} as const;

export const ACTIVITY_TYPES = {
  course: 'http://adlnet.gov/expapi/activities/course',
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
  interaction: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  objective: 'http://adlnet.gov/expapi/activities/objective',
  attempt: 'http://adlnet.gov/expapi/activities/attempt',
} as const;

type Value = string | number | boolean;
export type TrackingMap = Record<string, Value>;

export interface ScormTrackingInput {
  /** Public origin of the platform: the account home page of learners. */
  homePage: string;
  /** The learner's opaque xAPI account name (users.actor_name), never the anonymous ID. */
  actorName: string;
  courseId: string | number;
  /** Activity IRI of the course; defaults to `<homePage>/courses/<courseId>`. */
  courseIri?: string;
  title: string;
  /** SCO (item) id for single-SCO data; multi-SCO maps carry it as a `<sco>/` key prefix. */
  scoId?: string;
  attempt: number;
  /** SCORM version of the package: '1.2' or '2004' (others are read as 2004). */
  version: string | null;
  previous: TrackingMap | null;
  next: TrackingMap;
  /** Running session time, HH:MM:SS(.ss) or ISO 8601 duration. */
  timeSpent?: string | null;
  isFinal: boolean;
  /** Defaults to now. */
  timestamp?: string;
}

interface AttemptState {
  sessions: number;
  open: boolean;
  suspended: boolean;
  /** Fingerprint of the SCO's data when its last session ended: the same data again is a retried save, not a new session. */
  closedWith?: string;
}

function fingerprint(map: TrackingMap): string {
  const sorted = Object.keys(map)
    .sort()
    .map((k) => [k, String(map[k])]);
  return createHash('sha1').update(JSON.stringify(sorted)).digest('hex');
}

const DATA_MODEL_ROOT = /(?:cmi|adl)\./;
const ISO_DURATION = new RegExp(patterns.DURATION);

/**
 * Elements whose change the mapping records at any time (completion, success, score, objectives, interactions);
 * the others (location, suspend data, exit, session time, preferences...) only count at a session's start or end.
 */
const RECORDED_ELEMENT = /^cmi\.(?:completion_status|success_status|core\.lesson_status|score\.|core\.score\.|objectives\.|interactions\.)/;

/**
 * What a save must leave unchanged to record nothing in a running session: the SCOs it sends data of, and its
 * recorded elements (see RECORDED_ELEMENT). When the stored data already holds those values, no session starts
 * or ends (every one of those SCOs has an open session, and the save is not final), recordScormTracking writes
 * nothing: the caller may then save without it (see lms-api progress `mergeQuietTracking`). A save without any
 * data-model element sends no SCO (it would start a session of the default one when none is open).
 */
export function quietSaveCondition(sent: TrackingMap, fallbackSco = 'sco'): { scos: string[]; recorded: TrackingMap } {
  const scos = new Set<string>();
  const recorded: TrackingMap = {};
  for (const [key, value] of Object.entries(sent)) {
    const split = splitKey(key, fallbackSco);
    if (!split) continue;
    scos.add(split.sco);
    if (RECORDED_ELEMENT.test(split.element)) recorded[key] = value;
  }
  return { scos: [...scos].sort(), recorded };
}

/** `<sco>/cmi.x` as its SCO and element; a key without a prefix belongs to the default SCO. Null: no data-model element. */
function splitKey(key: string, fallback: string): { sco: string; element: string } | null {
  const match = DATA_MODEL_ROOT.exec(key);
  if (!match) return null;
  return { sco: key.slice(0, match.index).replace(/[/:|]+$/, '') || fallback, element: key.slice(match.index) };
}

/** Splits `<sco>/cmi.x` keys by SCO. */
function groupBySco(map: TrackingMap | null, fallback: string): Map<string, TrackingMap> {
  const groups = new Map<string, TrackingMap>();
  for (const [key, value] of Object.entries(map ?? {})) {
    const split = splitKey(key, fallback);
    if (!split) continue;
    const group = groups.get(split.sco) ?? {};
    group[split.element] = value;
    groups.set(split.sco, group);
  }
  return groups;
}

/** HH:MM:SS(.ss) (SCORM 1.2 CMITimespan) or ISO 8601 duration, as an xAPI duration. */
export function toIsoDuration(value: string | null | undefined): string | null {
  if (!value) return null;
  // Content may send anything: only a well-formed ISO 8601 duration is passed on.
  if (/^P/.test(value)) return ISO_DURATION.test(value) ? value : null;
  const m = /^(\d{1,6}):(\d{2}):(\d{2}(?:\.\d{1,2})?)$/.exec(value);
  if (!m) return null;
  return `PT${Number(m[1])}H${Number(m[2])}M${Number(m[3])}S`;
}

function num(value: Value | undefined): number | null {
  if (value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

const str = (value: Value | undefined): string | undefined => (value === undefined ? undefined : String(value));

/** SCORM 2004 RTE 4.2.9.1 interaction types -> xAPI interactionType (1.2 uses "fill-in" etc. the same way). */
const INTERACTION_TYPES: Record<string, string> = {
  'true-false': 'true-false',
  choice: 'choice',
  'fill-in': 'fill-in',
  'long-fill-in': 'long-fill-in',
  likert: 'likert',
  matching: 'matching',
  performance: 'performance',
  sequencing: 'sequencing',
  numeric: 'numeric',
  other: 'other',
};

interface Sco {
  id: string;
  iri: string;
  elements: TrackingMap;
  previous: TrackingMap;
}

/** Reads an element by its SCORM 2004 name or its SCORM 1.2 name. */
function read(map: TrackingMap, is12: boolean, name2004: string, name12: string | null): Value | undefined {
  return is12 && name12 ? map[name12] : map[name2004];
}

function scoreOf(map: TrackingMap, is12: boolean, prefix = 'cmi.'): JsonObject | null {
  const base = is12 && prefix === 'cmi.' ? 'cmi.core.score' : `${prefix}score`;
  const raw = num(map[`${base}.raw`]);
  const min = num(map[`${base}.min`]);
  const max = num(map[`${base}.max`]);
  let scaled = num(map[`${base}.scaled`]);
  if (scaled === null && raw !== null && max !== null && max > (min ?? 0)) scaled = (raw - (min ?? 0)) / (max - (min ?? 0));
  const score: JsonObject = {};
  if (scaled !== null && scaled >= -1 && scaled <= 1) score.scaled = Math.round(scaled * 10000) / 10000;
  if (raw !== null) score.raw = raw;
  if (min !== null) score.min = min;
  if (max !== null) score.max = max;
  // xAPI 2.4.5.1 needs min <= raw <= max: bounds that contradict the content's raw score are left out.
  if ((min !== null && max !== null && min > max) || (raw !== null && ((min !== null && raw < min) || (max !== null && raw > max)))) {
    delete score.min;
    delete score.max;
  }
  return Object.keys(score).length > 0 ? score : null;
}

function changed(previous: TrackingMap, next: TrackingMap, keys: string[]): boolean {
  return keys.some((k) => next[k] !== undefined && String(next[k]) !== String(previous[k] ?? ''));
}

/**
 * Writes the statements one progress save of a SCORM course means, and the attempt-state document,
 * in the caller's transaction (DESIGN.md 3: progress and learning record never disagree).
 * Returns the ids of the statements written or already present.
 */
export async function recordScormTracking(
  tx: Sql,
  input: ScormTrackingInput,
  /** inTransaction: `tx` is an open transaction that rolls back as a whole on error (the progress save's). */
  options: { inTransaction?: boolean } = {},
): Promise<{ statementIds: string[]; openScos: string[] }> {
  const is12 = (input.version ?? '').startsWith('1.2');
  const homePage = input.homePage.replace(/\/+$/, '');
  const courseIri = input.courseIri ?? `${homePage}/courses/${encodeURIComponent(String(input.courseId))}`;
  const attemptIri = `${courseIri}/attempts/${input.actorName}/${input.attempt}`;
  const registration = uuidV5(`registration|${courseIri}|${input.actorName}|${input.attempt}`);
  const actor: Actor = { objectType: 'Agent', account: { homePage, name: input.actorName } };
  const authority: Actor = { objectType: 'Agent', name: 'Learning platform', account: { homePage, name: 'lms' } };
  const timestamp = input.timestamp ?? new Date().toISOString();
  const fallbackSco = input.scoId ?? 'sco';
  const nextGroups = groupBySco(input.next, fallbackSco);
  const previousGroups = groupBySco(input.previous, fallbackSco);
  if (nextGroups.size === 0) nextGroups.set(fallbackSco, {});

  const course: JsonObject = {
    objectType: 'Activity',
    id: courseIri,
    definition: { type: ACTIVITY_TYPES.course, name: { und: input.title } },
  };
  const attemptActivity: JsonObject = { objectType: 'Activity', id: attemptIri, definition: { type: ACTIVITY_TYPES.attempt } };
  const statements: JsonObject[] = [];
  const openScos: string[] = [];

  for (const [scoId, elements] of nextGroups) {
    const sco: Sco = {
      id: scoId,
      iri: `${courseIri}/scos/${encodeURIComponent(scoId)}`,
      elements,
      previous: previousGroups.get(scoId) ?? {},
    };
    const scoActivity: JsonObject = {
      objectType: 'Activity',
      id: sco.iri,
      definition: { type: ACTIVITY_TYPES.lesson, name: { und: nextGroups.size > 1 ? `${input.title} (${scoId})` : input.title } },
    };
    const context = (parent: JsonObject | null): JsonObject => ({
      registration,
      contextActivities: {
        ...(parent ? { parent: [parent] } : {}),
        grouping: [attemptActivity, course],
        category: [{ objectType: 'Activity', id: SCORM_PROFILE, definition: { type: 'http://adlnet.gov/expapi/activities/profile' } }],
      },
    });
    const statement = (key: string, verb: keyof typeof VERBS, object: JsonObject, parent: JsonObject | null, result?: JsonObject): JsonObject => ({
      id: uuidV5(`${courseIri}|${input.actorName}|${input.attempt}|${sco.id}|${key}`),
      actor: actor as JsonObject,
      verb: { id: VERBS[verb], display: { 'en-US': verb } },
      object,
      ...(result && Object.keys(result).length > 0 ? { result } : {}),
      context: context(parent),
      timestamp,
    });

    // Session boundaries come from the attempt-state document (xAPI SCORM Profile: attempt state).
    const stateKey = { activityId: sco.iri, agent: actor, registration, stateId: ATTEMPT_STATE_ID };
    const [stateRow] = await tx.query<{ content: Uint8Array; content_type: string }>(
      `SELECT content, content_type FROM lrs.documents WHERE kind = 'state' AND activity_id = $1 AND agent = $2 AND registration = $3 AND document_id = $4 FOR UPDATE`,
      [sco.iri, agentParameterKey(actor), registration, ATTEMPT_STATE_ID],
      { prepare: true },
    );
    const storedState = stateRow ? Buffer.from(stateRow.content).toString('utf8') : null;
    const state: AttemptState = storedState !== null
      ? (JSON.parse(storedState) as AttemptState)
      : { sessions: 0, open: false, suspended: false };
    const retried = !state.open && state.closedWith === fingerprint(elements);
    if (!state.open && !retried) {
      state.sessions += 1;
      state.open = true;
      const verb = state.suspended ? 'resumed' : 'initialized';
      statements.push(statement(`session|${state.sessions}|${verb}`, verb, scoActivity, null));
      state.suspended = false;
    }

    const { elements: el, previous: prev } = sco;
    // Completion (SCORM 2004 RTE 4.2.4 completion_status / 1.2 lesson_status).
    const completion = str(read(el, is12, 'cmi.completion_status', 'cmi.core.lesson_status'));
    const wasCompletion = str(read(prev, is12, 'cmi.completion_status', 'cmi.core.lesson_status'));
    const completedNow = is12 ? ['completed', 'passed', 'failed'].includes(completion ?? '') : completion === 'completed';
    const completedBefore = is12 ? ['completed', 'passed', 'failed'].includes(wasCompletion ?? '') : wasCompletion === 'completed';
    const score = scoreOf(el, is12);
    if (completedNow && !completedBefore) {
      statements.push(statement('completion_status|completed', 'completed', scoActivity, null, { completion: true }));
    }
    // Success (2004 RTE 4.2.22 success_status / 1.2 lesson_status passed|failed).
    const success = is12 ? (completion === 'passed' || completion === 'failed' ? completion : undefined) : str(el['cmi.success_status']);
    const wasSuccess = is12 ? (wasCompletion === 'passed' || wasCompletion === 'failed' ? wasCompletion : undefined) : str(prev['cmi.success_status']);
    if ((success === 'passed' || success === 'failed') && success !== wasSuccess) {
      statements.push(
        statement(`success_status|${success}`, success, scoActivity, null, {
          success: success === 'passed',
          ...(score ? { score } : {}),
        }),
      );
    }
    const scoreKeys = is12
      ? ['cmi.core.score.raw', 'cmi.core.score.min', 'cmi.core.score.max']
      : ['cmi.score.scaled', 'cmi.score.raw', 'cmi.score.min', 'cmi.score.max'];
    if (score && changed(prev, el, scoreKeys)) {
      statements.push(statement(`score|${JSON.stringify(score)}`, 'scored', scoActivity, null, { score }));
    }

    // Objectives (2004 RTE 4.2.17 / 1.2 cmi.objectives.n).
    for (const n of indexes(el, 'cmi.objectives.')) {
      const p = `cmi.objectives.${n}.`;
      const objectiveId = str(el[`${p}id`]);
      if (!objectiveId) continue;
      const objective: JsonObject = {
        objectType: 'Activity',
        id: `${sco.iri}/objectives/${encodeURIComponent(objectiveId)}`,
        definition: { type: ACTIVITY_TYPES.objective, name: { und: objectiveId } },
      };
      const objectiveScore = scoreOf(el, false, p);
      const status12 = str(el[`${p}status`]);
      const objCompletion = is12 ? status12 : str(el[`${p}completion_status`]);
      const objSuccess = is12 ? (status12 === 'passed' || status12 === 'failed' ? status12 : undefined) : str(el[`${p}success_status`]);
      const before = (name: string) => str(prev[`${p}${name}`]);
      if ((is12 ? ['completed', 'passed', 'failed'].includes(objCompletion ?? '') : objCompletion === 'completed') && objCompletion !== before(is12 ? 'status' : 'completion_status')) {
        statements.push(statement(`objective|${objectiveId}|completed`, 'completed', objective, scoActivity, { completion: true }));
      }
      if ((objSuccess === 'passed' || objSuccess === 'failed') && objSuccess !== (is12 ? before('status') : before('success_status'))) {
        statements.push(
          statement(`objective|${objectiveId}|${objSuccess}`, objSuccess, objective, scoActivity, {
            success: objSuccess === 'passed',
            ...(objectiveScore ? { score: objectiveScore } : {}),
          }),
        );
      }
      if (objectiveScore && changed(prev, el, ['scaled', 'raw', 'min', 'max'].map((k) => `${p}score.${k}`))) {
        statements.push(statement(`objective|${objectiveId}|score|${JSON.stringify(objectiveScore)}`, 'scored', objective, scoActivity, { score: objectiveScore }));
      }
    }

    // Interactions (2004 RTE 4.2.9 / 1.2 cmi.interactions.n): one "responded" per answered interaction.
    for (const n of indexes(el, 'cmi.interactions.')) {
      const p = `cmi.interactions.${n}.`;
      const keys = Object.keys(el).filter((k) => k.startsWith(p));
      if (!changed(prev, el, keys)) continue;
      const interactionId = str(el[`${p}id`]);
      const response = str(el[`${p}learner_response`] ?? el[`${p}student_response`]);
      if (!interactionId || response === undefined) continue;
      const type = INTERACTION_TYPES[str(el[`${p}type`]) ?? ''] ?? 'other';
      const patterns = indexes(el, `${p}correct_responses.`)
        .map((k) => str(el[`${p}correct_responses.${k}.pattern`]))
        .filter((v): v is string => v !== undefined);
      const definition: JsonObject = { type: ACTIVITY_TYPES.interaction, interactionType: type };
      const description = str(el[`${p}description`]);
      if (description) definition.description = { und: description };
      if (patterns.length > 0) definition.correctResponsesPattern = patterns;
      const interaction: JsonObject = {
        objectType: 'Activity',
        id: `${sco.iri}/interactions/${encodeURIComponent(interactionId)}`,
        definition,
      };
      const outcome = str(el[`${p}result`]);
      const result: JsonObject = { response };
      if (outcome === 'correct') result.success = true;
      else if (outcome === 'incorrect' || outcome === 'wrong') result.success = false;
      const latency = toIsoDuration(str(el[`${p}latency`]));
      if (latency) result.duration = latency;
      const objectiveIds = indexes(el, `${p}objectives.`)
        .map((k) => str(el[`${p}objectives.${k}.id`]))
        .filter((v): v is string => v !== undefined);
      const s = statement(`interaction|${n}|${interactionId}|${response}|${outcome ?? ''}`, 'responded', interaction, scoActivity, result);
      if (objectiveIds.length > 0) {
        const ctx = s.context as JsonObject;
        (ctx.contextActivities as JsonObject).other = objectiveIds.map((id) => ({
          objectType: 'Activity',
          id: `${sco.iri}/objectives/${encodeURIComponent(id)}`,
          definition: { type: ACTIVITY_TYPES.objective },
        }));
      }
      statements.push(s);
    }

    if (input.isFinal && !retried) {
      const exit = str(read(el, is12, 'cmi.exit', 'cmi.core.exit'));
      // The SCO's own session time first (per SCO); the platform's session time when the SCO sent none.
      const duration = toIsoDuration(str(read(el, is12, 'cmi.session_time', 'cmi.core.session_time')) ?? input.timeSpent);
      const result: JsonObject = {};
      if (completion !== undefined && completion !== 'unknown' && completion !== 'not attempted') result.completion = completedNow;
      if (success === 'passed' || success === 'failed') result.success = success === 'passed';
      if (score) result.score = score;
      if (duration) result.duration = duration;
      const verb = exit === 'suspend' ? 'suspended' : 'terminated';
      statements.push(statement(`session|${state.sessions}|${verb}`, verb, scoActivity, null, result));
      state.open = false;
      state.suspended = exit === 'suspend';
      state.closedWith = fingerprint(elements);
    }

    // Most autosaves of a running session leave the attempt state as it was: the same document is not rewritten
    // (one write less per save; content and ETag would be identical).
    if (storedState !== JSON.stringify(state) || stateRow?.content_type !== 'application/json') {
      await putStateDocument(tx, stateKey, state);
    }
    if (state.open) openScos.push(scoId);
  }

  const prepared = statements.map((s) => {
    validateStatement(s, '2.0.0');
    const stored = normalizeForStorage(s);
    stored.stored = new Date().toISOString();
    stored.authority = authority as JsonObject;
    stored.version = '1.0.0';
    return { statement: stored, authorityKey: 'lms' };
  });
  await storeStatements(tx, prepared, [], { updateDefinitions: true, keepExisting: true, inCallerTransaction: options.inTransaction ?? false });
  return { statementIds: prepared.map((p) => p.statement.id as string), openScos: openScos.sort() };
}

function indexes(map: TrackingMap, prefix: string): number[] {
  const found = new Set<number>();
  for (const key of Object.keys(map)) {
    if (!key.startsWith(prefix)) continue;
    const m = /^(\d+)\./.exec(key.slice(prefix.length));
    if (m) found.add(Number(m[1]));
  }
  return [...found].sort((a, b) => a - b);
}

