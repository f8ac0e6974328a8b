import { Link, NavLink } from 'react-router';
import { Logo } from '../common/Logo';
import { useI18n } from '../i18n/I18nContext';
import { useSession } from '../session/SessionContext';

/** Spec 2 Sidebar: logo to /learn, dashboard, fake website, admin (admins only), logout. */
export function Sidebar({ onLogout }: { onLogout(): void }) {
  const { language, t } = useI18n();
  const { user, isAdmin } = useSession();
  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <Link to={`/${language}/learn`} className="sidebar-logo" aria-label={t('nav.logo')}>
        <Logo />
      </Link>
      {user?.nickname && <p className="greeting">{t('nav.greeting', { name: user.nickname })}</p>}
      <ul>
        <li>
          <NavLink to={`/${language}/learn`} end>
            {t('nav.dashboard')}
          </NavLink>
        </li>
        <li>
          <NavLink to={`/${language}/fakewebsite`}>{t('nav.fakewebsite')}</NavLink>
        </li>
        {isAdmin && (
          <li>
            <a href="/admin/">{t('nav.admin')}</a>
          </li>
        )}
        <li>
          <button type="button" className="link-button" onClick={onLogout}>
            {t('nav.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
