import { describe, expect, it } from 'vitest';
import { LEGAL_SECTION_ORDER } from '../legal/texts/types';
import { legalDe } from '../legal/texts/de';
import { legalEn } from '../legal/texts/en';
import { legalFr } from '../legal/texts/fr';
import { legalLb } from '../legal/texts/lb';
import { CATALOGUES, formatMessage, LANGUAGES } from './languages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogues', () => {
  const reference = Object.keys(CATALOGUES.fr).sort();

  it.each(LANGUAGES)('%s has exactly the keys of the French catalogue', (language) => {
    expect(Object.keys(CATALOGUES[language]).sort()).toEqual(reference);
  });

  it.each(LANGUAGES)('%s: every message is non-empty and keeps the placeholders of the French text', (language) => {
    for (const key of reference) {
      const text = CATALOGUES[language][key as keyof (typeof CATALOGUES)['fr']];
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(CATALOGUES.fr[key as keyof (typeof CATALOGUES)['fr']]));
    }
  });

  it('French keeps the spec texts word for word', () => {
    expect(CATALOGUES.fr['welcome.maintenance']).toBe('Plateforme en Maintenance');
    expect(CATALOGUES.fr['welcome.login']).toBe('Se connecter');
    expect(CATALOGUES.fr['welcome.discover']).toBe('Découvrir la plateforme');
    expect(CATALOGUES.fr['contact.title']).toBe('Formulaire de contact');
    expect(CATALOGUES.fr['contact.successTitle']).toBe('Message envoyé !');
    expect(CATALOGUES.fr['contact.successText']).toBe('Votre message a été envoyé avec succès.');
    expect(CATALOGUES.fr['contact.lastNameRequired']).toBe('Le nom de famille est requis');
    expect(CATALOGUES.fr['contact.emailRequired']).toBe('L’adresse email est requise');
    expect(CATALOGUES.fr['contact.emailInvalid']).toBe('Veuillez saisir une adresse email valide');
    expect(CATALOGUES.fr['contact.messageRequired']).toBe('Le message est requis');
    expect(CATALOGUES.fr['contact.phoneHint']).toBe('Le numéro de téléphone est optionnel');
    expect(CATALOGUES.fr['create.errorGenerate']).toBe('Le service est inaccessible pour le moment. Veuillez réessayer plus tard.');
    expect(CATALOGUES.fr['dashboard.comingSoon']).toBe('Ce thème arrive bientôt');
    expect(CATALOGUES.fr['dashboard.loginAgain']).toBe('Connectez-vous avec votre ID');
    expect(CATALOGUES.fr['status.notStarted']).toBe('Non Commencé');
    expect(CATALOGUES.fr['status.inProgress']).toBe('En Cours');
    expect(CATALOGUES.fr['status.completed']).toBe('Terminé');
    expect(CATALOGUES.fr['player.retry']).toBe('Réessayer');
    expect(CATALOGUES.fr['login.idInvalid'].replace('’', "'")).toBe("L'ID Anonyme est requis et doit contenir au moins 8 caractères.");
  });

  it('English keeps the spec error texts word for word', () => {
    expect(CATALOGUES.en['login.errorNotFound']).toBe('Invalid anonymous ID. Please check and try again.');
    expect(CATALOGUES.en['login.errorGeneric']).toBe('Login failed. Please try again later.');
    expect(CATALOGUES.en['create.errorRegister']).toBe('Registration failed. Please try again.');
    expect(CATALOGUES.en['dashboard.errorProgress']).toBe('Failed to load course progress.');
    expect(CATALOGUES.en['dashboard.errorModules']).toBe('Failed to load modules.');
    expect(CATALOGUES.en['dashboard.errorCritical']).toBe('A critical error occurred while loading the dashboard.');
    expect(CATALOGUES.en['dashboard.locked']).toBe('Previous course must be completed');
    expect(CATALOGUES.en['dashboard.unassigned']).toBe('Unassigned Courses');
    expect(CATALOGUES.en['player.errorInvalidId']).toBe('Invalid Course ID provided in URL.');
    expect(CATALOGUES.en['player.errorLaunchUrl']).toBe('Failed to get a valid launch URL from the server.');
    expect(CATALOGUES.en['logout.copied']).toBe('Copied');
  });

  it('Luxembourgish is not a copy of German', () => {
    const same = Object.keys(CATALOGUES.fr).filter((key) => {
      const k = key as keyof (typeof CATALOGUES)['fr'];
      return CATALOGUES.lb[k] === CATALOGUES.de[k] && /\p{L}{4,}/u.test(CATALOGUES.lb[k]);
    });
    // Only words that are the same in both languages (Status:, Kontakt, Telefon:, …) may coincide.
    expect(same.length).toBeLessThan(10);
  });

  it('formats placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('{percent} % terminé', { percent: 40 })).toBe('40 % terminé');
    expect(formatMessage('Niveau {level}')).toBe('Niveau {level}');
    expect(formatMessage('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
});

describe('legal texts', () => {
  it.each([legalFr, legalEn, legalDe, legalLb].map((text) => [text.title, text] as const))('%s has the five sections, in order, with the same structure', (_title, text) => {
    expect(text.sections.map((section) => section.id)).toEqual(LEGAL_SECTION_ORDER);
    const shape = (t: typeof legalFr) => t.sections.map((section) => section.blocks.map((block) => ('ul' in block ? `ul${block.ul.length}` : Object.keys(block)[0])));
    expect(shape(text)).toEqual(shape(legalFr));
  });

  it.each([legalFr, legalEn, legalDe, legalLb].map((text) => [text.title, text] as const))('%s mentions the keyed hash, xAPI and the 1-month persistence', (_title, text) => {
    const all = JSON.stringify(text);
    expect(all).toContain('xAPI');
    expect(all).toMatch(/1 (mois|month|Monat|Mount)/);
    expect(all).toContain('osaps_csrf');
    expect(all).toContain('lastSelectedModuleId');
  });
});
