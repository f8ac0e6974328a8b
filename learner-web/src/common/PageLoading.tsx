import { useI18n } from '../i18n/I18nContext';
import { Spinner } from './Spinner';

/** Fallback while a lazily loaded screen arrives. */
export function PageLoading() {
  const { t } = useI18n();
  return (
    <div className="page-loading">
      <Spinner label={t('common.loading')} />
    </div>
  );
}
