import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../demo/seed';
import { launchBrowser } from '../test/browser';
import { startTestServer, type TestServer } from '../test/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('demo content of the first start', () => {
  it('imports the demo SCORM course into the demo module once', async () => {
    await seedDemoContent({ config: server.config, db: server.db });
    await seedDemoContent({ config: server.config, db: server.db });
    const courses = await server.db.query<{ title: string; content_type: string; version: string; module_id: number; launch_path: string; language: string }>(
      'SELECT c.title, c.content_type, c.version, c.module_id, c.launch_path, c.language FROM courses c JOIN modules m ON m.id = c.module_id',
    );
    expect(courses).toEqual([
      expect.objectContaining({ content_type: 'scorm', version: '1.2', launch_path: 'index.html', language: 'fr' }),
    ]);
  });

  it('runs in a browser: finds the SCORM 1.2 API, bookmarks, completes on the last page and finishes', async () => {
    const [course] = await server.db.query<{ package_path: string; launch_path: string }>('SELECT package_path, launch_path FROM courses');
    const page = await browser.newPage();
    const calls: string[] = [];
    const data: Record<string, string> = {};
    await page.exposeFunction('recordScormCall', (call: string, element: string, value: string) => {
      calls.push(`${call}(${element}${value === undefined ? '' : `, ${value}`})`);
      if (call === 'LMSSetValue') data[element] = value;
    });
    // The test plays the LMS: an API object in the SCO's window (the first place the SCO looks, SCORM 1.2 RTE 3.2).
    // (Browser code is given as text: this package is type-checked without the DOM library.)
    await page.addInitScript({
      content: `
        const values = { 'cmi.core.lesson_status': 'not attempted', 'cmi.core.lesson_location': '' };
        window.API = {
          LMSInitialize: () => (window.recordScormCall('LMSInitialize', ''), 'true'),
          LMSGetValue: (element) => values[element] ?? '',
          LMSSetValue: (element, value) => { values[element] = value; window.recordScormCall('LMSSetValue', element, value); return 'true'; },
          LMSCommit: () => 'true',
          LMSFinish: () => (window.recordScormCall('LMSFinish', ''), 'true'),
          LMSGetLastError: () => '0',
          LMSGetErrorString: () => 'No error',
          LMSGetDiagnostic: () => '',
        };`,
    });
    await page.goto(`${server.url}/api/v1/content/${course.package_path}/${course.launch_path}`);
    await expect.poll(() => calls[0]).toBe('LMSInitialize()');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Des produits et services accessibles à tous');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Page suivante' }).click();
    await expect.poll(() => data['cmi.core.lesson_status']).toBe('completed');
    expect(data['cmi.core.lesson_location']).toBe('4|fr');
    expect(await page.getByRole('heading', { level: 2, name: "Et si un produit n'est pas conforme ?" }).isVisible()).toBe(true);
    // Focus moves to the new page's heading for keyboard and screen-reader users.
    expect(await page.evaluate('document.activeElement.id')).toBe('fr-4');

    await page.getByRole('button', { name: 'English version' }).click();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 2, name: 'What if a product does not comply?' }).isVisible()).toBe(true);
    await expect.poll(() => data['cmi.core.lesson_location']).toBe('4|en');

    // Leaving the page finishes the session (the event the SCO listens to; the harness cannot record during a real unload).
    await page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))");
    await expect.poll(() => calls.at(-1)).toBe('LMSFinish()');
    expect(data['cmi.core.exit']).toBe('');
    expect(calls.filter((call) => call === 'LMSInitialize()')).toHaveLength(1);
    await page.close();
  });
});
