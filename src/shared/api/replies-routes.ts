/** Where the reply and 'Unmatched mail' endpoints answer (zod-free, decision 047); schemas in `replies.ts`. */
export const replyRoutes = {
  getRecentReplies: { method: 'GET', path: '/api/admin/replies' },
  getInboundStatus: { method: 'GET', path: '/api/admin/mail/inbound' },
  listUnmatchedMail: { method: 'GET', path: '/api/admin/unmatched-mail' },
  attachUnmatchedMail: { method: 'POST', path: '/api/admin/unmatched-mail/:id/attach' },
  discardUnmatchedMail: { method: 'DELETE', path: '/api/admin/unmatched-mail/:id' },
  markContactRead: { method: 'POST', path: '/api/admin/contacts/:id/read' },
} as const;
