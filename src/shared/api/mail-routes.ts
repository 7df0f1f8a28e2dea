/** Where the mail connection and signature endpoints answer (zod-free, decision 047); schemas in `mail.ts`. */
export const mailRoutes = {
  getMailStatus: { method: 'GET', path: '/api/auth/google/status' },
  connectGmail: { method: 'GET', path: '/api/auth/google' },
  finishGmailConnection: { method: 'GET', path: '/api/auth/google/callback' },
  getMailSignature: { method: 'GET', path: '/api/admin/mail/signature' },
  setMailSignature: { method: 'PUT', path: '/api/admin/mail/signature' },
} as const;
