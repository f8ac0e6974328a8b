import { useI18n } from '../i18n/I18nContext';

export function SkipLink() {
  const { t } = useI18n();
  return (
    <a className="skip-link" href="#main">
      {t('skip.toMain')}
    </a>
  );
}
