import { startTransition, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Footer } from '../footer/Footer';
import { useI18n } from '../i18n/I18nContext';
import { LanguageSelector } from '../i18n/LanguageSelector';
import { SkipLink } from '../public-layout/SkipLink';
import { useSession } from '../session/SessionContext';
import { AccessDeniedNotice } from './AccessDeniedNotice';
import { LogoutModal } from './LogoutModal';
import { RequireUser } from './RequireUser';
import { Sidebar } from './Sidebar';

/** Spec 2 Learner layout: sidebar, logout modal, content, and a footer hidden on the course player. */
export default function LearnerLayout() {
  const { language } = useI18n();
  const { logout } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const inPlayer = location.pathname.includes('/learn/course/');

  return (
    <RequireUser>
      <div className={`learner-layout${inPlayer ? ' in-player' : ''}`}>
        <SkipLink />
        <header className="learner-topbar">
          <LanguageSelector />
        </header>
        <Sidebar onLogout={() => setConfirmingLogout(true)} />
        <main id="main" tabIndex={-1} className="learner-main">
          <AccessDeniedNotice />
          <Outlet />
        </main>
        {!inPlayer && <Footer />}
        {confirmingLogout && (
          <LogoutModal
            onCancel={() => setConfirmingLogout(false)}
            onConfirm={() => {
              setConfirmingLogout(false);
              // One transition for both, so the guard never sees "signed out" while still on /learn.
              startTransition(() => {
                logout();
                navigate(`/${language}/`, { replace: true });
              });
            }}
          />
        )}
      </div>
    </RequireUser>
  );
}
