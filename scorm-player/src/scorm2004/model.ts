// SCORM 2004 (3rd and 4th Edition) run-time data model, RTE 4.2 and 4.4, as a table.
import type { CheckContext, DataModelDefinition, ElementSpec, Verdict } from '../runtime/data-model.js';
import type { NavigationHandler } from '../runtime/navigation.js';
import { parseNavRequest } from '../runtime/navigation.js';
import { isIsoDuration, isIsoTime } from '../types/duration.js';
import { INTERACTION_TYPES, MAX_CORRECT_RESPONSES, isCorrectResponsePattern, isLearnerResponse, type InteractionType } from '../types/responses.js';
import { decimalInRange, isDecimal, isIdentifier, isLanguage, splitLocalized } from '../types/values.js';

/** 4th Edition adl.data: one shared data bucket as mapped by the manifest's adlcp:data/adlcp:map. */
export interface SharedDataMap {
  readonly targetId: string;
  readonly readSharedData?: boolean;
  readonly writeSharedData?: boolean;
}

/** Where adl.data stores live: shared across SCOs (and possibly courses), so owned by the host. */
export interface SharedDataBuckets {
  get(targetId: string): string | undefined;
  set(targetId: string, value: string): void;
}

export interface Scorm2004ModelEnv {
  readonly navigation: NavigationHandler;
  readonly sharedMaps: readonly SharedDataMap[];
  readonly sharedBuckets: SharedDataBuckets;
}

const ok = 0 as const;
const rw = 'rw' as const;
const ro = 'ro' as const;

function vocab(...words: string[]): (value: string) => Verdict {
  const allowed = new Set(words);
  return (value) => (allowed.has(value) ? ok : 'type');
}

function real(min?: number, max?: number): (value: string) => Verdict {
  return (value) => (!isDecimal(value) ? 'type' : decimalInRange(value, min, max) ? ok : 'range');
}

const characterstring: (value: string) => Verdict = () => ok;
const localized = (value: string): Verdict => (splitLocalized(value) ? ok : 'type');
const longId = (value: string): Verdict => (isIdentifier(value, 4000) ? ok : 'type');
const time = (value: string): Verdict => (isIsoTime(value) ? ok : 'type');
const duration = (value: string): Verdict => (isIsoDuration(value) ? ok : 'type');

const COMPLETION = vocab('completed', 'incomplete', 'not attempted', 'unknown');
const SUCCESS = vocab('passed', 'failed', 'unknown');

function interactionType(ctx: CheckContext): InteractionType | undefined {
  return ctx.store.values.get(`${ctx.items[0]}.type`) as InteractionType | undefined;
}

/** RTE cmi.objectives.n.id: objective ids are unique within cmi.objectives and, once set, cannot change. */
function objectiveId(value: string, ctx: CheckContext): Verdict {
  if (!isIdentifier(value, 4000)) return 'type';
  const { values } = ctx.store;
  const current = values.get(ctx.path);
  if (current !== undefined) return current === value ? ok : 'set';
  const count = ctx.store.count('cmi.objectives');
  for (let i = 0; i < count; i++) {
    if (values.get(`cmi.objectives.${i}.id`) === value) return 'set';
  }
  return ok;
}

/** RTE cmi.interactions.n.objectives: interaction objective ids are unique within their interaction. */
function interactionObjectiveId(value: string, ctx: CheckContext): Verdict {
  if (!isIdentifier(value, 4000)) return 'type';
  const array = `${ctx.items[0]}.objectives`;
  const count = ctx.store.count(array);
  for (let i = 0; i < count; i++) {
    if (i !== ctx.indices[1] && ctx.store.values.get(`${array}.${i}.id`) === value) return 'set';
  }
  return ok;
}

function correctResponse(value: string, ctx: CheckContext): Verdict {
  const type = interactionType(ctx);
  if (!type) return 'dependency';
  const max = MAX_CORRECT_RESPONSES[type];
  if (max !== undefined && ctx.indices[1] >= max) return 'set';
  if (!isCorrectResponsePattern(type, value)) return 'type';
  // RTE cmi.interactions.n.correct_responses: the correct response patterns of a choice interaction must be distinct.
  if (type === 'choice') {
    const array = `${ctx.items[0]}.correct_responses`;
    const count = ctx.store.count(array);
    for (let i = 0; i < count; i++) {
      if (i !== ctx.indices[1] && ctx.store.values.get(`${array}.${i}.pattern`) === value) return 'set';
    }
  }
  return ok;
}

function learnerResponse(value: string, ctx: CheckContext): Verdict {
  const type = interactionType(ctx);
  if (!type) return 'dependency';
  return isLearnerResponse(type, value) ? ok : 'type';
}

const RESULT_WORDS = new Set(['correct', 'incorrect', 'unanticipated', 'neutral']);
const interactionResult = (value: string): Verdict => (RESULT_WORDS.has(value) || isDecimal(value) ? ok : 'type');

function languageOrEmpty(value: string): Verdict {
  return value === '' || isLanguage(value) ? ok : 'type';
}

/** RTE 4.2.4.1: completion status as evaluated against cmi.completion_threshold. */
export function evaluateCompletion(values: ReadonlyMap<string, string>): string {
  const threshold = values.get('cmi.completion_threshold');
  if (threshold !== undefined) {
    const progress = values.get('cmi.progress_measure');
    if (progress === undefined) return 'unknown';
    return Number(progress) >= Number(threshold) ? 'completed' : 'incomplete';
  }
  return values.get('cmi.completion_status') ?? 'unknown';
}

/** RTE 4.2.22: success status as evaluated against cmi.scaled_passing_score. */
export function evaluateSuccess(values: ReadonlyMap<string, string>): string {
  const passing = values.get('cmi.scaled_passing_score');
  if (passing !== undefined) {
    const scaled = values.get('cmi.score.scaled');
    if (scaled === undefined) return 'unknown';
    return Number(scaled) >= Number(passing) ? 'passed' : 'failed';
  }
  return values.get('cmi.success_status') ?? 'unknown';
}

const SCORE_CHILDREN = 'scaled,raw,min,max';
const COMMENT_CHILDREN = 'comment,location,timestamp';

function scoreElements(prefix: string): Record<string, ElementSpec> {
  return {
    [`${prefix}.scaled`]: { access: rw, check: real(-1, 1) },
    [`${prefix}.raw`]: { access: rw, check: real() },
    [`${prefix}.min`]: { access: rw, check: real() },
    [`${prefix}.max`]: { access: rw, check: real() },
  };
}

function sharedMap(ctx: CheckContext, env: Scorm2004ModelEnv): SharedDataMap | undefined {
  return env.sharedMaps[ctx.indices[0]];
}

export function createScorm2004Model(env: Scorm2004ModelEnv): DataModelDefinition {
  const elements: Record<string, ElementSpec> = {
    'cmi._version': { access: ro },
    'cmi.comments_from_learner.n.comment': { access: rw, check: localized },
    'cmi.comments_from_learner.n.location': { access: rw, check: characterstring },
    'cmi.comments_from_learner.n.timestamp': { access: rw, check: time },
    'cmi.comments_from_lms.n.comment': { access: ro },
    'cmi.comments_from_lms.n.location': { access: ro },
    'cmi.comments_from_lms.n.timestamp': { access: ro },
    'cmi.completion_status': { access: rw, check: COMPLETION, read: (ctx) => evaluateCompletion(ctx.store.values) },
    'cmi.completion_threshold': { access: ro },
    'cmi.credit': { access: ro },
    'cmi.entry': { access: ro },
    'cmi.exit': { access: 'wo', check: vocab('time-out', 'suspend', 'logout', 'normal', '') },
    'cmi.interactions.n.id': { access: rw, check: longId },
    'cmi.interactions.n.type': { access: rw, check: vocab(...INTERACTION_TYPES) },
    'cmi.interactions.n.objectives.n.id': { access: rw, check: interactionObjectiveId },
    'cmi.interactions.n.timestamp': { access: rw, check: time },
    'cmi.interactions.n.correct_responses.n.pattern': { access: rw, check: correctResponse },
    'cmi.interactions.n.weighting': { access: rw, check: real() },
    'cmi.interactions.n.learner_response': { access: rw, check: learnerResponse },
    'cmi.interactions.n.result': { access: rw, check: interactionResult },
    'cmi.interactions.n.latency': { access: rw, check: duration },
    'cmi.interactions.n.description': { access: rw, check: localized },
    'cmi.launch_data': { access: ro },
    'cmi.learner_id': { access: ro },
    'cmi.learner_name': { access: ro },
    'cmi.learner_preference.audio_level': { access: rw, check: real(0) },
    'cmi.learner_preference.language': { access: rw, check: languageOrEmpty },
    'cmi.learner_preference.delivery_speed': { access: rw, check: real(0) },
    'cmi.learner_preference.audio_captioning': { access: rw, check: vocab('-1', '0', '1') },
    'cmi.location': { access: rw, check: characterstring },
    'cmi.max_time_allowed': { access: ro },
    'cmi.mode': { access: ro },
    'cmi.objectives.n.id': { access: rw, check: objectiveId },
    ...scoreElements('cmi.objectives.n.score'),
    // RTE cmi.objectives: an objective's statuses read "unknown" until set.
    'cmi.objectives.n.success_status': { access: rw, check: SUCCESS, read: (ctx) => ctx.store.values.get(ctx.path) ?? 'unknown' },
    'cmi.objectives.n.completion_status': { access: rw, check: COMPLETION, read: (ctx) => ctx.store.values.get(ctx.path) ?? 'unknown' },
    'cmi.objectives.n.progress_measure': { access: rw, check: real(0, 1) },
    'cmi.objectives.n.description': { access: rw, check: localized },
    'cmi.progress_measure': { access: rw, check: real(0, 1) },
    'cmi.scaled_passing_score': { access: ro },
    ...scoreElements('cmi.score'),
    'cmi.session_time': { access: 'wo', check: duration },
    'cmi.success_status': { access: rw, check: SUCCESS, read: (ctx) => evaluateSuccess(ctx.store.values) },
    'cmi.suspend_data': { access: rw, check: characterstring },
    'cmi.time_limit_action': { access: ro },
    'cmi.total_time': { access: ro },
    'adl.nav.request': { access: rw, check: (value) => (parseNavRequest(value) ? ok : 'type') },
    'adl.nav.request_valid.continue': { access: ro, read: () => env.navigation.isRequestValid('continue') },
    'adl.nav.request_valid.previous': { access: ro, read: () => env.navigation.isRequestValid('previous') },
    'adl.data.n.id': { access: ro },
    'adl.data.n.store': {
      access: rw,
      readable: (ctx) => sharedMap(ctx, env)?.readSharedData !== false,
      writable: (ctx) => sharedMap(ctx, env)?.writeSharedData !== false,
      // The SCO cannot add buckets: only those the manifest maps exist.
      check: (_value, ctx) => (sharedMap(ctx, env) ? ok : 'set'),
      // The ADL 4th Ed test suite (DDM) expects a bucket holding "" to read as not initialized (403).
      read: (ctx) => {
        const map = sharedMap(ctx, env);
        const value = map && env.sharedBuckets.get(map.targetId);
        return value === '' ? undefined : value;
      },
      write: (value, ctx) => {
        const map = sharedMap(ctx, env);
        if (map) env.sharedBuckets.set(map.targetId, value);
      },
    },
  };
  return {
    elements,
    children: {
      'cmi.comments_from_learner': COMMENT_CHILDREN,
      'cmi.comments_from_lms': COMMENT_CHILDREN,
      'cmi.interactions': 'id,type,objectives,timestamp,correct_responses,weighting,learner_response,result,latency,description',
      'cmi.learner_preference': 'audio_level,language,delivery_speed,audio_captioning',
      'cmi.objectives': 'id,score,success_status,completion_status,progress_measure,description',
      'cmi.objectives.n.score': SCORE_CHILDREN,
      'cmi.score': SCORE_CHILDREN,
      'adl.data': 'id,store',
    },
    arrays: new Set([
      'cmi.comments_from_learner',
      'cmi.comments_from_lms',
      'cmi.interactions',
      'cmi.interactions.n.objectives',
      'cmi.interactions.n.correct_responses',
      'cmi.objectives',
      'adl.data',
    ]),
    idFirst: new Set(['cmi.interactions', 'cmi.objectives']),
  };
}
