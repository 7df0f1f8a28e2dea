/**
 * Where the contact endpoints and the CSV import answer (zod-free, decision 047); their schemas
 * are in `contacts.ts`. The two exports (`exportContactsCsv`, `exportContactData`) answer files the
 * admin links to rather than calls.
 */
export const contactRoutes = {
  listContacts: { method: 'GET', path: '/api/admin/contacts' },
  addContact: { method: 'POST', path: '/api/admin/contacts' },
  bulkUpdateContacts: { method: 'POST', path: '/api/admin/contacts/bulk' },
  getContactRetention: { method: 'GET', path: '/api/admin/contacts/retention' },
  countContacts: { method: 'GET', path: '/api/admin/contacts/count' },
  exportContactsCsv: { method: 'GET', path: '/api/admin/contacts/export.csv' },
  getContact: { method: 'GET', path: '/api/admin/contacts/:id' },
  listContactMessages: { method: 'GET', path: '/api/admin/contacts/:id/messages' },
  listContactDuplicates: { method: 'GET', path: '/api/admin/contacts/:id/duplicates' },
  mergeContacts: { method: 'POST', path: '/api/admin/contacts/:id/merge' },
  sendContactEmail: { method: 'POST', path: '/api/admin/contacts/:id/send-email' },
  convertContactToClient: { method: 'POST', path: '/api/admin/contacts/:id/convert-to-client' },
  updateContactStatus: { method: 'POST', path: '/api/admin/contacts/:id/status' },
  markContactNotSpam: { method: 'POST', path: '/api/admin/contacts/:id/not-spam' },
  moveContactToSpam: { method: 'POST', path: '/api/admin/contacts/:id/spam' },
  updateContact: { method: 'PATCH', path: '/api/admin/contacts/:id' },
  exportContactData: { method: 'GET', path: '/api/admin/contacts/:id/export' },
  deleteContact: { method: 'DELETE', path: '/api/admin/contacts/:id' },
  importContacts: { method: 'POST', path: '/api/admin/contacts/import' },
} as const;
