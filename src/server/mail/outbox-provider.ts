import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { composeMessage } from './compose-message.ts';
import {
  type Address,
  type MailProvider,
  MailSendError,
  type OutgoingMessage,
  type SentMessage,
} from './mail-provider.ts';

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
      const file = path.join(options.dir, name);
      const partial = path.join(options.dir, `.${name}.partial`);
      try {
        await fs.mkdir(options.dir, { recursive: true });
        // Written under another name, then renamed: whoever lists `*.eml` (a mail program, the
        // erasure's outbox scrub, a test) never reads a half-written message.
        await fs.writeFile(partial, raw);
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true }).catch(() => {});
        throw new MailSendError(`Could not write to the outbox: ${(error as Error).message}`, {
          cause: error,
        });
      }
      return { messageId, file };
    },
    async close() {},
  };
}

/**
 * Removes the outbox copy of a message sent to someone erased while it was being handed over: the
 * erasure may have cleaned the outbox before the file was written (erase-contacts.ts). Mail that
 * left through SMTP or Gmail cannot be recalled; it has no local copy, so this does nothing.
 */
export async function removeOutboxCopy(sent: SentMessage): Promise<void> {
  if (sent.file) await fs.rm(sent.file, { force: true });
}
