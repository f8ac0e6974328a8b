export { lrsMigrations, type Migration } from './migrations';
export { createLrsApp, type LrsApp, type LrsAppOptions, type LrsLog } from './app';
export { type AuthResolver, type Principal } from './auth/authenticate';
export {
  createCredential,
  listCredentials,
  revokeCredential,
  getCredential,
  CredentialError,
  SCOPES,
  type Credential,
  type Scope,
} from './auth/credentials';
export type { Sql, Db } from './sql';
export type { XapiVersion } from './version';
export { createLrsAdminRouter } from './admin/router';
export { quietSaveCondition, recordScormTracking, SCORM_PROFILE, type ScormTrackingInput, type TrackingMap } from './scorm/mapping';
export { createScormRecorder, type SavedTracking, type ScormRecorder } from './scorm/recorder';
export { XapiError } from './errors';
