import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { TestServer } from 'lms-api/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, axeViolations, contextFor, createModule, createUser, importCourse, LANGUAGES, launchBrowser, startPlatform } from './support';

let server: TestServer;
let browser: Browser;
let admin: { id: number; anonymousId: string };
let learner: { id: number; anonymousId: string };
const courseTitle = 'Golf Explained';

beforeAll(async () => {
  server = await startPlatform();
  browser = await launchBrowser();
  admin = await createUser(server, { admin: true, nickname: 'Chief' });
  learner = await createUser(server, { nickname: 'Marie' });
  await createUser(server, { nickname: 'Idle Ian' }); // never starts a course
  const module = await createModule(server, admin.anonymousId, { title: 'Basics', order: '1', is_active: 'true' });
  const course = await importCourse(server, admin.anonymousId, {
    title: courseTitle,
    content_type: 'scorm',
    version: 'auto',
    language: 'en',
    level: '1',
    module_id: String(module.id),
    is_active: 'true',
  });
  // The learner's own progress, saved through the real tracking endpoint (spec 7).
  await apiClient(server, learner.anonymousId).send('POST', `/api/v1/courses/id/${course.id}/progress/`, {
    tracking_data: { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.lesson_location': 'page-4', 'cmi.core.score.raw': '40' },
    time_spent: '00:03:00',
    is_final: false,
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('admin guard (spec 6)', () => {
  it('sends a signed-in learner to /fr/learn?accessDenied=true', async () => {
    const context = await contextFor(browser, server, learner.anonymousId, 'fr');
    const page = await context.newPage();
    await page.goto('/admin/users');
    await page.waitForURL(/\/fr\/learn\?accessDenied=true$/);
    await context.close();
  });

  it('sends an anonymous visitor to the login page in the stored language', async () => {
    const context = await contextFor(browser, server, null, 'de');
    const page = await context.newPage();
    await page.goto('/admin/content');
    await page.waitForURL(/\/de\/login$/);
    await context.close();
  });
});

describe('user manager (spec 2)', () => {
  it('lists users by nickname and masked ID, searches, shows a learner’s progress, and has no axe violations', async () => {
    const context = await contextFor(browser, server, admin.anonymousId, 'fr');
    const page = await context.newPage();
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/users/);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('heading', { level: 1, name: 'Gestion des Utilisateurs' }).waitFor();
    const table = page.getByRole('table', { name: 'Utilisateurs' });
    await table.getByRole('cell', { name: 'Marie', exact: true }).waitFor();
    // Full IDs never reach the console: only the masked form.
    const html = await page.content();
    expect(html).not.toContain(learner.anonymousId);
    expect(html).not.toContain(admin.anonymousId);
    // Default sort: last login descending (spec 9).
    await expect.poll(() => table.locator('th[aria-sort="descending"]').textContent()).toContain('Dernière connexion');
    expect(await page.getByTestId('stat-users').textContent()).toBe('3');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Rechercher par pseudonyme ou ID').fill('Mar');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Voir la progression – Marie' }).click();
    const dialog = page.getByRole('dialog', { name: /Progression de Marie/ });
    await dialog.getByRole('cell', { name: courseTitle }).waitFor();
    await dialog.getByRole('cell', { name: 'En Cours' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Focus returns to the button that opened the dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Voir la progression');

    await page.getByLabel('Rechercher par pseudonyme ou ID').fill('nobody-matches-this');
    await page.getByText('Aucun utilisateur trouvé correspondant à vos filtres.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Rechercher par pseudonyme ou ID').fill('Idle');
    await page.getByRole('button', { name: 'Voir la progression – Idle Ian' }).click();
    await page.getByText('Cet utilisateur n’a encore commencé aucun cours.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('sorts: a date column starts descending, a text column ascending', async () => {
    const context = await contextFor(browser, server, admin.anonymousId, 'en');
    const page = await context.newPage();
    await page.goto('/admin/users');
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('cell', { name: 'Marie', exact: true }).waitFor();
    await table.getByRole('button', { name: /^Registered/ }).click();
    await expect.poll(() => table.locator('th[aria-sort="descending"]').textContent()).toContain('Registered');
    const firstNick = () => table.getByRole('row').nth(1).getByRole('cell').first().textContent();
    await expect.poll(firstNick).toBe('Idle Ian');
    await table.getByRole('button', { name: /^Nickname/ }).click();
    await expect.poll(() => table.locator('th[aria-sort="ascending"]').textContent()).toContain('Nickname');
    await expect.poll(firstNick).toBe('Chief');
    await context.close();
  });

  it.each(LANGUAGES)('every page and the progress modal pass axe in %s, with <html lang> set', async (language) => {
    const context = await contextFor(browser, server, admin.anonymousId, language);
    const page = await context.newPage();
    for (const path of ['/admin/users', '/admin/messages', '/admin/statements', '/admin/lrs-credentials']) {
      await page.goto(path);
      await page.locator('h1').waitFor();
      await page.locator('[role="status"] .MuiCircularProgress-root').waitFor({ state: 'detached' });
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
    }
    await page.goto('/admin/users');
    await page.locator('table button').filter({ hasText: /./ }).last().click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').locator('table, .MuiAlert-root').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('contact messages (beyond the spec)', () => {
  it('reads a message sent through the footer form and deletes it after confirmation', async () => {
    await apiClient(server).send('POST', '/api/v1/contact/submit', {
      first_name: 'Jean',
      last_name: 'Muller',
      email: 'jean.muller@example.lu',
      phone: '+352 123 456',
      message: 'Is our online shop covered by the law of 8 March 2023?',
    });
    const context = await contextFor(browser, server, admin.anonymousId, 'en');
    const page = await context.newPage();
    await page.goto('/admin/messages');
    const row = page.getByRole('row').filter({ hasText: 'Jean Muller' });
    await row.getByRole('link', { name: 'jean.muller@example.lu' }).waitFor();
    await row.getByRole('button', { name: 'Show – Jean Muller' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message from Jean Muller' });
    await dialog.getByText('Is our online shop covered by the law of 8 March 2023?').waitFor();
    await dialog.getByText('+352 123 456').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByRole('button', { name: 'Delete – Jean Muller' }).click();
    await page.getByRole('alertdialog', { name: 'Delete the message?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Message deleted.').waitFor();
    await page.getByText('No contact message.').waitFor();
    const left = await apiClient(server, admin.anonymousId).get<unknown[]>('/api/v1/admin/contact-messages');
    expect(left).toEqual([]);
    await context.close();
  });
});

describe('LRS credentials and statements (beyond the spec)', () => {
  it('creates a credential with scopes, shows its secret once, and revokes it after confirmation', async () => {
    const context = await contextFor(browser, server, admin.anonymousId, 'en');
    const page = await context.newPage();
    await page.goto('/admin/lrs-credentials');
    await page.getByRole('button', { name: 'New credential' }).click();
    const dialog = page.getByRole('dialog', { name: 'New LRS credential' });
    await dialog.getByLabel('Name').fill('Analytics export');
    await dialog.getByLabel('statements/read', { exact: true }).check();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const secret = await dialog.getByTestId('credential-secret').textContent();
    expect(secret?.length).toBeGreaterThan(20);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Analytics export' });
    await row.waitFor();
    expect(await row.textContent()).not.toContain(secret ?? '');
    await row.getByRole('button', { name: 'Revoke – Analytics export' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke the credential?' });
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    await context.close();
  });

  it('lists a statement sent to the LRS, filters by verb, shows it as JSON and offers exports', async () => {
    // A client writes through the real xAPI endpoint with a credential made by the admin API.
    const credential = await apiClient(server, admin.anonymousId).send<{ key: string; secret: string }>('POST', '/api/v1/admin/lrs/credentials', {
      label: 'e2e writer',
      scopes: ['statements/write'],
    });
    const statement = (verb: string, display: string) => ({
      actor: { objectType: 'Agent', account: { homePage: server.url, name: 'marie-e2e' } },
      verb: { id: `http://adlnet.gov/expapi/verbs/${verb}`, display: { 'en-US': display } },
      object: { objectType: 'Activity', id: `${server.url}/courses/1`, definition: { name: { 'en-US': courseTitle } } },
    });
    const sent = await fetch(`${server.url}/xapi/statements`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}`,
        'X-Experience-API-Version': '2.0.0',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify([statement('experienced', 'experienced'), statement('completed', 'completed')]),
    });
    expect(sent.status).toBe(200);

    const context = await contextFor(browser, server, admin.anonymousId, 'en');
    const page = await context.newPage();
    await page.goto('/admin/statements');
    const table = page.getByRole('table', { name: /Learning records/ });
    await table.getByRole('cell', { name: 'completed', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'experienced', exact: true }).waitFor();
    await page.getByLabel('Verb (IRI)').fill('http://adlnet.gov/expapi/verbs/completed');
    await page.getByLabel('Learner (account name)').fill('marie-e2e');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await table.getByRole('cell', { name: 'experienced', exact: true }).waitFor({ state: 'detached' });
    expect(await table.getByRole('row').count()).toBe(2);
    await table.getByRole('button', { name: /View JSON/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Statement (JSON)' });
    expect(await dialog.locator('pre').textContent()).toContain('http://adlnet.gov/expapi/verbs/completed');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export NDJSON' }).click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
    await context.close();
  });
});
