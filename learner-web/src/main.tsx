import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { readEmbeddedConfig } from './session/embeddedConfig';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <App initialConfig={readEmbeddedConfig()} />
    </StrictMode>
  );
  // Public pages arrive server-rendered (lms-api `web/learner-pages.ts`): hydrate them; other routes start empty.
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
