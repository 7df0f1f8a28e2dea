import { QueryClientProvider } from '@tanstack/react-query';
import * as React from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { adminPaths } from '@/shared/admin-paths';
import { NotFound } from '@/web/components/not-found';
import { Toaster } from '@/web/components/ui/toaster';
import { createQueryClient } from '@/web/lib/query-client';
import { AdminGuard } from './components/admin-guard';
import { VaultLayout } from './features/credentials/components/vault-provider';
import { CampaignsRoute } from './routes/campaigns';
import { ClientsRoute } from './routes/clients';
import { ContactDetailRoute } from './routes/contact-detail';
import { ContactsRoute } from './routes/contacts';
import { CredentialDetailRoute } from './routes/credential-detail';
import { CredentialsRoute } from './routes/credentials';
import { DashboardRoute } from './routes/dashboard';
import { GmailSetupRoute } from './routes/gmail-setup';
import { LoginRoute } from './routes/login';

/**
 * The admin single-page app (served as admin.html for /admin and /admin/*): providers and the
 * route table of spec §2, at the paths of `src/shared/admin-paths.ts` (the server answers 404 for
 * any other). Every screen but login sits behind {@link AdminGuard}; unknown paths show the
 * '404 Page Not Found' page.
 */
export function AdminApp() {
  const [queryClient] = React.useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path={adminPaths.login} element={<LoginRoute />} />
          <Route element={<AdminGuard />}>
            <Route path={adminPaths.dashboard} element={<DashboardRoute />} />
            <Route path={adminPaths.contacts} element={<ContactsRoute />} />
            <Route path={adminPaths.contactDetail} element={<ContactDetailRoute />} />
            <Route path={adminPaths.clients} element={<ClientsRoute />} />
            <Route path={adminPaths.campaigns} element={<CampaignsRoute />} />
            <Route path={adminPaths.gmailSetup} element={<GmailSetupRoute />} />
            <Route element={<VaultLayout />}>
              <Route path={adminPaths.credentials} element={<CredentialsRoute />} />
              <Route path={adminPaths.credentialDetail} element={<CredentialDetailRoute />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
