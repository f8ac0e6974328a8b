// A learner's session with one course: loads its saved tracking data once, runs one API
// instance per SCO attempt (a clean reset between SCOs), saves through a SaveScheduler and
// surfaces what the host page needs as events.
import type { PersistenceAdapter, SavePayload } from './persistence/adapter.js';
import { createMemoryAdapter } from './persistence/adapter.js';
import { SaveScheduler, readPendingSave } from './persistence/save-scheduler.js';
import type { TrackingData } from './runtime/api-state.js';
import type { NavigationHandler, NavigationRequest } from './runtime/navigation.js';
import { Scorm12Api } from './scorm12/api.js';
import { Scorm2004Api, type LmsComment } from './scorm2004/api.js';
import { evaluateCompletion, evaluateSuccess, type SharedDataBuckets, type SharedDataMap } from './scorm2004/model.js';
import { formatClock, parseIsoDuration, parseScorm12Timespan } from './types/duration.js';

export type ScormVersion = '1.2' | '2004';

/** What the LMS knows about the SCO being launched (mostly from the manifest item). */
export interface LaunchOptions {
  /** Item identifier; in a multi-SCO course it prefixes the SCO's keys in tracking_data. */
  readonly scoId?: string;
  readonly launchData?: string;
  readonly masteryScore?: string | number;
  readonly maxTimeAllowed?: string;
  readonly timeLimitAction?: string;
  readonly completionThreshold?: string | number;
  readonly scaledPassingScore?: string | number;
  readonly credit?: 'credit' | 'no-credit';
  readonly mode?: 'normal' | 'browse' | 'review';
  readonly commentsFromLms?: readonly LmsComment[];
  readonly navigation?: NavigationHandler;
  readonly sharedDataMaps?: readonly SharedDataMap[];
}

export interface SessionOptions {
  readonly version: ScormVersion;
  /** The window the SCO looks for the API on (window.API / window.API_1484_11). */
  readonly window?: Window;
  readonly adapter?: PersistenceAdapter;
  readonly learnerId?: string;
  readonly learnerName?: string;
  /** Keys of each SCO are prefixed with "<scoId>/" (set for courses with more than one SCO). */
  readonly multiSco?: boolean;
  readonly autosaveMs?: number;
  readonly commitThrottleMs?: number;
  /** Where failed saves are kept (defaults to localStorage); null disables it. */
  readonly storage?: Storage | null;
  /** 4th Ed adl.data buckets shared by the SCOs (default: kept in tracking_data under "shared_data/<targetId>"). */
  readonly sharedBuckets?: SharedDataBuckets;
}

export type ScormApi = Scorm12Api | Scorm2004Api;

export interface RuntimeEventMap {
  initialize: CustomEvent<{ scoId: string }>;
  setvalue: CustomEvent<{ element: string; value: string }>;
  commit: CustomEvent<{ trackingData: TrackingData }>;
  terminate: CustomEvent<{ trackingData: TrackingData }>;
  navrequest: CustomEvent<NavigationRequest & { scoId: string }>;
  statuschange: CustomEvent<{ element: string; value: string }>;
  save: CustomEvent<SavePayload>;
  saveerror: CustomEvent<{ error: unknown; payload: SavePayload }>;
}

const SHARED_PREFIX = 'shared_data/';
/** A data-model key without SCO prefix starts with the data model's root. */
const UNPREFIXED = /^(cmi|adl)\./;
const DONE = new Set(['completed', 'passed']);
const LOAD_ATTEMPTS = 3;

/** The statuses as the LMS sees them (2004: evaluated against threshold and passing score). */
function statusesOf(api: ScormApi): Record<string, string> {
  const { values } = api.store;
  if (api.version === '1.2') return { 'cmi.core.lesson_status': values.get('cmi.core.lesson_status') ?? '' };
  return { 'cmi.completion_status': evaluateCompletion(values), 'cmi.success_status': evaluateSuccess(values) };
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One SCO attempt: its API object, installed on the host window until unmounted. */
export class ScoRuntime {
  constructor(
    readonly api: ScormApi,
    readonly scoId: string,
    private readonly detach: () => void,
  ) {}

  /** Removes the API from the window; no timers or listeners of this SCO remain. */
  unmount(): void {
    this.detach();
  }
}

export class ScormSession extends EventTarget {
  private data: TrackingData;
  private readonly adapter: PersistenceAdapter;
  private readonly scheduler: SaveScheduler;
  private current: ScoRuntime | null = null;
  private readonly win: Window | undefined;
  private readonly removeWindowListeners: () => void;
  private readonly sharedBuckets: SharedDataBuckets;

  private constructor(
    readonly options: SessionOptions,
    initial: TrackingData,
  ) {
    super();
    this.data = initial;
    this.adapter = options.adapter ?? createMemoryAdapter();
    this.win = options.window ?? (typeof window === 'undefined' ? undefined : window);
    this.sharedBuckets = options.sharedBuckets ?? {
      get: (id) => this.data[SHARED_PREFIX + id],
      set: (id, value) => {
        this.data[SHARED_PREFIX + id] = value;
      },
    };
    this.scheduler = new SaveScheduler({
      adapter: this.adapter,
      snapshot: (isFinal) => this.payload(isFinal),
      autosaveMs: options.autosaveMs,
      commitThrottleMs: options.commitThrottleMs,
      storage: options.storage,
      onSaved: (payload) => this.emit('save', payload),
      onError: (error, payload) => this.emit('saveerror', { error, payload }),
    });
    const onPageHide = (): void => {
      this.syncCurrent();
      this.scheduler.saveOnPageHide();
    };
    const onOnline = (): void => void this.scheduler.retryPending();
    const onPageShow = (): void => this.scheduler.pageShown();
    // Mobile browsers may discard a hidden page without pagehide: save when it is hidden too.
    const doc = this.win?.document;
    const onVisibility = (): void => {
      if (doc?.visibilityState === 'hidden') {
        this.syncCurrent();
        void this.scheduler.saveNow(false);
      }
    };
    this.win?.addEventListener('pagehide', onPageHide);
    this.win?.addEventListener('pageshow', onPageShow);
    this.win?.addEventListener('online', onOnline);
    doc?.addEventListener('visibilitychange', onVisibility);
    this.removeWindowListeners = () => {
      this.win?.removeEventListener('pagehide', onPageHide);
      this.win?.removeEventListener('pageshow', onPageShow);
      this.win?.removeEventListener('online', onOnline);
      doc?.removeEventListener('visibilitychange', onVisibility);
    };
  }

  /**
   * Loads the course's saved data (a save the last page could not deliver wins) and retries that
   * save. Loading is retried; when it still fails and this browser kept nothing, open rejects:
   * starting empty would overwrite the learner's saved progress at the first save.
   */
  static async open(options: SessionOptions): Promise<ScormSession> {
    const adapter = options.adapter ?? createMemoryAdapter();
    const pending = readPendingSave(adapter.key, options.storage === undefined ? undefined : options.storage);
    let loaded: TrackingData | null = null;
    for (let attempt = 1; ; attempt++) {
      try {
        loaded = await adapter.load();
        break;
      } catch (error) {
        if (attempt < LOAD_ATTEMPTS) {
          await wait(250 * 2 ** attempt);
          continue;
        }
        if (!pending) throw error;
        console.warn('[scorm-player] loading tracking data failed; starting from what this browser kept', error);
        break;
      }
    }
    const session = new ScormSession({ ...options, adapter }, { ...(loaded ?? {}), ...(pending?.tracking_data ?? {}) });
    if (pending) await session.scheduler.retryPending();
    return session;
  }

  private emit<K extends keyof RuntimeEventMap>(type: K, detail: RuntimeEventMap[K]['detail']): void {
    try {
      this.dispatchEvent(new CustomEvent(type, { detail }));
    } catch (error) {
      console.error('[scorm-player] event listener failed', error);
    }
  }

  private prefix(scoId: string): string {
    return this.options.multiSco ? `${scoId}/` : '';
  }

  /** The saved data of one SCO, without its prefix. */
  scoData(scoId: string): TrackingData {
    const prefix = this.prefix(scoId);
    const out: TrackingData = {};
    for (const [key, value] of Object.entries(this.data)) {
      if (prefix ? key.startsWith(prefix) : UNPREFIXED.test(key)) out[key.slice(prefix.length)] = value;
    }
    return out;
  }

  private storeScoData(scoId: string, sco: TrackingData): void {
    const prefix = this.prefix(scoId);
    for (const key of Object.keys(this.data)) {
      if (prefix ? key.startsWith(prefix) : UNPREFIXED.test(key)) delete this.data[key];
    }
    for (const [key, value] of Object.entries(sco)) this.data[prefix + key] = value;
  }

  private syncCurrent(): void {
    const runtime = this.current;
    if (runtime && runtime.api.apiState === 'running') this.storeScoData(runtime.scoId, runtime.api.trackingData());
  }

  /** The whole course's tracking data as it would be saved now. */
  trackingData(): TrackingData {
    this.syncCurrent();
    return { ...this.data };
  }

  /** time_spent: the total time of every SCO, the running one including its reported session time. */
  private payload(isFinal: boolean): SavePayload {
    this.syncCurrent();
    let hundredths = 0;
    for (const [key, value] of Object.entries(this.data)) {
      if (key.endsWith('cmi.core.total_time')) hundredths += parseScorm12Timespan(value);
      else if (key.endsWith('cmi.total_time')) hundredths += parseIsoDuration(value);
    }
    const running = this.current?.api;
    if (running && running.apiState === 'running') {
      const key = this.prefix(this.current?.scoId ?? '') + (running.version === '1.2' ? 'cmi.core.total_time' : 'cmi.total_time');
      const stored = this.data[key];
      const storedHundredths = stored === undefined ? 0 : running.version === '1.2' ? parseScorm12Timespan(stored) : parseIsoDuration(stored);
      hundredths += running.totalTimeHundredths() - storedHundredths;
    }
    return { tracking_data: { ...this.data }, time_spent: formatClock(hundredths), is_final: isFinal };
  }

  /**
   * Starts a SCO attempt: a new API object on the host window. A SCO still running is
   * unmounted first (its data saved), so nothing leaks from one SCO to the next.
   */
  launch(launch: LaunchOptions = {}): ScoRuntime {
    this.current?.unmount();
    const scoId = launch.scoId ?? '';
    const o = this.options;
    let statuses: Record<string, string> = {};
    const hooks = {
      onInitialize: () => {
        statuses = statusesOf(api);
        this.emit('initialize', { scoId });
      },
      onSetValue: (element: string, value: string) => {
        this.scheduler.markDirty();
        this.emit('setvalue', { element, value });
        // Platform spec 4: save as soon as the SCO is completed or passed (2004: as evaluated).
        const now = statusesOf(api);
        let done = false;
        for (const [name, status] of Object.entries(now)) {
          if (statuses[name] === status) continue;
          this.emit('statuschange', { element: name, value: status });
          done ||= DONE.has(status);
        }
        statuses = now;
        if (done) {
          this.syncCurrent();
          void this.scheduler.saveNow(false);
        }
      },
      onCommit: (trackingData: TrackingData) => {
        this.storeScoData(scoId, trackingData);
        this.emit('commit', { trackingData });
        this.scheduler.requestSave();
      },
      onTerminate: (trackingData: TrackingData) => {
        this.storeScoData(scoId, trackingData);
        this.emit('terminate', { trackingData });
        void this.scheduler.saveNow(true);
      },
    };
    const saved = this.scoData(scoId);
    const common = {
      ...hooks,
      learnerId: o.learnerId,
      learnerName: o.learnerName,
      launchData: launch.launchData,
      maxTimeAllowed: launch.maxTimeAllowed,
      timeLimitAction: launch.timeLimitAction,
      credit: launch.credit,
      mode: launch.mode,
      trackingData: Object.keys(saved).length ? saved : undefined,
    };
    const api: ScormApi =
      o.version === '1.2'
        ? new Scorm12Api({ ...common, masteryScore: launch.masteryScore, commentsFromLms: launch.commentsFromLms?.map((c) => c.comment).join('\n') })
        : new Scorm2004Api({
            ...common,
            completionThreshold: launch.completionThreshold,
            scaledPassingScore: launch.scaledPassingScore,
            commentsFromLms: launch.commentsFromLms,
            navigation: launch.navigation,
            sharedData: launch.sharedDataMaps ? { maps: launch.sharedDataMaps, buckets: this.sharedBuckets } : undefined,
            onNavigationRequest: (request) => this.emit('navrequest', { ...request, scoId }),
          });
    const win = this.win as (Window & { API?: unknown; API_1484_11?: unknown }) | undefined;
    const slot = o.version === '1.2' ? 'API' : 'API_1484_11';
    if (win) win[slot] = api;
    const runtime = new ScoRuntime(api, scoId, () => {
      if (api.apiState === 'running') {
        // The host left before the SCO terminated: keep what it stored.
        this.storeScoData(scoId, api.trackingData());
        void this.scheduler.saveNow(false);
      }
      if (win && win[slot] === api) delete win[slot];
      if (this.current === runtime) this.current = null;
    });
    this.current = runtime;
    return runtime;
  }

  /** Saves now (e.g. when the host page navigates away inside a single-page app). */
  flush(isFinal = false): Promise<void> {
    return this.scheduler.saveNow(isFinal);
  }

  /** Unmounts the running SCO, saves, and removes every timer and listener of the session. */
  async close(): Promise<void> {
    this.current?.unmount();
    await this.scheduler.saveNow(false);
    this.scheduler.stop();
    this.removeWindowListeners();
  }

  override addEventListener<K extends keyof RuntimeEventMap>(type: K, listener: (event: RuntimeEventMap[K]) => void, options?: boolean | AddEventListenerOptions): void;
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null | ((event: Event) => void), options?: boolean | AddEventListenerOptions): void {
    super.addEventListener(type, listener as EventListenerOrEventListenerObject | null, options);
  }
}

export interface MountOptions extends SessionOptions, LaunchOptions {}

export interface MountedRuntime {
  readonly session: ScormSession;
  readonly runtime: ScoRuntime;
  readonly api: ScormApi;
  /** Saves, removes the API from the window and stops every timer and listener. */
  terminate(): Promise<void>;
  addEventListener: ScormSession['addEventListener'];
  removeEventListener: ScormSession['removeEventListener'];
}

/** Loads saved data, installs the API of one SCO on the window and wires saving. */
export async function mountScormRuntime(options: MountOptions): Promise<MountedRuntime> {
  const session = await ScormSession.open(options);
  const runtime = session.launch(options);
  return {
    session,
    runtime,
    api: runtime.api,
    terminate: () => session.close(),
    addEventListener: session.addEventListener.bind(session),
    removeEventListener: session.removeEventListener.bind(session),
  };
}
