import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from 'lms-api/test-server';
import { createUser, ensureBuilt } from 'lms-api/test-browser';

export const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { apiClient, CHROMIUM_ARGS, CHROMIUM_PATH, createModule, importCourse, launchBrowser } from 'lms-api/test-browser';

/** The platform serving learner-web/dist (built once when missing). */
export async function startPlatform(overrides: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  ensureBuilt('learner-web');
  return startTestServer(overrides);
}

export async function newContext(browser: Browser, server: TestServer): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  return context;
}

/** Generates and registers a learner through the real API. */
export const createLearner = createUser;

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core violations of the page (or of one part of it), summarised for a readable failure. */
export async function axeViolations(page: Page, exclude?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (exclude) builder = builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Signs a learner in by putting the ID where the app keeps it, then opening the dashboard. */
export async function signInWithStorage(page: Page, anonymousId: string, language = 'fr'): Promise<void> {
  await page.goto(`/${language}/`);
  await page.evaluate((id) => localStorage.setItem('osaps.anonymousId', id), anonymousId);
  await page.goto(`/${language}/learn`);
}
