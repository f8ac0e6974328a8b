// Server rendering of the public pages (built by `vite build --ssr` into dist-server/, loaded by lms-api
// `web/learner-pages.ts`): the welcome and legal pages arrive as HTML, so they paint before any script runs
// (Lighthouse mobile performance, slow networks), and the browser bundle hydrates them.
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { PlatformConfig } from '../api/types';
import { AppRoutes } from '../App';
import { pageTitle } from '../common/usePageTitle';
import { isLanguage, translate, type Language, type MessageKey } from '../i18n/languages';
import { SessionProvider } from '../session/SessionContext';

export interface RenderedPage {
  /** The markup of `#root`. */
  readonly html: string;
  readonly language: Language;
  /** The document title the page sets once running (usePageTitle). */
  readonly title: string;
  /** The page's meta description, in its language. */
  readonly description: string;
}

/** The pages rendered on the server: the same for every visitor (no user, only the public configuration). */
const PAGES: Record<string, MessageKey> = { '': 'title.welcome', legal: 'title.legal' };

/** Renders `/{lang}/` or `/{lang}/legal` as a visitor without a session sees it; null for any other path. */
export async function renderPublicPage(pathname: string, config: PlatformConfig): Promise<RenderedPage | null> {
  const [, lang, page = '', ...rest] = pathname.split('/');
  if (!isLanguage(lang) || rest.length > 0 || !Object.hasOwn(PAGES, page)) return null;
  // Spec 2: under maintenance the welcome page is the notice only.
  const titleKey = page === '' && config.maintenance_mode ? 'title.maintenance' : PAGES[page];
  // prerender (unlike renderToString) waits for the lazy chunks (legal page, contact form) to render them whole.
  // Every boundary inline, in document order: an outlined one would need React's inline script, which the
  // Content-Security-Policy (script-src 'self') does not run.
  const { prelude } = await prerender(
    <SessionProvider initialConfig={config}>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </SessionProvider>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();
  return {
    html,
    language: lang,
    title: pageTitle(translate(lang, titleKey), translate(lang, 'app.name')),
    description: translate(lang, 'app.description'),
  };
}
