/** Where the site content endpoints answer (zod-free, decision 047); their schemas are in `site.ts`. */
export const siteRoutes = {
  getSiteContent: { method: 'GET', path: '/api/admin/site' },
  saveSiteDraft: { method: 'PUT', path: '/api/admin/site/draft' },
  publishSite: { method: 'POST', path: '/api/admin/site/publish' },
  listSiteVersions: { method: 'GET', path: '/api/admin/site/versions' },
  previewSiteDraft: { method: 'GET', path: '/api/admin/site/preview' },
  scheduleSitePublish: { method: 'PUT', path: '/api/admin/site/schedule' },
  cancelSitePublish: { method: 'DELETE', path: '/api/admin/site/schedule' },
  restoreSiteVersion: { method: 'POST', path: '/api/admin/site/versions/:n/restore' },
  uploadSiteMedia: { method: 'POST', path: '/api/admin/site/media' },
} as const;
