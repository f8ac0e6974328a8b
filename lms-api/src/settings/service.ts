import type { Config } from '../config/config';
import type { PublicSettings, ScormVersion } from './schema';

/** DESIGN.md 1: the office running the platform (public facts, kept in this one place). */
export const OFFICE: PublicSettings['office'] = {
  name: 'Office de surveillance de l’accessibilité des produits et services',
  short_name: 'OSAPS',
  address: ['11, rue Robert Stümper', 'L-2557 Luxembourg-Gasperich'],
  phone: '(+352) 247-76555',
  email: 'info@osaps.etat.lu',
  website: 'https://accessibilite-produits-services.public.lu',
  law_url: 'https://accessibilite-produits-services.public.lu/fr/communaute/loi.html',
};

/** Spec 9 SCORM versions offered: 1.2, 2004 3rd Edition, 2004 4th Edition, 2004 generic. */
export const SCORM_VERSIONS: readonly ScormVersion[] = [
  { value: '1.2', label: 'SCORM 1.2' },
  { value: '2004 3rd Edition', label: 'SCORM 2004 3rd Edition' },
  { value: '2004 4th Edition', label: 'SCORM 2004 4th Edition' },
  { value: '2004', label: 'SCORM 2004' },
];

export function publicSettings(config: Config): PublicSettings {
  return {
    production: config.production,
    dev_admin_mode: config.devAdminMode,
    use_captcha: config.useCaptcha,
    maintenance_mode: config.maintenanceMode,
    contact_form_enabled: config.contactFormEnabled,
    api_base_url: '/api/v1',
    captcha_endpoint: '/api/v1/contact/captcha-challenge',
    intro_video: config.introVideoUrl ? { url: config.introVideoUrl, captions_url: config.introVideoCaptionsUrl } : null,
    office: OFFICE,
  };
}
