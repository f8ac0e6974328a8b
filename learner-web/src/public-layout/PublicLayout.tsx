import type { ReactNode } from 'react';
import { Footer } from '../footer/Footer';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';

/** Public pages: skip link, banner, main content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-layout">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
