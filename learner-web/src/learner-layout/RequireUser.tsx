import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../common/Spinner';
import { useI18n } from '../i18n/I18nContext';
import { useSession } from '../session/SessionContext';

/** Spec 6 signed-in guard: waits for the user load attempt, then redirects to /login when nobody is signed in. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, userLoadComplete, refreshUser } = useSession();
  const { language, t } = useI18n();
  useEffect(() => {
    if (!userLoadComplete) void refreshUser();
  }, [userLoadComplete, refreshUser]);
  if (!userLoadComplete) {
    return (
      <main id="main" className="page-loading">
        <Spinner label={t('common.loading')} />
      </main>
    );
  }
  if (!user) return <Navigate to={`/${language}/login`} replace />;
  return <>{children}</>;
}
