import { useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../i18n/I18nContext';
import { CaptchaWidget, type CaptchaHandle } from './CaptchaWidget';
import { TextField } from './TextField';
import { useContactSubmit } from './useContactSubmit';
import { EMPTY_CONTACT, validateContact, type ContactField, type ContactValues } from './validation';

const FIELD_ORDER: ContactField[] = ['last_name', 'first_name', 'phone', 'email', 'message'];

/** Spec 2 Footer contact form: validation and messages of spec 5, success overlay and 5-second reset of spec 4. */
export default function ContactForm({ useCaptcha, captchaEndpoint }: { useCaptcha: boolean; captchaEndpoint: string }) {
  const { t } = useI18n();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [showSummary, setShowSummary] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { state, submit } = useContactSubmit((after) => {
    if (after === 'success') {
      setValues(EMPTY_CONTACT);
      setTouched({});
      setShowSummary(false);
    }
    captcha.current?.reset();
    setCaptchaToken(null);
  });

  const errors = validateContact(values);
  const invalid = Object.keys(errors).length > 0;
  // Spec 9: with use_captcha off the captcha is bypassed and no token is sent.
  const token = useCaptcha ? captchaToken : null;
  // Spec 5: submit is disabled while submitting, after submission and without a captcha token. While the form is
  // merely invalid the button stays focusable (aria-disabled) so a press can say what is wrong.
  const blocked = state !== 'idle' || (useCaptcha && !token);

  const field = (name: ContactField) => ({
    id: `contact-${name.replace('_', '-')}`,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: errors[name],
    showError: !!touched[name],
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) {
      // Spec 5: an invalid submit marks all fields touched.
      setTouched({ last_name: true, first_name: true, phone: true, email: true, message: true });
      setShowSummary(true);
      const first = FIELD_ORDER.find((name) => errors[name]);
      if (first) formRef.current?.querySelector<HTMLElement>(`#contact-${first.replace('_', '-')}`)?.focus();
      return;
    }
    if (blocked) return;
    setShowSummary(false);
    void submit(values, token);
  };

  return (
    <section className="contact" aria-labelledby="contact-title">
      <h2 id="contact-title">{t('contact.title')}</h2>
      <p>{t('contact.intro')}</p>
      <p className="hint">{t('contact.requiredNote')}</p>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="contact-form" aria-busy={state === 'submitting'}>
        {showSummary && invalid && (
          <p className="form-error" role="alert">
            {t('contact.errorSummary')}
          </p>
        )}
        <div className="field-row">
          <TextField {...field('last_name')} label={t('contact.lastName')} required autoComplete="family-name" />
          <TextField {...field('first_name')} label={t('contact.firstName')} required autoComplete="given-name" />
        </div>
        <div className="field-row">
          <TextField {...field('phone')} label={t('contact.phone')} type="tel" hint={t('contact.phoneHint')} autoComplete="tel" />
          <TextField {...field('email')} label={t('contact.email')} type="email" required hint={t('contact.emailHint')} autoComplete="email" />
        </div>
        <TextField {...field('message')} label={t('contact.message')} required multiline />
        {useCaptcha && <CaptchaWidget ref={captcha} endpoint={captchaEndpoint} onToken={setCaptchaToken} />}
        {useCaptcha && !captchaToken && state === 'idle' && <p className="hint">{t('contact.captchaRequired')}</p>}
        <div role="status" aria-live="polite" className="contact-status">
          {state === 'failure' && (
            <p className="form-error">
              <span aria-hidden="true">⚠ </span>
              {t('contact.failure')}
            </p>
          )}
          {state === 'success' && (
            <div className="contact-success">
              <p className="contact-success-title">
                <span aria-hidden="true">✓ </span>
                {t('contact.successTitle')}
              </p>
              <p>{t('contact.successText')}</p>
            </div>
          )}
        </div>
        <button type="submit" className="button primary" disabled={blocked} aria-disabled={invalid || undefined}>
          {state === 'submitting' ? t('contact.submitting') : t('contact.submit')}
        </button>
      </form>
    </section>
  );
}
