import type { PlatformConfig } from '../api/types';

/** The element in which the server embeds GET /api/v1/config's answer (lms-api `web/learner-pages.ts`). */
export const EMBEDDED_CONFIG_ID = 'platform-config';

/**
 * The platform configuration the server embedded in the page, or null (e.g. the Vite dev server): with it the
 * first render shows the right page at once - maintenance notice, contact form, intro video - with no flash.
 */
export function readEmbeddedConfig(): PlatformConfig | null {
  const text = document.getElementById(EMBEDDED_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PlatformConfig;
  } catch {
    return null;
  }
}
