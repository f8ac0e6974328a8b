import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from 'lms-api/test-server';
import { seedCatalogue } from './fixtures';
import { openLighthouseBrowser, runLighthouse } from './lighthouse-runner';
import { createLearner, startPlatform } from './support';

/** Lighthouse accessibility score (deterministic, unlike performance) must be 100 on welcome, legal and dashboard. */
let server: TestServer;
let browser: Awaited<ReturnType<typeof openLighthouseBrowser>>;

beforeAll(async () => {
  server = await startPlatform();
  await seedCatalogue(server);
  const learner = await createLearner(server, { nickname: 'Lighthouse' });
  browser = await openLighthouseBrowser();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/fr/`);
  await page.evaluate((id) => localStorage.setItem('osaps.anonymousId', id), learner.anonymousId);
  await page.close();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Lighthouse accessibility', () => {
  // One retry: Lighthouse sometimes misses the first paint on a loaded machine (NO_FCP), which is not a page fault.
  it.each(['/fr/legal', '/fr/learn', '/en/learn'])('%s scores 100', { timeout: 120_000, retry: 1 }, async (path) => {
    const result = await runLighthouse(server.url + path, browser.port, ['accessibility']);
    expect(result.finalUrl).toBe(server.url + path);
    expect(result.failedAccessibilityAudits).toEqual([]);
    expect(result.scores.accessibility).toBe(100);
  });

  it('the welcome page scores 100 (signed out)', { timeout: 120_000, retry: 1 }, async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/fr/legal`);
    await page.evaluate(() => localStorage.removeItem('osaps.anonymousId'));
    await page.close();
    const result = await runLighthouse(`${server.url}/fr/`, browser.port, ['accessibility']);
    expect(result.finalUrl).toBe(`${server.url}/fr/`);
    expect(result.failedAccessibilityAudits).toEqual([]);
    expect(result.scores.accessibility).toBe(100);
  });
});
