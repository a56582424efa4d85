import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@blotter/shared';
import ipaddr from 'ipaddr.js';
import type { Environment } from '../../config';

/**
 * Where a webhook may be sent (SSRF, issue 32 §3). In production (prod, demo) only public unicast
 * addresses: never the server's own network, its loopback, link-local (the cloud metadata service
 * 169.254.169.254), unique-local, multicast, carrier-grade NAT or other reserved ranges. Local, dev
 * and test environments allow every address, so the tests can run a receiver on 127.0.0.1.
 */
export const privateAddressesRefused = (environment: Environment | undefined) =>
  environment === 'prod' || environment === 'demo';

/** True for an address a webhook may reach in production: ipaddr.js's 'unicast' range only. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

export class RefusedAddress extends Error {}

/** The URL's host without the brackets of an IPv6 literal. */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address the host resolves to (an IP literal is its own), or RefusedAddress when none. */
async function resolveAll(hostname: string): Promise<LookupAddress[]> {
  const host = bareHost(hostname);
  const family = isIP(host);
  if (family) return [{ address: host, family }];
  try {
    return await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    throw new RefusedAddress(WEBHOOK_MESSAGES.unresolvable);
  }
}

/**
 * Resolves the endpoint's host and answers the address to connect to; in production refuses it
 * unless every address it resolves to is public (a host with one private address among public ones
 * is refused too: which one a connection would take is not ours to choose).
 */
export async function checkedAddress(hostname: string, environment: Environment | undefined): Promise<LookupAddress> {
  const addresses = await resolveAll(hostname);
  const [first] = addresses;
  if (!first) throw new RefusedAddress(WEBHOOK_MESSAGES.unresolvable);
  if (privateAddressesRefused(environment) && addresses.some((a) => !isPublicAddress(a.address)))
    throw new RefusedAddress(WEBHOOK_MESSAGES.privateAddress);
  return first;
}
