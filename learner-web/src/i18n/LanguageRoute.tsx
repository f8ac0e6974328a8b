import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { I18nProvider } from './I18nContext';
import { isLanguage, pathInLanguage, preferredLanguage, rememberLanguage } from './languages';

/** Routes that exist under a language prefix; a bare `/login` becomes `/fr/login`, any other path the root. */
const KNOWN_FIRST_SEGMENTS = ['login', 'learn', 'legal', 'fakewebsite'];

/** Reads the language from the first path segment (spec 2), keeps `<html lang>` right and remembers the choice. */
export function LanguageRoute() {
  const { lang } = useParams();
  const location = useLocation();
  const valid = isLanguage(lang);

  useEffect(() => {
    if (!valid) return;
    document.documentElement.lang = lang;
    rememberLanguage(lang);
  }, [lang, valid]);

  if (!valid) {
    const preferred = preferredLanguage();
    const target = KNOWN_FIRST_SEGMENTS.includes(lang ?? '') ? pathInLanguage(location.pathname, preferred) + location.search + location.hash : `/${preferred}/`;
    return <Navigate to={target} replace />;
  }
  return (
    <I18nProvider language={lang}>
      <Outlet />
    </I18nProvider>
  );
}

export function RootRedirect() {
  return <Navigate to={`/${preferredLanguage()}/`} replace />;
}

/** Spec 2: any other path goes to the root (of the current language). */
export function LanguageHomeRedirect() {
  const { lang } = useParams();
  return <Navigate to={`/${isLanguage(lang) ? lang : preferredLanguage()}/`} replace />;
}
