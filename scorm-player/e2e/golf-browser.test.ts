// The Golf run-time packages (Rustici Software, CC BY 3.0 US) played in a real Chromium against the
// BUILT single-script file, saving through the HTTP adapter to the real platform API (lms-api on a
// fresh database): data is saved, and a reload resumes with entry=resume and the saved bookmark.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fixture, type TestApp } from 'lms-api/testing';
import { launchBrowser } from 'lms-api/test-browser';
import { readZipEntries } from '../test/adl/suite.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageRoot = path.resolve(here, '..');
const fixtures = fixture('scorm');
const BUNDLE = path.join(packageRoot, 'dist/scorm-player.iife.js');

const HOST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>scorm-player host</title><script src="/scorm-player.iife.js"></script></head>
<body><iframe id="sco" title="course" style="width:100%;height:640px"></iframe>
<script>
(async () => {
  const q = new URLSearchParams(location.search);
  const anonymousId = localStorage.getItem('anonymous_id');
  window.__saves = [];
  window.__nav = [];
  window.__started = [];
  window.__dialogs = [];
  const adapter = ScormPlayer.createHttpAdapter({ courseId: q.get('course'), getAnonymousId: () => anonymousId });
  const frame = document.getElementById('sco');
  if (q.get('multi')) {
    // A table-of-contents player: one API instance per SCO, the previous SCO unloaded first.
    const session = await ScormPlayer.ScormSession.open({ version: q.get('version'), window, adapter, multiSco: true, learnerId: anonymousId, learnerName: 'Golf Learner' });
    session.addEventListener('save', (e) => window.__saves.push(e.detail));
    session.addEventListener('initialize', (e) => window.__started.push(e.detail.scoId));
    const blank = () => new Promise((resolve) => { frame.addEventListener('load', resolve, { once: true }); frame.src = 'about:blank'; });
    window.__goTo = async (scoId, href) => {
      await blank();
      if (scoId) {
        session.launch({ scoId });
        frame.src = '/sco/' + q.get('sco') + '/' + href;
      }
    };
    window.__close = () => session.close();
    window.__ready = true;
    return;
  }
  const mounted = await ScormPlayer.mountScormRuntime({
    version: q.get('version'),
    window,
    learnerId: anonymousId,
    learnerName: 'Golf Learner',
    adapter,
  });
  mounted.addEventListener('save', (e) => window.__saves.push(e.detail));
  mounted.addEventListener('navrequest', (e) => window.__nav.push(e.detail.kind));
  frame.src = '/sco/' + q.get('sco') + '/' + q.get('launch');
})();
</script></body></html>`;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.jpg': 'image/jpeg', '.png': 'image/png', '.xml': 'text/xml' };

let t: TestApp;
let server: Server;
let origin: string;
let browser: Browser;
let contentDir: string;
let admin: Awaited<ReturnType<TestApp['signUp']>>;

async function extract(zip: string, dir: string): Promise<void> {
  for (const [name, data] of await readZipEntries(zip, () => true)) {
    const target = path.join(dir, name);
    if (!target.startsWith(dir + path.sep)) throw new Error(`unsafe entry ${name}`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, data);
  }
}

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(packageRoot, 'scripts/build.mjs')], { stdio: 'ignore' });
  t = await createTestApp();
  admin = await t.signUp({ admin: true });
  contentDir = mkdtempSync(path.join(tmpdir(), 'scorm-player-golf-'));
  await extract(path.join(fixtures, 'golf-scorm12-runtime-basic-single-sco.zip'), path.join(contentDir, 'golf12'));
  await extract(path.join(fixtures, 'golf-scorm2004-3rd-runtime-basic.zip'), path.join(contentDir, 'golf2004'));
  await extract(path.join(fixtures, 'golf-scorm12-runtime-minimum-multi-sco.zip'), path.join(contentDir, 'golfmulti'));
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (url.pathname === '/host.html') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(HOST_PAGE);
    } else if (url.pathname === '/scorm-player.iife.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(BUNDLE));
    } else if (url.pathname.startsWith('/sco/')) {
      const file = path.join(contentDir, decodeURIComponent(url.pathname.slice(5)));
      try {
        if (!file.startsWith(contentDir + path.sep)) throw new Error('outside');
        res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
      } catch {
        res.writeHead(404).end();
      }
    } else {
      // Same origin as the host page: the platform API (cookies, CSRF) as the learner web app uses it.
      t.app(req, res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t?.close();
  if (contentDir) rmSync(contentDir, { recursive: true, force: true });
});

interface CreatedCourse {
  id: number;
  settings: { manifest: { scos: Array<{ identifier: string; launch_url: string }> } };
}

/** Imports the package through the platform's course upload (admin), as the content manager does. */
async function createCourse(zip: string, title: string): Promise<number> {
  return (await uploadCourse(zip, title)).id;
}

async function uploadCourse(zip: string, title: string): Promise<CreatedCourse> {
  const res = await admin.client.post('/api/v1/courses/').field('title', title).field('content_type', 'scorm').field('version', 'auto').field('language', 'en').attach('package', path.join(fixtures, zip));
  expect(res.status).toBe(201);
  return res.body as CreatedCourse;
}

interface Case {
  readonly name: string;
  readonly zip: string;
  readonly sco: string;
  readonly version: '1.2' | '2004';
  readonly get: (element: string) => string;
  readonly location: string;
  readonly entry: string;
  readonly exit: string;
  readonly status: string;
}

const CASES: Case[] = [
  { name: 'SCORM 1.2', zip: 'golf-scorm12-runtime-basic-single-sco.zip', sco: 'golf12', version: '1.2', get: (e) => `window.API.LMSGetValue('${e}')`, location: 'cmi.core.lesson_location', entry: 'cmi.core.entry', exit: 'cmi.core.exit', status: 'cmi.core.lesson_status' },
  { name: 'SCORM 2004 3rd Ed', zip: 'golf-scorm2004-3rd-runtime-basic.zip', sco: 'golf2004', version: '2004', get: (e) => `window.API_1484_11.GetValue('${e}')`, location: 'cmi.location', entry: 'cmi.entry', exit: 'cmi.exit', status: 'cmi.completion_status' },
];

/** A new learner's page (ID stored where the host page reads it) that records and accepts every dialog. */
async function learnerPage(nickname: string) {
  const learner = await t.signUp({ nickname });
  const context = await browser.newContext();
  await context.addInitScript((id) => localStorage.setItem('anonymous_id', id), learner.anonymousId);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  return { learner, context, page, dialogs };
}

async function open(page: Page, c: Case, courseId: number): Promise<void> {
  await page.goto(`${origin}/host.html?version=${c.version}&course=${courseId}&sco=${c.sco}&launch=shared/launchpage.html`);
}

describe('Golf run-time packages in Chromium with the built bundle and the platform API', () => {
  for (const c of CASES) {
    it(`${c.name}: saves through the API and resumes after a reload`, async () => {
      const courseId = await createCourse(c.zip, `Golf ${c.name}`);
      const { learner, context, page, dialogs } = await learnerPage('Golfer');
      const sco = page.frameLocator('#sco');

      await open(page, c, courseId);
      await expect.poll(() => sco.locator('#contentFrame').getAttribute('src'), { timeout: 15_000 }).toContain('Playing/Playing.html');
      for (let i = 0; i < 3; i++) await sco.locator('#butNext').click();
      await expect.poll(() => page.evaluate(c.get(c.location))).toBe('3');
      // Exit, accepting "save your progress to resume later?": exit=suspend, then LMSFinish/Terminate.
      await sco.locator('#butExit').click();
      await page.waitForFunction(() => (window as unknown as { __saves: Array<{ is_final: boolean }> }).__saves.some((s) => s.is_final), undefined, { timeout: 15_000 });

      const saved = await learner.client.get(`/api/v1/courses/id/${courseId}/progress/`).expect(200);
      const tracking = (saved.body as { tracking_data: Record<string, string> }).tracking_data;
      expect(tracking[c.location]).toBe('3');
      expect(tracking[c.exit]).toBe('suspend');
      expect(tracking[c.status]).toBe('incomplete');
      if (c.version === '2004') {
        expect(tracking['adl.nav.request']).toBe('suspendAll');
        expect(await page.evaluate(() => (window as unknown as { __nav: string[] }).__nav)).toEqual(['suspendAll']);
      }

      await page.reload();
      await expect.poll(() => sco.locator('#contentFrame').getAttribute('src'), { timeout: 15_000 }).toContain('Playing/OtherScoring.html');
      expect(dialogs).toContain('Would you like to resume from where you previously left off?');
      expect(await page.evaluate(c.get(c.entry))).toBe('resume');
      expect(await page.evaluate(c.get(c.location))).toBe('3');
      await context.close();
    });
  }
});

describe('a multi-SCO SCORM 1.2 package (SCOs that only call LMSInitialize/LMSFinish)', () => {
  it('runs one API instance per SCO, defaults each status at LMSFinish and keys the data per item', async () => {
    const course = await uploadCourse('golf-scorm12-runtime-minimum-multi-sco.zip', 'Golf multi-SCO');
    const scos = course.settings.manifest.scos;
    expect(scos.length).toBe(18);
    const { learner, context, page, dialogs } = await learnerPage('Multi');
    await page.goto(`${origin}/host.html?version=1.2&course=${course.id}&sco=golfmulti&multi=1`);
    await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true);
    const visited = scos.slice(0, 3);
    type Host = { __goTo(id: string | null, href?: string): Promise<void>; __started: string[]; __close(): Promise<void> };
    for (const [i, sco] of visited.entries()) {
      await page.evaluate(([id, href]) => (window as unknown as Host).__goTo(id, href), [sco.identifier, sco.launch_url]);
      await page.waitForFunction((n) => (window as unknown as Host).__started.length === n, i + 1);
    }
    await page.evaluate(() => (window as unknown as Host).__goTo(null));
    await page.evaluate(() => (window as unknown as Host).__close());
    expect(await page.evaluate(() => (window as unknown as Host).__started)).toEqual(visited.map((s) => s.identifier));
    expect(dialogs).toEqual([]);

    const readTracking = async () =>
      ((await learner.client.get(`/api/v1/courses/id/${course.id}/progress/`)).body as { tracking_data?: Record<string, string> }).tracking_data ?? {};
    // The SCOs' LMSFinish runs in their unload handlers: give the last save time to arrive.
    await expect
      .poll(async () => {
        const stored = await readTracking();
        return visited.map((sco) => stored[`${sco.identifier}/cmi.core.lesson_status`]);
      }, { timeout: 10_000 })
      .toEqual(visited.map(() => 'completed'));
    const tracking = await readTracking();
    for (const sco of visited) expect(tracking[`${sco.identifier}/cmi.core.total_time`]).toBe('0000:00:00');
    expect(tracking[`${scos[3].identifier}/cmi.core.lesson_status`]).toBeUndefined();
    expect(Object.keys(tracking).filter((k) => k.startsWith('cmi.'))).toEqual([]);
    await context.close();
  });
});
