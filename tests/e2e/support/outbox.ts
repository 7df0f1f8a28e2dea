/**
 * The mail a worker's server sent, read back from its outbox folder (`E2E_DATA_DIR/outbox`: the
 * demo mail provider writes one `.eml` file per message, named so that a later one sorts after).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { expect } from './test';

/** A parsed mail (postal-mime's shape). */
export type Email = Awaited<ReturnType<typeof PostalMime.parse>>;

/**
 * The newest mail to `email` that `match` accepts, parsed; waits for it (Playwright's
 * `expect.poll` timeout), then fails naming what it waited for.
 */
export async function deliveredMail(
  email: string,
  match: (mail: Email) => boolean = () => true,
): Promise<Email> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse();
        for (const file of files) {
          const mail = await PostalMime.parse(await readFile(path.join(outbox, file)));
          if (mail.to?.[0]?.address === email && match(mail)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${email} in the outbox` },
    )
    .toBe(true);
  return found!;
}
