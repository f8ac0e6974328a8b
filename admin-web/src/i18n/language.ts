import { LANGUAGE_KEY } from '../data/session';

export const LANGUAGES = ['fr', 'en', 'de', 'lb'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The admin area has no selector (spec 1): it follows the language last chosen in the learner area. */
export function currentLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Intl has little Luxembourgish data in browsers (DESIGN.md 8): lb-LU falls back to de-LU. */
export function intlLocale(language: Language): string[] {
  switch (language) {
    case 'lb':
      return ['lb-LU', 'de-LU'];
    case 'de':
      return ['de-LU', 'de'];
    case 'en':
      return ['en-GB'];
    default:
      return ['fr-LU', 'fr'];
  }
}

export function formatDateTime(value: string | null | undefined, language: Language): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDate(value: string | null | undefined, language: Language): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(date);
}
