import { isIP } from 'node:net';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';

/**
 * The configuration's rules across keys and for deployment (decision 015), checked on the raw
 * environment so they are reported with every other bad key; each issue is one "KEY: message"
 * line naming the key to set.
 */

/** Rules across keys, checked on the raw values so they are reported with every other bad key. */
export function crossKeyIssues(source: Record<string, string | undefined>): string[] {
  const user = source.ADMIN_USERNAME?.trim();
  const password = source.ADMIN_PASSWORD?.trim();
  const issues: string[] = [];
  if (Boolean(user) !== Boolean(password)) {
    issues.push(
      `${user ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'}: ADMIN_USERNAME and ADMIN_PASSWORD must be set together`,
    );
  }
  if (password && password.length < 12) issues.push('ADMIN_PASSWORD: must be at least 12 characters');
  if (source.MAIL_PROVIDER?.trim() === 'smtp' && !source.SMTP_URL?.trim()) {
    issues.push('SMTP_URL: required when MAIL_PROVIDER=smtp');
  }
  if (Boolean(source.GOOGLE_CLIENT_ID?.trim()) !== Boolean(source.GOOGLE_CLIENT_SECRET?.trim())) {
    issues.push('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  issues.push(...imapIssues(source.IMAP_URL));
  issues.push(...deploymentIssues(source));
  const from = source.MAIL_FROM?.trim();
  if (from) {
    const parsed = addressparser(from, { flatten: true });
    if (parsed.length !== 1 || !z.email().safeParse(parsed[0]?.address).success) {
      issues.push('MAIL_FROM: must be one address, or "Name <address>"');
    }
  }
  return issues;
}

/**
 * `IMAP_URL` (decision 023): `imaps://user:password@host:993/INBOX`; user and password URL-encoded.
 * Plain `imap://` sends the password in the clear, so it is accepted only for a server on this
 * machine. Messages never quote the value: it holds a password.
 */
function imapIssues(raw: string | undefined): string[] {
  const value = raw?.trim();
  if (!value || !/^imaps?:\/\//i.test(value)) return [];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [
      'IMAP_URL: is not a valid URL (encode special characters of the user and password, e.g. @ as %40)',
    ];
  }
  if (!url.hostname)
    return ['IMAP_URL: must name the server, e.g. imaps://user:password@imap.example.com/INBOX'];
  if (!url.username || !url.password) {
    return [
      'IMAP_URL: must hold the user and password, e.g. imaps://user%40example.com:password@imap.example.com/INBOX',
    ];
  }
  if (url.protocol === 'imap:' && !isLoopbackHost(url.hostname)) {
    return [
      'IMAP_URL: imap:// sends the password unencrypted; use imaps:// (imap:// is only for a server on this machine)',
    ];
  }
  return [];
}

/** `HOST` values that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * `TRUST_PROXY` (decision 015): a hop count (`1`: one proxy in front, the address it appended to
 * `X-Forwarded-For` is the client) or a comma-separated list of proxy addresses/CIDRs, as
 * Fastify's `trustProxy` takes them. `true` is refused: it trusts the leftmost, client-written
 * address. A hop count cannot check who connected, so it is accepted only on a loopback `HOST`
 * (where only a local proxy can connect; see `deploymentIssues`).
 * @returns the parsed value, or a message saying what is wrong.
 */
export function parseTrustProxy(raw: string | undefined): number | string | false | { error: string } {
  const value = raw?.trim();
  if (!value || ['false', '0', 'off', 'no'].includes(value.toLowerCase())) return false;
  if (['true', 'on', 'yes'].includes(value.toLowerCase())) {
    return {
      error:
        "'true' would trust the client-written X-Forwarded-For; write the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)",
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : { error: 'a hop count must be 10 or less' };
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrCidr(e));
  if (bad !== undefined) {
    return {
      error: `'${bad}' is not an IP address or CIDR; write a hop count (e.g. 1) or addresses (e.g. 127.0.0.1,10.0.0.0/8)`,
    };
  }
  return entries.join(',');
}

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Settings that are unsafe on the internet (decision 015); each
 * issue names the key to set. `npm start` with nothing set (loopback, embedded database) passes.
 */
function deploymentIssues(source: Record<string, string | undefined>): string[] {
  const issues: string[] = [];
  const host = source.HOST?.trim() || '127.0.0.1';
  const configured = Boolean(source.ADMIN_USERNAME?.trim() && source.ADMIN_PASSWORD?.trim());
  const demoFlag = source.DEMO_MODE?.trim().toLowerCase();
  const publicDemo = demoFlag !== undefined && ['true', '1', 'on', 'yes'].includes(demoFlag);
  const trustProxy = parseTrustProxy(source.TRUST_PROXY);
  if (typeof trustProxy === 'object') issues.push(`TRUST_PROXY: ${trustProxy.error}`);
  if (typeof trustProxy === 'number' && !isLoopbackHost(host)) {
    issues.push(
      `TRUST_PROXY: a hop count trusts whoever connects, and HOST=${host} lets clients connect directly; list the proxies' addresses instead (e.g. 10.0.0.5 or 10.0.0.0/8)`,
    );
  }
  if (configured && publicDemo) {
    issues.push('DEMO_MODE: cannot be true while ADMIN_USERNAME and ADMIN_PASSWORD are set');
  }
  const exposed = !isLoopbackHost(host);
  if (exposed && !configured && !publicDemo) {
    issues.push(
      `ADMIN_USERNAME, ADMIN_PASSWORD: required on HOST=${host} (reachable from other machines); without them the app runs in demo mode with a publicly known password. Set both, or DEMO_MODE=true for a public demo`,
    );
  }
  const behindProxy = trustProxy !== false && typeof trustProxy !== 'object';
  if ((exposed || behindProxy) && !source.APP_URL?.trim()) {
    issues.push(
      `APP_URL: required ${exposed ? `on HOST=${host}` : 'behind a proxy (TRUST_PROXY)'}: links in emails and the sitemap are built from it, never from request headers`,
    );
  }
  if (source.DATABASE_URL?.trim() && !source.APP_SECRET?.trim()) {
    issues.push(
      'APP_SECRET: required with DATABASE_URL: every instance must share it (unsubscribe links, OAuth state, the sealed Gmail token)',
    );
  }
  return issues;
}
