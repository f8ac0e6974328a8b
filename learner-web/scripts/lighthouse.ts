/**
 * Prints Lighthouse scores (performance, accessibility, best practices, SEO) of the welcome, legal and dashboard
 * pages on the real platform, mobile (Lighthouse default, simulated slow 4G) and desktop. Performance varies with the
 * machine: it is reported, not asserted.
 */
import { seedCatalogue } from '../e2e/fixtures';
import { openLighthouseBrowser, runLighthouse, type Category } from '../e2e/lighthouse-runner';
import { createLearner, startPlatform } from '../e2e/support';

const CATEGORIES: Category[] = ['performance', 'accessibility', 'best-practices', 'seo'];

const server = await startPlatform();
const browser = await openLighthouseBrowser();
try {
  await seedCatalogue(server);
  const learner = await createLearner(server, { nickname: 'Lighthouse' });
  const rows: string[][] = [];
  for (const formFactor of ['mobile', 'desktop'] as const) {
    await browser.clearCache();
    const welcome = await runLighthouse(`${server.url}/fr/`, browser.port, CATEGORIES, formFactor);
    await browser.clearCache();
    const legal = await runLighthouse(`${server.url}/fr/legal`, browser.port, CATEGORIES, formFactor);
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/fr/`);
    await page.evaluate((id) => localStorage.setItem('osaps.anonymousId', id), learner.anonymousId);
    await page.close();
    await browser.clearCache();
    const dashboard = await runLighthouse(`${server.url}/fr/learn`, browser.port, CATEGORIES, formFactor);
    const signOut = await browser.context.newPage();
    await signOut.goto(`${server.url}/fr/legal`);
    await signOut.evaluate(() => localStorage.removeItem('osaps.anonymousId'));
    await signOut.close();
    for (const [name, result] of [['welcome', welcome], ['legal', legal], ['dashboard', dashboard]] as const) {
      rows.push([
        formFactor,
        name,
        ...CATEGORIES.map((category) => String(result.scores[category])),
        result.error ?? `FCP ${result.metrics['first-contentful-paint']} ms, LCP ${result.metrics['largest-contentful-paint']} ms, TBT ${result.metrics['total-blocking-time']} ms, CLS ${result.metrics['cumulative-layout-shift']}`,
      ]);
    }
  }
  const header = ['form factor', 'page', ...CATEGORIES, 'metrics'];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
} finally {
  await browser.close();
  await server.close();
}
