import { Type, type Static } from '@sinclair/typebox';

/** Spec 3 User. `anonymous_id` is the masked form: the full ID is the learner's secret (DESIGN.md 6). */
export const User = Type.Object({
  id: Type.Integer(),
  anonymous_id: Type.String({ description: 'Masked: only the last group is shown.' }),
  nickname: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  last_login: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  is_admin: Type.Boolean(),
  auth_provider: Type.String(),
});
export type User = Static<typeof User>;

/** Spec 3 Generated identity. */
export const GeneratedIdentity = Type.Object({
  anonymous_id: Type.String(),
  verification_token: Type.String(),
});
export type GeneratedIdentity = Static<typeof GeneratedIdentity>;

/** Spec 3 Registration payload. */
export const Registration = Type.Object(
  {
    anonymous_id: Type.String({ minLength: 8, maxLength: 100 }),
    verification_token: Type.String({ minLength: 1, maxLength: 200 }),
    nickname: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type Registration = Static<typeof Registration>;
