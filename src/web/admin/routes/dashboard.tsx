import { Eye, ListTodo, Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatDateTime } from '@/web/lib/format-date';
import { countLabel } from '@/web/lib/plural';
import { cn } from '@/web/lib/utils';
import { AdminPage } from '../components/admin-page';
import { InlineError, InlineLoading, QueryList, RowLink } from '../components/query-state';
import { useAnalytics } from '../features/analytics/api/get-analytics';
import { LeadsBySourceCard, VisitsBySourceCard } from '../features/analytics/components/source-tables';
import { StatCard } from '../features/analytics/components/stat-card';
import { VisitsOverview } from '../features/analytics/components/visits-overview';
import { LastBackup } from '../features/backups/components/last-backup';
import { useRecentContacts } from '../features/contacts/api/get-recent-contacts';
import { ContactStatusBadge } from '../features/contacts/components/contact-status-badge';
import { HeldSpamCard } from '../features/contacts/components/held-spam-card';
import { NewMessagesBadge } from '../features/contacts/components/new-messages-badge';
import { RetentionDue } from '../features/contacts/components/retention-due';
import { NeedsYouTodayCard } from '../features/pipeline/components/needs-you-today';
import { RevenueBySourceCard } from '../features/pipeline/components/revenue-by-source';
import { NewRepliesCard } from '../features/replies/components/new-replies-card';
import { UnmatchedMailCard } from '../features/replies/components/unmatched-mail-card';
import { useTasks } from '../features/tasks/api/get-tasks';
import {
  DueDate,
  isOverdue,
  OverdueBadge,
  TaskPriorityBadge,
} from '../features/tasks/components/task-badges';

/** Spec §9: the dashboard lists show at most 5 pending tasks. */
const PENDING_TASKS_LIMIT = 5;

/**
 * /admin (docs/product.md §5): header buttons to Contacts, Clients, Campaigns, Credentials,
 * Mail setup, Security (docs/product.md §4.4) and Logout; the stat cards Total Visits, Total Contacts, New
 * Contacts, Pending Tasks; the 30-day chart; 'Recent Contacts' and 'Pending Follow-ups' (5 each). Follow-ups
 * come in the API's order, pending first and oldest due first, so overdue ones lead; they
 * are marked in red with an icon and the word 'Overdue'; 'New replies' with the latest five
 * unread replies (decision 023); 'Leads by source' next to 'Visits by source' (30 days, decision 037);
 * 'N held for review' above the figures while any submission is held as spam (decision 057);
 * 'Needs you today' first of all (decision 063); 'Where revenue comes from' after the sources
 * (decision 064).
 */
export function DashboardRoute() {
  const analytics = useAnalytics();
  const stats = analytics.data;

  return (
    <AdminPage
      title="Dashboard"
      links={[
        'contacts',
        'clients',
        'campaigns',
        'credentials',
        'mailSetup',
        'security',
        'integrations',
        'notifications',
      ]}
    >
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      <p className="mt-2 text-muted-foreground">
        Leads from the contact form and everything that follows them.
      </p>
      <LastBackup />
      <RetentionDue />
      {/* Held submissions first: a real lead among them is lost after 30 days unless seen. */}
      <HeldSpamCard count={stats?.heldSpam} />
      {/* What needs the owner now comes first (decision 063), then the figures and the chart. */}
      <NeedsYouTodayCard />

      {analytics.isError ? (
        <InlineError error={analytics.error} fallback="Failed to load the figures." />
      ) : null}
      <section aria-label="Figures" className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Total Visits"
          value={stats?.totalVisits}
          hint={stats ? countLabel(stats.uniqueVisitors, 'unique visitor', 'unique visitors') : undefined}
          icon={Eye}
          accent="cyan"
        />
        <StatCard label="Total Contacts" value={stats?.totalContacts} icon={Users} accent="blue" />
        <StatCard label="New Contacts" value={stats?.newContacts} icon={Sparkles} accent="magenta" />
        <StatCard
          label="Pending Tasks"
          value={stats?.pendingTasks}
          hint={stats?.overdueTasks ? `${stats.overdueTasks.toLocaleString()} overdue` : undefined}
          icon={ListTodo}
          accent="amber"
        />
      </section>

      <div className="mt-6">
        {stats ? <VisitsOverview daily={stats.daily} /> : analytics.isPending ? <InlineLoading /> : null}
      </div>

      {stats ? (
        <section aria-label="Sources" className="mt-6 grid items-start gap-6 lg:grid-cols-2">
          <LeadsBySourceCard rows={stats.leadsBySource} />
          <VisitsBySourceCard rows={stats.visitsBySource} />
        </section>
      ) : null}
      <RevenueBySourceCard className="mt-6" />

      {/* Balanced columns, not grid rows: cards of different heights stack without holes, and a
          card that renders nothing leaves no gap. The day's work comes first. */}
      <section aria-label="Activity" className="mt-6 gap-6 lg:columns-2 *:mb-6 *:break-inside-avoid">
        <RecentContacts />
        <PendingFollowUps />
        <NewRepliesCard />
        <UnmatchedMailCard />
      </section>
    </AdminPage>
  );
}

function RecentContacts() {
  const recent = useRecentContacts();
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Recent Contacts</CardTitle>
        <Link to="/admin/contacts" className="text-sm text-brand-cyan hover:underline">
          View all
        </Link>
      </CardHeader>
      <CardContent>
        <QueryList
          query={recent}
          items={(data) => data.contacts}
          empty="No contacts yet"
          fallback="Failed to load contacts."
        >
          {(contact) => (
            <RowLink to={`/admin/contacts/${contact.id}`}>
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className="wrap-anywhere font-medium" dir="auto">
                    {contact.name}
                  </span>
                  <NewMessagesBadge count={contact.unreadReplies} />
                </span>
                <span className="text-xs text-muted-foreground">
                  {contact.email} ·{' '}
                  <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
                </span>
              </div>
              <ContactStatusBadge status={contact.status} />
            </RowLink>
          )}
        </QueryList>
      </CardContent>
    </Card>
  );
}

function PendingFollowUps() {
  // Only the five shown travel (the dashboard used to load every task to show five).
  const tasks = useTasks({ status: 'pending', limit: PENDING_TASKS_LIMIT });
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">Pending Follow-ups</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryList
          query={tasks}
          items={(data) => data}
          empty="No pending follow-ups"
          fallback="Failed to load tasks."
          className="grid gap-2"
        >
          {(task) => {
            const overdue = isOverdue(task);
            return (
              <Link
                to={`/admin/contacts/${task.contactId}`}
                className={cn(
                  'grid gap-1.5 rounded-xl border border-white/10 px-3 py-2.5 outline-none transition hover:bg-white/5 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  overdue && 'border-red-400/50 bg-red-500/10',
                )}
              >
                <span className="flex items-start justify-between gap-2">
                  <span className="min-w-0 wrap-anywhere font-medium">{task.title}</span>
                  {overdue ? <OverdueBadge /> : null}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  {task.contactName ? <span>{task.contactName}</span> : null}
                  <TaskPriorityBadge priority={task.priority} />
                  {task.dueAt ? <DueDate dueAt={task.dueAt} /> : null}
                </span>
              </Link>
            );
          }}
        </QueryList>
      </CardContent>
    </Card>
  );
}
