import { Smartphone, Trash2 } from 'lucide-react';
import type { PushDevice } from '@/shared/push';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { toast } from '@/web/hooks/use-toast';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { toastFailure } from '@/web/lib/toast-failure';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InlineError, InlineLoading } from '../../components/query-state';
import { usePushDevices, useRemovePushDevice } from './notifications-api';

function DeviceRow({
  device,
  mine,
  onRemoved,
}: {
  device: PushDevice;
  mine: boolean;
  onRemoved: () => void;
}) {
  const remove = useRemovePushDevice();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-white/5 p-3">
      <div className="min-w-0 flex-1 basis-52">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words [overflow-wrap:anywhere]">{device.browser}</span>
          {mine ? <Badge variant="cyan">This device</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          Added <time dateTime={device.createdAt}>{formatDate(device.createdAt)}</time> · last sent{' '}
          {device.lastSentAt ? (
            <time dateTime={device.lastSentAt}>{formatDateTime(device.lastSentAt)}</time>
          ) : (
            'never'
          )}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button type="button" variant="outline" size="sm" aria-label={`Remove ${device.browser}`}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        }
        title="Remove this device?"
        description={`${device.browser} gets no more notifications. It can turn them on again from this screen.`}
        confirmLabel="Remove"
        onConfirm={() =>
          remove.mutate(device.id, {
            onSuccess: () => {
              toast({ title: 'Device removed' });
              if (mine) onRemoved();
            },
            onError: (error) => toastFailure(error, 'Failed to remove the device.'),
          })
        }
      />
    </li>
  );
}

/** The devices that receive notifications (decision 071): browser, added, last sent, Remove. */
export function DevicesCard({ endpoint, onRemoved }: { endpoint: string | null; onRemoved: () => void }) {
  const devices = usePushDevices();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Smartphone className="size-5 text-brand-cyan" aria-hidden="true" />
          Devices
        </CardTitle>
        <CardDescription>
          Every browser that gets notifications. A browser that drops its subscription is removed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {devices.isError ? (
          <InlineError error={devices.error} fallback="Failed to load the devices." />
        ) : null}
        {devices.isPending ? <InlineLoading /> : null}
        {devices.data ? (
          devices.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No devices yet. Turn notifications on here on each phone or computer you use.
            </p>
          ) : (
            <ul aria-label="Devices" className="grid gap-2">
              {devices.data.map((d) => (
                <DeviceRow key={d.id} device={d} mine={d.endpoint === endpoint} onRemoved={onRemoved} />
              ))}
            </ul>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
