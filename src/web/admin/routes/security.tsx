import { FlaskConical } from 'lucide-react';
import * as React from 'react';
import { AdminPage } from '../components/admin-page';
import { InlineError, InlineLoading } from '../components/query-state';
import { useSecurity } from '../features/security/api/security-api';
import { ActivityCard } from '../features/security/components/activity-card';
import { PasskeysCard } from '../features/security/components/passkeys-card';
import { RecoveryCard } from '../features/security/components/recovery-card';
import { RecoveryCodesDialog } from '../features/security/components/recovery-codes-dialog';
import { SessionsCard } from '../features/security/components/sessions-card';
import { StepUpDialog } from '../features/security/components/step-up-dialog';
import { TotpCard } from '../features/security/components/totp-card';

/**
 * /admin/security (decision 036): passkeys, the authenticator app, recovery codes, the
 * active sessions and the latest sign-in activity. Read-only in demo mode. New recovery codes appear once, in a dialog.
 */
export function SecurityRoute() {
  const security = useSecurity();
  const [codes, setCodes] = React.useState<string[]>([]);
  const overview = security.data;

  return (
    <AdminPage title="Security" links={['backToDashboard']}>
      <h1 className="text-3xl font-bold tracking-tight">Security</h1>
      <p className="mt-2 text-muted-foreground">
        A second factor keeps the admin closed to anyone who learns the password.
      </p>
      {overview?.readOnly ? (
        <p
          role="note"
          className="mt-6 flex items-start gap-2 rounded-xl border border-brand-magenta/30 bg-brand-magenta/10 p-4 text-sm text-fuchsia-100"
        >
          <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Demo mode: this screen is read-only. Set ADMIN_USERNAME and ADMIN_PASSWORD to add passkeys or an
          authenticator app.
        </p>
      ) : null}
      {security.isError ? (
        <InlineError error={security.error} fallback="Failed to load the security settings." />
      ) : null}
      {security.isPending ? <InlineLoading /> : null}
      {overview ? (
        <StepUpDialog overview={overview}>
          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            <div className="grid content-start gap-6">
              <PasskeysCard overview={overview} onCodes={setCodes} />
              <TotpCard overview={overview} onCodes={setCodes} />
              <RecoveryCard overview={overview} onCodes={setCodes} />
            </div>
            <div className="grid content-start gap-6">
              <SessionsCard />
              <ActivityCard events={overview.events} />
            </div>
          </div>
        </StepUpDialog>
      ) : null}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes([])} />
    </AdminPage>
  );
}
