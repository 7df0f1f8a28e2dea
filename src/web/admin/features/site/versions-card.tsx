import { History } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { formatDateTime } from '@/web/lib/format-date';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InlineError, InlineLoading } from '../../components/query-state';
import { useSiteVersions } from './api';

/**
 * The published versions, newest first (decision 067): number, when, who and what changed, the
 * live one marked. 'Restore' asks first, then makes that version the draft (`onRestore`).
 */
export function VersionsCard({ live, onRestore }: { live: number; onRestore: (version: number) => void }) {
  const versions = useSiteVersions();
  return (
    <section aria-labelledby="versions-title" className="mt-10 grid gap-3">
      <h2 id="versions-title" className="flex items-center gap-2 text-xl font-semibold">
        <History className="size-5" aria-hidden="true" />
        Version history
      </h2>
      {versions.isPending ? (
        <InlineLoading />
      ) : versions.isError ? (
        <InlineError error={versions.error} fallback="Failed to load the versions." />
      ) : (
        <ol className="grid gap-2">
          {versions.data.map((v) => (
            <li
              key={v.version}
              data-version={v.version}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border bg-card/40 p-3 text-sm"
            >
              <div className="grid min-w-0 flex-1 basis-64 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{`Version ${v.version}`}</span>
                  {v.version === live ? <Badge variant="cyan">Live</Badge> : null}
                  <span className="text-muted-foreground">
                    {`${formatDateTime(v.publishedAt)} · ${v.publishedBy}`}
                  </span>
                </div>
                <p className="wrap-anywhere text-muted-foreground">{v.summary}</p>
              </div>
              <ConfirmDialog
                trigger={
                  <Button variant="outline" size="sm" aria-label={`Restore version ${v.version}`}>
                    Restore
                  </Button>
                }
                title={`Restore version ${v.version}?`}
                description="The draft becomes this version, replacing what is in the draft now. The live site changes only when you publish."
                confirmLabel="Restore"
                onConfirm={() => onRestore(v.version)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
