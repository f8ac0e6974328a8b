// When tracking data is saved (platform spec section 4 "Course player and tracking"): autosave
// every 30 s, commits at most every 5 s (with a trailing save), immediately on finish and on
// completed/passed, with keepalive on pagehide. Every save is written ahead to localStorage and
// cleared once the server has it, so a save that fails (or a page that dies) is retried on the
// next save, on the "online" event or on the next load: no acknowledged SetValue is lost.
import type { PersistenceAdapter, SavePayload } from './adapter.js';

export interface SaveSchedulerOptions {
  readonly adapter: PersistenceAdapter;
  /** Builds the payload to send now (the whole course's tracking data). */
  readonly snapshot: (isFinal: boolean) => SavePayload;
  readonly autosaveMs?: number;
  readonly commitThrottleMs?: number;
  readonly storage?: Storage | null;
  readonly onSaved?: (payload: SavePayload) => void;
  readonly onError?: (error: unknown, payload: SavePayload) => void;
}

const PREFIX = 'scorm-player:pending:';

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A payload that was not confirmed by the server, kept for this adapter key. */
export function readPendingSave(key: string, storage: Storage | null = defaultStorage()): SavePayload | null {
  try {
    const text = storage?.getItem(PREFIX + key);
    if (!text) return null;
    const parsed = JSON.parse(text) as SavePayload;
    return parsed && typeof parsed.tracking_data === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export class SaveScheduler {
  private readonly adapter: PersistenceAdapter;
  private readonly storage: Storage | null;
  private readonly throttleMs: number;
  private autosaveTimer: ReturnType<typeof setInterval> | undefined;
  private trailingTimer: ReturnType<typeof setTimeout> | undefined;
  private lastSaveStart = -Infinity;
  private dirty = false;
  private inFlight: Promise<void> | null = null;
  private followUp: Promise<void> | null = null;
  private followUpFinal = false;
  private stopped = false;
  /** After pagehide every request must outlive the page (the SCO's own unload handler saves last). */
  private leaving = false;

  constructor(private readonly options: SaveSchedulerOptions) {
    this.adapter = options.adapter;
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.throttleMs = options.commitThrottleMs ?? 5000;
    const autosaveMs = options.autosaveMs ?? 30_000;
    if (autosaveMs > 0) this.autosaveTimer = setInterval(() => this.dirty && void this.saveNow(false), autosaveMs);
  }

  private get storageKey(): string {
    return PREFIX + this.adapter.key;
  }

  /** Data changed (SetValue): the next autosave will send it. */
  markDirty(): void {
    this.dirty = true;
  }

  /** Commit: save now unless a save started less than the throttle interval ago; then save at its end. */
  requestSave(): void {
    this.dirty = true;
    if (this.stopped) return;
    const wait = this.lastSaveStart + this.throttleMs - Date.now();
    if (wait <= 0) {
      void this.saveNow(false);
      return;
    }
    if (this.trailingTimer === undefined) {
      this.trailingTimer = setTimeout(() => {
        this.trailingTimer = undefined;
        void this.saveNow(false);
      }, wait);
    }
  }

  /**
   * Saves at once (finish, completed/passed). While a save is in flight, later requests share ONE follow-up
   * save, taken when the running one ends; every caller's promise settles only once a save that includes the
   * state at the time of its call has ended (close() relies on it).
   */
  saveNow(isFinal: boolean): Promise<void> {
    if (this.inFlight) {
      this.followUpFinal ||= isFinal;
      this.followUp ??= this.inFlight.then(() => {
        const final = this.followUpFinal;
        this.followUp = null;
        this.followUpFinal = false;
        return this.saveNow(final);
      });
      return this.followUp;
    }
    const payload = this.options.snapshot(isFinal);
    this.inFlight = this.send(payload, this.leaving).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** pagehide: the page is going away; send with keepalive and leave the payload written ahead. */
  saveOnPageHide(): void {
    this.leaving = true;
    const payload = this.options.snapshot(false);
    void this.send(payload, true);
  }

  /** pageshow after pagehide (back/forward cache): the page lives on. */
  pageShown(): void {
    this.leaving = false;
  }

  /** Retries a payload an earlier page could not deliver (called at load and on "online"). */
  retryPending(): Promise<void> {
    const pending = readPendingSave(this.adapter.key, this.storage);
    if (!pending || this.inFlight) return Promise.resolve();
    this.inFlight = this.send(pending, false).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async send(payload: SavePayload, keepalive: boolean): Promise<void> {
    if (this.trailingTimer !== undefined) {
      clearTimeout(this.trailingTimer);
      this.trailingTimer = undefined;
    }
    this.lastSaveStart = Date.now();
    this.dirty = false;
    this.writeAhead(payload);
    try {
      await this.adapter.save(payload, { keepalive });
      this.clearIfUnchanged(payload);
      this.options.onSaved?.(payload);
    } catch (error) {
      // Platform spec section 4: saving errors are only logged; the payload stays in localStorage.
      this.dirty = true;
      console.warn('[scorm-player] saving tracking data failed; kept for retry', error);
      this.options.onError?.(error, payload);
    }
  }

  private writeAhead(payload: SavePayload): void {
    try {
      this.storage?.setItem(this.storageKey, JSON.stringify(payload));
    } catch (error) {
      console.warn('[scorm-player] cannot keep tracking data in localStorage', error);
    }
  }

  private clearIfUnchanged(payload: SavePayload): void {
    try {
      const current = this.storage?.getItem(this.storageKey);
      if (current !== null && current !== undefined && current === JSON.stringify(payload)) this.storage?.removeItem(this.storageKey);
    } catch {
      // Storage unavailable: nothing was kept either.
    }
  }

  /** Stops the timers; pending data stays in localStorage. */
  stop(): void {
    this.stopped = true;
    if (this.autosaveTimer !== undefined) clearInterval(this.autosaveTimer);
    if (this.trailingTimer !== undefined) clearTimeout(this.trailingTimer);
    this.autosaveTimer = undefined;
    this.trailingTimer = undefined;
  }
}
