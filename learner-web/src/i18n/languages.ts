import { de } from './messages/de';
import { en } from './messages/en';
import { fr, type MessageKey, type Messages } from './messages/fr';
import { lb } from './messages/lb';

/** Spec 9: supported languages, French by default; German is listed in the selector too so all four are reachable. */
export const LANGUAGES = ['fr', 'en', 'de', 'lb'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const LANGUAGE_STORAGE_KEY = 'osaps.language';

/** Each language's name in that language (shown as is in every interface language, with its `lang`). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fr: 'Français',
  en: 'English',
  de: 'Deutsch',
  lb: 'Lëtzebuergesch',
};

export const CATALOGUES: Record<Language, Messages> = { fr, en, de, lb };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export type MessageParams = Record<string, string | number>;

/** Replaces `{name}` placeholders; unknown placeholders stay visible so a missing parameter is noticed. */
export function formatMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  return formatMessage(CATALOGUES[language][key], params);
}

/** Language of a path's first segment (`/en/learn` -> en), or null. */
export function languageOfPath(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : null;
}

/** The same page in another language: rewrites (or adds) the first path segment. */
export function pathInLanguage(pathname: string, language: Language): string {
  const segments = pathname.split('/');
  if (isLanguage(segments[1])) segments[1] = language;
  else segments.splice(1, 0, language);
  const path = segments.join('/');
  return path.endsWith(`/${language}`) ? `${path}/` : path;
}

/** Last chosen language (localStorage `osaps.language`), else French. */
export function preferredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be disabled (private mode); the URL still carries the language.
  }
}

/** Intl locale for dates and numbers: browsers have little `lb` data, so Luxembourgish falls back to de-LU (DESIGN.md 8). */
export function intlLocale(language: Language): string[] {
  return language === 'lb' ? ['lb-LU', 'de-LU'] : [`${language}-LU`, language];
}

export type { MessageKey, Messages };
