import { useCallback, useEffect, useRef, useState } from 'react';
import { postJson } from '../api/client';
import { CONTACT_RESET_MS, type ContactValues } from './validation';

export type ContactState = 'idle' | 'submitting' | 'success' | 'failure';

/**
 * Spec 4 Contact: idle -> submitting -> success | failure; 5 s later the state returns to idle and `onReset`
 * tells the form what to reset (everything after a success, only the captcha after a failure).
 */
export function useContactSubmit(onReset: (after: 'success' | 'failure') => void) {
  const [state, setState] = useState<ContactState>('idle');
  const timer = useRef<number | undefined>(undefined);
  const onResetRef = useRef(onReset);
  onResetRef.current = onReset;
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = useCallback(async (values: ContactValues, captchaToken: string | null) => {
    setState('submitting');
    let outcome: 'success' | 'failure';
    try {
      await postJson('/contact/submit', {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || undefined,
        message: values.message.trim(),
        captcha_token: captchaToken,
      });
      outcome = 'success';
    } catch (error) {
      console.error('Contact message failed', error);
      outcome = 'failure';
    }
    setState(outcome);
    timer.current = window.setTimeout(() => {
      setState('idle');
      onResetRef.current(outcome);
    }, CONTACT_RESET_MS);
  }, []);

  return { state, submit };
}
