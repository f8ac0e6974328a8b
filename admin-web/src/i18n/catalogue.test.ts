import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language';
import { messages } from './messages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
const catalogues = Object.fromEntries(LANGUAGES.map((l) => [l, flatten(messages[l] as Tree)])) as Record<(typeof LANGUAGES)[number], Map<string, string>>;
const reference = catalogues.en;

describe('message catalogues (DESIGN.md 8)', () => {
  it('include every react-admin message key', () => {
    const raKeys = [...flatten(englishMessages as Tree).keys()];
    expect(raKeys.length).toBeGreaterThan(150);
    for (const language of LANGUAGES) {
      const missing = raKeys.filter((key) => !catalogues[language].has(key));
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });

  it.each(LANGUAGES)('%s has exactly the English keys, none empty', (language) => {
    const keys = [...catalogues[language].keys()].sort();
    expect(keys).toEqual([...reference.keys()].sort());
    const empty = [...catalogues[language]].filter(([key, text]) => text.trim() === '' && key !== 'ra.boolean.null');
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses no placeholder English lacks (it would show literally)', (language) => {
    const unknown = [...reference].filter(([key, text]) => {
      const known = new Set(placeholders(text));
      return placeholders(catalogues[language].get(key) ?? '').some((name) => !known.has(name));
    });
    expect(unknown.map(([key]) => key)).toEqual([]);
  });

  it.each(['de', 'lb'] as const)('%s (our own catalogue) uses exactly the English placeholders', (language) => {
    const mismatched = [...reference].filter(([key, text]) => placeholders(text).join() !== placeholders(catalogues[language].get(key) ?? '').join());
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('German and Luxembourgish are real translations, not copies of English or of each other', () => {
    const words = (text: string) => text.replace(/%\{\w+\}/g, '').replace(/[^\p{L}]/gu, '');
    const appKeys = [...reference.keys()].filter((k) => k.startsWith('app.') && words(reference.get(k) ?? '').length > 25);
    const sameAsEnglish = (language: 'de' | 'lb') => appKeys.filter((k) => catalogues[language].get(k) === reference.get(k));
    expect(sameAsEnglish('de')).toEqual([]);
    expect(sameAsEnglish('lb')).toEqual([]);
    const lbEqualsDe = appKeys.filter((k) => catalogues.lb.get(k) === catalogues.de.get(k));
    expect(lbEqualsDe).toEqual([]);
  });

  it('keep the spec texts in French', () => {
    const fr = catalogues.fr;
    expect(fr.get('app.nav.title')).toBe('Tableau de Bord Admin');
    expect(fr.get('app.nav.users')).toBe('Gestion des Utilisateurs');
    expect(fr.get('app.nav.content')).toBe('Gestion du Contenu');
    expect(fr.get('app.users.empty')).toBe('Aucun utilisateur trouvé correspondant à vos filtres.');
    expect(fr.get('app.users.progress_empty')?.replace('’', "'")).toBe("Cet utilisateur n'a encore commencé aucun cours.");
    expect(fr.get('app.module_form.title_required')).toBe('Le titre du module est requis.');
    expect(fr.get('app.course_form.errors.title_required')).toBe('Le titre du cours est requis.');
    expect(fr.get('app.course_form.errors.original_required')).toBe('Veuillez sélectionner le cours original.');
    expect(fr.get('app.course_form.errors.package_required')).toBe('Veuillez sélectionner un fichier ZIP à télécharger.');
    expect(reference.get('app.course_form.errors.package_required')).toBe('Please select a ZIP file to upload.');
  });

  it('define every app.* key the source code uses', () => {
    const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts') && !/^app-|^ra-/.test(name)) files.push(full);
      }
    };
    walk(root);
    const used = new Set<string>();
    for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(/'(app\.[a-z_]+(?:\.[a-z_]+)+)'/g)) used.add(match[1]);
    expect(used.size).toBeGreaterThan(150);
    const missing = [...used].filter((key) => !reference.has(key));
    expect(missing).toEqual([]);
  });
});
