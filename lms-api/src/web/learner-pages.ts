import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicSettings } from '../settings/schema';

interface RenderedPage {
  readonly html: string;
  readonly language: string;
  readonly title: string;
  readonly description: string;
}

/** learner-web `src/prerender/renderPublicPage.tsx`, built into `dist-server/renderPublicPage.js`. */
type RenderPublicPage = (pathname: string, config: PublicSettings) => Promise<RenderedPage | null>;

const ROOT = '<div id="root"></div>';
const HTML_LANG = /<html lang="[^"]*">/;
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*" \/>/;
const LANGUAGE_SEGMENT = /^\/(fr|en|de|lb)(\/|$)/;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The learner app's HTML documents. Every one embeds the public configuration (GET /api/v1/config), so the
 * first render already knows maintenance mode, the contact form and the intro video; the public pages
 * (`/{lang}/`, `/{lang}/legal`) also arrive server-rendered, painting before any script runs, and the app
 * hydrates them. Those pages depend only on the configuration, which is fixed per process: each is rendered
 * once and kept. Without a server build (or if rendering fails, logged) the page is the app's empty shell.
 */
export function learnerDocuments(
  distDir: string,
  settings: PublicSettings,
  log: (message: string, error?: unknown) => void,
): (pathname: string) => Promise<string> {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT) || !HTML_LANG.test(template) || !TITLE.test(template) || !DESCRIPTION.test(template)) {
    throw new Error(`${distDir}/index.html lacks <html lang>, <title>, <meta name="description"> or ${ROOT}`);
  }
  // `<` escaped: the JSON cannot end the script element; a JSON data block is never run, so the CSP allows it.
  const configScript = `<script id="platform-config" type="application/json">${JSON.stringify(settings).replace(/</g, '\\u003c')}</script>`;
  // Replacement functions, not strings: a `$&` or `$'` in the inserted text must stay as written.
  const withConfig = template.replace('</head>', () => `  ${configScript}\n  </head>`);
  const shell = (language: string | undefined) => (language ? withConfig.replace(HTML_LANG, () => `<html lang="${language}">`) : withConfig);

  const serverBuild = path.join(distDir, '..', 'dist-server', 'renderPublicPage.js');
  let renderer: Promise<RenderPublicPage | null> | null = null;
  const loadRenderer = () =>
    (renderer ??= existsSync(serverBuild)
      ? import(pathToFileURL(serverBuild).href).then(
          (module: { renderPublicPage: RenderPublicPage }) => module.renderPublicPage,
          (error: unknown) => {
            log('learner-web server build could not be loaded; pages are served unrendered', error);
            return null;
          },
        )
      : Promise.resolve(null));

  const rendered = new Map<string, Promise<string | null>>();
  const render = async (pathname: string): Promise<string | null> => {
    const renderPublicPage = await loadRenderer();
    const page = renderPublicPage ? await renderPublicPage(pathname, settings) : null;
    if (!page) return null;
    return withConfig
      .replace(HTML_LANG, () => `<html lang="${page.language}">`)
      .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(page.description)}" />`)
      .replace(ROOT, () => `<div id="root">${page.html}</div>`);
  };

  return async (pathname) => {
    const language = LANGUAGE_SEGMENT.exec(pathname)?.[1];
    // Only the few public paths are rendered, so the cache stays as small as the list of languages.
    if (!language || !/^\/[a-z]{2}(\/(legal)?)?$/.test(pathname)) return shell(language);
    let page = rendered.get(pathname);
    if (!page) {
      page = render(pathname).catch((error: unknown) => {
        log(`server rendering of ${pathname} failed; the page is served unrendered`, error);
        return null;
      });
      rendered.set(pathname, page);
    }
    return (await page) ?? shell(language);
  };
}
