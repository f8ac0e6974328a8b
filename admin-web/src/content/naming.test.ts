import { describe, expect, it } from 'vitest';
import { minScoreLabel, moduleDescription, moduleTitle, titleFromFileName } from './naming';

describe('titleFromFileName (spec 4 Course form)', () => {
  it('drops the extension, turns _ and - into spaces and capitalises words', () => {
    expect(titleFromFileName('golf-scorm12-runtime-basic-single-sco.zip')).toBe('Golf Scorm12 Runtime Basic Single Sco');
    expect(titleFromFileName('accessibility_basics_v2.zip')).toBe('Accessibility Basics V2');
    expect(titleFromFileName('C:\\fakepath\\my__course--final.ZIP')).toBe('My Course Final');
    expect(titleFromFileName('élan-numérique.zip')).toBe('Élan Numérique');
  });
  it('keeps names without extension and inner dots', () => {
    expect(titleFromFileName('course')).toBe('Course');
    expect(titleFromFileName('v1.2-intro.zip')).toBe('V1.2 Intro');
  });
});

describe('module titles (spec 2: current language, English fallback)', () => {
  const module = { title: 'Basics', title_fr: 'Les bases', title_de: '', title_lb: null, description: 'About', description_fr: null, description_de: 'Über', description_lb: '  ' };
  it('uses the localised title when present', () => {
    expect(moduleTitle(module, 'fr')).toBe('Les bases');
    expect(moduleTitle(module, 'en')).toBe('Basics');
  });
  it('falls back to English when empty or missing', () => {
    expect(moduleTitle(module, 'de')).toBe('Basics');
    expect(moduleTitle(module, 'lb')).toBe('Basics');
    expect(moduleDescription(module, 'de')).toBe('Über');
    expect(moduleDescription(module, 'lb')).toBe('About');
  });
});

describe('minScoreLabel (spec 2: percentage or None)', () => {
  it('formats a percentage or answers null for "None"', () => {
    expect(minScoreLabel(80)).toBe('80%');
    expect(minScoreLabel(0)).toBe('0%');
    expect(minScoreLabel(null)).toBeNull();
  });
});
