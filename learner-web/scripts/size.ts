/**
 * Prints the gzip size of the JavaScript the welcome page loads (every script chunk requested while it opens and
 * settles, lazy chunks included), read from learner-web/dist. Goal: <= 120 KB.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, packageDir, startPlatform } from '../e2e/support';

const GOAL_KB = 120;
const server = await startPlatform();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(`${server.url}/fr/`, { waitUntil: 'networkidle' });
  await page.locator('form.contact-form').waitFor();
  let total = 0;
  const rows = [...scripts].sort().map((urlPath) => {
    const bytes = readFileSync(path.join(packageDir, 'dist', urlPath));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    total += gzip;
    return `${urlPath.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB  ${(gzip / 1024).toFixed(1).padStart(6)} KB gzip`;
  });
  for (const row of rows) console.log(row);
  console.log(`welcome route JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} chunks (goal <= ${GOAL_KB} KB)`);
} finally {
  await browser.close();
  await server.close();
}
