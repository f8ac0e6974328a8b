import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { GOLF_PAGES, golfPageIndex, startJourney, type Catalogue, type Journey } from './fixtures';

/** The whole journey with the keyboard alone (English interface): no click, no mouse move. */
let journey: Journey | undefined;
let page: Page;
let catalogue: Catalogue;

interface Focused {
  tag: string;
  id: string;
  name: string;
  inDialog: boolean;
  outline: string;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { tag: '', id: '', name: '', inDialog: false, outline: '' };
    const style = getComputedStyle(element);
    // Visible text without decorative symbols (icons are aria-hidden).
    const raw = element.getAttribute('aria-label') ?? element.innerText ?? element.getAttribute('value') ?? '';
    const name = raw.replace(/^[^\p{L}]+/u, '').replace(/[^\p{L}\d.!?)]+$/u, '').replace(/\s+/g, ' ').trim();
    return {
      tag: element.tagName,
      id: element.id,
      name,
      inDialog: !!element.closest('dialog[open]'),
      outline: style.outlineStyle === 'none' || style.outlineWidth === '0px' ? '' : `${style.outlineStyle} ${style.outlineWidth}`,
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches, checking that every stop shows a focus ring. */
async function tabTo(page: Page, match: (element: Focused) => boolean, options: { shift?: boolean; max?: number } = {}): Promise<Focused> {
  for (let step = 0; step < (options.max ?? 60); step++) {
    await page.keyboard.press(options.shift ? 'Shift+Tab' : 'Tab');
    const element = await focused(page);
    if (element.tag !== 'IFRAME' && element.tag !== 'BODY') expect(element.outline, `focus ring on ${element.tag} "${element.name}"`).not.toBe('');
    if (match(element)) return element;
  }
  throw new Error('Element never received focus');
}

const named = (name: string) => (element: Focused) => element.name === name;

function golfLaunchFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes('launchpage.html'));
  if (!frame) throw new Error('Golf launch page not loaded');
  return frame;
}

/** Moves focus into the SCO's frame to its Next button, then presses Enter until the last page. */
async function golfKeyboardToEnd(page: Page, fromPage: number): Promise<void> {
  await page.locator('iframe.player-frame').waitFor();
  await expect.poll(() => page.frames().some((frame) => frame.url().includes('launchpage.html'))).toBe(true);
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press('Tab');
    if ((await golfLaunchFrame(page).evaluate(() => document.activeElement?.id)) === 'butNext') break;
  }
  expect(await golfLaunchFrame(page).evaluate(() => document.activeElement?.id)).toBe('butNext');
  for (let current = fromPage; current < GOLF_PAGES - 1; current++) await page.keyboard.press('Enter');
}

async function expectFocusTrappedInDialog(page: Page): Promise<void> {
  for (let step = 0; step < 15; step++) {
    await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
  for (let step = 0; step < 5; step++) {
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
}

beforeAll(async () => {
  journey = await startJourney();
  ({ catalogue, page } = journey);
});
afterAll(() => journey?.close());

describe('keyboard-only journey (en)', () => {
  let anonymousId = '';

  it('skip link first, then the language list works with arrows and Escape', async () => {
    await page.goto('/en/');
    await page.locator('form.contact-form').waitFor();
    await tabTo(page, named('Skip to main content'), { max: 1 });
    await tabTo(page, (element) => element.name.includes('OSAPS'));
    const language = await tabTo(page, (element) => element.name.includes('English'));
    expect(language.tag).toBe('BUTTON');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).name).toBe('Français');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).name).toBe('English');
    await page.keyboard.press('Escape');
    expect((await focused(page)).name).toContain('English');
    expect(await page.locator('.language-list').isHidden()).toBe(true);
  });

  it('creates an ID in the modal (focus trapped), copies it with Enter', async () => {
    await tabTo(page, named('Discover the platform'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').locator('#created-id').waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    await expectFocusTrappedInDialog(page);
    anonymousId = await page.locator('#created-id').inputValue();
    await tabTo(page, named('Copy the ID'));
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(anonymousId);
    await tabTo(page, named('Create my account'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/learn');
  });

  it('Escape closes the logout modal and gives focus back; then logs out and in again', async () => {
    await page.locator('.course-card').first().waitFor();
    await tabTo(page, named('Log out'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await expectFocusTrappedInDialog(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await focused(page)).name).toBe('Log out');
    await page.keyboard.press('Enter');
    await tabTo(page, (element) => element.inDialog && element.name === 'Log out');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/');

    await page.locator('form.contact-form').waitFor();
    await tabTo(page, named('Sign in'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabTo(page, (element) => element.id === 'login-id');
    await page.keyboard.type(anonymousId);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/learn');
  });

  it('selects the module with the keyboard and takes the SCORM 1.2 course, resuming after a reload', async () => {
    await page.locator('.course-card').first().waitFor();
    const card = await tabTo(page, (element) => element.name.startsWith('G') && element.name.includes('Golf basics'));
    expect(card.tag).toBe('BUTTON');
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).name).toContain('Coming later');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: /Golf basics/ }).getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, named('Start – Golf SCORM 1.2'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/en/learn/course/${catalogue.course12.id}`);
    // Three pages forward (to page 3 of 15), then reload: the course resumes there, and is finished from there.
    await golfKeyboardToEnd(page, GOLF_PAGES - 4);
    const before = await golfPageIndex(page);
    expect(before).toContain('OtherScoring.html');
    await page.reload();
    await expect.poll(() => golfPageIndex(page), { timeout: 15_000 }).toBe(before);
    await golfKeyboardToEnd(page, 3);
    expect(await golfPageIndex(page)).toContain('assessmenttemplate.html');
    await tabTo(page, named('Exit the course'), { shift: true, max: 80 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/learn');
    await page.locator('.course-card').first().getByText('Completed').waitFor();
  });

  it('takes the SCORM 2004 course with the keyboard', async () => {
    await tabTo(page, named('Start – Golf SCORM 2004'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/en/learn/course/${catalogue.course2004.id}`);
    await golfKeyboardToEnd(page, 0);
    await tabTo(page, named('Exit the course'), { shift: true, max: 80 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/learn');
    await page.locator('.course-card').nth(1).getByText('Completed').waitFor();
  });

  it('sends the contact form with the keyboard', async () => {
    await tabTo(page, (element) => element.id === 'contact-last-name', { max: 120 });
    await page.keyboard.type('Muller');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Anne');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('anne@example.lu');
    await page.keyboard.press('Tab');
    await page.keyboard.type('A question about the law.');
    await tabTo(page, named('Send'));
    await page.keyboard.press('Enter');
    await page.getByText('Message sent!').waitFor();
  });
});
