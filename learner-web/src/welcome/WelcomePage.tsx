import { lazy, Suspense, useEffect } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { usePageTitle } from '../common/usePageTitle';
import { useI18n } from '../i18n/I18nContext';
import type { LoginTab } from '../login/LoginModal';
import { PublicLayout } from '../public-layout/PublicLayout';
import { useSession } from '../session/SessionContext';
import { IntroVideo } from './IntroVideo';
import { MaintenanceNotice } from './MaintenanceNotice';

const LoginModal = lazy(() => import('../login/LoginModal').then((module) => ({ default: module.LoginModal })));

/** Spec 2 Welcome page; `/xx/login` shows it with the login modal open. */
export function WelcomePage() {
  const { language, t } = useI18n();
  const { config, user } = useSession();
  const navigate = useNavigate();
  const loginOpen = !!useMatch('/:lang/login');
  usePageTitle(loginOpen ? t('title.login') : t('title.welcome'));

  useEffect(() => {
    // Spec 2: when the current user changes or login succeeds, go to /learn.
    if (user) navigate(`/${language}/learn`, { replace: true });
  }, [user, language, navigate]);

  // The page does not wait for the configuration (first paint matters on slow networks); the maintenance notice
  // replaces it as soon as the configuration says so.
  if (config?.maintenance_mode) return <MaintenanceNotice />;

  const openLogin = (tab: LoginTab) => navigate(`/${language}/login`, { state: { tab } });
  const lawUrl = config?.office?.law_url;

  return (
    <PublicLayout>
      <div className="welcome">
        <section className="welcome-intro" aria-labelledby="welcome-heading">
          <h1 id="welcome-heading">{t('welcome.heading')}</h1>
          <p className="lead">{t('welcome.intro1')}</p>
          <p>{t('welcome.intro2')}</p>
          {lawUrl && (
            <p>
              {t('welcome.lawIntro')} <a href={lawUrl}>{t('welcome.lawLink')}</a>
            </p>
          )}
        </section>
        <section className="welcome-actions" aria-labelledby="welcome-actions-heading">
          <h2 id="welcome-actions-heading">{t('welcome.actionsHeading')}</h2>
          <div className="button-row">
            <button type="button" className="button primary large" onClick={() => openLogin('login')}>
              {t('welcome.login')}
            </button>
            <button type="button" className="button secondary large" onClick={() => openLogin('create')}>
              {t('welcome.discover')}
            </button>
          </div>
        </section>
        {config?.intro_video?.url && <IntroVideo url={config.intro_video.url} captionsUrl={config.intro_video.captions_url} />}
      </div>
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginModal onClose={() => navigate(`/${language}/`, { replace: true })} />
        </Suspense>
      )}
    </PublicLayout>
  );
}
