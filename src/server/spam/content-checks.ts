import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import type { ParsedContactRequest } from '../../shared/contact.ts';
import { type SpamReason, spamReasons } from '../../shared/contacts.ts';

export type { SpamReason };
export { spamReasons };

/**
 * The reasons that HOLD a submission as spam (decision 057): no valid, unspent proof of work, or
 * the honeypot filled. Nothing a person writes is among them.
 */
export const HOLDING_REASONS: readonly SpamReason[] = ['pow', 'honeypot'];

/** Whether a reason holds a submission (else it only marks a lead 'Possible spam'). */
export const holds = (reason: SpamReason): boolean => HOLDING_REASONS.includes(reason);

/** Links in one message from which it is marked (a person asking for a site names one or two). */
export const MAX_LINKS = 3;

/**
 * Phrases of the contact-form spam agencies receive (SEO, link and traffic offers, crypto,
 * casinos, pills), matched case-insensitively as whole words. They only mark a lead 'Possible
 * spam' (decision 057): a real client may well ask for more website traffic or a crypto wallet app.
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

/**
 * One match per link: a BBCode `[url=…]` or `[url]…[/url]`, an HTML `<a …>` tag (each taken whole,
 * so the address inside is not counted again), or an address starting with a scheme or `www.`
 * (taken whole, so `https://www.` is one link). Every part is a negated class whose end is
 * optional, so no attempt fails after a long scan: linear time on any text.
 */
const LINK = /\[url=[^\]]*\]?|\[url\][^[]*|<a\s[^>]*>?|(?:https?:\/\/|\bwww\.)[^\s<>"'[\]]*/giu;

/**
 * The host of a link as {@link LINK} matched it, lower-cased, or null when it names none. The
 * authority's user part and port are dropped (`https://you.example@other.example` is other.example).
 */
function linkHost(link: string): string | null {
  const m = /https?:\/\/([^\s/?#<>"'[\]\\]+)/iu.exec(link) ?? /\b(www\.[^\s/?#<>"'[\]\\]+)/iu.exec(link);
  if (!m) return null;
  const authority = m[1]!;
  const host = authority
    .slice(authority.lastIndexOf('@') + 1)
    .replace(/[.,;:!)]+$/u, '')
    .replace(/:\d*$/u, '')
    .toLowerCase();
  return host || null;
}

/** Whether `host` is `domain` or one of its subdomains (www.example.com for example.com). */
function withinDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * How many links `text` holds, each counted once; a link to the sender's own domain (`domain`, from
 * their email address, or a subdomain of it) does not count: a firm names its own site.
 */
export function countLinks(text: string, domain: string): number {
  let links = 0;
  for (const [link] of text.matchAll(LINK)) {
    const host = linkHost(link);
    if (host && domain && withinDomain(host, domain)) continue;
    links++;
  }
  return links;
}

/**
 * Scripts the site serves (its copy is English): a message whose letters are mostly in other
 * scripts is marked. Only decided on messages with at least {@link MIN_LETTERS} letters.
 */
const SERVED_SCRIPT = /\p{Script=Latin}/u;
const MIN_LETTERS = 20;

/**
 * The disposable-mail domains, built once: the library's `isDisposableEmail` builds a new Set of
 * its whole list on every call, measured at a fifth of the server's time under a flood of form
 * posts (decision 072).
 */
let disposableDomains: Set<string> | undefined;

/**
 * The content signals of a form submission (docs/product.md §3.5, decision 057): {@link MAX_LINKS}
 * or more links (each once; the sender's own domain aside), known spam phrases, a message mostly in
 * a script the site does not serve, an address at a disposable-mail domain (the list of
 * `disposable-email-domains-js`, kept from the community disposable-email-domains list). They only
 * MARK a lead 'Possible spam'; they never hold it. Pure: no I/O.
 * @returns the signals found, empty for a clean submission.
 */
export function contentSpamReasons(
  request: Pick<ParsedContactRequest, 'name' | 'email' | 'message'>,
): SpamReason[] {
  const reasons: SpamReason[] = [];
  const text = `${request.name}\n${request.message}`;
  const domain = request.email.slice(request.email.lastIndexOf('@') + 1).toLowerCase();
  if (countLinks(text, domain) >= MAX_LINKS) reasons.push('links');
  if (PHRASES.test(text)) reasons.push('phrases');
  if (!mostlyServedScript(request.message)) reasons.push('script');
  disposableDomains ??= disposableEmailBlocklistSet();
  if (disposableDomains.has(domain.trim())) reasons.push('disposable');
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
