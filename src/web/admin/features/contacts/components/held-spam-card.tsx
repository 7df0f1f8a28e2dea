import { ChevronRight, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The dashboard's 'N held for review' (decision 057): how many form submissions are held as spam
 * (no proof of work, or the hidden field filled), linking to the Spam list, where 'Not spam' brings
 * a real one back. Nothing at 0, and nothing while the figures load.
 */
export function HeldSpamCard({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Link
      to="/admin/contacts?status=spam"
      className="mt-6 flex items-center gap-3 rounded-2xl border border-yellow-400/30 bg-yellow-500/10 px-4 py-3 text-sm outline-none transition hover:bg-yellow-500/15 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ShieldAlert className="size-5 shrink-0 text-yellow-200" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="font-semibold">{count.toLocaleString()} held for review</span>
        <span className="block text-muted-foreground sm:inline">
          <span className="hidden sm:inline"> · </span>
          Form submissions held as spam, erased after 30 days. Check for real leads.
        </span>
      </span>
      <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}
