import type { Config } from '../config/config';
import type { Sql } from '../db/db';
import { badRequest, notFound } from '../http/errors';
import { checkSolution } from './captcha';
import { forwardByMail } from './mail';
import type { ContactSubmission } from './schema';
import * as store from './store';

// Spec 9: name minimum length 2, contact message minimum length 5.
const NAME_MIN = 2;
const MESSAGE_MIN = 5;
// Practical address check (local@domain.tld), as browsers' type=email does.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+\d][\d\s()./-]{3,39}$/;

export const CONTACT_DISABLED = 'The contact form is disabled.';

export function requireContactForm(config: Config): void {
  if (!config.contactFormEnabled) throw notFound(CONTACT_DISABLED);
}

/** Spec 5 Contact form rules, each with its own message. */
export function validateSubmission(input: ContactSubmission) {
  const firstName = input.first_name?.trim() ?? '';
  const lastName = input.last_name?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  const phone = input.phone?.trim() ?? '';
  const message = input.message?.trim() ?? '';
  if (!firstName) throw badRequest('First name is required.');
  if (firstName.length < NAME_MIN) throw badRequest(`First name must be at least ${NAME_MIN} characters.`);
  if (!lastName) throw badRequest('Last name is required.');
  if (lastName.length < NAME_MIN) throw badRequest(`Last name must be at least ${NAME_MIN} characters.`);
  if (!email) throw badRequest('Email address is required.');
  if (!EMAIL.test(email)) throw badRequest('Please enter a valid email address.');
  if (phone && !PHONE.test(phone)) throw badRequest('Please enter a valid phone number.');
  if (!message) throw badRequest('Message is required.');
  if (message.length < MESSAGE_MIN) throw badRequest(`Message must be at least ${MESSAGE_MIN} characters.`);
  return { first_name: firstName, last_name: lastName, email, phone: phone || null, message };
}

/**
 * POST /contact/submit: validate, check the captcha (when on), store the message, then forward it by e-mail
 * (when SMTP is configured). The stored message is the record: a mail failure is noted on it, not lost.
 */
export async function submitContact(db: Sql, config: Config, input: ContactSubmission): Promise<store.ContactMessageRow> {
  requireContactForm(config);
  const fields = validateSubmission(input);
  let solution: { signature: string; expiresAt: Date } | null = null;
  if (config.useCaptcha) {
    if (!input.captcha_token) throw badRequest('Please complete the captcha.');
    solution = await checkSolution(config.secretKey, input.captcha_token);
    if (!solution) throw badRequest('Captcha verification failed. Please try again.');
  }
  const saved = await db.transaction(async (tx) => {
    if (solution && !(await store.claimCaptchaSolution(tx, solution.signature, solution.expiresAt))) {
      throw badRequest('This captcha was already used. Please solve a new one.');
    }
    return store.insertMessage(tx, fields);
  });
  if (config.smtpUrl) {
    let error: string | null = null;
    try {
      await forwardByMail(config.smtpUrl, { from: config.contactSender, to: config.contactRecipient }, saved);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    await store.recordForwarding(db, saved.id, error);
  }
  return saved;
}

export async function getMessage(sql: Sql, id: number): Promise<store.ContactMessageRow> {
  const row = await store.findMessage(sql, id);
  if (!row) throw notFound('Message not found.');
  return row;
}

export async function deleteMessage(sql: Sql, id: number): Promise<store.ContactMessageRow> {
  const row = await store.deleteMessage(sql, id);
  if (!row) throw notFound('Message not found.');
  return row;
}
