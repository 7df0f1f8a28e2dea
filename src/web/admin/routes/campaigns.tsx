import { Mail, Megaphone, MessageSquare } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { AdminPage } from '../components/admin-page';
import { InlineError, InlineLoading } from '../components/query-state';
import { useCampaigns } from '../features/campaigns/api/get-campaigns';
import { CampaignCard } from '../features/campaigns/components/campaign-card';
import { CreateCampaignDialog } from '../features/campaigns/components/create-campaign-dialog';
import { MailUsageSummary } from '../features/mail/components/mail-usage-summary';

/**
 * /admin/campaigns (docs/product.md §8.1): 'Create Campaign' on the title's row (not floating
 * beside the usage box); tabs 'Email Campaigns' (default, docs/product.md §8.1) and 'SMS Campaigns' ('Coming
 * Soon'); the daily sending limit in use; a card per campaign, newest first; the empty state 'No
 * campaigns yet. Create your first campaign!'.
 */
export function CampaignsRoute() {
  const campaigns = useCampaigns();
  const sending = campaigns.data?.some((campaign) => campaign.status === 'sending') ?? false;
  return (
    <AdminPage title="Campaigns" links={['dashboard', 'contacts', 'clients', 'credentials', 'mailSetup']}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Campaigns</h1>
        <CreateCampaignDialog />
      </div>
      <Tabs defaultValue="email" className="mt-6">
        <TabsList>
          <TabsTrigger value="email">
            <Mail aria-hidden="true" />
            Email Campaigns
          </TabsTrigger>
          <TabsTrigger value="sms">
            <MessageSquare aria-hidden="true" />
            SMS Campaigns
          </TabsTrigger>
        </TabsList>
        <TabsContent value="email" className="grid gap-6">
          <MailUsageSummary live={sending} />
          <div aria-busy={campaigns.isFetching}>
            {campaigns.isPending ? (
              <InlineLoading className="py-16" />
            ) : campaigns.isError ? (
              <InlineError error={campaigns.error} fallback="Failed to load campaigns." className="py-16" />
            ) : campaigns.data.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-white/10 px-4 py-16 text-center text-muted-foreground">
                <Megaphone className="size-8" aria-hidden="true" />
                <p>No campaigns yet. Create your first campaign!</p>
              </div>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                {campaigns.data.map((campaign) => (
                  <li key={campaign.id}>
                    <CampaignCard campaign={campaign} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </TabsContent>
        <TabsContent value="sms">
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-white/10 px-4 py-16 text-center">
            <MessageSquare className="size-8 text-brand-magenta" aria-hidden="true" />
            <h2 className="text-xl font-semibold">Coming Soon</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              Text-message campaigns are on the way. Email campaigns work today.
            </p>
          </div>
        </TabsContent>
      </Tabs>
    </AdminPage>
  );
}
