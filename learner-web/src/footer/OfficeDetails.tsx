import type { Office } from '../api/types';
import { useI18n } from '../i18n/I18nContext';

/** The office's postal address, phone and e-mail (from GET /config office). */
export function OfficeDetails({ office }: { office: Office }) {
  const { language, t } = useI18n();
  const addressLines = office.address ?? [];
  return (
    <section aria-labelledby="footer-office-heading" className="footer-office">
      <h2 id="footer-office-heading">{t('footer.officeHeading')}</h2>
      <address>
        {/* The office's official name is French: marked so for screen readers on other pages (WCAG 3.1.2). */}
        <strong lang={language === 'fr' ? undefined : 'fr'}>{office.name}</strong>
        {addressLines.map((line) => (
          <span key={line} className="address-line">
            {line}
          </span>
        ))}
        {office.phone && (
          <span className="address-line">
            {t('footer.phone')} <a href={`tel:${office.phone.replace(/[^+\d]/g, '')}`}>{office.phone}</a>
          </span>
        )}
        {office.email && (
          <span className="address-line">
            {t('footer.email')} <a href={`mailto:${office.email}`}>{office.email}</a>
          </span>
        )}
        {office.website && (
          <span className="address-line">
            <a href={office.website}>{t('footer.website')}</a>
          </span>
        )}
      </address>
    </section>
  );
}
