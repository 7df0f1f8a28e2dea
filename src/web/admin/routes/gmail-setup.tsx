import {
  AlertTriangle,
  CheckCircle2,
  Inbox,
  KeyRound,
  Mail,
  Megaphone,
  MessageSquareReply,
  Server,
  ShieldCheck,
  XCircle,
} from 'lucide-react';
import type { MailStatus } from '@/shared/mail';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { AdminPage } from '../components/admin-page';
import { InlineError, InlineLoading } from '../components/query-state';
import { useMailStatus } from '../features/mail/api/get-mail-status';
import { ConnectGmailButton } from '../features/mail/components/connect-gmail-button';
import { MailUsageSummary } from '../features/mail/components/mail-usage-summary';
import { SignatureCard } from '../features/mail/components/signature-card';
import { InboundStatusCard } from '../features/replies/components/inbound-status-card';

const features = [
  { icon: Mail, text: 'Every email leaves from your Workspace account, so replies land in your own inbox.' },
  {
    icon: Megaphone,
    text: 'Campaigns, single emails to contacts and new-lead notifications all go through it.',
  },
  {
    icon: Inbox,
    text: 'Up to 2,000 emails per day, the Workspace sending limit; the app counts and waits for you.',
  },
  {
    icon: ShieldCheck,
    text: 'Only the “send email” and “read email” permissions are asked for. The access token is stored encrypted and never shown.',
  },
  {
    icon: MessageSquareReply,
    text: 'Reading lets a contact’s reply appear in their conversation by itself. Only replies to the CRM’s emails and mail from your contacts are imported; the rest of the inbox is never read into the CRM, and nothing is changed or deleted.',
  },
];

/** What the next message goes through, in words (decision 010). */
function providerText(status: MailStatus): { icon: typeof Mail; text: string } {
  switch (status.provider) {
    case 'gmail':
      return {
        icon: Mail,
        text: `Outgoing mail goes through Gmail as ${status.email ?? 'the connected account'}.`,
      };
    case 'smtp':
      return { icon: Server, text: 'Outgoing mail goes through the SMTP server set in SMTP_URL.' };
    default:
      return {
        icon: Inbox,
        text: "Outgoing mail is saved as .eml files in the outbox folder of the server's data folder. It is not delivered to anyone until a mail connection is set up.",
      };
  }
}

function StatusCard({ status }: { status: MailStatus }) {
  const provider = providerText(status);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Connection
        </CardTitle>
        <CardDescription>All mail is sent from the company info address, {status.from}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap items-center gap-3" data-testid="gmail-status">
          {status.connected ? (
            <>
              <Badge variant="green" className="px-3 py-1 text-sm">
                <CheckCircle2 aria-hidden="true" />
                Connected
              </Badge>
              <span className="font-medium break-all">{status.email}</span>
            </>
          ) : (
            <Badge variant="grey" className="px-3 py-1 text-sm">
              <XCircle aria-hidden="true" />
              Not Connected
            </Badge>
          )}
        </div>
        {status.reason ? (
          <p
            role="alert"
            className="flex gap-2 rounded-lg border border-yellow-400/30 bg-yellow-500/10 p-3 text-sm"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-yellow-300" aria-hidden="true" />
            <span>
              The connection stopped working: {status.reason} Connect again to resume sending through Gmail.
            </span>
          </p>
        ) : null}
        <p className="flex gap-2 text-sm text-muted-foreground">
          <provider.icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {provider.text}
        </p>
        {status.configured ? null : (
          <p role="note" className="flex gap-2 rounded-lg border border-white/10 bg-white/[0.04] p-3 text-sm">
            <KeyRound className="mt-0.5 size-4 shrink-0 text-brand-cyan" aria-hidden="true" />
            <span>
              Gmail is not configured on this server yet: set <code>GOOGLE_CLIENT_ID</code> and{' '}
              <code>GOOGLE_CLIENT_SECRET</code> (steps below), restart, then connect.
            </span>
          </p>
        )}
        {status.connected && !status.readsReplies ? (
          <p
            role="note"
            className="flex gap-2 rounded-lg border border-yellow-400/30 bg-yellow-500/10 p-3 text-sm"
          >
            <MessageSquareReply className="mt-0.5 size-4 shrink-0 text-yellow-300" aria-hidden="true" />
            <span>
              <strong>Reconnect to receive replies.</strong> This account was connected before the CRM asked
              to read mail: sending keeps working, but replies only appear in the conversations after you
              connect again and allow reading.
            </span>
          </p>
        ) : null}
        <ConnectGmailButton status={status} />
      </CardContent>
    </Card>
  );
}

function SetupSteps({ status }: { status: MailStatus }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Setup instructions
        </CardTitle>
        <CardDescription>Once per company, by a Google Workspace administrator.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid list-decimal gap-3 pl-5 text-sm leading-relaxed marker:text-brand-cyan">
          <li>
            In the Google Cloud console, create a project (or pick one) and enable the{' '}
            <strong>Gmail API</strong>.
          </li>
          <li>
            Open <strong>OAuth consent screen</strong>, choose the user type <strong>Internal</strong> (only
            people in your Workspace can sign in, and Google does not need to review the app), and add the
            scopes <code className="break-all">https://www.googleapis.com/auth/gmail.send</code> and{' '}
            <code className="break-all">https://www.googleapis.com/auth/gmail.readonly</code> (to receive
            replies).
          </li>
          <li>
            Under <strong>Credentials</strong>, create an <strong>OAuth client ID</strong> of type{' '}
            <strong>Web application</strong> and add this authorized redirect URI:
            <code className="mt-2 block rounded-lg border border-white/10 bg-black/30 px-3 py-2 break-all select-all">
              {status.redirectUri}
            </code>
          </li>
          <li>
            Set <code>GOOGLE_CLIENT_ID</code> and <code>GOOGLE_CLIENT_SECRET</code> on the server to the new
            client's values and restart it.
          </li>
          <li>
            Press <strong>Connect Gmail Workspace</strong> and sign in as <strong>{status.from}</strong>, the
            company info address every email is sent from.
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}

/**
 * /admin/gmail-setup (docs/product.md §10.2): back to the dashboard; 'Connected' with the sending address or
 * 'Not Connected'; 'Connect Gmail Workspace' / 'Reconnect Gmail' (popup, polling: docs/product.md §14.1); the
 * features and setup instructions; the statement that all mail is sent from the company info
 * address; today's use of the daily cap. Without Google credentials on the server it explains
 * what to configure; 'Receiving replies' with each reply mailbox's last check and error
 * (decision 023).
 */
export function GmailSetupRoute() {
  const status = useMailStatus();
  return (
    <AdminPage title="Mail setup" links={['backToDashboard']}>
      <h1 className="text-3xl font-bold tracking-tight">Gmail Workspace</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Connect the company's Google Workspace account to send every email of the site and the CRM.
      </p>
      {status.isPending ? (
        <InlineLoading className="py-16" />
      ) : status.isError ? (
        <InlineError error={status.error} fallback="Failed to load the mail status." className="py-16" />
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[3fr_2fr]">
          <div className="grid min-w-0 content-start gap-6">
            <StatusCard status={status.data} />
            <InboundStatusCard />
            <SignatureCard />
            <SetupSteps status={status.data} />
          </div>
          <div className="grid min-w-0 content-start gap-6">
            <Card>
              <CardHeader>
                <CardTitle as="h2" className="text-lg">
                  What you get
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-3 text-sm">
                  {features.map(({ icon: Icon, text }) => (
                    <li key={text} className="flex gap-3">
                      <Icon className="mt-0.5 size-4 shrink-0 text-brand-cyan" aria-hidden="true" />
                      {text}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle as="h2" className="text-lg">
                  Today's sending
                </CardTitle>
              </CardHeader>
              <CardContent>
                <MailUsageSummary />
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </AdminPage>
  );
}
