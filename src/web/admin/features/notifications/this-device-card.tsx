import { BellOff, BellRing, Send } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { useRefreshDevices, useTestPush } from './notifications-api';
import {
  currentSubscription,
  PermissionRefused,
  pushUnsupportedReason,
  turnOffPush,
  turnOnPush,
} from './push-device';

type State = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

/** This browser's push state, read from its permission and its service worker's subscription. */
export function useThisDevice(): {
  state: State;
  endpoint: string | null;
  refresh: () => Promise<void>;
} {
  const [state, setState] = React.useState<State>('checking');
  const [endpoint, setEndpoint] = React.useState<string | null>(null);
  const refresh = React.useCallback(async () => {
    if (pushUnsupportedReason()) {
      setState('unsupported');
      return;
    }
    const subscription = await currentSubscription().catch(() => null);
    setEndpoint(subscription?.endpoint ?? null);
    if (Notification.permission === 'denied') setState('blocked');
    else setState(subscription && Notification.permission === 'granted' ? 'on' : 'off');
  }, []);
  React.useEffect(() => {
    void refresh();
  }, [refresh]);
  return { state, endpoint, refresh };
}

/**
 * 'This device' (decision 071): turns notifications on for this browser (asks for the
 * permission, subscribes, stores the device) or off again, and sends a test to every device.
 */
export function ThisDeviceCard({ device }: { device: ReturnType<typeof useThisDevice> }) {
  const [busy, setBusy] = React.useState(false);
  const refreshDevices = useRefreshDevices();
  const test = useTestPush();
  const { state } = device;

  async function change(on: boolean) {
    setBusy(true);
    try {
      if (on) await turnOnPush();
      else await turnOffPush();
      toast({
        title: on ? 'Notifications turned on for this device' : 'Notifications turned off for this device',
      });
    } catch (error) {
      if (error instanceof PermissionRefused)
        toast({
          variant: 'destructive',
          title: 'Notifications not allowed',
          description: "Allow notifications for this site in the browser's settings, then try again.",
        });
      else
        toastFailure(
          error,
          on ? 'Notifications could not be turned on.' : 'Notifications could not be turned off.',
        );
    } finally {
      await device.refresh();
      await refreshDevices();
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <BellRing className="size-5 text-brand-cyan" aria-hidden="true" />
          This device
        </CardTitle>
        <CardDescription>
          Get a notification on this phone or computer when something needs you. It names the person, and
          nothing more about them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p role="status" className="text-sm">
          {state === 'checking'
            ? 'Checking this browser…'
            : state === 'unsupported'
              ? pushUnsupportedReason()
              : state === 'blocked'
                ? "Notifications are blocked for this site. Allow them in the browser's site settings, then reload."
                : state === 'on'
                  ? 'Notifications are on for this device.'
                  : 'Notifications are off for this device.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {state === 'off' ? (
            <Button type="button" onClick={() => change(true)} disabled={busy}>
              <BellRing aria-hidden="true" />
              {busy ? 'Turning on…' : 'Turn on notifications'}
            </Button>
          ) : null}
          {state === 'on' ? (
            <>
              <Button
                type="button"
                variant="outline"
                disabled={test.isPending}
                onClick={() =>
                  test.mutate(undefined, {
                    onSuccess: ({ queued }) =>
                      toast({
                        title: 'Test notification sent',
                        description: `To ${queued} ${queued === 1 ? 'device' : 'devices'}.`,
                      }),
                    onError: (error) => toastFailure(error, 'The test could not be sent.'),
                  })
                }
              >
                <Send aria-hidden="true" />
                Send a test
              </Button>
              <Button type="button" variant="outline" onClick={() => change(false)} disabled={busy}>
                <BellOff aria-hidden="true" />
                {busy ? 'Turning off…' : 'Turn off'}
              </Button>
            </>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
