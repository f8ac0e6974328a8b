import { createScormRecorder } from 'lrs';
import type { Api } from './http/api';
import type { AppDeps } from './deps';
import { registerHealthRoutes } from './health/routes';
import { registerUserRoutes } from './users/routes';
import { registerModuleRoutes } from './modules/routes';
import { registerCourseRoutes } from './courses/routes';
import { registerProgressRoutes } from './progress/routes';
import { registerAdminRoutes } from './admin/routes';
import { registerContactRoutes } from './contact/routes';
import { registerSettingsRoutes } from './settings/routes';
import { registerPackageRoutes } from './packages/routes';

/** Every domain of the API, registered in one place (each domain keeps its own routes.ts). */
export function registerRoutes(api: Api, deps: AppDeps): void {
  registerHealthRoutes(api, deps);
  registerUserRoutes(api, deps);
  registerModuleRoutes(api, deps);
  registerCourseRoutes(api, deps);
  // Each SCORM tracking save also becomes xAPI statements (ADL xAPI SCORM Profile), in the save's transaction.
  registerProgressRoutes(api, deps, createScormRecorder({ publicUrl: deps.config.publicUrl }));
  registerAdminRoutes(api, deps);
  registerContactRoutes(api, deps);
  registerSettingsRoutes(api, deps);
  registerPackageRoutes(api, deps);
}
