import { AdminPage } from '../components/admin-page';
import { TokensCard } from '../features/integrations/tokens-card';
import { WebhooksCard } from '../features/integrations/webhooks-card';

/**
 * /admin/integrations (decisions 065, 066): API tokens for tools that call the API, and the
 * webhooks that tell other tools what happened.
 */
export function IntegrationsRoute() {
  return (
    <AdminPage title="Integrations" links={['backToDashboard', 'notifications']}>
      <h1 className="text-3xl font-bold tracking-tight">Integrations</h1>
      <p className="mt-2 text-muted-foreground">
        Connect Slack, n8n, Zapier or your own scripts: a webhook tells them what happened, a token lets them
        call the API.
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <WebhooksCard />
        <TokensCard />
      </div>
    </AdminPage>
  );
}
