import type { SecurityEvent } from '@/shared/security';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatDateTime } from '@/web/lib/format-date';

const eventLabels: Record<string, string> = {
  'signed-in': 'Signed in',
  failed: 'Failed sign-in',
  'factor-added': 'Factor added',
  'factor-removed': 'Factor removed',
  'recovery-codes': 'New recovery codes',
  'factors-reset': 'Factors reset from the server',
  confirmed: 'Confirmed it is you',
};
const methodLabels: Record<string, string> = {
  password: 'password',
  passkey: 'passkey',
  totp: 'authenticator app',
  'password+totp': 'password + authenticator code',
  'password+passkey': 'password + passkey',
  'password+recovery-code': 'password + recovery code',
  shell: 'shell',
};
function EventItem({ event }: { event: SecurityEvent }) {
  const failed = event.kind === 'failed';
  return (
    <li className="grid gap-1 border-b border-white/10 py-3 last:border-b-0">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={failed ? 'destructive' : event.kind === 'signed-in' ? 'green' : 'secondary'}>
          {eventLabels[event.kind] ?? event.kind}
        </Badge>
        {event.method ? <span>{methodLabels[event.method] ?? event.method}</span> : null}
        {event.detail ? (
          <span className="text-muted-foreground break-words [overflow-wrap:anywhere]">“{event.detail}”</span>
        ) : null}
      </p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={event.at}>{formatDateTime(event.at)}</time>
        {event.ip ? ` · ${event.ip}` : null}
      </p>
      {event.userAgent ? (
        <p
          className="line-clamp-2 text-xs text-muted-foreground [overflow-wrap:anywhere]"
          title={event.userAgent}
        >
          {event.userAgent}
        </p>
      ) : null}
    </li>
  );
}

/** The latest sign-ins, failures and factor changes (time, address, user agent). */
export function ActivityCard({ events }: { events: SecurityEvent[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent sign-in activity</CardTitle>
        <CardDescription>The latest 30 sign-ins, failures and factor changes.</CardDescription>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <ul aria-label="Sign-in activity">
            {events.map((e) => (
              <EventItem key={e.id} event={e} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
