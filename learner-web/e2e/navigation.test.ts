import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from 'lms-api/test-server';
import { seedCatalogue, type Catalogue } from './fixtures';
import { createLearner, createModule, launchBrowser, newContext, signInWithStorage, startPlatform } from './support';

/** Routes, guards, the language selector, the legal page's navigation and the player's retry. */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let catalogue: Catalogue;
let learnerId: string;

beforeAll(async () => {
  server = await startPlatform();
  catalogue = await seedCatalogue(server);
  learnerId = (await createLearner(server)).anonymousId;
  browser = await launchBrowser();
  context = await newContext(browser, server);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('server-rendered public pages', () => {
  it('arrive rendered in their language and hydrate without errors, then work as the app', async () => {
    // A context of its own: visiting /en/ pages remembers English, which the other tests must not inherit.
    const ownContext = await newContext(browser, server);
    const fresh = await ownContext.newPage();
    const errors: string[] = [];
    fresh.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    fresh.on('pageerror', (error) => errors.push(error.message));
    try {
      const served = await fresh.request.get('/en/');
      expect(await served.text()).toContain('<h1 id="welcome-heading">Learn the accessibility of products and services</h1>');
      await fresh.goto('/en/');
      await fresh.waitForLoadState('networkidle');
      await fresh.getByRole('button', { name: 'Sign in' }).click();
      await fresh.getByRole('dialog').waitFor();
      await fresh.goto('/en/legal');
      await fresh.waitForLoadState('networkidle');
      const nav = fresh.getByRole('navigation', { name: 'On this page' });
      await nav.getByRole('link', { name: 'Accessibility statement' }).click();
      // Scroll-spy runs only in the hydrated page.
      await expect.poll(() => nav.getByRole('link', { name: 'Accessibility statement' }).getAttribute('aria-current')).toBe('location');
      expect(errors).toEqual([]);
    } finally {
      await ownContext.close();
    }
  });
});

describe('routes and guards', () => {
  it('adds the language to bare paths and sends unknown paths to the root', async () => {
    await page.goto('/login');
    await page.waitForURL('**/fr/login');
    await page.getByRole('dialog').waitFor();
    await page.goto('/fr/nowhere/at/all');
    await page.waitForURL(/\/fr\/$/);
    await page.goto('/xx/whatever');
    await page.waitForURL(/\/fr\/$/);
  });

  it('the learner area needs a user: anonymous visitors go to the login modal', async () => {
    await page.goto('/de/learn');
    await page.waitForURL('**/de/login');
    await page.getByRole('dialog', { name: 'Zugang zur Plattform' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
  });

  it('switching language rewrites the first segment, reloads, and is remembered', async () => {
    await page.goto('/fr/legal');
    await page.getByRole('button', { name: /Langue/ }).click();
    await page.getByRole('link', { name: 'Lëtzebuergesch' }).click();
    await page.waitForURL('**/lb/legal');
    await page.getByRole('heading', { level: 1, name: 'Legal Informatiounen' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('lb');
    await page.goto('/');
    await page.waitForURL('**/lb/');
    await page.getByRole('heading', { level: 1, name: 'D’Accessibilitéit vu Produkter a Servicer léieren' }).waitFor();
  });

  it('the language list opens upward when less than 300 px remain below its button', async () => {
    await page.goto('/fr/');
    await page.getByRole('button', { name: /Langue/ }).click();
    expect(await page.locator('.language-list').getAttribute('class')).not.toContain('upward');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 320 });
    await page.getByRole('button', { name: /Langue/ }).click();
    expect(await page.locator('.language-list').getAttribute('class')).toContain('upward');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('a signed-in learner opening the welcome page goes to the dashboard', async () => {
    await signInWithStorage(page, learnerId, 'en');
    await page.waitForURL('**/en/learn');
    await page.goto('/en/');
    await page.waitForURL('**/en/learn');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it('explains an access refusal (?accessDenied=true)', async () => {
    await page.goto('/fr/learn?accessDenied=true');
    await page.getByRole('alert').filter({ hasText: 'Accès refusé' }).waitFor();
    expect(await page.getByRole('link', { name: 'Administration' }).count()).toBe(0);
  });

  it('shows the admin link to administrators only', async () => {
    const adminPage = await context.newPage();
    await signInWithStorage(adminPage, catalogue.adminId, 'fr');
    const link = adminPage.getByRole('link', { name: 'Administration' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/admin/');
    await adminPage.close();
  });
});

describe('module carousel', () => {
  it('a mouse drag beyond 50 px switches slide, a shorter one does not; arrows buttons too', async () => {
    for (let order = 3; order <= 7; order++) await createModule(server, catalogue.adminId, { title: `Theme ${order}`, order: String(order), is_active: 'true' });
    await signInWithStorage(page, learnerId, 'en');
    const track = page.locator('.module-track');
    await page.locator('.module-card').nth(6).waitFor();
    const scrollLeft = () => track.evaluate((element) => element.scrollLeft);
    expect(await scrollLeft()).toBe(0);
    expect(await page.getByRole('button', { name: 'Previous themes' }).isDisabled()).toBe(true);
    const box = await track.boundingBox();
    if (!box) throw new Error('No carousel');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 600, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 560, y, { steps: 4 });
    await page.mouse.up();
    await page.waitForTimeout(600);
    expect(await scrollLeft()).toBe(0);
    await page.mouse.move(box.x + 600, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 520, y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(scrollLeft).toBeGreaterThan(100);
    const afterDrag = await scrollLeft();
    await page.getByRole('button', { name: 'Previous themes' }).click();
    await expect.poll(scrollLeft).toBeLessThan(afterDrag);
    await page.getByRole('button', { name: 'Next themes' }).click();
    await expect.poll(scrollLeft).toBeGreaterThanOrEqual(afterDrag - 1);
  });

  it('respects reduced motion', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInWithStorage(page, learnerId, 'en');
    await page.locator('.module-card').first().waitFor();
    expect(await page.locator('.module-track').evaluate((element) => getComputedStyle(element).scrollBehavior)).toBe('auto');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.reload();
    await page.locator('.module-card').first().waitFor();
    expect(await page.locator('.module-track').evaluate((element) => getComputedStyle(element).scrollBehavior)).toBe('smooth');
  });
});

describe('player errors', () => {
  it('an invalid course id is explained', async () => {
    await page.goto('/fr/learn/course/12abc');
    await page.getByRole('alert').filter({ hasText: 'Identifiant de cours invalide dans l’adresse.' }).waitFor();
  });

  it('a failed launch shows the error and Réessayer loads the course', async () => {
    await page.route('**/api/v1/courses/id/*/launch', (route) => route.abort('failed'));
    await page.goto(`/fr/learn/course/${catalogue.course12.id}`);
    await page.getByRole('alert').filter({ hasText: 'Échec du chargement du cours' }).waitFor();
    await page.unroute('**/api/v1/courses/id/*/launch');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.locator('iframe.player-frame').waitFor();
    // The player fills the viewport below its 80 px bar.
    const height = await page.locator('iframe.player-frame').evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBe(900 - 80);
  });
});

describe('legal page', () => {
  it('scroll-spy follows the reading, back-to-top appears after 200 px, the logo goes back', async () => {
    await page.goto('/fr/fakewebsite');
    await page.getByRole('link', { name: 'Cookies' }).click();
    await page.waitForURL('**/fr/legal#cookies');
    const nav = page.getByRole('navigation', { name: 'Sur cette page' });
    await expect.poll(() => nav.getByRole('link', { name: 'Charte des cookies' }).getAttribute('aria-current')).toBe('location');
    await page.getByRole('link', { name: 'Retour en haut de la page' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Retour en haut de la page' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Protection des données' }).getAttribute('aria-current')).toBe('location');
    await page.evaluate(() => window.scrollTo(0, 201));
    await page.getByRole('link', { name: 'Retour en haut de la page' }).waitFor();
    await page.getByRole('button', { name: /Retour à la page précédente/ }).click();
    await page.waitForURL('**/fr/fakewebsite');
  });
});
