/** A legal page section: the anchor ids are fixed by the footer links (spec 2). */
export type LegalSectionId = 'protection' | 'apropos' | 'accessibilite' | 'aspectsLegaux' | 'cookies';

export type LegalBlock = { h3: string } | { p: string } | { ul: string[] };

export interface LegalSection {
  id: LegalSectionId;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalText {
  title: string;
  /** Date of the last update, written out in the language. */
  updated: string;
  sections: LegalSection[];
}

export const LEGAL_SECTION_ORDER: LegalSectionId[] = ['protection', 'apropos', 'accessibilite', 'aspectsLegaux', 'cookies'];
