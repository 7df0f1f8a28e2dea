/**
 * Where the public endpoints answer (zod-free, decision 047): the landing imports this file
 * alone, so its bundle holds neither zod nor the admin's routes. Schemas in `public.ts`.
 */
export const publicRoutes = {
  getContactChallenge: { method: 'GET', path: '/api/contact/challenge' },
  submitContactForm: { method: 'POST', path: '/api/contact' },
  getVersion: { method: 'GET', path: '/api/version' },
} as const;
