import { useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../i18n/I18nContext';
import type { MessageKey } from '../i18n/languages';
import { useSession } from '../session/SessionContext';
import { isValidLoginId, loginErrorMessage } from './errors';

/** Tab 1: sign in with an existing anonymous ID. */
export function LoginForm({ id, onIdChange, onSuccess, onCancel }: { id: string; onIdChange(id: string): void; onSuccess(): void; onCancel(): void }) {
  const { t } = useI18n();
  const { login } = useSession();
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const invalid = !isValidLoginId(id);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login(id.trim());
      onSuccess();
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setBusy(false);
    }
  };

  const showInvalid = touched && invalid;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="login-form">
      <div className="field">
        <label htmlFor="login-id">{t('login.idLabel')}</label>
        <p className="hint" id="login-id-hint">
          {t('login.idHint')}
        </p>
        <input
          ref={input}
          id="login-id"
          name="anonymous_id"
          className="id-input"
          value={id}
          onChange={(event) => onIdChange(event.target.value)}
          onBlur={() => setTouched(true)}
          autoComplete="username"
          spellCheck={false}
          autoCapitalize="off"
          required
          aria-invalid={showInvalid || undefined}
          aria-describedby={showInvalid ? 'login-id-hint login-id-error' : 'login-id-hint'}
        />
        {showInvalid && (
          <p className="field-error" id="login-id-error">
            <span aria-hidden="true">⚠ </span>
            {t('login.idInvalid')}
          </p>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {t(error)}
        </p>
      )}
      <div className="button-row end">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </div>
    </form>
  );
}
