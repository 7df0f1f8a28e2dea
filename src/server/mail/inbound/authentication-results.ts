/**
 * Reads `Authentication-Results` header fields (RFC 8601) to decide whether a message's sender is
 * who the From header says (docs/decisions/033). No kept npm library parses this header (mailauth
 * verifies DKIM/SPF/DMARC itself, which needs DNS and the raw message as the receiving MTA saw
 * it), so this is a small parse of the RFC's grammar, enough for the verdicts we read:
 *
 *   authres-header = authserv-id [ CFWS authres-version ] ( no-result / 1*resinfo )
 *   resinfo        = ";" methodspec [ reasonspec ] *propspec
 *   methodspec     = method [ "/" version ] "=" result
 *   propspec       = ptype "." property "=" pvalue
 *
 * Comments (parenthesised, nested) are removed first; values may be quoted strings.
 *
 * Only a header written by a trusted authserv-id counts (RFC 8601 §5: a consumer must ignore
 * results from other authserv-ids, since any sender can write the header), and of those only the
 * topmost, the one the receiving provider added last.
 */

export interface AuthResult {
  method: string;
  result: string;
  /** `ptype.property` → value, lower-cased keys (`header.d`, `header.from`, `smtp.mailfrom`). */
  props: Record<string, string>;
}

export interface AuthResults {
  authservId: string;
  results: AuthResult[];
}

/** Removes RFC 5322 comments (nested parentheses, backslash escapes), outside quoted strings. */
function stripComments(value: string): string {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      if (depth === 0) out += c + value[i + 1];
      i++;
    } else if (quoted) {
      out += c;
      if (c === '"') quoted = false;
    } else if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    else if (depth === 0) {
      if (c === '"') quoted = true;
      out += c;
    }
  }
  return out;
}

/** Splits on `sep` outside quoted strings. */
function splitOutsideQuotes(value: string, sep: RegExp): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const c of value) {
    if (c === '"') quoted = !quoted;
    if (!quoted && sep.test(c)) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

const unquote = (v: string) => (v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v);

/** Parses one header field's value (unfolded). @returns null when it has no authserv-id. */
export function parseAuthenticationResults(value: string): AuthResults | null {
  const [head = '', ...resinfos] = splitOutsideQuotes(stripComments(value.slice(0, 8192)), /;/);
  const authservId = head.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!authservId) return null;
  const results: AuthResult[] = [];
  for (const resinfo of resinfos.slice(0, 50)) {
    const tokens = splitOutsideQuotes(resinfo.trim(), /\s/).filter(Boolean);
    const first = tokens.shift();
    const method = first?.match(/^([A-Za-z0-9_-]+)(?:\/\d+)?\s*=\s*([A-Za-z0-9_-]+)$/);
    if (!method) continue;
    const props: Record<string, string> = {};
    for (const token of tokens) {
      const eq = token.indexOf('=');
      if (eq <= 0) continue;
      props[token.slice(0, eq).toLowerCase()] = unquote(token.slice(eq + 1));
    }
    results.push({ method: method[1]!.toLowerCase(), result: method[2]!.toLowerCase(), props });
  }
  return { authservId, results };
}

/** The domain of an address or `@domain` / `user@domain` property value, lower case. */
function domainOf(value: string): string {
  return value
    .slice(value.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/**
 * Relaxed alignment (RFC 7489 §3.1.1), without the public-suffix list: the signing domain equals
 * the From domain, or one is a subdomain of the other. A signer of a bare public suffix
 * (`d=com`) is never aligned.
 */
function aligned(signer: string, fromDomain: string): boolean {
  if (!signer.includes('.') || !fromDomain) return false;
  return signer === fromDomain || fromDomain.endsWith(`.${signer}`) || signer.endsWith(`.${fromDomain}`);
}

/**
 * Whether the provider's verdict says the From address is authentic: `dmarc=pass` (for the From
 * domain when the result names it), or `dkim=pass` by a domain aligned with the From domain.
 * @param headerValues every `Authentication-Results` value, topmost first.
 * @param trusted the authserv-ids to believe (lower case); none: nothing is authentic.
 */
export function senderAuthenticated(headerValues: string[], fromAddress: string, trusted: string[]): boolean {
  if (trusted.length === 0 || !fromAddress.includes('@')) return false;
  const fromDomain = domainOf(fromAddress);
  const ours = headerValues
    .map(parseAuthenticationResults)
    .find((r): r is AuthResults => r !== null && trusted.includes(r.authservId));
  if (!ours) return false;
  return ours.results.some((r) => {
    if (r.result !== 'pass') return false;
    if (r.method === 'dmarc')
      return !r.props['header.from'] || domainOf(r.props['header.from']) === fromDomain;
    if (r.method === 'dkim') {
      const signer = r.props['header.d'] ?? (r.props['header.i'] ? domainOf(r.props['header.i']) : '');
      return aligned(signer.toLowerCase(), fromDomain);
    }
    return false;
  });
}

/** A short summary of the verdict for the owner ('dkim=fail spf=fail dmarc=fail'), or null. */
export function authenticationSummary(headerValues: string[], trusted: string[]): string | null {
  const ours = headerValues
    .map(parseAuthenticationResults)
    .find((r): r is AuthResults => r !== null && trusted.includes(r.authservId));
  if (!ours) return null;
  return (
    ours.results
      .filter((r) => ['dkim', 'spf', 'dmarc'].includes(r.method))
      .map((r) => `${r.method}=${r.result}`)
      .slice(0, 6)
      .join(' ') || null
  );
}
