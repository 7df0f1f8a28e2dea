/**
 * Where the campaign endpoints and the daily-cap counter answer (zod-free, decision 047); their
 * schemas are in `campaigns.ts`.
 */
export const campaignRoutes = {
  listCampaigns: { method: 'GET', path: '/api/admin/campaigns' },
  listCampaignAudience: { method: 'GET', path: '/api/admin/campaigns/audience' },
  createCampaign: { method: 'POST', path: '/api/admin/campaigns' },
  editCampaign: { method: 'PUT', path: '/api/admin/campaigns/:id' },
  getCampaignDetails: { method: 'GET', path: '/api/admin/campaigns/:id/details' },
  sendCampaign: { method: 'POST', path: '/api/admin/campaigns/:id/send' },
  resendCampaignInterrupted: { method: 'POST', path: '/api/admin/campaigns/:id/resend-interrupted' },
  deleteCampaign: { method: 'DELETE', path: '/api/admin/campaigns/:id' },
  getMailUsage: { method: 'GET', path: '/api/admin/mail-usage' },
} as const;
