import { lazy } from 'react';
import { BrowserRouter, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from './auth/authProvider';
import { dataProvider } from './data/dataProvider';
import { createI18nProvider } from './i18n/i18nProvider';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import { UserList } from './users/UserList';

// Heavy pages load on demand (drag and drop, forms, explorers).
const ContentManager = lazy(() => import('./content/ContentManager'));
const MessageList = lazy(() => import('./messages/MessageList'));
const StatementList = lazy(() => import('./statements/StatementList'));
const CredentialList = lazy(() => import('./lrs-credentials/CredentialList'));

const i18nProvider = createI18nProvider();

/** Wiring only: providers, layout, resources and the content manager route. */
export function App() {
  // Real paths (/admin/users), not react-admin's default hash router: the platform serves /admin/* as the app.
  return (
    <BrowserRouter basename="/admin">
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="users" list={UserList} />
      <Resource name="messages" list={MessageList} />
      <Resource name="statements" list={StatementList} />
      <Resource name="lrs-credentials" list={CredentialList} />
      <CustomRoutes>
        <Route path="/content" element={<ContentManager />} />
      </CustomRoutes>
    </Admin>
    </BrowserRouter>
  );
}
