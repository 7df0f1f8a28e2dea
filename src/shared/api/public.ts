import { contactCreatedSchema, contactRequestSchema, powChallengeSchema } from '../contact.ts';
import { versionSchema } from '../version.ts';
import { endpoint } from './endpoint.ts';
import { publicRoutes as routes } from './public-routes.ts';

/** The endpoints anyone may call: the contact form (docs/product.md §12.2) and the release. */
export const publicEndpoints = {
  getContactChallenge: endpoint(routes.getContactChallenge, {
    summary: 'A proof-of-work challenge for the contact form (ALTCHA)',
    description:
      'Solved in the background by the landing page; its solution goes with the form as `altcha`. ' +
      'Each challenge is accepted once and expires after 30 minutes.',
    response: { 200: powChallengeSchema },
  }),
  submitContactForm: endpoint(routes.submitContactForm, {
    summary: 'Send the contact form (creates or updates a lead)',
    description:
      "A second submission from the same address joins that contact's conversation. " +
      'Rate limited per client address (`CONTACT_RATE_LIMIT` per 10 minutes, 30 by default); body at ' +
      'most 16 KB. Without a solved `altcha` challenge (see GET /api/contact/challenge) or with the ' +
      'honeypot filled, the lead is held as spam; content signals (links, phrases, script, a ' +
      "disposable address) only mark it 'Possible spam'. The answer is the same.",
    body: contactRequestSchema,
    response: { 201: contactCreatedSchema },
  }),
  getVersion: endpoint(routes.getVersion, {
    summary: 'The running release',
    response: { 200: versionSchema },
  }),
};
