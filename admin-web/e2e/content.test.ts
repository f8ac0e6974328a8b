import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TestServer } from 'lms-api/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/i18n/messages';
import { apiClient, axeViolations, contextFor, createModule, createUser, fixturesDir, GOLF_12, importCourse, LANGUAGES, launchBrowser, startPlatform } from './support';

interface ApiCourse {
  id: number;
  title: string;
  module_id: number | null;
  level: number;
  min_score_required: number | null;
  is_active: boolean;
  settings: { webp_converted?: boolean };
}
interface ApiModule {
  id: number;
  title: string;
  title_fr: string | null;
  title_de: string | null;
  title_lb: string | null;
  order: number;
  is_active: boolean;
  image_path: string | null;
}

// A 1x1 PNG: the module image picked in the form.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: { id: number; anonymousId: string };
let learner: { id: number; anonymousId: string };
const ids = { moduleA: 0, moduleB: 0, c1: 0, c2: 0, c3: 0 };

const api = () => apiClient(server, admin.anonymousId);
const course = (id: number) => api().get<ApiCourse>(`/api/v1/courses/id/${id}`);
const modules = () => api().get<ApiModule[]>('/api/v1/modules/?include_inactive=true');
const announced = () => page.getByTestId('announcer').textContent();

/** A message of the console's own catalogue, so selectors follow each language. */
function t(language: string, key: string): string {
  let node: unknown = messages[language as keyof typeof messages];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no message ${key}`);
  return node;
}

/** Drags with the mouse in small steps, so dnd-kit's pointer sensor activates and tracks the pointer. */
async function dragWithMouse(handle: Locator, target: Locator, offsetY = 0): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + offsetY, { steps: 20 });
  await page.waitForTimeout(200);
  await page.mouse.up();
}

async function expectNoAxe(label: string): Promise<void> {
  expect({ label, violations: await axeViolations(page) }).toEqual({ label, violations: [] });
}

beforeAll(async () => {
  server = await startPlatform();
  browser = await launchBrowser();
  admin = await createUser(server, { admin: true, nickname: 'Editor' });
  learner = await createUser(server, { nickname: 'Lea' });
  // Tall enough that drag sources and targets are on screen together (mouse drags need both visible).
  context = await contextFor(browser, server, admin.anonymousId, 'fr', { width: 1280, height: 2400 });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('content manager journey (spec 2, 4, 5)', () => {
  it('creates a module with an image and titles in four languages', async () => {
    await page.goto('/admin/content');
    await page.getByRole('heading', { level: 1, name: 'Gestion du Contenu' }).waitFor();
    await page.getByText('Tous les cours sont organisés dans des modules.').waitFor();
    await expectNoAxe('empty content page');
    await page.getByRole('button', { name: 'Ajouter un nouveau module' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un nouveau module' });
    // Spec 5: an invalid submit marks the fields touched and shows the title message.
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('Le titre du module est requis.').waitFor();
    await expectNoAxe('module form with error');
    await dialog.getByLabel('Titre (anglais)').fill('Accessibility basics');
    await dialog.getByLabel('Titre (français)').fill('Les bases de l’accessibilité');
    await dialog.getByLabel('Titre (allemand)').fill('Grundlagen der Barrierefreiheit');
    await dialog.getByLabel('Titre (luxembourgeois)').fill('D’Basics vun der Accessibilitéit');
    await dialog.getByLabel('Description (français)').fill('Comprendre la loi du 8 mars 2023.');
    await dialog.getByTestId('module-image-input').setInputFiles({ name: 'theme.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: 'Aperçu de l’image du module' }).waitFor();
    await expectNoAxe('module form filled');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('Module « Accessibility basics » créé avec succès.').waitFor();
    // Spec 4: the modal closes by itself 2 s after success.
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    await page.getByRole('heading', { level: 3, name: '1. Les bases de l’accessibilité' }).waitFor();
    const [created] = await modules();
    expect(created).toMatchObject({ title: 'Accessibility basics', title_de: 'Grundlagen der Barrierefreiheit', title_lb: 'D’Basics vun der Accessibilitéit', order: 1 });
    expect(created.image_path).toBeTruthy();
    ids.moduleA = created.id;
    const image = await fetch(`${server.url}/api/v1/content/${created.image_path}`);
    expect(image.status).toBe(200);
  });

  it('edits the module: prefilled, the image kept unless removed', async () => {
    await page.getByRole('button', { name: 'Éditer – Les bases de l’accessibilité' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le module' });
    expect(await dialog.getByLabel('Titre (allemand)').inputValue()).toBe('Grundlagen der Barrierefreiheit');
    expect(await dialog.getByLabel('Ordre').inputValue()).toBe('1');
    await dialog.getByRole('img', { name: 'Aperçu de l’image du module' }).waitFor();
    await dialog.getByLabel('Description (anglais)').fill('Understanding the law of 8 March 2023.');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Module « Accessibility basics » mis à jour avec succès.').waitFor();
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    const [kept] = await modules();
    expect(kept.image_path).toBeTruthy();
    expect(kept).toMatchObject({ title_fr: 'Les bases de l’accessibilité' });

    await page.getByRole('button', { name: 'Éditer – Les bases de l’accessibilité' }).click();
    await dialog.getByRole('button', { name: 'Supprimer l’image' }).click();
    await dialog.getByRole('img', { name: 'Aperçu de l’image du module' }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    const [removed] = await modules();
    expect(removed.image_path).toBeNull();
  });

  it('uploads the Golf package as a course with WebP conversion into that module', async () => {
    await page.getByRole('button', { name: 'Ajouter un nouveau cours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un nouveau cours' });
    const submit = dialog.getByRole('button', { name: 'Téléverser le cours' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByTestId('course-package-input').setInputFiles(path.join(fixturesDir, 'scorm', GOLF_12));
    // Spec 4: the empty title is filled from the file name.
    expect(await dialog.locator('#course-title').inputValue()).toBe('Golf Scorm12 Runtime Basic Single Sco');
    expect(await dialog.locator('#course-version').isDisabled()).toBe(true);
    await dialog.locator('#course-module_id').selectOption({ label: 'Les bases de l’accessibilité' });
    await dialog.getByLabel('Convertir les images en WebP').check();
    const quality = dialog.locator('#course-webp_quality');
    expect(await quality.inputValue()).toBe('85');
    await dialog.getByLabel('Sans perte').check();
    expect(await quality.isDisabled()).toBe(true);
    await dialog.getByLabel('Sans perte').uncheck();
    await quality.fill('70');
    await dialog.getByLabel('Ce cours est une traduction').check();
    await dialog.locator('#course-original_course_id').waitFor();
    await dialog.getByLabel('Ce cours est une traduction').uncheck();
    await expectNoAxe('course form filled');
    // A slow uplink (DevTools throttling) makes the transfer bar observable: it shows real bytes sent.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 120 * 1024 });
    // The processing stage can be short on a fast machine: a DOM observer records that its labelled bar
    // was rendered, whatever the test is doing (e.g. running axe) at that moment.
    await page.evaluate(() => {
      const w = window as unknown as { processingBarSeen?: boolean };
      w.processingBarSeen = false;
      const seen = () =>
        !!document.querySelector('[role="progressbar"][aria-labelledby="upload-processing-label"]') &&
        (document.getElementById('upload-processing-label')?.textContent ?? '').startsWith('Traitement');
      new MutationObserver((_records, observer) => {
        if (!seen()) return;
        w.processingBarSeen = true;
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await submit.click();
    const transfer = dialog.getByRole('progressbar', { name: /^Envoi : \d+ %$/ });
    await expect.poll(async () => Number(await transfer.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(Number(await transfer.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await expectNoAxe('upload in progress');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { processingBarSeen?: boolean }).processingBarSeen), { timeout: 30_000 })
      .toBe(true);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await dialog.getByText(/Cours « Golf Scorm12 Runtime Basic Single Sco » créé avec succès\./).waitFor({ timeout: 60_000 });
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    const all = await api().get<ApiCourse[]>('/api/v1/courses/?include_inactive=true');
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ module_id: ids.moduleA, title: 'Golf Scorm12 Runtime Basic Single Sco' });
    expect(all[0].settings.webp_converted).toBe(true);
    ids.c1 = all[0].id;
  });

  it('reorders modules with the keyboard and announces the new position', async () => {
    const b = await createModule(server, admin.anonymousId, { title: 'Advanced topics', title_fr: 'Sujets avancés', order: '2', is_active: 'true' });
    ids.moduleB = b.id;
    const fields = { content_type: 'scorm', version: 'auto', language: 'en', module_id: String(ids.moduleA), is_active: 'true' };
    ids.c2 = (await importCourse(server, admin.anonymousId, { ...fields, title: 'Golf Two', level: '2' })).id;
    ids.c3 = (await importCourse(server, admin.anonymousId, { ...fields, title: 'Golf Three', level: '3' })).id;
    await page.reload();
    const handle = page.getByRole('button', { name: 'Glisser le module Les bases de l’accessibilité' });
    await handle.focus();
    // A person pauses between keys; dnd-kit measures positions between them.
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await page.getByText('Ordre des modules mis à jour avec succès.').waitFor();
    await expect.poll(() => page.getByTestId('announcer').textContent()).toBe('Le module Les bases de l’accessibilité est maintenant en position 2 sur 2.');
    await expectNoAxe('success banner');
    const order = Object.fromEntries((await modules()).map((m) => [m.id, m.order]));
    expect(order).toEqual({ [ids.moduleB]: 1, [ids.moduleA]: 2 });
    await page.reload();
    await page.getByRole('heading', { level: 3, name: '1. Sujets avancés' }).waitFor();
    // Spec 9: the success banner clears after 3 s.
    await page.getByRole('button', { name: 'Déplier – Les bases de l’accessibilité' }).click();
    await page.getByText('Ordre des modules mis à jour avec succès.').waitFor({ state: 'detached', timeout: 5000 });
  });

  it('reorders courses inside a module with the mouse', async () => {
    const moduleA = page.getByTestId(`module-${ids.moduleA}`);
    await moduleA.getByTestId(`course-${ids.c3}`).waitFor();
    await expectNoAxe('expanded module');
    await dragWithMouse(page.getByRole('button', { name: 'Glisser le cours Golf Scorm12 Runtime Basic Single Sco' }), moduleA.getByTestId(`course-${ids.c3}`), 10);
    await expect.poll(announced).toBe('Le cours Golf Scorm12 Runtime Basic Single Sco est maintenant en position 3 sur 3 dans Les bases de l’accessibilité.');
    const levels = await Promise.all([ids.c1, ids.c2, ids.c3].map(async (id) => (await course(id)).level));
    expect(levels).toEqual([3, 1, 2]);
    await expect.poll(() => moduleA.locator('li h4').allTextContents()).toEqual(['Golf Two', 'Golf Three', 'Golf Scorm12 Runtime Basic Single Sco']);
  });

  it('“fix order” renumbers a module’s course levels 1, 2, 3 in the order shown', async () => {
    await api().send('PUT', `/api/v1/courses/id/${ids.c1}/level`, { level: 9 });
    await page.reload();
    await page.getByRole('button', { name: 'Déplier – Les bases de l’accessibilité' }).click();
    await page.getByTestId(`course-${ids.c1}`).getByText('Niveau 9').waitFor();
    await page.getByTestId(`module-${ids.moduleA}`).getByRole('button', { name: 'Corriger l’ordre' }).click();
    await page.getByTestId(`course-${ids.c1}`).getByText('Niveau 3').waitFor();
    const levels = await Promise.all([ids.c2, ids.c3, ids.c1].map(async (id) => (await course(id)).level));
    expect(levels).toEqual([1, 2, 3]);
  });

  it('moves a course to another module with the mouse, to unassigned with a button, and back with “Déplacer vers”', async () => {
    await dragWithMouse(page.getByRole('button', { name: 'Glisser le cours Golf Two' }), page.getByTestId(`module-${ids.moduleB}`).getByRole('heading', { level: 3 }));
    // Spec 4: assign, reload, wait 500 ms, reorder in the target; the announcement comes last.
    await expect.poll(announced, { timeout: 10_000 }).toBe('Le cours Golf Two est maintenant en position 1 sur 1 dans Sujets avancés.');
    expect(await course(ids.c2)).toMatchObject({ module_id: ids.moduleB, level: 1 });

    await page.getByRole('button', { name: 'Retirer du module – Golf Three' }).click();
    await page.getByText('Cours retiré du module avec succès.').waitFor();
    expect((await course(ids.c3)).module_id).toBeNull();
    await page.getByTestId('unassigned-area').getByRole('heading', { name: 'Golf Three' }).waitFor();
    await expect.poll(() => page.getByTestId('announcer').textContent()).toBe('Le cours Golf Three n’est plus assigné à aucun module.');

    // Dropping an unassigned course on the unassigned area does nothing (spec 4).
    let writes = 0;
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/v1/courses/')) writes += 1;
    });
    await dragWithMouse(page.getByRole('button', { name: 'Glisser le cours Golf Three' }), page.getByTestId('unassigned-area'), 20);
    await page.waitForTimeout(500);
    expect(writes).toBe(0);

    const row = page.getByTestId(`course-${ids.c1}`);
    await row.getByLabel(/Déplacer vers/).selectOption({ label: 'Sujets avancés' });
    await row.getByRole('button', { name: 'Déplacer – Golf Scorm12 Runtime Basic Single Sco' }).click();
    await expect
      .poll(announced, { timeout: 10_000 })
      .toBe('Le cours Golf Scorm12 Runtime Basic Single Sco est maintenant en position 2 sur 2 dans Sujets avancés.');
    expect(await course(ids.c1)).toMatchObject({ module_id: ids.moduleB, level: 2 });
  });

  it('edits level and minimum score, with the form’s range messages', async () => {
    await page.getByRole('button', { name: 'Éditer – Golf Three' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le cours' });
    const minScore = dialog.getByLabel('Score minimum requis (%)');
    await minScore.fill('150');
    await minScore.blur();
    await dialog.getByText('Le score minimum doit être compris entre 0 et 100.').waitFor();
    await expectNoAxe('course edit form with error');
    await minScore.fill('80');
    await dialog.getByLabel('Niveau').fill('4');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Cours « Golf Three » mis à jour avec succès.').waitFor();
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    expect(await course(ids.c3)).toMatchObject({ level: 4, min_score_required: 80 });
    const row = page.getByTestId(`course-${ids.c3}`);
    await row.getByText('Niveau 4').waitFor();
    await row.getByText('Score minimum : 80%').waitFor();
  });

  it('updates a package with progress reset', async () => {
    await apiClient(server, learner.anonymousId).send('POST', `/api/v1/courses/id/${ids.c1}/progress/`, {
      tracking_data: { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.lesson_location': 'page-2' },
      time_spent: '00:01:00',
      is_final: false,
    });
    const before = await api().get<{ course_id: number }[]>(`/api/v1/users/admin/users/${learner.id}/progress`);
    expect(before.map((r) => r.course_id)).toContain(ids.c1);
    await page.getByRole('button', { name: 'Déplier – Sujets avancés' }).click();
    await page.getByRole('button', { name: 'Mettre à jour le paquet – Golf Scorm12 Runtime Basic Single Sco' }).click();
    const dialog = page.getByRole('dialog', { name: /Mettre à jour le paquet de/ });
    const submit = dialog.getByRole('button', { name: 'Mettre à jour le paquet', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByTestId('package-input').setInputFiles(path.join(fixturesDir, 'scorm', GOLF_12));
    await dialog.getByLabel('Réinitialiser la progression de tous les utilisateurs').check();
    await dialog.getByLabel('Convertir les images en WebP').check();
    await expectNoAxe('package modal');
    await submit.click();
    await page.getByText('Paquet du cours mis à jour avec succès et la progression des utilisateurs a été réinitialisée').waitFor({ timeout: 60_000 });
    const after = await api().get<{ course_id: number }[]>(`/api/v1/users/admin/users/${learner.id}/progress`);
    expect(after.map((r) => r.course_id)).not.toContain(ids.c1);
  });

  it('deactivates, then deletes with confirmation; an error banner explains a refused delete', async () => {
    await page.getByRole('button', { name: 'Désactiver – Golf Three' }).click();
    await page.getByText('Cours désactivé avec succès.').waitFor();
    await page.getByTestId(`course-${ids.c3}`).getByText('Inactif').waitFor();
    expect((await course(ids.c3)).is_active).toBe(false);

    await page.getByRole('button', { name: 'Désactiver – Sujets avancés' }).click();
    await page.getByText('Module désactivé avec succès.').waitFor();
    expect((await modules()).find((m) => m.id === ids.moduleB)?.is_active).toBe(false);

    await page.getByRole('button', { name: 'Supprimer – Golf Three' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer le cours ?' });
    await confirm.getByText('Voulez-vous vraiment supprimer le cours « Golf Three » ? Le cours et toute la progression des utilisateurs associée seront supprimés.').waitFor();
    await expectNoAxe('confirm dialog');
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Cours supprimé avec succès.').waitFor();
    const gone = await fetch(`${server.url}/api/v1/courses/id/${ids.c3}`, { headers: { Authorization: `Bearer ${admin.anonymousId}` } });
    expect(gone.status).toBe(404);

    await page.getByRole('button', { name: 'Supprimer – Sujets avancés' }).click();
    await page.getByRole('alertdialog', { name: 'Supprimer le module ?' }).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('alert').getByText('Impossible de supprimer un module auquel des cours sont assignés.').waitFor();
    await expectNoAxe('error banner');
    expect((await modules()).some((m) => m.id === ids.moduleB)).toBe(true);

    await page.getByRole('button', { name: 'Supprimer – Les bases de l’accessibilité' }).click();
    await page.getByRole('alertdialog', { name: 'Supprimer le module ?' }).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Module supprimé avec succès.').waitFor();
    expect((await modules()).map((m) => m.id)).toEqual([ids.moduleB]);
  });

  it.each(LANGUAGES)('content page, every modal and the banners pass axe in %s', async (language) => {
    const localised = await contextFor(browser, server, admin.anonymousId, language);
    const other = await localised.newPage();
    const previous = page;
    page = other;
    try {
      await page.goto('/admin/content');
      await page.locator(`[data-testid="module-${ids.moduleB}"]`).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      await page.getByTestId(`module-${ids.moduleB}`).getByRole('button', { expanded: false }).click();
      await page.getByTestId(`course-${ids.c1}`).waitFor();
      await expectNoAxe(`${language} content`);
      const openAndCheck = async (button: Locator, label: string) => {
        await button.click();
        const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
        await dialog.waitFor();
        await page.waitForTimeout(300);
        await expectNoAxe(`${language} ${label}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      };
      const header = page.locator('h1').locator('xpath=..');
      await openAndCheck(header.getByRole('button', { name: t(language, 'app.content.add_course') }), 'course form');
      await openAndCheck(header.getByRole('button', { name: t(language, 'app.content.add_module') }), 'module form');
      const row = page.getByTestId(`course-${ids.c1}`);
      const named = (key: string) => row.getByRole('button', { name: `${t(language, key)} – Golf Scorm12 Runtime Basic Single Sco` });
      await openAndCheck(named('app.content.update_package'), 'package modal');
      await openAndCheck(named('ra.action.edit'), 'course edit form');
      await openAndCheck(named('ra.action.delete'), 'confirm');
      // Success banner (module B is inactive at this point: activate, check, deactivate again).
      const moduleB = page.getByTestId(`module-${ids.moduleB}`);
      // Spec 2: the title in the console's language, else the English one.
      const titleB = language === 'fr' ? 'Sujets avancés' : 'Advanced topics';
      const moduleButton = (key: string) => moduleB.getByRole('button', { name: `${t(language, key)} – ${titleB}`, exact: true });
      await moduleButton('app.content.activate').click();
      await page.getByText(t(language, 'app.content.success.module_activated')).waitFor();
      await expectNoAxe(`${language} success banner`);
      await moduleButton('app.content.deactivate').click();
      await page.getByText(t(language, 'app.content.success.module_deactivated')).waitFor();
      // Error banner: the module still has courses.
      await moduleButton('ra.action.delete').click();
      await page.getByRole('alertdialog').getByRole('button', { name: t(language, 'ra.action.delete') }).click();
      await page.getByRole('alert').getByText(t(language, 'app.content.errors.module_has_courses')).waitFor();
      await expectNoAxe(`${language} error banner`);
      await localised.close();
    } finally {
      page = previous;
    }
  });
});
