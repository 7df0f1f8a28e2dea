import { AlarmClock, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Today } from '@/shared/pipeline';
import { TODAY_COUNT_CAP, waitingLevel } from '@/shared/waiting-level';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatDate } from '@/web/lib/format-date';
import { countLabel } from '@/web/lib/plural';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { useToday } from '../api/get-today';

/** How long a lead has waited: '45 min', '13 h', '2 d 3 h'. */
export function formatAge(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.floor(hours)} h`;
  const days = Math.floor(hours / 24);
  return `${days} d ${Math.floor(hours - days * 24)} h`;
}

const ageVariant = { ok: 'grey', amber: 'yellow', red: 'destructive' } as const;
const ageWords = { ok: '', amber: ' (answer soon)', red: ' (the 24-hour promise is close)' } as const;

/** How many more rows a list has than it shows: '…and 3 more'. */
/** "…and 12 more"; `atLeast`: the total is a floor (the server stopped counting at its cap). */
function More({ shown, total, atLeast = false }: { shown: number; total: number; atLeast?: boolean }) {
  return total > shown ? (
    <li className="text-xs text-muted-foreground">{`…and ${(total - shown).toLocaleString()}${atLeast ? '+' : ''} more`}</li>
  ) : null;
}

/** The waiting count as the heading shows it: '1,000+' once the server's count reached its cap. */
function waitingCount(total: number): string {
  return total >= TODAY_COUNT_CAP ? `${TODAY_COUNT_CAP.toLocaleString()}+` : total.toLocaleString();
}

/**
 * 'Needs you today' at the top of the dashboard (decision 063): form leads waiting for a first
 * answer with their age (amber from 12 h, red from 20 h: the site promises an answer within 24
 * hours), replies not yet read, tasks due today or overdue, held spam to review, and the median
 * first-answer time of the last 30 days. 'All caught up' when nothing waits.
 */
export function NeedsYouTodayCard() {
  const today = useToday();
  return (
    <Card className="mt-6 gap-4">
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2">
        <CardTitle as="h2">Needs you today</CardTitle>
        {today.data ? <MedianAnswer data={today.data} /> : null}
      </CardHeader>
      <CardContent>
        {today.isPending ? (
          <InlineLoading />
        ) : today.isError ? (
          <InlineError error={today.error} fallback="Failed to load what needs you today." />
        ) : (
          <TodayLists data={today.data} />
        )}
      </CardContent>
    </Card>
  );
}

function MedianAnswer({ data }: { data: Today }) {
  return (
    <p className="text-sm text-muted-foreground">
      {data.medianFirstAnswerHours === null
        ? 'No answered leads in the last 30 days'
        : `Median first answer: ${formatAge(data.medianFirstAnswerHours)} (${countLabel(data.answeredLeads, 'lead', 'leads')}, 30 days)`}
    </p>
  );
}

function TodayLists({ data }: { data: Today }) {
  const nothing =
    data.waitingTotal === 0 && data.unreadTotal === 0 && data.tasksTotal === 0 && data.heldSpam === 0;
  if (nothing) return <p className="text-sm text-muted-foreground">All caught up.</p>;
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <section aria-labelledby="today-waiting" className="grid content-start gap-2">
        <h3 id="today-waiting" className="text-sm font-semibold">
          {`Waiting for a first answer (${waitingCount(data.waitingTotal)})`}
        </h3>
        {data.waiting.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every lead has an answer.</p>
        ) : (
          <ul className="grid gap-1.5">
            {data.waiting.slice(0, 8).map((lead) => {
              // Aged by this browser's clock from the lead's arrival, so the colour moves on
              // between refreshes (and a test can move the clock).
              const ageHours = Math.max(0, (Date.now() - new Date(lead.createdAt).getTime()) / 3_600_000);
              const level = waitingLevel(ageHours);
              return (
                <li key={lead.id}>
                  <Link
                    to={`/admin/contacts/${lead.id}`}
                    data-waiting={lead.id}
                    className="flex items-center justify-between gap-2 rounded-md px-1 py-0.5 text-sm hover:bg-white/5"
                  >
                    <span className="min-w-0 wrap-anywhere" dir="auto">
                      {lead.name}
                    </span>
                    <Badge variant={ageVariant[level]} data-level={level}>
                      <AlarmClock aria-hidden="true" />
                      {formatAge(ageHours)}
                      <span className="sr-only">{ageWords[level]}</span>
                    </Badge>
                  </Link>
                </li>
              );
            })}
            <More
              shown={Math.min(8, data.waiting.length)}
              total={data.waitingTotal}
              atLeast={data.waitingTotal >= TODAY_COUNT_CAP}
            />
          </ul>
        )}
      </section>
      <section aria-labelledby="today-replies" className="grid content-start gap-2">
        <h3 id="today-replies" className="text-sm font-semibold">
          {`Unread replies (${data.unreadTotal.toLocaleString()})`}
        </h3>
        {data.unread.length === 0 ? (
          <p className="text-sm text-muted-foreground">No new replies.</p>
        ) : (
          <ul className="grid gap-1.5">
            {data.unread.slice(0, 5).map((c) => (
              <li key={c.id}>
                <Link
                  to={`/admin/contacts/${c.id}`}
                  className="flex items-center justify-between gap-2 rounded-md px-1 py-0.5 text-sm hover:bg-white/5"
                >
                  <span className="min-w-0 wrap-anywhere" dir="auto">
                    {c.name}
                  </span>
                  <Badge variant="cyan">{countLabel(c.unread, 'new', 'new')}</Badge>
                </Link>
              </li>
            ))}
            <More shown={Math.min(5, data.unread.length)} total={data.unreadTotal} />
          </ul>
        )}
      </section>
      <section aria-labelledby="today-tasks" className="grid content-start gap-2">
        <h3 id="today-tasks" className="text-sm font-semibold">
          {`Tasks due today or overdue (${data.tasksTotal.toLocaleString()})`}
        </h3>
        {data.tasks.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing due today.</p>
        ) : (
          <ul className="grid gap-1.5">
            {data.tasks.slice(0, 5).map((task) => (
              <li key={task.id}>
                <Link
                  to={`/admin/contacts/${task.contactId}`}
                  className="flex items-center justify-between gap-2 rounded-md px-1 py-0.5 text-sm hover:bg-white/5"
                >
                  <span className="min-w-0 wrap-anywhere" dir="auto">
                    {`${task.title} · ${task.contactName}`}
                  </span>
                  {task.overdue ? (
                    <Badge variant="destructive">{`Overdue since ${formatDate(task.dueAt)}`}</Badge>
                  ) : (
                    <Badge variant="grey">Today</Badge>
                  )}
                </Link>
              </li>
            ))}
            <More shown={Math.min(5, data.tasks.length)} total={data.tasksTotal} />
          </ul>
        )}
        {data.heldSpam > 0 ? (
          <Link
            to="/admin/contacts?status=spam"
            className="mt-2 flex items-center gap-1 text-sm text-brand-cyan hover:underline"
          >
            {`${countLabel(data.heldSpam, 'submission', 'submissions')} held as spam to review`}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </section>
    </div>
  );
}
