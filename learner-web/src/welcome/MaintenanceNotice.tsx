import { usePageTitle } from '../common/usePageTitle';
import { useI18n } from '../i18n/I18nContext';

/** Spec 2: under maintenance the welcome page shows 'Plateforme en Maintenance' only. */
export function MaintenanceNotice() {
  const { t } = useI18n();
  usePageTitle(t('title.maintenance'));
  return (
    <main id="main" className="maintenance">
      <h1>{t('welcome.maintenance')}</h1>
    </main>
  );
}
