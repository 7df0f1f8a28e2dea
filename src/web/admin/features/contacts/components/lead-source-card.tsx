import { leadSourceLabel, type StoredLeadSource } from '@/shared/lead-source';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatDateTime } from '@/web/lib/format-date';

const deviceLabels = { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' } as const;

/**
 * 'Source' on the contact detail (decision 037): where the lead first came from in the visit
 * that sent the form — source, medium, campaign, term, content, referrer, the page it landed on,
 * the first view's time and the device class. A contact without a recorded source (added by hand,
 * imported, or from before sources were kept) says so.
 */
export function LeadSourceCard({ source }: { source: StoredLeadSource | null }) {
  const rows: [string, string | null][] = source
    ? [
        ['Source', leadSourceLabel(source)],
        ['Medium', source.utmMedium],
        ['Campaign', source.utmCampaign],
        ['Term', source.utmTerm],
        ['Content', source.utmContent],
        ['Referrer', source.referrerHost],
        ['Landing page', source.landingPath],
        ['First view', source.firstSeenAt ? formatDateTime(source.firstSeenAt) : null],
        ['Device', source.device ? deviceLabels[source.device] : null],
      ]
    : [];
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">Source</CardTitle>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not recorded</p>
        ) : (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            {shown.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="min-w-0 wrap-anywhere">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
