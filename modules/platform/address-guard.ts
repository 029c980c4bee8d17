import { type LookupAddress, type LookupOptions, lookup } from 'node:dns'
import { BlockList, isIP } from 'node:net'

/**
 * The address guard against server-side request forgery, for every outbound request to an address
 * someone else chose: merchants' webhook endpoints (module webhooks), the links of feed posts whose
 * previews the worker fetches (module feed). Without it anyone could make the platform call its own
 * Redis, PostgreSQL, cloud metadata service or any other host on the private network. The check is
 * made on the addresses a connection really uses (`guardedLookup`), so a DNS answer that changes
 * after an earlier check (DNS rebinding) is refused as well.
 */

const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: embeds an IPv4 address
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6')
}

/**
 * Whether an IP address is one an outbound request must not reach: private, loopback, link-local,
 * multicast or reserved (IPv4-mapped IPv6 addresses are judged by their IPv4 address). Anything
 * that is not an IP address counts as blocked.
 */
export function isPrivateAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '').toLowerCase()
  const family = isIP(a)
  if (family === 4) return blocked.check(a, 'ipv4')
  if (family === 6) return blocked.check(a, 'ipv6')
  return true
}

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError'
  readonly code = 'EBLOCKEDADDRESS'
}

/** How a host name is resolved: all its addresses (node:dns `lookup` with `all: true` by default). */
export type Resolver = (
  hostname: string,
  callback: (err: Error | null, addresses: LookupAddress[]) => void,
) => void

const systemResolver: Resolver = (hostname, callback) =>
  lookup(hostname, { all: true }, (err, addresses) => callback(err, addresses ?? []))

export type LookupFunction = (
  hostname: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void

/**
 * A `lookup` for node:http that refuses a host name when any of its addresses is `blocked`: the
 * connection is made only to an address this function returned, so what was checked is what is
 * used. `resolve` answers the addresses (tests give names of their own).
 */
export function guardedLookupWith(
  blocked: (address: string) => boolean = isPrivateAddress,
  resolve: Resolver = systemResolver,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, found) => {
      if (err) return callback(err, '')
      // Any private address among the answers refuses the name (a rebinding answer may rotate them).
      if (found.some((a) => blocked(a.address)))
        return callback(new BlockedAddressError(`${hostname} resolves to a private address`), '')
      const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family
      const addresses = found.filter((a) => !family || a.family === family)
      if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '')
      if (options.all) return callback(null, addresses)
      const first = addresses[0]!
      callback(null, first.address, first.family)
    })
  }
}

/** The `lookup` that refuses private, loopback, link-local and reserved addresses. */
export const guardedLookup: LookupFunction = guardedLookupWith()
