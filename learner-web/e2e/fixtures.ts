import type { Browser, FrameLocator, Page } from 'playwright-core';
import type { TestServer } from 'lms-api/test-server';
import { createLearner, createModule, importCourse, launchBrowser, newContext, startPlatform } from './support';

export const GOLF_12 = 'scorm/golf-scorm12-runtime-basic-single-sco.zip';
export const GOLF_2004 = 'scorm/golf-scorm2004-3rd-runtime-basic.zip';
/** The Golf run-time examples have 15 pages; reaching the last one completes the SCO. */
export const GOLF_PAGES = 15;

export interface Catalogue {
  adminId: string;
  moduleId: number;
  emptyModuleId: number;
  course12: { id: number; title: string };
  course2004: { id: number; title: string };
}

/** One module with the two Golf run-time courses (imported through the real endpoint) and one empty module. */
export async function seedCatalogue(server: TestServer): Promise<Catalogue> {
  const admin = await createLearner(server, { admin: true, nickname: 'Admin' });
  const module = await createModule(server, admin.anonymousId, {
    title: 'Golf basics',
    title_fr: 'Les bases du golf',
    title_de: 'Golf-Grundlagen',
    title_lb: 'D’Basics vum Golf',
    description: 'Two run-time courses.',
    order: '1',
    is_active: 'true',
  });
  const empty = await createModule(server, admin.anonymousId, { title: 'Coming later', title_fr: 'Thème à venir', order: '2', is_active: 'true' });
  const course12 = await importCourse(server, admin.anonymousId, GOLF_12, {
    title: 'Golf SCORM 1.2',
    content_type: 'scorm',
    version: 'auto',
    language: 'fr',
    level: '1',
    module_id: String(module.id),
    is_active: 'true',
  });
  const course2004 = await importCourse(server, admin.anonymousId, GOLF_2004, {
    title: 'Golf SCORM 2004',
    content_type: 'scorm',
    version: 'auto',
    language: 'fr',
    level: '2',
    module_id: String(module.id),
    is_active: 'true',
  });
  return { adminId: admin.anonymousId, moduleId: module.id, emptyModuleId: empty.id, course12, course2004 };
}

/** The Golf launch page inside the player's frame. */
export function golfFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.player-frame');
}

/** Page number (0-based) the Golf SCO shows, read from its content frame's URL. */
export async function golfPageIndex(page: Page): Promise<string> {
  return golfFrame(page).locator('#contentFrame').getAttribute('src').then((src) => src ?? '');
}

/** Clicks the SCO's own Next button until the last page (which sets completion). */
export async function golfToEnd(page: Page, fromPage: number): Promise<void> {
  const next = golfFrame(page).locator('#butNext');
  for (let current = fromPage; current < GOLF_PAGES - 1; current++) await next.click();
}

/** What a learner journey runs on: the platform with the seeded catalogue, a browser and one page. */
export interface Journey {
  server: TestServer;
  catalogue: Catalogue;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

export async function startJourney(): Promise<Journey> {
  const server = await startPlatform();
  const catalogue = await seedCatalogue(server);
  const browser = await launchBrowser();
  const page = await (await newContext(browser, server)).newPage();
  // The Golf SCO asks "resume where you left off?" with confirm(): the learner says yes.
  page.on('dialog', (dialog) => void dialog.accept());
  return {
    server,
    catalogue,
    browser,
    page,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
