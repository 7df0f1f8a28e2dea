import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** How a host name is resolved: `dns.promises.lookup` with `{ all: true }` (tests give a stand-in). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Thrown when an endpoint's host is, or resolves to, an address webhooks may not reach. */
export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/**
 * Whether `address` (IPv4 or IPv6 text) is a public unicast address. Loopback, private (RFC 1918,
 * fc00::/7), link-local (169.254/16 with the cloud metadata address 169.254.169.254, fe80::/10),
 * carrier-grade NAT, unspecified, multicast, broadcast and reserved ranges are not; an
 * IPv4-mapped IPv6 address is judged as its IPv4 address. Ranges from ipaddr.js.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/**
 * Resolves `url`'s host and returns the address to connect to (decision 066): the first answer,
 * after checking every answer is public unless `allowPrivate`. Called on every delivery, and the
 * connection goes to the address checked here, so a DNS answer that changes after the endpoint was
 * saved (DNS rebinding) cannot reach an internal address.
 * @throws RefusedAddressError when an answer is not public, or the name does not resolve.
 */
export async function resolveEndpoint(
  url: URL,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let answers: { address: string; family: number }[];
  if (ipaddr.isValid(host)) answers = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      answers = await resolve(host);
    } catch (error) {
      throw new RefusedAddressError(
        `The host ${host} does not resolve (${(error as { code?: string }).code ?? 'error'}).`,
      );
    }
  }
  if (answers.length === 0) throw new RefusedAddressError(`The host ${host} does not resolve.`);
  if (!allowPrivate) {
    const inner = answers.find((a) => !isPublicAddress(a.address));
    if (inner) {
      throw new RefusedAddressError(
        `The host ${host} resolves to ${inner.address}, a loopback, private, link-local or metadata address (WEBHOOK_ALLOW_PRIVATE=true allows it).`,
      );
    }
  }
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
