import type { Language } from '../i18n/language';
import type { Module } from './types';

/**
 * Spec 4 Course form: a title from the picked file's name — extension removed, `_` and `-` turned to
 * spaces, words capitalised.
 */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  return base
    .replace(/[_-]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(' ');
}

/** Spec 2 Content manager: the title in the current language, falling back to the English one. */
export function moduleTitle(module: Pick<Module, 'title' | 'title_fr' | 'title_de' | 'title_lb'>, language: Language): string {
  const localised = language === 'fr' ? module.title_fr : language === 'de' ? module.title_de : language === 'lb' ? module.title_lb : null;
  return localised && localised.trim() ? localised : module.title;
}

export function moduleDescription(
  module: Pick<Module, 'description' | 'description_fr' | 'description_de' | 'description_lb'>,
  language: Language,
): string | null {
  const localised =
    language === 'fr' ? module.description_fr : language === 'de' ? module.description_de : language === 'lb' ? module.description_lb : null;
  return localised && localised.trim() ? localised : module.description;
}

/** Spec 2: minimum score shown as a percentage, or 'None' (translated by the caller) when unset. */
export function minScoreLabel(minScore: number | null): string | null {
  return minScore === null || minScore === undefined ? null : `${Math.round(minScore)}%`;
}
