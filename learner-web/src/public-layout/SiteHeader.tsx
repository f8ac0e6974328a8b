import { Link } from 'react-router';
import { Logo } from '../common/Logo';
import { useI18n } from '../i18n/I18nContext';
import { LanguageSelector } from '../i18n/LanguageSelector';

/** Banner of the public pages: the platform's name (link to the welcome page) and the language selector. */
export function SiteHeader() {
  const { language, t } = useI18n();
  return (
    <header className="site-header">
      <Link to={`/${language}/`} className="brand">
        <Logo />
        <span className="brand-text">
          <span className="brand-name">{t('app.name')}</span>
          <span className="brand-office">{t('app.office')}</span>
        </span>
      </Link>
      <LanguageSelector />
    </header>
  );
}
