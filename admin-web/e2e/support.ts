import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from 'lms-api/test-server';
import { ensureBuilt, importCourse as importFixture } from 'lms-api/test-browser';

export { apiClient, createModule, createUser, fixturesDir, launchBrowser } from 'lms-api/test-browser';

export const GOLF_12 = 'golf-scorm12-runtime-basic-single-sco.zip';
export const LANGUAGES = ['fr', 'en', 'de', 'lb'] as const;

/** The platform serving admin-web/dist (built once when missing). */
export async function startPlatform(): Promise<TestServer> {
  ensureBuilt('admin-web');
  return startTestServer();
}

/** A browser context already signed in as `anonymousId` (kept where the apps keep it) in `language`. */
export async function contextFor(
  browser: Browser,
  server: TestServer,
  anonymousId: string | null,
  language = 'fr',
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  // Reduced motion: the console then renders dialogs without fades, so axe measures final colours.
  const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: 'reduce' });
  await context.addInitScript(
    ({ id, lang }) => {
      if (id && !window.localStorage.getItem('osaps.anonymousId')) window.localStorage.setItem('osaps.anonymousId', id);
      window.localStorage.setItem('osaps.language', lang);
    },
    { id: anonymousId, lang: language },
  );
  return context;
}

/** Imports the Golf SCORM 1.2 fixture as a course with the given form fields. */
export function importCourse(server: TestServer, adminId: string, fields: Record<string, string>): Promise<{ id: number; title: string }> {
  return importFixture(server, adminId, path.join('scorm', GOLF_12), fields);
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core violations, one readable line each (empty = none). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
