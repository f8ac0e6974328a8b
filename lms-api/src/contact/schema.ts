import { Type, type Static } from '@sinclair/typebox';

/**
 * Spec 3 Contact payload. Presence and minimum lengths are checked by the service so each field gets the
 * message of spec 5 (Contact form); the schema only bounds sizes.
 */
export const ContactSubmission = Type.Object(
  {
    first_name: Type.Optional(Type.String({ maxLength: 100 })),
    last_name: Type.Optional(Type.String({ maxLength: 100 })),
    email: Type.Optional(Type.String({ maxLength: 254 })),
    phone: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    message: Type.Optional(Type.String({ maxLength: 10_000 })),
    /** The ALTCHA widget's payload (base64 JSON); required when use_captcha is on. */
    captcha_token: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ContactSubmission = Static<typeof ContactSubmission>;

export const ContactReceipt = Type.Object({ id: Type.Integer(), created_at: Type.String({ format: 'date-time' }) });

export const ContactMessage = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  /** When the message was forwarded by e-mail (null when not, e.g. no SMTP configured). */
  forwarded_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  forward_error: Type.Union([Type.String(), Type.Null()]),
});
export type ContactMessage = Static<typeof ContactMessage>;

/** An ALTCHA proof-of-work challenge (https://altcha.org), signed with the server's key. */
export const CaptchaChallenge = Type.Object({
  algorithm: Type.String(),
  challenge: Type.String(),
  maxnumber: Type.Optional(Type.Integer()),
  salt: Type.String(),
  signature: Type.String(),
});

export const MessageIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
