import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import type { PlatformConfig } from './api/types';
import { PageLoading } from './common/PageLoading';
import { LanguageHomeRedirect, LanguageRoute, RootRedirect } from './i18n/LanguageRoute';
import { SessionProvider } from './session/SessionContext';
import { WelcomePage } from './welcome/WelcomePage';

// The welcome route stays small: the learner area and the legal page are separate chunks.
const LearnerLayout = lazy(() => import('./learner-layout/LearnerLayout'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const PlayerPage = lazy(() => import('./player/PlayerPage'));
const LegalPage = lazy(() => import('./legal/LegalPage'));
const FakeWebsitePage = lazy(() => import('./fakewebsite/FakeWebsitePage'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** Spec 2 route table, under the language segment (inside a browser router, or a static one on the server). */
export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<RootRedirect />} />
      <Route path=":lang" element={<LanguageRoute />}>
        {/* One route for both, so the page (and the button that opened the modal) survives opening and closing it. */}
        <Route path="login?" element={<WelcomePage />} />
        <Route path="legal" element={<Lazy><LegalPage /></Lazy>} />
        <Route path="fakewebsite" element={<Lazy><FakeWebsitePage /></Lazy>} />
        <Route path="learn" element={<Lazy><LearnerLayout /></Lazy>}>
          <Route index element={<Lazy><DashboardPage /></Lazy>} />
          <Route path="course/:courseId" element={<Lazy><PlayerPage /></Lazy>} />
        </Route>
        <Route path="*" element={<LanguageHomeRedirect />} />
      </Route>
      <Route path="*" element={<RootRedirect />} />
    </Routes>
  );
}

export function App({ initialConfig }: { initialConfig: PlatformConfig | null }) {
  return (
    <SessionProvider initialConfig={initialConfig}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionProvider>
  );
}
