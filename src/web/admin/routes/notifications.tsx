import { AdminPage } from '../components/admin-page';
import { DevicesCard } from '../features/notifications/devices-card';
import { EventsCard } from '../features/notifications/events-card';
import { ThisDeviceCard, useThisDevice } from '../features/notifications/this-device-card';

/**
 * /admin/notifications (decision 071): push notifications on the owner's phones and computers:
 * this device on or off, the devices that get them, and which events do.
 */
export function NotificationsRoute() {
  const device = useThisDevice();
  return (
    <AdminPage title="Notifications" links={['backToDashboard', 'integrations']}>
      <h1 className="text-3xl font-bold tracking-tight">Notifications</h1>
      <p className="mt-2 text-muted-foreground">
        A new lead, a reply, held spam or the day's tasks on your phone's lock screen. A click opens the
        contact or the list it is about.
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <ThisDeviceCard device={device} />
          <EventsCard />
        </div>
        <div className="grid content-start">
          <DevicesCard endpoint={device.endpoint} onRemoved={() => void device.refresh()} />
        </div>
      </div>
    </AdminPage>
  );
}
