/** Browser entry of the admin SPA (admin.html). Client-rendered only: the page is private. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp, preloadScreen } from './app';
import { registerAdminServiceWorker } from './service-worker';

preloadScreen(window.location.pathname);
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element.');
createRoot(container).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
registerAdminServiceWorker();
