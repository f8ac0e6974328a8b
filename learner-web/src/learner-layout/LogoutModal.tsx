import { CopyButton } from '../common/CopyButton';
import { Modal } from '../common/Modal';
import { useI18n } from '../i18n/I18nContext';
import { readAnonymousId } from '../session/storage';

/** Spec 2 Logout modal: confirmation, the ID with a copy button, the warning, cancel and confirm. */
export function LogoutModal({ onCancel, onConfirm }: { onCancel(): void; onConfirm(): void }) {
  const { t } = useI18n();
  const anonymousId = readAnonymousId() ?? '';
  return (
    <Modal title={t('logout.title')} onClose={onCancel} className="logout-modal">
      <p>{t('logout.question')}</p>
      <div className="field">
        <label htmlFor="logout-id">{t('logout.idLabel')}</label>
        <div className="id-row">
          <input id="logout-id" className="id-input" readOnly value={anonymousId} spellCheck={false} />
          <CopyButton text={anonymousId} label={t('logout.copy')} copiedLabel={t('logout.copied')} />
        </div>
      </div>
      <p className="warning">
        <span aria-hidden="true">⚠ </span>
        {t('logout.warning')}
      </p>
      <div className="button-row end">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('logout.cancel')}
        </button>
        <button type="button" className="button danger" onClick={onConfirm}>
          {t('logout.confirm')}
        </button>
      </div>
    </Modal>
  );
}
