import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { composeMessage } from './compose-message.ts';
import { type Address, type MailProvider, MailSendError, type OutgoingMessage } from './mail-provider.ts';

/**
 * The development outbox (docs/product.md §10.1): each message is written as an `.eml` file under
 * `<dataDir>/outbox/` and never delivered. Open the files with any mail program to check them.
 */
export function createOutboxProvider(options: { dir: string; from: Address }): MailProvider {
  return {
    kind: 'outbox',
    async send(message: OutgoingMessage) {
      const { raw, messageId } = await composeMessage(options.from, message);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      try {
        await fs.mkdir(options.dir, { recursive: true });
        await fs.writeFile(path.join(options.dir, name), raw);
      } catch (error) {
        throw new MailSendError(`Could not write to the outbox: ${(error as Error).message}`, {
          cause: error,
        });
      }
      return { messageId };
    },
    async close() {},
  };
}
