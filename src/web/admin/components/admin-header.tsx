import {
  ArrowLeft,
  Briefcase,
  FlaskConical,
  KeyRound,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Mail,
  Megaphone,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router';
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
  | 'clients'
  | 'campaigns'
  | 'credentials'
  | 'backToCredentials'
  | 'mailSetup'
  | 'security';

const navTargets: Record<AdminNavTarget, { label: string; to: string; icon: LucideIcon }> = {
  dashboard: { label: 'Dashboard', to: '/admin', icon: LayoutDashboard },
  backToDashboard: { label: 'Back to Dashboard', to: '/admin', icon: ArrowLeft },
  contacts: { label: 'Contacts', to: '/admin/contacts', icon: Users },
  backToContacts: { label: 'Back to Contacts', to: '/admin/contacts', icon: ArrowLeft },
  clients: { label: 'Clients', to: '/admin/clients', icon: Briefcase },
  campaigns: { label: 'Campaigns', to: '/admin/campaigns', icon: Megaphone },
  credentials: { label: 'Credentials', to: '/admin/credentials', icon: KeyRound },
  backToCredentials: { label: 'Back to Credentials', to: '/admin/credentials', icon: ArrowLeft },
  mailSetup: { label: 'Mail setup', to: '/admin/gmail-setup', icon: Mail },
  security: { label: 'Security', to: '/admin/security', icon: ShieldCheck },
};

/** A header button below 640 px: a square 36 px target around its icon. */
const compactButton = 'max-sm:size-9 max-sm:px-0';

/**
 * Top bar of the admin screens: brand, a 'Demo mode' badge when the built-in test pair is active
 * (docs/product.md §1.3), buttons to the given screens and Logout (POST /api/admin/logout, then
 * /admin/login).
 */
export function AdminHeader({ links }: { links: AdminNavTarget[] }) {
  const navigate = useNavigate();
  const check = useAdminCheck();
  const logout = useLogout();

  function handleLogout() {
    logout.mutate(undefined, {
      onSuccess: () => navigate('/admin/login', { replace: true }),
      onError: (error) => toastFailure(error, 'Logout failed.'),
    });
  }

  return (
    <header className="sticky top-0 z-40 bg-background/80 backdrop-blur-xl">
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
        {/* Below 640 px the buttons show their icons only (the label stays their accessible name
            and tooltip), so the header is two short rows instead of three wrapped ones. */}
        <nav aria-label="Admin" className="flex flex-wrap items-center gap-1 sm:gap-2">
          {links.map((target) => {
            const { label, to, icon: Icon } = navTargets[target];
            return (
              <Button key={target} asChild variant="ghost" size="sm" className={compactButton} title={label}>
                <Link to={to}>
                  <Icon aria-hidden="true" />
                  <span className="max-sm:sr-only">{label}</span>
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
            <span className="max-sm:sr-only">Logout</span>
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
