import { lazy, Suspense } from 'react';
import { useSession } from '../session/SessionContext';
import { LegalLinks } from './LegalLinks';
import { OfficeDetails } from './OfficeDetails';

const ContactForm = lazy(() => import('../contact/ContactForm'));

/** Spec 1/2: legal links, office details, and the contact form when the flag is on. */
export function Footer() {
  const { config } = useSession();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <LegalLinks />
        {config?.office && <OfficeDetails office={config.office} />}
      </div>
      {config?.contact_form_enabled && (
        <Suspense fallback={null}>
          <ContactForm useCaptcha={config.use_captcha} captchaEndpoint={config.captcha_endpoint} />
        </Suspense>
      )}
    </footer>
  );
}
