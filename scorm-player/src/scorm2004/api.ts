// SCORM 2004 run-time API (RTE 3.1): window.API_1484_11.
import { DataModelStore } from '../runtime/data-model.js';
import { SCORM2004_CODES, SCORM2004_ERRORS } from '../runtime/errors.js';
import { callHook, type RuntimeHooks, type TrackingData } from '../runtime/api-state.js';
import { RuntimeApi, type ApiVersionRules } from '../runtime/api-base.js';
import { parseNavRequest, parseTargetSuffix, unknownNavigation, type NavigationHandler, type NavigationRequest } from '../runtime/navigation.js';
import { formatIsoDuration, parseIsoDuration } from '../types/duration.js';
import { createScorm2004Model, evaluateCompletion, evaluateSuccess, type SharedDataBuckets, type SharedDataMap } from './model.js';

export interface LmsComment {
  readonly comment: string;
  readonly location?: string;
  readonly timestamp?: string;
}

export interface Scorm2004Options extends RuntimeHooks {
  readonly learnerId?: string;
  readonly learnerName?: string;
  /** adlcp:dataFromLMS of the item. */
  readonly launchData?: string;
  readonly credit?: 'credit' | 'no-credit';
  readonly mode?: 'normal' | 'browse' | 'review';
  /** adlcp:completionThreshold minProgressMeasure (when completedByMeasure is true). */
  readonly completionThreshold?: string | number;
  /** imsss:minNormalizedMeasure of the primary objective (when satisfiedByMeasure is true). */
  readonly scaledPassingScore?: string | number;
  /** imsss:attemptAbsoluteDurationLimit, an ISO 8601 duration. */
  readonly maxTimeAllowed?: string;
  /** adlcp:timeLimitAction; defaults to "continue,no message" (RTE cmi.time_limit_action). */
  readonly timeLimitAction?: string;
  readonly commentsFromLms?: readonly LmsComment[];
  readonly learnerPreference?: Partial<Record<'audio_level' | 'language' | 'delivery_speed' | 'audio_captioning', string>>;
  readonly navigation?: NavigationHandler;
  /** 4th Edition adl.data buckets of this SCO (adlcp:data/adlcp:map) and where they are stored. */
  readonly sharedData?: { readonly maps: readonly SharedDataMap[]; readonly buckets: SharedDataBuckets };
  /** Data saved by an earlier session of this SCO; resumed when that session exited with suspend. */
  readonly trackingData?: TrackingData;
  /** An adl.nav.request made at Terminate (RTE adl.nav.request): for the host to act on. */
  readonly onNavigationRequest?: (request: NavigationRequest) => void;
}

// Elements the LMS provides at launch: never taken from saved data, never saved.
const LMS_OWNED = new Set([
  'cmi._version',
  'cmi.credit',
  'cmi.mode',
  'cmi.entry',
  'cmi.learner_id',
  'cmi.learner_name',
  'cmi.launch_data',
  'cmi.completion_threshold',
  'cmi.scaled_passing_score',
  'cmi.max_time_allowed',
  'cmi.time_limit_action',
]);
const SESSION_ONLY = new Set(['cmi.exit', 'cmi.session_time', 'adl.nav.request', 'cmi.total_time']);

function isSavedElement(name: string): boolean {
  return !LMS_OWNED.has(name) && !name.startsWith('cmi.comments_from_lms.') && !name.startsWith('adl.data.');
}

/** RTE cmi.entry: the next session resumes only when this one ended with exit=suspend or a suspendAll request. */
export function isSuspended(data: TrackingData | undefined): boolean {
  return !!data && (data['cmi.exit'] === 'suspend' || data['adl.nav.request'] === 'suspendAll');
}

const RULES: ApiVersionRules = {
  names: { initialize: 'Initialize', terminate: 'Terminate', getValue: 'GetValue', setValue: 'SetValue', commit: 'Commit' },
  // SCORM 2004 RTE: each call has its own codes for "before Initialize" and "after Terminate".
  stateCodes: { initialize: [103, 104], terminate: [112, 113], getValue: [122, 123], setValue: [132, 133], commit: [142, 143] },
  reinitialized: 'This SCO instance has terminated; it cannot be initialized again.',
  errors: SCORM2004_ERRORS,
  // RTE GetErrorString: an unknown code gives the empty characterstring.
  unknownError: '',
};

export class Scorm2004Api extends RuntimeApi<Scorm2004Options> {
  readonly version = '2004';
  private readonly sharedMaps: readonly SharedDataMap[];
  // Own bound functions: content may call the methods detached from the object; they must still never throw.
  Initialize = (arg?: unknown): string => this.initialize(arg);
  Terminate = (arg?: unknown): string => this.terminate(arg);
  GetValue = (element?: unknown): string => this.getValue(element);
  SetValue = (element?: unknown, value?: unknown): string => this.setValue(element, value);
  Commit = (arg?: unknown): string => this.commit(arg);
  GetLastError = (): string => this.lastError();
  GetErrorString = (code?: unknown): string => this.errorString(code);
  GetDiagnostic = (code?: unknown): string => this.diagnostic(code);

  constructor(options: Scorm2004Options = {}) {
    const sharedMaps = options.sharedData?.maps ?? [];
    const buckets = options.sharedData?.buckets ?? new Map<string, string>();
    super(
      RULES,
      options,
      new DataModelStore(createScorm2004Model({ navigation: options.navigation ?? unknownNavigation, sharedMaps, sharedBuckets: buckets }), SCORM2004_CODES),
    );
    this.sharedMaps = sharedMaps;
    this.startAttempt();
  }

  private startAttempt(): void {
    const o = this.options;
    const { values, counts } = this.store;
    const saved = o.trackingData;
    const resume = isSuspended(saved);
    if (resume && saved) {
      this.store.restore(Object.entries(saved).filter(([name]) => isSavedElement(name) && !SESSION_ONLY.has(name)));
    }
    const lms: Record<string, string | undefined> = {
      'cmi._version': '1.0',
      'cmi.credit': o.credit ?? 'credit',
      'cmi.mode': o.mode ?? 'normal',
      'cmi.entry': resume ? 'resume' : 'ab-initio',
      'cmi.learner_id': o.learnerId ?? '',
      'cmi.learner_name': o.learnerName ?? '',
      'cmi.launch_data': o.launchData,
      'cmi.completion_threshold': o.completionThreshold === undefined ? undefined : String(o.completionThreshold),
      'cmi.scaled_passing_score': o.scaledPassingScore === undefined ? undefined : String(o.scaledPassingScore),
      'cmi.max_time_allowed': o.maxTimeAllowed,
      'cmi.time_limit_action': o.timeLimitAction ?? 'continue,no message',
      'cmi.total_time': resume && saved?.['cmi.total_time'] ? saved['cmi.total_time'] : 'PT0H0M0S',
      'adl.nav.request': '_none_',
    };
    for (const [name, value] of Object.entries(lms)) if (value !== undefined) values.set(name, value);
    const preference = { audio_level: '1', language: '', delivery_speed: '1', audio_captioning: '0', ...o.learnerPreference };
    for (const [name, value] of Object.entries(preference)) {
      const key = `cmi.learner_preference.${name}`;
      if (!values.has(key)) values.set(key, value);
    }
    (o.commentsFromLms ?? []).forEach((c, i) => {
      values.set(`cmi.comments_from_lms.${i}.comment`, c.comment);
      if (c.location !== undefined) values.set(`cmi.comments_from_lms.${i}.location`, c.location);
      if (c.timestamp !== undefined) values.set(`cmi.comments_from_lms.${i}.timestamp`, c.timestamp);
    });
    counts.set('cmi.comments_from_lms', o.commentsFromLms?.length ?? 0);
    this.sharedMaps.forEach((map, i) => values.set(`adl.data.${i}.id`, map.targetId));
    counts.set('adl.data', this.sharedMaps.length);
  }

  /** The run-time data to save: what the SCO wrote, the evaluated statuses and the total time. */
  override trackingData(): TrackingData {
    const data: TrackingData = {};
    for (const [name, value] of this.store.values) if (isSavedElement(name)) data[name] = value;
    data['cmi.completion_status'] = evaluateCompletion(this.store.values);
    data['cmi.success_status'] = evaluateSuccess(this.store.values);
    return data;
  }

  /** Total time including the session time reported so far (RTE cmi.total_time). */
  totalTimeHundredths(): number {
    const { values } = this.store;
    const session = values.get('cmi.session_time');
    return parseIsoDuration(values.get('cmi.total_time') ?? 'PT0H0M0S') + (this.apiState === 'terminated' || !session ? 0 : parseIsoDuration(session));
  }

  /** RTE cmi.total_time: total time accumulates the session time the SCO reported. */
  protected override finishSession(): void {
    const { values } = this.store;
    const session = values.get('cmi.session_time');
    if (session) values.set('cmi.total_time', formatIsoDuration(parseIsoDuration(values.get('cmi.total_time') ?? '') + parseIsoDuration(session)));
  }

  /** RTE adl.nav.request: a request made before Terminate is for the host to act on. */
  protected override afterTerminate(): void {
    const request = parseNavRequest(this.store.values.get('adl.nav.request') ?? '_none_');
    if (request && request.kind !== '_none_') callHook(this.options.onNavigationRequest, request);
  }

  /** adl.nav.request_valid.choice.{target=ID} and .jump.{target=ID}: target ids may contain dots. */
  protected override readSpecial(name: string): string | undefined {
    for (const kind of ['choice', 'jump'] as const) {
      const prefix = `adl.nav.request_valid.${kind}.`;
      if (!name.startsWith(prefix)) continue;
      const target = parseTargetSuffix(name.slice(prefix.length));
      if (target === null) return this.failGet(401, `${name} is not an element of the data model; expected ${prefix}{target=ID}.`);
      this.error.clear();
      return (this.options.navigation ?? unknownNavigation).isRequestValid(kind, target);
    }
    return undefined;
  }

  /** RTE adl.nav.request_valid: the element is read-only (404 Data Model Element Is Read Only). */
  protected override refuseSet(name: string): [code: number, diagnostic: string] | undefined {
    return name.startsWith('adl.nav.request_valid.') ? [404, `${name} is read-only.`] : undefined;
  }
}
