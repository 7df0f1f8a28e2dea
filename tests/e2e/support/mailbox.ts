/**
 * The browser suite's `test` for the reply import: each worker gets a real dovecot
 * (`mail.dovecot`), a server of its own that reads it through IMAP_URL (`mail.server`, also the
 * tests' `baseURL`) and an IMAP client signed in as the mailbox's owner, for appending mail as a
 * sender's server would (`mail.imap`).
 */
import type { ImapFlow } from 'imapflow';
import { connectImap, type Dovecot, startDovecot } from '../../api/helpers/dovecot.ts';
import { type AppServer, startAppServer } from './server';
import { test as base } from './test';

/** The mailbox the server reads, and the address it sends from. */
export const OWN = 'owner@agency.test';

export const test = base.extend<object, { mail: { server: AppServer; dovecot: Dovecot; imap: ImapFlow } }>({
  mail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const dovecot = await startDovecot(OWN);
      const server = await startAppServer({
        IMAP_URL: dovecot.url,
        IMAP_AUTHSERV_ID: 'mx.agency.test',
        MAIL_FROM: `Agency <${OWN}>`,
      });
      const imap = await connectImap(dovecot);
      await use({ server, dovecot, imap });
      await imap.logout().catch(() => {});
      await server.stop();
      await dovecot.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ mail }, use) => use(mail.server.baseUrl),
});
