// scorm-player: SCORM 1.2 and 2004 run-time APIs with their full data models, a persistence
// adapter for the platform's progress endpoints and a session that saves reliably.
import { Scorm12Api, type Scorm12Options } from './scorm12/api.js';
import { Scorm2004Api, type Scorm2004Options } from './scorm2004/api.js';

export { Scorm12Api, Scorm2004Api };
export type { Scorm12Options, Scorm2004Options };
export type { LmsComment } from './scorm2004/api.js';
export { isSuspended } from './scorm2004/api.js';
export type { SharedDataBuckets, SharedDataMap } from './scorm2004/model.js';
export type { ApiState, RuntimeHooks, TrackingData } from './runtime/api-state.js';
export { SCORM12_ERRORS, SCORM2004_ERRORS, UNKNOWN_ERROR_CODE } from './runtime/errors.js';
export type { NavigationHandler, NavigationRequest, NavRequestKind, RequestValidity } from './runtime/navigation.js';
export { parseNavRequest, unknownNavigation } from './runtime/navigation.js';
export { createFlowNavigation, type FlowNavigationOptions } from './runtime/flow-navigation.js';
export type { PersistenceAdapter, SaveOptions, SavePayload } from './persistence/adapter.js';
export { createMemoryAdapter } from './persistence/adapter.js';
export { createHttpAdapter, HttpError, readCookie, type HttpAdapterOptions } from './persistence/http-adapter.js';
export { SaveScheduler, readPendingSave, type SaveSchedulerOptions } from './persistence/save-scheduler.js';
export {
  ScormSession,
  ScoRuntime,
  mountScormRuntime,
  type LaunchOptions,
  type MountOptions,
  type MountedRuntime,
  type RuntimeEventMap,
  type ScormApi,
  type ScormVersion,
  type SessionOptions,
} from './session.js';
export { formatClock, formatIsoDuration, formatScorm12Timespan, parseIsoDuration, parseScorm12Timespan } from './types/duration.js';

/** window.API for a SCORM 1.2 SCO. */
export function createScorm12Api(options?: Scorm12Options): Scorm12Api {
  return new Scorm12Api(options);
}

/** window.API_1484_11 for a SCORM 2004 SCO. */
export function createScorm2004Api(options?: Scorm2004Options): Scorm2004Api {
  return new Scorm2004Api(options);
}
