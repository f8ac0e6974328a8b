import { describe, expect, it } from 'vitest';
import { EMPTY_CONTACT, validateContact } from './validation';

describe('contact form validation (spec 5)', () => {
  it('requires names, email and message; phone is optional', () => {
    expect(validateContact(EMPTY_CONTACT)).toEqual({
      last_name: 'contact.lastNameRequired',
      first_name: 'contact.firstNameRequired',
      email: 'contact.emailRequired',
      message: 'contact.messageRequired',
    });
  });

  it('checks minimum lengths (2 for names, 5 for the message) after trimming', () => {
    expect(validateContact({ ...EMPTY_CONTACT, last_name: ' A ', first_name: 'B', email: 'a@b.lu', message: 'abcd ' })).toEqual({
      last_name: 'contact.lastNameMin',
      first_name: 'contact.firstNameMin',
      message: 'contact.messageMin',
    });
  });

  it('checks the email address', () => {
    for (const email of ['anne', 'anne@', 'anne@example', 'an ne@example.lu', '@example.lu']) {
      expect(validateContact({ ...EMPTY_CONTACT, email }).email, email).toBe('contact.emailInvalid');
    }
    expect(validateContact({ last_name: 'Muller', first_name: 'Anne', phone: '', email: 'anne.muller@example.lu', message: 'Bonjour' })).toEqual({});
  });
});
