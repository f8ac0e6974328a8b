import { useState, type FormEvent } from 'react';
import type { GeneratedIdentity } from '../api/types';
import { CopyButton } from '../common/CopyButton';
import { Spinner } from '../common/Spinner';
import { useI18n } from '../i18n/I18nContext';
import { useSession } from '../session/SessionContext';

interface CreateIdFormProps {
  identity: GeneratedIdentity | null;
  generationFailed: boolean;
  onRetryGeneration(): void;
  nickname: string;
  onNicknameChange(value: string): void;
  onSuccess(): void;
  onCancel(): void;
}

/** Tab 2: shows the generated ID with a copy button, an optional nickname, and registers the learner. */
export function CreateIdForm({ identity, generationFailed, onRetryGeneration, nickname, onNicknameChange, onSuccess, onCancel }: CreateIdFormProps) {
  const { t } = useI18n();
  const { register } = useSession();
  const [failed, setFailed] = useState(false);
  const [missingId, setMissingId] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!identity) {
      // Spec 5: the create-account ID is required.
      setMissingId(true);
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      await register(identity, nickname);
      onSuccess();
    } catch (error) {
      console.error('Registration failed', error);
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="create-form">
      {generationFailed ? (
        <div className="form-error" role="alert">
          <p>{t('create.errorGenerate')}</p>
          <button type="button" className="button secondary" onClick={onRetryGeneration}>
            {t('create.regenerate')}
          </button>
        </div>
      ) : !identity ? (
        <Spinner label={t('create.generating')} />
      ) : (
        <>
          <p>{t('create.intro')}</p>
          <div className="field">
            <label htmlFor="created-id">{t('create.idLabel')}</label>
            <div className="id-row">
              <input id="created-id" className="id-input" readOnly value={identity.anonymous_id} spellCheck={false} />
              <CopyButton text={identity.anonymous_id} label={t('create.copy')} copiedLabel={t('create.copied')} />
            </div>
          </div>
        </>
      )}
      {missingId && !identity && !generationFailed && (
        <p className="field-error" role="alert">
          {t('create.idRequired')}
        </p>
      )}
      <div className="field">
        <label htmlFor="nickname">{t('create.nicknameLabel')}</label>
        <p className="hint" id="nickname-hint">
          {t('create.nicknameHint')}
        </p>
        <input id="nickname" name="nickname" value={nickname} maxLength={50} onChange={(event) => onNicknameChange(event.target.value)} aria-describedby="nickname-hint" autoComplete="off" />
      </div>
      {failed && (
        <p className="form-error" role="alert">
          {t('create.errorRegister')}
        </p>
      )}
      <div className="button-row end">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button primary" disabled={busy || !identity}>
          {busy ? t('create.submitting') : t('create.submit')}
        </button>
      </div>
    </form>
  );
}
