import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { TranslationMessages } from 'react-admin';
import { appDe } from './app-de';
import { appEn } from './app-en';
import { appFr } from './app-fr';
import { appLb } from './app-lb';
import type { Language } from './language';
import { raDe } from './ra-de';
import { raLb } from './ra-lb';

/** Complete catalogues: react-admin's own messages plus the console's, in the four languages (DESIGN.md 8). */
export const messages: Record<Language, TranslationMessages> = {
  fr: { ...frenchMessages, ...appFr },
  en: { ...englishMessages, ...appEn },
  de: { ...(raDe as TranslationMessages), ...appDe },
  lb: { ...(raLb as TranslationMessages), ...appLb },
};
