import { describe, expect, it } from 'vitest';
import { intlLocale, isLanguage, languageOfPath, pathInLanguage } from './languages';

describe('language in the first path segment', () => {
  it('reads it', () => {
    expect(languageOfPath('/en/learn')).toBe('en');
    expect(languageOfPath('/lb/')).toBe('lb');
    expect(languageOfPath('/learn')).toBeNull();
    expect(languageOfPath('/')).toBeNull();
    expect(isLanguage('it')).toBe(false);
  });

  it('rewrites it, or adds it', () => {
    expect(pathInLanguage('/fr/learn/course/3', 'de')).toBe('/de/learn/course/3');
    expect(pathInLanguage('/fr/', 'lb')).toBe('/lb/');
    expect(pathInLanguage('/fr', 'en')).toBe('/en/');
    expect(pathInLanguage('/login', 'fr')).toBe('/fr/login');
    expect(pathInLanguage('/', 'en')).toBe('/en/');
  });

  it('falls back from lb-LU to de-LU for Intl', () => {
    expect(intlLocale('lb')).toEqual(['lb-LU', 'de-LU']);
    expect(intlLocale('fr')[0]).toBe('fr-LU');
  });
});
