// SCORM 1.2 run-time API (RTE 3.3): window.API.
import { DataModelStore } from '../runtime/data-model.js';
import { SCORM12_CODES, SCORM12_ERRORS, UNKNOWN_ERROR_CODE } from '../runtime/errors.js';
import type { RuntimeHooks, TrackingData } from '../runtime/api-state.js';
import { RuntimeApi, type ApiVersionRules } from '../runtime/api-base.js';
import { formatScorm12Timespan, parseScorm12Timespan } from '../types/duration.js';
import { SCORM12_MODEL } from './model.js';

export interface Scorm12Options extends RuntimeHooks {
  readonly learnerId?: string;
  readonly learnerName?: string;
  /** adlcp:datafromlms of the item. */
  readonly launchData?: string;
  readonly credit?: 'credit' | 'no-credit';
  readonly mode?: 'normal' | 'browse' | 'review';
  /** adlcp:masteryscore (0..100). */
  readonly masteryScore?: string | number;
  /** adlcp:maxtimeallowed, a CMITimespan. */
  readonly maxTimeAllowed?: string;
  /** adlcp:timelimitaction: exit,message | exit,no message | continue,message | continue,no message. */
  readonly timeLimitAction?: string;
  readonly commentsFromLms?: string;
  /** Data saved by earlier sessions of this SCO. */
  readonly trackingData?: TrackingData;
}

const LMS_OWNED = new Set([
  'cmi._version',
  'cmi.core.student_id',
  'cmi.core.student_name',
  'cmi.core.credit',
  'cmi.core.entry',
  'cmi.core.lesson_mode',
  'cmi.launch_data',
  'cmi.comments_from_lms',
  'cmi.student_data.mastery_score',
  'cmi.student_data.max_time_allowed',
  'cmi.student_data.time_limit_action',
]);
const SESSION_ONLY = new Set(['cmi.core.exit', 'cmi.core.session_time']);

const RULES: ApiVersionRules = {
  names: { initialize: 'LMSInitialize', terminate: 'LMSFinish', getValue: 'LMSGetValue', setValue: 'LMSSetValue', commit: 'LMSCommit' },
  // RTE 3.3: 1.2 has one state error, 301 "Not initialized", and reports a second LMSInitialize as 101.
  stateCodes: { initialize: [101, 101], terminate: [301, 301], getValue: [301, 301], setValue: [301, 301], commit: [301, 301] },
  reinitialized: 'LMSFinish has been called; this SCO instance cannot be initialized again.',
  errors: SCORM12_ERRORS,
  unknownError: UNKNOWN_ERROR_CODE,
};

export class Scorm12Api extends RuntimeApi<Scorm12Options> {
  readonly version = '1.2';
  // Own bound functions: content may call the methods detached from the object; they must still never throw.
  LMSInitialize = (arg?: unknown): string => this.initialize(arg);
  LMSFinish = (arg?: unknown): string => this.terminate(arg);
  LMSGetValue = (element?: unknown): string => this.getValue(element);
  LMSSetValue = (element?: unknown, value?: unknown): string => this.setValue(element, value);
  LMSCommit = (arg?: unknown): string => this.commit(arg);
  LMSGetLastError = (): string => this.lastError();
  LMSGetErrorString = (code?: unknown): string => this.errorString(code);
  LMSGetDiagnostic = (code?: unknown): string => this.diagnostic(code);

  constructor(options: Scorm12Options = {}) {
    super(RULES, options, new DataModelStore(SCORM12_MODEL, SCORM12_CODES));
    this.startSession();
  }

  /**
   * RTE 3.4 cmi.core.entry: "ab-initio" on the first launch, "resume" after exit=suspend,
   * otherwise "". Unlike 2004 attempts, 1.2 data persists from one session to the next.
   */
  private startSession(): void {
    const o = this.options;
    const { values } = this.store;
    const saved = o.trackingData;
    const first = !saved || Object.keys(saved).length === 0;
    if (saved) this.store.restore(Object.entries(saved).filter(([name]) => !LMS_OWNED.has(name) && !SESSION_ONLY.has(name)));
    const lms: Record<string, string | undefined> = {
      'cmi._version': '3.4',
      'cmi.core.student_id': o.learnerId ?? '',
      'cmi.core.student_name': o.learnerName ?? '',
      'cmi.core.credit': o.credit ?? 'credit',
      'cmi.core.lesson_mode': o.mode ?? 'normal',
      'cmi.core.entry': first ? 'ab-initio' : saved?.['cmi.core.exit'] === 'suspend' ? 'resume' : '',
      'cmi.launch_data': o.launchData ?? '',
      'cmi.comments_from_lms': o.commentsFromLms ?? '',
      'cmi.student_data.mastery_score': o.masteryScore === undefined ? '' : String(o.masteryScore),
      'cmi.student_data.max_time_allowed': o.maxTimeAllowed ?? '',
      'cmi.student_data.time_limit_action': o.timeLimitAction ?? '',
    };
    for (const [name, value] of Object.entries(lms)) if (value !== undefined) values.set(name, value);
    if (!values.has('cmi.core.lesson_status')) values.set('cmi.core.lesson_status', 'not attempted');
    if (!values.has('cmi.core.total_time')) values.set('cmi.core.total_time', '0000:00:00');
    const preference = { audio: '0', language: '', speed: '0', text: '0' };
    for (const [name, value] of Object.entries(preference)) {
      const key = `cmi.student_preference.${name}`;
      if (!values.has(key)) values.set(key, value);
    }
  }

  override trackingData(): TrackingData {
    const data: TrackingData = {};
    for (const [name, value] of this.store.values) if (!LMS_OWNED.has(name)) data[name] = value;
    return data;
  }

  /** Total time including the session time reported so far. */
  totalTimeHundredths(): number {
    const { values } = this.store;
    const total = parseScorm12Timespan(values.get('cmi.core.total_time') ?? '');
    const session = values.get('cmi.core.session_time');
    return this.apiState === 'terminated' || !session ? total : total + parseScorm12Timespan(session);
  }

  /** RTE 3.4: total time, and the status the LMS decides at the end of a session. */
  protected override finishSession(): void {
    const { values } = this.store;
    const session = values.get('cmi.core.session_time');
    if (session) values.set('cmi.core.total_time', formatScorm12Timespan(parseScorm12Timespan(values.get('cmi.core.total_time') ?? '') + parseScorm12Timespan(session)));
    const mastery = values.get('cmi.student_data.mastery_score') ?? '';
    const raw = values.get('cmi.core.score.raw') ?? '';
    const status = values.get('cmi.core.lesson_status');
    if (values.get('cmi.core.credit') === 'credit' && mastery !== '' && raw !== '') {
      // RTE 3.4 lesson_status: with a mastery score and a score, the LMS decides passed/failed.
      values.set('cmi.core.lesson_status', Number(raw) >= Number(mastery) ? 'passed' : 'failed');
    } else if (status === 'not attempted') {
      // Platform spec: a SCO that never set lesson_status is completed at LMSFinish ("browsed" in browse mode).
      values.set('cmi.core.lesson_status', values.get('cmi.core.lesson_mode') === 'browse' ? 'browsed' : 'completed');
    }
  }
}
