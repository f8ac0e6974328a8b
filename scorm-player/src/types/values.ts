// Scalar value types shared by the SCORM 1.2 and 2004 data models.

/** SCORM 2004 RTE 4.2 real(10,7) / SCORM 1.2 CMIDecimal: optional sign, digits, optional fraction. */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/** A decimal inside [min, max] (either bound may be absent). */
export function decimalInRange(value: string, min?: number, max?: number): boolean {
  const n = Number(value);
  return (min === undefined || n >= min) && (max === undefined || n <= max);
}

/** SCORM 1.2 CMIInteger / CMISInteger. */
export function isInteger(value: string, signed: boolean): boolean {
  return signed ? /^[-+]?\d+$/.test(value) : /^\+?\d+$/.test(value);
}

import { ISO_639_1, ISO_639_2 } from './languages.js';

// RFC 3066 language tag as SCORM 2004 RTE 4.2 language_type requires: an ISO 639 primary
// subtag or the reserved "i" / "x" prefixes, then subtags of 1 to 8 alphanumerics.
const LANGUAGE = /^([a-zA-Z]{1,3})(?:-[a-zA-Z0-9]{1,8})*$/;
let languageCodes: Set<string> | undefined;

function isLanguageCode(code: string): boolean {
  if (!languageCodes) {
    languageCodes = new Set(['i', 'x']);
    for (let i = 0; i < ISO_639_1.length; i += 2) languageCodes.add(ISO_639_1.slice(i, i + 2));
    for (let i = 0; i < ISO_639_2.length; i += 3) languageCodes.add(ISO_639_2.slice(i, i + 3));
  }
  return languageCodes.has(code.toLowerCase());
}

export function isLanguage(value: string): boolean {
  const match = value.length <= 250 ? LANGUAGE.exec(value) : null;
  return match !== null && isLanguageCode(match[1]);
}

/**
 * Splits a SCORM 2004 localized_string_type value "{lang=xx}text" into its language and text.
 * Returns null when a "{lang=" delimiter is present but malformed or names an invalid language.
 */
export function splitLocalized(value: string): { lang: string | null; text: string } | null {
  if (!value.startsWith('{lang=')) return { lang: null, text: value };
  const end = value.indexOf('}');
  if (end < 0) return { lang: null, text: value };
  const lang = value.slice(6, end);
  if (!isLanguage(lang)) return null;
  return { lang, text: value.slice(end + 1) };
}

/** SCORM 2004 RTE 4.2 localized_string_type with the given smallest permitted maximum. */
export function isLocalizedString(value: string, spm: number): boolean {
  const parts = splitLocalized(value);
  return parts !== null && parts.text.length <= spm;
}

// SCORM 2004 RTE 4.2 long_identifier_type / short_identifier_type: a URI (RFC 3986), i.e. a
// non-empty run of URI characters; a "urn:" must carry a namespace identifier and a specific string.
// Square brackets are left out: "[,]", "[.]" and "[:]" delimit identifiers in responses (RTE cmi.interactions).
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]+$/;
const URN = /^urn:[a-zA-Z0-9][a-zA-Z0-9-]{0,31}:\S+$/i;

export function isIdentifier(value: string, spm: number): boolean {
  if (value.length === 0 || value.length > spm || !URI_CHARS.test(value)) return false;
  if (/^urn:/i.test(value)) return URN.test(value);
  return true;
}

/** SCORM 1.2 CMIIdentifier: up to 255 characters, no white space. */
export function isScorm12Identifier(value: string): boolean {
  return value.length > 0 && value.length <= 255 && !/\s/.test(value);
}
