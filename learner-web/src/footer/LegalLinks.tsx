import { Link } from 'react-router';
import { useI18n } from '../i18n/I18nContext';
import type { MessageKey } from '../i18n/languages';

/** Spec 2: footer anchors of the legal page. */
export const LEGAL_SECTIONS: { id: string; label: MessageKey }[] = [
  { id: 'protection', label: 'footer.protection' },
  { id: 'apropos', label: 'footer.about' },
  { id: 'accessibilite', label: 'footer.accessibility' },
  { id: 'aspectsLegaux', label: 'footer.legalAspects' },
  { id: 'cookies', label: 'footer.cookies' },
];

export function LegalLinks() {
  const { language, t } = useI18n();
  return (
    <nav aria-labelledby="footer-legal-heading" className="footer-legal">
      <h2 id="footer-legal-heading">{t('footer.legalHeading')}</h2>
      <ul>
        {LEGAL_SECTIONS.map((section) => (
          <li key={section.id}>
            <Link to={`/${language}/legal#${section.id}`}>{t(section.label)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
