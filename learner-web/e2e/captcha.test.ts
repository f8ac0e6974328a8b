import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from 'lms-api/test-server';
import { axeViolations, launchBrowser, newContext, startPlatform } from './support';

/** The contact form with use_captcha on: the self-hosted ALTCHA proof-of-work widget, then a real submission. */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPlatform({ useCaptcha: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('contact form with the captcha', () => {
  it('needs the proof-of-work before sending, then sends with its token', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/en/');
    const form = page.locator('form.contact-form');
    const widget = form.locator('altcha-widget');
    await widget.waitFor();
    await form.locator('#contact-last-name').fill('Muller');
    await form.locator('#contact-first-name').fill('Anne');
    await form.locator('#contact-email').fill('anne@example.lu');
    await form.locator('#contact-message').fill('A question about the law.');
    const send = form.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await form.getByText('Please complete the anti-robot check.').waitFor();
    await widget.getByRole('checkbox', { name: 'I am not a robot' }).click();
    await widget.getByText('Verified').waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await send.click();
    await form.getByText('Message sent!').waitFor();
    const rows = await server.db.query<{ email: string }>('SELECT email FROM contact_messages');
    expect(rows.map((row) => row.email)).toEqual(['anne@example.lu']);
    // 5 s later the form and the captcha are reset.
    await form.getByText('Message sent!').waitFor({ state: 'detached', timeout: 8000 });
    expect(await form.locator('#contact-last-name').inputValue()).toBe('');
    expect(await send.isDisabled()).toBe(true);
    await context.close();
  });
});
