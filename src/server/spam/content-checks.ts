import { isDisposableEmail } from 'disposable-email-domains-js';
import type { ParsedContactRequest } from '../../shared/contact.ts';

/** Why a submission was quarantined (stored in `contacts.spam_reasons`; decision 037). */
export type SpamReason = 'pow' | 'honeypot' | 'links' | 'phrases' | 'script' | 'disposable';

/** Links in one message from which it counts as spam (a person asking for a site names one or two). */
export const MAX_LINKS = 3;

/**
 * Phrases of the contact-form spam agencies receive (SEO, link and traffic offers, crypto,
 * casinos, pills), matched case-insensitively as whole words. Kept short on purpose: a false
 * positive only quarantines (the owner sees it under 'Spam' and can press 'Not spam').
 */
const SPAM_PHRASES = [
  'backlinks',
  'guest post',
  'seo services',
  'rank your website',
  'first page of google',
  'increase your traffic',
  'website traffic',
  'crypto',
  'bitcoin',
  'forex',
  'casino',
  'viagra',
  'cialis',
  'loan offer',
  'unsubscribe here',
  'this is not spam',
];
const PHRASES = new RegExp(`\\b(?:${SPAM_PHRASES.map((p) => p.replace(/\s+/g, '\\s+')).join('|')})\\b`, 'iu');

/** Links: a scheme, `www.`, or a BBCode/HTML link. */
const LINK = /https?:\/\/|\bwww\.|\[url[=\]]|<a\s/giu;

/**
 * Scripts the site serves (its copy is English): a message whose letters are mostly in other
 * scripts is flagged. Only decided on messages with at least {@link MIN_LETTERS} letters.
 */
const SERVED_SCRIPT = /\p{Script=Latin}/u;
const MIN_LETTERS = 20;

/**
 * The content checks of a form submission (docs/product.md §3.5): many links,
 * known spam phrases, a message mostly in a script the site does not serve, an address at a
 * disposable-mail domain (the list of `disposable-email-domains-js`, kept from the community
 * disposable-email-domains list). Pure: no I/O.
 * @returns the reasons found, empty for a clean submission.
 */
export function contentSpamReasons(
  request: Pick<ParsedContactRequest, 'name' | 'email' | 'message'>,
): SpamReason[] {
  const reasons: SpamReason[] = [];
  const text = `${request.name}\n${request.message}`;
  if ((text.match(LINK)?.length ?? 0) >= MAX_LINKS) reasons.push('links');
  if (PHRASES.test(text)) reasons.push('phrases');
  if (!mostlyServedScript(request.message)) reasons.push('script');
  if (isDisposableEmail(request.email)) reasons.push('disposable');
  return reasons;
}

/** Whether at least half the letters of `text` are in a served script (true for short texts). */
function mostlyServedScript(text: string): boolean {
  let letters = 0;
  let served = 0;
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    letters++;
    if (SERVED_SCRIPT.test(ch)) served++;
  }
  return letters < MIN_LETTERS || served * 2 >= letters;
}
