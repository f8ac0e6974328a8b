import type { MessageKey } from '../i18n/languages';

/** Spec 5 / 9: contact form rules. */
export const NAME_MIN_LENGTH = 2;
export const MESSAGE_MIN_LENGTH = 5;
/** Spec 4 Contact: after 5 s the form (success) or only the captcha (failure) resets. */
export const CONTACT_RESET_MS = 5000;

export interface ContactValues {
  last_name: string;
  first_name: string;
  phone: string;
  email: string;
  message: string;
}

export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, MessageKey>>;

export const EMPTY_CONTACT: ContactValues = { last_name: '', first_name: '', phone: '', email: '', message: '' };

// A practical address check (one @, a dot in the domain, no spaces), as browsers' type=email does.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const lastName = values.last_name.trim();
  const firstName = values.first_name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!lastName) errors.last_name = 'contact.lastNameRequired';
  else if (lastName.length < NAME_MIN_LENGTH) errors.last_name = 'contact.lastNameMin';
  if (!firstName) errors.first_name = 'contact.firstNameRequired';
  else if (firstName.length < NAME_MIN_LENGTH) errors.first_name = 'contact.firstNameMin';
  if (!email) errors.email = 'contact.emailRequired';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'contact.emailInvalid';
  if (!message) errors.message = 'contact.messageRequired';
  else if (message.length < MESSAGE_MIN_LENGTH) errors.message = 'contact.messageMin';
  return errors;
}
