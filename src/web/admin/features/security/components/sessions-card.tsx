import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { SessionSummary } from '@/shared/security';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { toast } from '@/web/hooks/use-toast';
import { formatDateTime } from '@/web/lib/format-date';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { toastError } from './security-toast';

/** A cancelled step-up is no failure (toastError says nothing for it). */
function failed(error: unknown, fallback: string) {
  toastError(error, fallback);
}

function SessionRow({ session }: { session: SessionSummary }) {
  const end = useEndSession();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-white/5 p-3">
      <div className="min-w-0 flex-1 basis-52">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words [overflow-wrap:anywhere]">{session.device}</span>
          {session.current ? <Badge variant="green">This browser</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time> · last seen{' '}
          <time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt)}</time>
        </p>
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {session.ip ? `Address ${session.ip}` : 'Address unknown'}
        </p>
      </div>
      {session.current ? null : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={end.isPending}
          aria-label={`Sign out ${session.device} (address ${session.ip ?? 'unknown'})`}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast({ title: 'Signed out' }),
              onError: (error) => failed(error, 'Failed to sign that session out.'),
            })
          }
        >
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * Active sessions (decision 036): every browser signed in to the admin with its device (from the
 * user agent), address, sign-in and last-seen times; 'Sign out' per session and
 * 'Sign out everywhere else' (after a confirmation); both ask for a step-up (decision 061).
 */
export function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MonitorSmartphone className="size-5 text-brand-cyan" aria-hidden="true" />
          Active sessions
        </CardTitle>
        <CardDescription>
          Every browser signed in to the admin. Sign out any you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isError ? (
          <InlineError error={sessions.error} fallback="Failed to load the sessions." />
        ) : null}
        {sessions.isPending ? <InlineLoading /> : null}
        {sessions.data ? (
          <ul aria-label="Active sessions" className="grid gap-2">
            {sessions.data.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        ) : null}
        <ConfirmDialog
          trigger={
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              disabled={others === 0 || endOthers.isPending}
            >
              <LogOut aria-hidden="true" />
              Sign out everywhere else
            </Button>
          }
          title="Sign out everywhere else?"
          description={`${others === 1 ? 'One other browser is' : `${others} other browsers are`} signed out. This one stays signed in.`}
          confirmLabel="Sign out"
          onConfirm={() =>
            endOthers.mutate(undefined, {
              onSuccess: (ended) =>
                toast({
                  title: ended === 1 ? 'Signed out 1 other session' : `Signed out ${ended} other sessions`,
                }),
              onError: (error) => failed(error, 'Failed to sign the other sessions out.'),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
