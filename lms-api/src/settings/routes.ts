import { Type } from '@sinclair/typebox';
import type { Api } from '../http/api';
import type { AppDeps } from '../deps';
import { PublicSettings, ScormVersion } from './schema';
import { SCORM_VERSIONS, publicSettings } from './service';

export function registerSettingsRoutes(api: Api, { config }: AppDeps): void {
  api.route(
    {
      method: 'get',
      path: '/config',
      summary: 'Run-time settings for the web apps (maintenance, captcha, contact form, office details)',
      tag: 'settings',
      access: 'public',
      response: PublicSettings,
    },
    () => publicSettings(config),
  );

  api.route(
    {
      method: 'get',
      path: '/utils/scorm-versions/',
      summary: 'SCORM versions offered in the course form',
      tag: 'settings',
      access: 'public',
      response: Type.Array(ScormVersion),
    },
    () => SCORM_VERSIONS,
  );
}
