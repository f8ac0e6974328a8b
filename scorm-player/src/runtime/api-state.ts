// The run-time API state machine shared by both versions (SCORM 2004 RTE API instance states,
// SCORM 1.2 RTE 3.3): not initialized -> running -> terminated, with the last error kept
// for GetLastError / GetErrorString / GetDiagnostic.

export type ApiState = 'not-initialized' | 'running' | 'terminated';

/** Flat map of data-model element -> value, as saved between sessions ("tracking_data"). */
export type TrackingData = Record<string, string>;

/** Hooks a host uses to persist and react; none of them may break the API if they throw. */
export interface RuntimeHooks {
  /** After a successful Initialize. */
  readonly onInitialize?: () => void;
  /** After every successful SetValue. */
  readonly onSetValue?: (element: string, value: string) => void;
  /** Commit: the runtime's tracking data should be saved (throttled by the host). */
  readonly onCommit?: (data: TrackingData) => void;
  /** Terminate / LMSFinish: the final tracking data of this session. */
  readonly onTerminate?: (data: TrackingData) => void;
}

export class LastError {
  code = 0;
  diagnostic = '';

  set(code: number, diagnostic = ''): void {
    this.code = code;
    this.diagnostic = diagnostic;
  }

  clear(): void {
    this.code = 0;
    this.diagnostic = '';
  }
}

/** The argument of Initialize / Terminate / Commit must be the empty characterstring. */
export function isEmptyArgument(arg: unknown): boolean {
  return arg === undefined || arg === null || arg === '';
}

export function asText(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** Calls a host hook; a host failure is logged and never reaches the content. */
export function callHook<A extends unknown[]>(hook: ((...args: A) => void) | undefined, ...args: A): void {
  if (!hook) return;
  try {
    hook(...args);
  } catch (error) {
    console.error('[scorm-player] host hook failed', error);
  }
}
