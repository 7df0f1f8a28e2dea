/** Where the tag endpoints answer (zod-free, decision 047); their schemas are in `tags.ts`. */
export const tagRoutes = {
  listTags: { method: 'GET', path: '/api/admin/tags' },
  createTag: { method: 'POST', path: '/api/admin/tags' },
  tagContact: { method: 'POST', path: '/api/admin/contacts/:id/tags/:tagId' },
  untagContact: { method: 'DELETE', path: '/api/admin/contacts/:id/tags/:tagId' },
} as const;
