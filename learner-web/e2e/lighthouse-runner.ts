import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support';

export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';

export interface LighthouseScores {
  url: string;
  /** Where the page ended up (a guard redirect would show here). */
  finalUrl: string;
  scores: Partial<Record<Category, number>>;
  /** Lighthouse's own failure (e.g. no first paint seen), when it could not score the page. */
  error: string | null;
  /** Core timings (ms) and layout shift, when performance was measured. */
  metrics: Record<string, number>;
  /** Failing audits of the accessibility category, for a readable test failure. */
  failedAccessibilityAudits: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

/**
 * A Chromium (Debian's /usr/bin/chromium) whose default profile Lighthouse shares: Playwright prepares local
 * storage (e.g. a signed-in learner), Lighthouse then audits pages in the same profile without resetting storage.
 */
export async function openLighthouseBrowser(): Promise<{ context: BrowserContext; port: number; clearCache(): Promise<void>; close(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'osaps-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  return {
    context,
    port,
    async clearCache() {
      // Every audit starts from a cold HTTP cache (as Lighthouse's own storage reset would), local storage kept.
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await page.close();
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function runLighthouse(url: string, port: number, categories: Category[], formFactor: 'mobile' | 'desktop' = 'mobile'): Promise<LighthouseScores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: categories, disableStorageReset: true },
    formFactor === 'desktop'
      ? {
          extends: 'lighthouse:default',
          settings: {
            formFactor: 'desktop',
            screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
            throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
          },
        }
      : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const scores: Partial<Record<Category, number>> = {};
  for (const category of categories) {
    const score = lhr.categories[category]?.score;
    scores[category] = score == null ? Number.NaN : Math.round(score * 100);
  }
  const failedAccessibilityAudits = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
    .map((audit) => `${audit.id}: ${audit.title}`);
  const metrics: Record<string, number> = {};
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    const value = lhr.audits[id]?.numericValue;
    if (value != null) metrics[id] = Math.round(value * (id === 'cumulative-layout-shift' ? 1000 : 1)) / (id === 'cumulative-layout-shift' ? 1000 : 1);
  }
  return { url, error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null, metrics, finalUrl: lhr.finalDisplayedUrl, scores, failedAccessibilityAudits };
}
