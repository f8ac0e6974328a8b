import { useEffect } from 'react';
import { useI18n } from '../i18n/I18nContext';

/** WCAG 2.4.2: every screen has its own title, "<page> – <site>" (also used for server-rendered pages). */
export function pageTitle(page: string, site: string): string {
  return `${page} – ${site}`;
}

export function usePageTitle(page: string): void {
  const { t } = useI18n();
  useEffect(() => {
    document.title = pageTitle(page, t('app.name'));
  }, [page, t]);
}
