import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { currentLanguage, LANGUAGES, type Language } from './language';
import { messages } from './messages';

const catalogues: Record<Language, TranslationMessages> = messages;

/** Sets `<html lang>` so assistive technology reads the console in its language (WCAG 3.1.1). */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
}

export function createI18nProvider() {
  const initial = currentLanguage();
  applyDocumentLanguage(initial);
  return polyglotI18nProvider((locale) => catalogues[(LANGUAGES as readonly string[]).includes(locale) ? (locale as Language) : 'fr'], initial, [], {
    allowMissing: false,
  });
}
