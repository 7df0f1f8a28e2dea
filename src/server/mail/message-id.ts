import { randomUUID } from 'node:crypto';

/**
 * Message-IDs of the mail the product sends (RFC 5322 §3.6.4). Each outgoing message
 * gets its id before it is recorded and handed to a provider, so the stored id is exactly the one
 * in the sent header and a reply's In-Reply-To/References finds the record. Ids are stored
 * without angle brackets.
 */

/** A new globally unique id (`<uuid>@<domain of the sender>`), without brackets. */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.split('@').pop()?.trim() || 'localhost';
  return `${randomUUID()}@${domain}`;
}

/** The id as a header value: `<id>`. */
export function bracketed(id: string): string {
  return `<${id}>`;
}

/**
 * The longest id kept, in UTF-8 bytes: RFC 5322 §2.1.1 limits a line to 998 octets and a msg-id
 * cannot be folded, so no genuine id is longer. Counting bytes, not characters, keeps every stored
 * id far below PostgreSQL's btree entry limit (2,704 bytes): a 990-character CJK id is 2,970
 * bytes and once failed every insert of its message (docs/decisions/033).
 */
export const MAX_MESSAGE_ID_BYTES = 998;

/**
 * Ids out of header values as the parser hands them over (`<a@b>`, a list of them, or a string
 * with several): without brackets, blanks and ids over {@link MAX_MESSAGE_ID_BYTES} dropped, at
 * most `max` (a hostile References header may list thousands), last ones kept since they are the
 * nearest ancestors.
 */
export function messageIdList(value: string | string[] | undefined | null, max = 50): string[] {
  if (!value) return [];
  const ids = [value]
    .flat()
    .flatMap((v) => v.split(/[\s,]+/))
    .map((v) => v.replace(/^<+|>+$/g, '').trim())
    .filter((v) => v.length > 0 && Buffer.byteLength(v) <= MAX_MESSAGE_ID_BYTES);
  return ids.slice(-max);
}
