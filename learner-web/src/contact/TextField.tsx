import type { ChangeEvent } from 'react';
import { useI18n } from '../i18n/I18nContext';
import type { MessageKey } from '../i18n/languages';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error?: MessageKey;
  showError: boolean;
  required?: boolean;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
}

/** A labelled field whose hint and error are tied to it (aria-describedby) and whose error is written, not coloured. */
export function TextField({ id, label, value, onChange, onBlur, error, showError, required, hint, type = 'text', autoComplete, multiline }: TextFieldProps) {
  const { t } = useI18n();
  const invalid = showError && !!error;
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: id,
    value,
    onBlur,
    required,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    autoComplete,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && (
          <>
            <span aria-hidden="true"> *</span>
            <span className="visually-hidden"> {t('common.required')}</span>
          </>
        )}
      </label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {multiline ? <textarea rows={5} {...common} /> : <input type={type} {...common} />}
      {invalid && (
        <p className="field-error" id={`${id}-error`}>
          <span aria-hidden="true">⚠ </span>
          {t(error)}
        </p>
      )}
    </div>
  );
}
