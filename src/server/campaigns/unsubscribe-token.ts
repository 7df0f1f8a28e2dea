import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Personal unsubscribe links (RFC 8058): `<base>/unsubscribe/<recipientId>.<HMAC-SHA256>`, signed
 * with a key derived from the app secret, so a link cannot be forged or pointed at someone else.
 */
export function unsubscribeToken(key: Buffer, recipientId: number): string {
  const mac = createHmac('sha256', key).update(`unsubscribe:${recipientId}`).digest('base64url');
  return `${recipientId}.${mac}`;
}

/** The recipient id of a genuine token, or null for a forged, altered or malformed one. */
export function verifyUnsubscribeToken(key: Buffer, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(unsubscribeToken(key, id));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
