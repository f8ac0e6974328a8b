import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Logo } from '../common/Logo';
import { usePageTitle } from '../common/usePageTitle';
import { Footer } from '../footer/Footer';
import { useI18n } from '../i18n/I18nContext';
import type { Language } from '../i18n/languages';
import { LanguageSelector } from '../i18n/LanguageSelector';
import { SkipLink } from '../public-layout/SkipLink';
import { LegalSectionView } from './LegalSectionView';
import { legalDe } from './texts/de';
import { legalEn } from './texts/en';
import { legalFr } from './texts/fr';
import { legalLb } from './texts/lb';
import type { LegalText } from './texts/types';
import { useScrollSpy } from './useScrollSpy';

export const LEGAL_TEXTS: Record<Language, LegalText> = { fr: legalFr, en: legalEn, de: legalDe, lb: legalLb };

/** Spec 2 Legal page: five sections, side navigation with scroll-spy, back-to-top, a logo that goes back. */
export default function LegalPage() {
  const { language, t } = useI18n();
  const text = LEGAL_TEXTS[language];
  usePageTitle(t('title.legal'));
  const location = useLocation();
  const navigate = useNavigate();
  const ids = useMemo(() => text.sections.map((section) => section.id), [text]);
  const { active, showBackToTop } = useScrollSpy(ids);

  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    const heading = document.getElementById(`${id}-heading`);
    document.getElementById(id)?.scrollIntoView();
    heading?.focus({ preventScroll: true });
  }, [location.hash, location.key]);

  return (
    <div className="legal-layout">
      <SkipLink />
      <header className="site-header">
        <button type="button" className="brand brand-button" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(`/${language}/`))}>
          <Logo />
          <span className="brand-text">
            <span className="brand-name">{t('app.name')}</span>
            <span className="brand-office">{t('legal.back')}</span>
          </span>
        </button>
        <LanguageSelector />
      </header>
      <div className="legal-body">
        <nav className="legal-nav" aria-label={t('legal.navLabel')}>
          <h2 className="legal-nav-heading">{t('legal.navLabel')}</h2>
          <ul>
            {text.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} aria-current={active === section.id ? 'location' : undefined}>
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="legal-main">
          <h1 id="top">{text.title}</h1>
          <p className="hint">{text.updated}</p>
          {text.sections.map((section) => (
            <LegalSectionView key={section.id} section={section} />
          ))}
        </main>
      </div>
      {showBackToTop && (
        <a href="#top" className="back-to-top" onClick={(event) => { event.preventDefault(); window.scrollTo({ top: 0 }); document.getElementById('main')?.focus({ preventScroll: true }); }}>
          <span aria-hidden="true">↑ </span>
          {t('legal.backToTop')}
        </a>
      )}
      <Footer />
    </div>
  );
}
