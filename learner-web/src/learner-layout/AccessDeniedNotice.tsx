import { useSearchParams } from 'react-router';
import { useI18n } from '../i18n/I18nContext';

/** Spec 6: a non-admin sent back from the admin area (`?accessDenied=true`) is told why. */
export function AccessDeniedNotice() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  if (params.get('accessDenied') !== 'true') return null;
  return (
    <p className="notice warning" role="alert">
      {t('nav.accessDenied')}
    </p>
  );
}
