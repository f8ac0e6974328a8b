import { useEffect } from 'react';
import { useI18n } from '../i18n/I18nContext';

/** WCAG 2.4.2: every screen has its own title, "<page> – <site>". */
export function usePageTitle(page: string): void {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${page} – ${t('app.name')}`;
  }, [page, t]);
}
