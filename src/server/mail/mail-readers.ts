import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AppConfig } from '../config.ts';
import { GmailReader } from './gmail/gmail-reader.ts';
import { ImapPoller } from './inbound/imap-poller.ts';

/**
 * The two readers of replies (docs/guide.md): the IMAP poller when `IMAP_URL` is set (else null)
 * and the Gmail reader, which stays idle without a Google client. Both skip mail from the site's
 * own addresses (the sender and the site's contact address, lower-cased), so a copy of a sent
 * message is never taken for a reply. `pollMs`: tests' intervals.
 */
export function createMailReaders(o: {
  config: AppConfig;
  db: Db;
  log: FastifyBaseLogger;
  /** The key the Gmail connection's token is sealed with. */
  tokenKey: Buffer;
  imapPollMs?: number;
  gmailPollMs?: number;
}): { imapPoller: ImapPoller | null; gmailPoller: GmailReader } {
  const { mail, site, google } = o.config;
  const ownAddresses = [...new Set([mail.from.address, site.email].map((a) => a.toLowerCase()))];
  return {
    imapPoller: mail.imapUrl
      ? new ImapPoller({
          db: o.db,
          log: o.log,
          url: mail.imapUrl,
          ownAddresses,
          authservIds: mail.imapAuthservIds,
          pollMs: o.imapPollMs,
        })
      : null,
    gmailPoller: new GmailReader({
      db: o.db,
      log: o.log,
      key: o.tokenKey,
      google,
      ownAddresses,
      pollMs: o.gmailPollMs,
    }),
  };
}
