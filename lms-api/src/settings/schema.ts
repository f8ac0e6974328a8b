import { Type, type Static } from '@sinclair/typebox';

/** Spec 3 Environment settings, served at run time (DESIGN.md 4) rather than baked into the web apps. */
export const PublicSettings = Type.Object({
  production: Type.Boolean(),
  dev_admin_mode: Type.Boolean(),
  use_captcha: Type.Boolean(),
  maintenance_mode: Type.Boolean(),
  contact_form_enabled: Type.Boolean(),
  api_base_url: Type.String(),
  captcha_endpoint: Type.String(),
  intro_video: Type.Union([Type.Object({ url: Type.String(), captions_url: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  office: Type.Object({
    name: Type.String(),
    short_name: Type.String(),
    address: Type.Array(Type.String()),
    phone: Type.String(),
    email: Type.String(),
    website: Type.String(),
    law_url: Type.String(),
  }),
});
export type PublicSettings = Static<typeof PublicSettings>;

/** Spec 3/9 Supported SCORM versions, shaped for a select (value + label). */
export const ScormVersion = Type.Object({ value: Type.String(), label: Type.String() });
export type ScormVersion = Static<typeof ScormVersion>;
