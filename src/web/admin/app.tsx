import { QueryClientProvider } from '@tanstack/react-query';
import * as React from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { adminPaths } from '@/shared/admin-paths';
import { NotFound } from '@/web/components/not-found';
import { createQueryClient } from '@/web/lib/query-client';
import { AdminGuard, LoadingScreen } from './components/admin-guard';
import { DeferredToaster } from './components/deferred-toaster';
import { lazyScreen, onFirstScreen } from './lazy-screen';

// One chunk per screen (decision 028): the entry holds React, the router, TanStack Query and
// the guard; a screen's own code (and react-hook-form, zod, Radix dialogs…) comes with it.
const screens = {
  login: lazyScreen(() => import('./routes/login'), 'LoginRoute'),
  dashboard: lazyScreen(() => import('./routes/dashboard'), 'DashboardRoute'),
  contacts: lazyScreen(() => import('./routes/contacts'), 'ContactsRoute'),
  contactDetail: lazyScreen(() => import('./routes/contact-detail'), 'ContactDetailRoute'),
  pipeline: lazyScreen(() => import('./routes/pipeline'), 'PipelineRoute'),
  clients: lazyScreen(() => import('./routes/clients'), 'ClientsRoute'),
  campaigns: lazyScreen(() => import('./routes/campaigns'), 'CampaignsRoute'),
  gmailSetup: lazyScreen(() => import('./routes/gmail-setup'), 'GmailSetupRoute'),
  credentials: lazyScreen(() => import('./routes/credentials'), 'CredentialsRoute'),
  credentialDetail: lazyScreen(() => import('./routes/credential-detail'), 'CredentialDetailRoute'),
  security: lazyScreen(() => import('./routes/security'), 'SecurityRoute'),
  integrations: lazyScreen(() => import('./routes/integrations'), 'IntegrationsRoute'),
  notifications: lazyScreen(() => import('./routes/notifications'), 'NotificationsRoute'),
  site: lazyScreen(() => import('./routes/site'), 'SiteRoute'),
} satisfies Record<keyof typeof adminPaths, unknown>;
const VaultLayout = lazyScreen(
  () => import('./features/credentials/components/vault-provider'),
  'VaultLayout',
);

/**
 * Starts downloading the screen at `pathname` at once, in parallel with the admin check that
 * the guard waits for (else the chunk would only be asked for after the check's answer). On
 * the login screen, the dashboard that follows a sign-in is fetched once the browser is idle.
 */
export function preloadScreen(pathname: string): void {
  for (const [key, path] of Object.entries(adminPaths)) {
    if (!matchPath(path, pathname)) continue;
    void screens[key as keyof typeof adminPaths].preload();
    if (key === 'credentials' || key === 'credentialDetail') void VaultLayout.preload();
    if (key === 'login')
      onFirstScreen(() => {
        const next = () => void screens.dashboard.preload();
        if (window.requestIdleCallback) window.requestIdleCallback(next, { timeout: 2000 });
        else window.setTimeout(next, 500);
      });
    return;
  }
}

/**
 * The admin single-page app (served as admin.html for /admin and /admin/*): providers and the
 * route table of docs/product.md §2.1, at the paths of `src/shared/admin-paths.ts` (the server answers 404
 * for any other). Every screen but login sits behind {@link AdminGuard}; unknown paths show the
 * '404 Page Not Found' page.
 *
 * Screens are lazy chunks under one Suspense boundary whose fallback is the same full-page
 * 'Loading...' the guard shows, so a first visit goes Loading... → screen without a jump. Later
 * moves keep the current screen on view until the next one's chunk is there: BrowserRouter
 * wraps its updates in `startTransition`, and React does not swap in a fallback for a transition.
 */
export function AdminApp() {
  const [queryClient] = React.useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <React.Suspense fallback={<LoadingScreen />}>
          <Routes>
            <Route path={adminPaths.login} element={<screens.login />} />
            <Route element={<AdminGuard />}>
              <Route path={adminPaths.dashboard} element={<screens.dashboard />} />
              <Route path={adminPaths.contacts} element={<screens.contacts />} />
              <Route path={adminPaths.contactDetail} element={<screens.contactDetail />} />
              <Route path={adminPaths.pipeline} element={<screens.pipeline />} />
              <Route path={adminPaths.clients} element={<screens.clients />} />
              <Route path={adminPaths.campaigns} element={<screens.campaigns />} />
              <Route path={adminPaths.gmailSetup} element={<screens.gmailSetup />} />
              <Route path={adminPaths.security} element={<screens.security />} />
              <Route path={adminPaths.integrations} element={<screens.integrations />} />
              <Route path={adminPaths.notifications} element={<screens.notifications />} />
              <Route path={adminPaths.site} element={<screens.site />} />
              <Route element={<VaultLayout />}>
                <Route path={adminPaths.credentials} element={<screens.credentials />} />
                <Route path={adminPaths.credentialDetail} element={<screens.credentialDetail />} />
              </Route>
            </Route>
            <Route path="*" element={<NotFound />} />
          </Routes>
        </React.Suspense>
      </BrowserRouter>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
