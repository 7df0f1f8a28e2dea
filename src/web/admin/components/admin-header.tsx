import {
  ArrowLeft,
  Bell,
  Briefcase,
  FlaskConical,
  Globe,
  KanbanSquare,
  KeyRound,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Mail,
  Megaphone,
  ShieldCheck,
  Users,
  Webhook,
} from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '@/web/components/brand-mark';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { getSite } from '@/web/lib/site';
import { toastFailure } from '@/web/lib/toast-failure';
import { useAdminCheck } from '../features/auth/api/get-admin-check';
import { useLogout } from '../features/auth/api/logout';

/** The admin screens that header buttons can point at. */
export type AdminNavTarget =
  | 'dashboard'
  | 'backToDashboard'
  | 'contacts'
  | 'backToContacts'
  | 'pipeline'
  | 'clients'
  | 'campaigns'
  | 'credentials'
  | 'backToCredentials'
  | 'mailSetup'
  | 'security'
  | 'integrations'
  | 'notifications'
  | 'site';

/**
 * Each target's name and, where the name is long, the shorter word shown under its icon below
 * 640 px (a part of the name, so what is seen is what a voice command says: WCAG 2.5.3).
 */
const navTargets: Record<AdminNavTarget, { label: string; short?: string; to: string; icon: LucideIcon }> = {
  dashboard: { label: 'Dashboard', to: '/admin', icon: LayoutDashboard },
  backToDashboard: { label: 'Back to Dashboard', short: 'Dashboard', to: '/admin', icon: ArrowLeft },
  contacts: { label: 'Contacts', to: '/admin/contacts', icon: Users },
  backToContacts: { label: 'Back to Contacts', short: 'Contacts', to: '/admin/contacts', icon: ArrowLeft },
  pipeline: { label: 'Pipeline', to: '/admin/pipeline', icon: KanbanSquare },
  clients: { label: 'Clients', to: '/admin/clients', icon: Briefcase },
  campaigns: { label: 'Campaigns', to: '/admin/campaigns', icon: Megaphone },
  credentials: { label: 'Credentials', to: '/admin/credentials', icon: KeyRound },
  backToCredentials: {
    label: 'Back to Credentials',
    short: 'Credentials',
    to: '/admin/credentials',
    icon: ArrowLeft,
  },
  mailSetup: { label: 'Mail setup', short: 'Mail', to: '/admin/gmail-setup', icon: Mail },
  security: { label: 'Security', to: '/admin/security', icon: ShieldCheck },
  integrations: { label: 'Integrations', to: '/admin/integrations', icon: Webhook },
  notifications: { label: 'Notifications', to: '/admin/notifications', icon: Bell },
  site: { label: 'Site', to: '/admin/site', icon: Globe },
};

/**
 * A header button below 640 px: its icon over a short word, in a row of equal cells across the
 * width (a second row past four), so every destination is named on a phone too. The header then
 * scrolls away with the page instead of holding a sixth of the screen.
 */
// Tighter than the button's own padding from sm up: the eleven destinations and Logout fit one
// row at 1280 px.
const compactButton =
  'max-sm:h-auto max-sm:flex-col max-sm:gap-0.5 max-sm:px-1 max-sm:py-1.5 max-sm:text-[11px] sm:px-2';

/**
 * The header's targets with 'Pipeline' (decision 063) on every screen but the board itself: after
 * the link to the dashboard or the contacts when there is one, else first; and 'Site' (decision
 * 069) on every screen but the editor, last before Logout.
 */
function withPipeline(links: AdminNavTarget[], pathname: string): AdminNavTarget[] {
  let all = links;
  if (!all.includes('pipeline') && !/^\/admin\/pipeline\/?$/i.test(pathname)) {
    const after = all.findLastIndex(
      (l) => l === 'dashboard' || l === 'backToDashboard' || l.endsWith('ontacts'),
    );
    all = [...all.slice(0, after + 1), 'pipeline', ...all.slice(after + 1)];
  }
  if (!all.includes('site') && !/^\/admin\/site\/?$/i.test(pathname)) all = [...all, 'site'];
  return all;
}

/**
 * Top bar of the admin screens: brand, a 'Demo mode' badge when the built-in test pair is active
 * (docs/product.md §1.3), buttons to the given screens and Logout (POST /api/admin/logout, then
 * /admin/login).
 */
export function AdminHeader({ links: given }: { links: AdminNavTarget[] }) {
  const navigate = useNavigate();
  const links = withPipeline(given, useLocation().pathname);
  const check = useAdminCheck();
  const logout = useLogout();

  function handleLogout() {
    logout.mutate(undefined, {
      onSuccess: () => navigate('/admin/login', { replace: true }),
      onError: (error) => toastFailure(error, 'Logout failed.'),
    });
  }

  return (
    <header className="top-0 z-40 bg-background/80 backdrop-blur-xl sm:sticky">
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <div className="flex items-center gap-3">
          <Link
            to="/admin"
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <BrandMark name={getSite().shortName} />
          </Link>
          <span className="text-sm text-muted-foreground max-sm:hidden">Admin</span>
          {check.data?.demoMode ? (
            <Badge
              variant="magenta"
              title="No admin credentials are configured: the built-in test account works."
            >
              <FlaskConical aria-hidden="true" />
              <span className="max-sm:sr-only">Demo mode</span>
            </Badge>
          ) : null}
        </div>
        <nav
          aria-label="Admin"
          className="flex flex-wrap items-center gap-1 max-sm:grid max-sm:w-full max-sm:grid-cols-[repeat(auto-fit,minmax(5rem,1fr))] sm:gap-1"
        >
          {links.map((target) => {
            const { label, short, to, icon: Icon } = navTargets[target];
            return (
              <Button key={target} asChild variant="ghost" size="sm" className={compactButton} title={label}>
                <Link to={to}>
                  <Icon aria-hidden="true" />
                  {short ? (
                    <>
                      {/* Drawn by CSS, so the link's text (and name) stays the one full label. */}
                      <span
                        data-short={short}
                        className="before:content-[attr(data-short)] sm:hidden"
                        aria-hidden="true"
                      />
                      <span className="max-sm:sr-only">{label}</span>
                    </>
                  ) : (
                    <span>{label}</span>
                  )}
                </Link>
              </Button>
            );
          })}
          <Button
            variant="outline"
            size="sm"
            className={compactButton}
            title="Logout"
            onClick={handleLogout}
            disabled={logout.isPending}
          >
            <LogOut aria-hidden="true" />
            <span>Logout</span>
          </Button>
        </nav>
      </div>
      <div
        aria-hidden="true"
        className="h-px bg-linear-to-r from-transparent via-brand-cyan/50 to-transparent"
      />
    </header>
  );
}
