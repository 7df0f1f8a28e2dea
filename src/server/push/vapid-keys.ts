import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { open, seal } from '../crypto/secret-box.ts';

/** The `settings` row holding the VAPID key pair (decision 071). */
const KEY = 'push.vapid';
/** Associated data of the sealed private key. */
const AD = 'push-vapid';

/** The application server's key pair (RFC 8292), base64url as web-push takes it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair every instance signs with: made on the first call ever and kept in `settings`
 * (the private key sealed with the app secret). Two instances starting at once both try to insert
 * theirs with ON CONFLICT DO NOTHING and then both read the row that went in, so they agree; a
 * subscription made with one instance's key is accepted from the other. Cached once read: the
 * pair never changes (a new pair would orphan every device's subscription).
 */
export class VapidKeyStore {
  private keys: Promise<VapidKeys> | undefined;

  constructor(
    private readonly db: Db,
    private readonly sealKey: Buffer,
  ) {}

  get(): Promise<VapidKeys> {
    this.keys ??= this.load().catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  private async load(): Promise<VapidKeys> {
    const { default: webpush } = await import('web-push');
    const made = webpush.generateVAPIDKeys();
    await this.db
      .insert(settings)
      .values({
        key: KEY,
        value: { publicKey: made.publicKey, privateKeySealed: seal(this.sealKey, made.privateKey, AD) },
      })
      .onConflictDoNothing({ target: settings.key });
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
    const value = row!.value as { publicKey: string; privateKeySealed: string };
    return { publicKey: value.publicKey, privateKey: open(this.sealKey, value.privateKeySealed, AD) };
  }
}
