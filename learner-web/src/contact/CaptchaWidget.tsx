import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useI18n } from '../i18n/I18nContext';

export interface CaptchaHandle {
  reset(): void;
}

/**
 * ALTCHA proof-of-work widget against the platform's own challenge endpoint (self-hosted, no third party).
 * The widget code is loaded only when the captcha is on.
 */
export const CaptchaWidget = forwardRef<CaptchaHandle, { endpoint: string; onToken(token: string | null): void }>(function CaptchaWidget(
  { endpoint, onToken },
  handle,
) {
  const { language, t } = useI18n();
  const ref = useRef<HTMLElement & { reset?: () => void }>(null);
  const [ready, setReady] = useState(false);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useImperativeHandle(handle, () => ({ reset: () => ref.current?.reset?.() }), []);

  useEffect(() => {
    let live = true;
    void import('altcha').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!ready || !element) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onTokenRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [ready]);

  const strings = JSON.stringify({
    label: t('captcha.label'),
    verifying: t('captcha.verifying'),
    verified: t('captcha.verified'),
    error: t('captcha.error'),
    expired: t('captcha.expired'),
    waitAlert: t('captcha.verifying'),
    verificationRequired: t('contact.captchaRequired'),
  });
  if (!ready) return null;
  return <altcha-widget ref={ref} challengeurl={endpoint} strings={strings} language={language} hidelogo hidefooter />;
});
