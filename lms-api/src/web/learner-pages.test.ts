// The learner app's documents as the platform serves them (built learner-web, real app): the public pages
// server-rendered in their language with the configuration embedded, other routes the shell with it.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import { testConfig, type Config } from '../config/config';
import { createTestDb, type TestDb } from '../test/db';

let db: TestDb | null = null;
let dataDir: string | null = null;

async function platform(overrides: Partial<Config> = {}) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'osaps-web-'));
  db = await createTestDb();
  const errors: unknown[] = [];
  const { app, deps } = createApp({ config: testConfig(dataDir, overrides), db, log: (_message, error) => errors.push(error) });
  return { app, errors, contentDir: deps.paths.content };
}

afterEach(async () => {
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  db = null;
  dataDir = null;
});

const embeddedConfig = (html: string) =>
  JSON.parse(/<script id="platform-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as Record<string, unknown> | null;
const rootOf = (html: string) => /<div id="root">(.*)<\/div>\s*<\/body>/s.exec(html)?.[1] ?? null;
/** Scripts the page would run inline (the CSP forbids them): every script must load a file or be a JSON data block. */
const inlineScripts = (html: string) => [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g)].map((m) => m[0]);

describe('learner web documents', () => {
  it('serves the welcome page rendered in its language, with its title and the public configuration', async () => {
    const { app, errors } = await platform({ contactFormEnabled: true });
    for (const [lang, heading, title] of [
      ['fr', 'Apprendre l’accessibilité des produits et des services', 'Accueil – '],
      ['en', 'Learn the accessibility of products and services', 'Home – '],
    ] as const) {
      const res = await request(app).get(`/${lang}/`).expect(200).expect('Content-Type', /html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.text).toContain(`<html lang="${lang}">`);
      expect(res.text).toMatch(new RegExp(`<title>${title}`));
      expect(res.text).toContain(lang === 'fr' ? '<meta name="description" content="Plateforme d’apprentissage gratuite' : '<meta name="description" content="The free learning platform');
      expect(rootOf(res.text)).toContain(`<h1 id="welcome-heading">${heading}</h1>`);
      expect(rootOf(res.text)).toContain('class="contact-form"');
      // The office's official (French) name carries its language on the other languages' pages (WCAG 3.1.2).
      expect(rootOf(res.text)).toContain(lang === 'fr' ? '<strong>Office de surveillance' : '<strong lang="fr">Office de surveillance');
      expect(embeddedConfig(res.text)).toMatchObject({ maintenance_mode: false, contact_form_enabled: true, api_base_url: '/api/v1' });
      expect(inlineScripts(res.text)).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  it('serves the legal page rendered, its five sections included', async () => {
    const { app } = await platform();
    const res = await request(app).get('/de/legal').expect(200);
    expect(res.text).toContain('<html lang="de">');
    expect((rootOf(res.text)?.match(/<section /g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect(inlineScripts(res.text)).toEqual([]);
  });

  it('shows the maintenance notice alone on the welcome page when maintenance mode is on', async () => {
    const { app } = await platform({ maintenanceMode: true });
    const res = await request(app).get('/fr/').expect(200);
    expect(res.text).toMatch(/<title>Plateforme en Maintenance – /);
    expect(rootOf(res.text)).toBe('<main id="main" class="maintenance"><h1>Plateforme en Maintenance</h1></main>');
    expect(embeddedConfig(res.text)).toMatchObject({ maintenance_mode: true });
  });

  it('answers other routes with the empty shell, in the language of the path, with the configuration', async () => {
    const { app } = await platform();
    for (const [url, lang] of [['/en/learn', 'en'], ['/lb/learn/course/3', 'lb'], ['/nowhere', 'fr'], ['/fr/legal/extra', 'fr']] as const) {
      const res = await request(app).get(url).expect(200);
      expect(res.text).toContain(`<html lang="${lang}">`);
      expect(rootOf(res.text)).toBe('');
      expect(embeddedConfig(res.text)).toMatchObject({ maintenance_mode: false });
    }
    // The API keeps its own JSON answers.
    await request(app).get('/api/v1/nowhere').expect(404).expect('Content-Type', /json/);
  });

  it('escapes the configuration so it cannot end its script element', async () => {
    // Also `$'`, which a string replacement would expand into the rest of the page.
    const url = "https://video.example/a.mp4?x=</script><script>alert(1)</script>&y=$'";
    const { app } = await platform({ introVideoUrl: url });
    const res = await request(app).get('/en/learn').expect(200);
    expect(res.text).not.toContain('</script><script>alert(1)');
    expect(embeddedConfig(res.text)).toMatchObject({ intro_video: { url } });
  });

  it('compresses documents, scripts and course files for clients that accept it; Range requests get the stored bytes', async () => {
    const { app, contentDir } = await platform();
    const document = await request(app).get('/fr/').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(document.headers['content-encoding']).toBe('br');
    expect(document.text).toContain('<html lang="fr">');
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(document.text)?.[1];
    expect(script).toBeTruthy();
    const gzipped = await request(app).get(script!).set('Accept-Encoding', 'gzip').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toContain('immutable');
    const plain = await request(app).get(script!).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const page = `<!doctype html><title>SCO</title>${'<p>Accessible content.</p>'.repeat(200)}`;
    mkdirSync(path.join(contentDir, 'courses/1/v1'), { recursive: true });
    writeFileSync(path.join(contentDir, 'courses/1/v1/index.html'), page);
    const sco = await request(app).get('/api/v1/content/courses/1/v1/index.html').set('Accept-Encoding', 'gzip').expect(200);
    expect(sco.headers['content-encoding']).toBe('gzip');
    expect(sco.text).toBe(page);
    const part = await request(app).get('/api/v1/content/courses/1/v1/index.html').set('Accept-Encoding', 'gzip').set('Range', 'bytes=0-99').expect(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 0-99/${page.length}`);
    expect(part.text).toBe(page.slice(0, 100));
  });
});
