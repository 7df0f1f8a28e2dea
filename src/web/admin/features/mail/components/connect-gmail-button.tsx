import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Mail, RefreshCw } from 'lucide-react';
import * as React from 'react';
import type { MailStatus } from '@/shared/mail';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';
import { GMAIL_CONNECT_URL, getMailStatusQueryOptions, useMailStatus } from '../api/get-mail-status';

/** Spec §9: poll every 2 s, stop after 2 minutes; popup 600×700. */
const STATUS_POLL_MS = 2_000;
const STATUS_POLL_LIMIT_MS = 120_000;
const POPUP_FEATURES = 'popup,width=600,height=700';

/**
 * 'Connect Gmail Workspace' (or 'Reconnect Gmail' when connected) (docs/product.md §10.2):
 * opens /api/auth/google in a 600×700 popup, then polls the status every 2 s for up to 2 minutes
 * and refreshes the page's data once connected. The popup's last page also posts
 * 'gmail-connected' to this window, which ends the wait at once.
 */
export function ConnectGmailButton({ status }: { status: MailStatus }) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = React.useState(false);
  const [timedOut, setTimedOut] = React.useState(false);
  /** The connection when the popup opened: a reconnect of the same account ends on the popup's message. */
  const before = React.useRef<Pick<MailStatus, 'connected' | 'email'> | null>(null);
  const polled = useMailStatus({ pollMs: waiting ? STATUS_POLL_MS : false });

  const finish = React.useCallback(
    (connected: MailStatus) => {
      if (before.current === null) return;
      before.current = null;
      setWaiting(false);
      void queryClient.invalidateQueries();
      toast({
        title: 'Gmail connected',
        description: `Mail is now sent through ${connected.email ?? 'Gmail'}.`,
      });
    },
    [queryClient],
  );

  React.useEffect(() => {
    const was = before.current;
    if (!waiting || !was || !polled.data?.connected) return;
    if (was.connected && polled.data.email === was.email) return;
    finish(polled.data);
  }, [waiting, polled.data, finish]);

  React.useEffect(() => {
    if (!waiting) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data !== 'gmail-connected') return;
      void queryClient.fetchQuery({ ...getMailStatusQueryOptions(), staleTime: 0 }).then((fresh) => {
        if (fresh.connected) finish(fresh);
      });
    };
    window.addEventListener('message', onMessage);
    const stop = window.setTimeout(() => {
      before.current = null;
      setWaiting(false);
      setTimedOut(true);
    }, STATUS_POLL_LIMIT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(stop);
    };
  }, [waiting, queryClient, finish]);

  function connect() {
    const popup = window.open(GMAIL_CONNECT_URL, 'gmail-connect', POPUP_FEATURES);
    if (!popup) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'The browser blocked the sign-in window. Allow pop-ups for this site and try again.',
      });
      return;
    }
    before.current = { connected: status.connected, email: status.email };
    setTimedOut(false);
    setWaiting(true);
  }

  const label = status.connected ? 'Reconnect Gmail' : 'Connect Gmail Workspace';
  return (
    <div className="grid gap-2">
      <Button
        variant={status.connected ? 'outline' : 'gradient'}
        size="lg"
        onClick={connect}
        disabled={!status.configured}
        className="w-full sm:w-fit"
      >
        {status.connected ? <RefreshCw aria-hidden="true" /> : <Mail aria-hidden="true" />}
        {label}
      </Button>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {waiting ? (
          <span className="inline-flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Waiting for you to finish in the Google window…
          </span>
        ) : timedOut ? (
          'Stopped waiting after 2 minutes. If you finished in the Google window, reload this page.'
        ) : null}
      </p>
    </div>
  );
}
