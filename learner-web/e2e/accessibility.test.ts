import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from 'lms-api/test-server';
import { seedCatalogue, type Catalogue } from './fixtures';
import { axeViolations, createLearner, importCourse, launchBrowser, newContext, signInWithStorage, startPlatform } from './support';

/**
 * axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA) on every screen, modal and error state, in the four languages.
 * Course packages are third-party content (see the accessibility statement): the player is checked without the
 * SCO's own frame.
 */
const LANGUAGES = ['fr', 'en', 'de', 'lb'] as const;

let server: TestServer;
let browser: Browser;
let catalogue: Catalogue;
let learnerId: string;
let h5pCourseId: number;

beforeAll(async () => {
  server = await startPlatform();
  catalogue = await seedCatalogue(server);
  const h5p = await importCourse(server, catalogue.adminId, 'h5p/truefalse-hello-world.h5p', {
    title: 'True or false',
    content_type: 'h5p',
    language: 'fr',
    level: '3',
    module_id: String(catalogue.moduleId),
    is_active: 'true',
  });
  h5pCourseId = h5p.id;
  learnerId = (await createLearner(server, { nickname: 'Sam' })).anonymousId;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function expectNoViolations(page: Page, state: string, exclude?: string): Promise<void> {
  const violations = await axeViolations(page, exclude);
  expect(violations, `${state}: ${page.url()}`).toEqual([]);
}

describe.each(LANGUAGES)('axe: public pages and modals (%s)', (language) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(browser, server);
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it('welcome page, language list, login modal (both tabs, errors)', async () => {
    await page.goto(`/${language}/`);
    await page.locator('form.contact-form').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    await expectNoViolations(page, 'welcome');

    await page.locator('.language-button').click();
    await page.locator('.language-list').waitFor();
    await expectNoViolations(page, 'language list open');
    await page.keyboard.press('Escape');

    await page.goto(`/${language}/login`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expectNoViolations(page, 'login modal');
    await dialog.locator('form.login-form button[type=submit]').click();
    await dialog.locator('#login-id-error').waitFor();
    await dialog.locator('#login-id').fill('UNKNOWN-ID-0000-0000');
    await dialog.locator('form.login-form button[type=submit]').click();
    await dialog.getByRole('alert').waitFor();
    await expectNoViolations(page, 'login errors');
    await dialog.locator('#tab-create').click();
    await dialog.locator('#created-id').waitFor();
    await dialog.locator('.copy-button').click();
    await expectNoViolations(page, 'create tab, copied');
  });

  it('contact form: validation errors, success overlay, failure message', async () => {
    await page.goto(`/${language}/`);
    const form = page.locator('form.contact-form');
    // An invalid form's button is aria-disabled (still focusable and pressable): Playwright needs force.
    await form.locator('button[type=submit]').click({ force: true });
    await form.locator('.field-error').first().waitFor();
    await expectNoViolations(page, 'contact errors');
    await form.locator('#contact-last-name').fill('Muller');
    await form.locator('#contact-first-name').fill('Anne');
    await form.locator('#contact-email').fill('anne@example.lu');
    await form.locator('#contact-message').fill('Une question.');
    await form.locator('button[type=submit]').click();
    await form.locator('.contact-success').waitFor();
    await expectNoViolations(page, 'contact success');
    // A network failure (the request never reaches the server) shows the failure message.
    await page.goto(`/${language}/`);
    await page.route('**/api/v1/contact/submit', (route) => route.abort('failed'));
    await form.locator('#contact-last-name').fill('Muller');
    await form.locator('#contact-first-name').fill('Anne');
    await form.locator('#contact-email').fill('anne@example.lu');
    await form.locator('#contact-message').fill('Une question.');
    await form.locator('button[type=submit]').click();
    await form.locator('.contact-status .form-error').waitFor();
    await expectNoViolations(page, 'contact failure');
    await page.unroute('**/api/v1/contact/submit');
  });

  it('legal page (after scrolling: back-to-top shown) and sample website', async () => {
    await page.goto(`/${language}/legal#accessibilite`);
    await page.locator('.back-to-top').waitFor();
    await expectNoViolations(page, 'legal');
    await page.goto(`/${language}/fakewebsite`);
    await page.locator('h1').waitFor();
    await expectNoViolations(page, 'fake website');
  });
});

describe.each(LANGUAGES)('axe: learner area (%s)', (language) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(browser, server);
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signInWithStorage(page, learnerId, language);
  });
  afterAll(() => context.close());

  it('dashboard, access-denied notice, logout modal', async () => {
    await page.goto(`/${language}/learn?accessDenied=true`);
    await page.locator('.course-card').first().waitFor();
    await page.locator('.notice.warning').waitFor();
    await expectNoViolations(page, 'dashboard');
    await page.locator('.sidebar .link-button').click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').locator('.copy-button').click();
    await expectNoViolations(page, 'logout modal');
    await page.keyboard.press('Escape');
  });

  it('dashboard load failure alert', async () => {
    await page.route('**/api/v1/courses/user-progress/', (route) => route.abort('failed'));
    await page.route('**/api/v1/modules/all/with-courses', (route) => route.abort('failed'));
    await page.goto(`/${language}/learn`);
    await page.locator('.notice.error').waitFor();
    await expectNoViolations(page, 'dashboard errors');
    await page.unrouteAll();
  });

  it('player: SCORM course, invalid id, unsupported type', async () => {
    await page.goto(`/${language}/learn/course/${catalogue.course12.id}`);
    await page.locator('iframe.player-frame').waitFor();
    await expectNoViolations(page, 'player', 'iframe.player-frame');
    await page.goto(`/${language}/learn/course/abc`);
    await page.locator('.notice.error').waitFor();
    await expectNoViolations(page, 'player invalid id');
    await page.goto(`/${language}/learn/course/${h5pCourseId}`);
    await page.locator('.notice.info').waitFor();
    await expectNoViolations(page, 'player unsupported type');
  });
});

describe('axe: maintenance notice', () => {
  it('shows only the maintenance notice, without violations', async () => {
    const maintenance = await startPlatform({ maintenanceMode: true });
    const context = await newContext(browser, maintenance);
    // Records whether the welcome content is ever painted, even for a frame, before the notice.
    await context.addInitScript(() => {
      new MutationObserver(() => {
        if (document.getElementById('welcome-heading')) (window as unknown as { __welcomeShown: boolean }).__welcomeShown = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    try {
      await page.goto('/fr/');
      await page.getByRole('heading', { level: 1, name: 'Plateforme en Maintenance' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('body').innerText()).toBe('Plateforme en Maintenance');
      expect(await page.evaluate(() => (window as unknown as { __welcomeShown?: boolean }).__welcomeShown ?? false)).toBe(false);
      await expectNoViolations(page, 'maintenance');
      await page.goto('/lb/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('lb');
      await expectNoViolations(page, 'maintenance lb');
    } finally {
      await context.close();
      await maintenance.close();
    }
  });
});

describe('configured variants: intro video with captions, contact form off', () => {
  it('shows the captioned video, hides the contact form, without violations', async () => {
    const configured = await startPlatform({
      introVideoUrl: 'https://video.example.lu/osaps-intro.mp4',
      introVideoCaptionsUrl: '/api/v1/content/intro/captions-fr.vtt',
      contactFormEnabled: false,
    });
    const context = await newContext(browser, configured);
    const page = await context.newPage();
    try {
      await page.goto('/fr/');
      const video = page.getByRole('region', { name: 'Présentation en vidéo' }).locator('video');
      await video.waitFor();
      expect(await video.getAttribute('controls')).not.toBeNull();
      expect(await video.locator('track').getAttribute('kind')).toBe('captions');
      expect(await video.locator('track').getAttribute('srclang')).toBe('fr');
      await page.getByRole('link', { name: 'Protection des données' }).waitFor();
      expect(await page.locator('form.contact-form').count()).toBe(0);
      await expectNoViolations(page, 'welcome with video');
    } finally {
      await context.close();
      await configured.close();
    }
  });

  it('omits the video section when no video is configured', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/fr/');
    await page.locator('form.contact-form').waitFor();
    expect(await page.locator('video').count()).toBe(0);
    await context.close();
  });
});
