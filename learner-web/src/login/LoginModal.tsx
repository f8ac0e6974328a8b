import { useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../common/Modal';
import { useI18n } from '../i18n/I18nContext';
import { CreateIdForm } from './CreateIdForm';
import { LoginForm } from './LoginForm';
import { useGeneratedIdentity } from './useGeneratedIdentity';

export type LoginTab = 'login' | 'create';
const TABS: LoginTab[] = ['login', 'create'];

/**
 * Spec 2 Login modal: two tabs (ARIA tabs pattern, arrow keys switch). Closing it (cancel, overlay, Escape)
 * unmounts it, which resets both forms, the error, the generated ID and its token.
 */
export function LoginModal({ onClose }: { onClose(): void }) {
  const { language, t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const requested = (location.state as { tab?: LoginTab } | null)?.tab;
  const [tab, setTab] = useState<LoginTab>(requested === 'create' ? 'create' : 'login');
  const [loginId, setLoginId] = useState('');
  const [nickname, setNickname] = useState('');
  const { identity, failed, retry } = useGeneratedIdentity(tab === 'create');
  const tabRefs = useRef<Record<LoginTab, HTMLButtonElement | null>>({ login: null, create: null });

  const onSuccess = () => navigate(`/${language}/learn`, { replace: true });

  const onTabKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    let next: LoginTab | null = null;
    if (event.key === 'ArrowRight') next = TABS[(index + 1) % TABS.length];
    else if (event.key === 'ArrowLeft') next = TABS[(index - 1 + TABS.length) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (next) {
      event.preventDefault();
      setTab(next);
      tabRefs.current[next]?.focus();
    }
  };

  return (
    <Modal title={t('login.title')} onClose={onClose} className="login-modal">
      <div role="tablist" aria-label={t('login.tabsLabel')} className="tabs" onKeyDown={onTabKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {t(name === 'login' ? 'login.tabLogin' : 'login.tabCreate')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="panel-login" aria-labelledby="tab-login" hidden={tab !== 'login'}>
        {tab === 'login' && <LoginForm id={loginId} onIdChange={setLoginId} onSuccess={onSuccess} onCancel={onClose} />}
      </div>
      <div role="tabpanel" id="panel-create" aria-labelledby="tab-create" hidden={tab !== 'create'}>
        {tab === 'create' && (
          <CreateIdForm
            identity={identity}
            generationFailed={failed}
            onRetryGeneration={() => void retry()}
            nickname={nickname}
            onNicknameChange={setNickname}
            onSuccess={onSuccess}
            onCancel={onClose}
          />
        )}
      </div>
    </Modal>
  );
}
