/** Names reserved for examples and local use (RFC 2606, RFC 6761): never a project's real site. */
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/**
 * The address a project card links to (docs/product.md §3.1 'A card with a link opens it in a new tab'):
 * `url` when it is a real public web address (absolute http or https, not a placeholder host),
 * otherwise null and the card shows no link (no link to example.com, and none back
 * to this site).
 */
export function projectLink(url: string | undefined): string | null {
  let parsed: URL;
  try {
    // No base: a relative address (such as '/', this site) does not parse.
    parsed = new URL(url ?? '');
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  return PLACEHOLDER_HOST.test(parsed.hostname) ? null : (url ?? null);
}
