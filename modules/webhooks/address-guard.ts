import { type LookupAddress, type LookupOptions, lookup } from 'node:dns'
import { BlockList, isIP } from 'node:net'
import { invalidField } from '../platform/errors.ts'

/**
 * The SSRF guard of outbound webhooks. A merchant chooses the URL we POST to, so without a guard
 * anyone with an endpoint could make the platform call its own Redis, PostgreSQL, cloud metadata
 * service or any other host on the private network. In production (`WEBHOOK_ALLOW_PRIVATE` off)
 * an endpoint URL must be http(s) and resolve to public addresses only. The check runs twice: when
 * the endpoint is saved (a clear 400) and again at connect time, on the addresses the connection
 * really uses, so a DNS answer that changes after saving (DNS rebinding) is refused as well.
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
 * Whether an IP address is one an outbound webhook must not reach: private, loopback, link-local,
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

/**
 * A `lookup` for node:http that refuses private addresses: the connection is made only to an
 * address this function returned, so what was checked is what is used.
 */
export function guardedLookup(
  hostname: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '')
    const bad = addresses.find((a) => isPrivateAddress(a.address))
    if (bad) return callback(new BlockedAddressError(`${hostname} resolves to a private address`), '')
    if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '')
    if (options.all) return callback(null, addresses)
    const first = addresses[0]!
    callback(null, first.address, first.family)
  })
}

export interface UrlPolicy {
  WEBHOOK_ALLOW_PRIVATE: boolean
}

/**
 * Checks an endpoint URL before it is saved: http or https, no credentials in it, and (unless
 * private addresses are allowed) a host that resolves only to public addresses. Answers the URL
 * as normalized by the URL parser; refuses with a 400 naming `field`.
 */
export async function checkEndpointUrl(raw: string, policy: UrlPolicy, field = 'url'): Promise<string> {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw invalidField(field, 'invalid_url', 'must be an absolute http(s) URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidField(field, 'not_http', 'must be http or https')
  if (url.username || url.password)
    throw invalidField(field, 'url_has_credentials', 'must not contain a user name or password')
  if (url.href.length > 2048)
    throw invalidField(field, 'too_long', 'at most 2048 characters', { maximum: 2048 })
  if (policy.WEBHOOK_ALLOW_PRIVATE) return url.href
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) {
    if (isPrivateAddress(host))
      throw invalidField(field, 'private_address', 'must not point to a private or local address')
    return url.href
  }
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    lookup(host, { all: true }, (err, found) => resolve(err ? [] : found)),
  )
  if (addresses.length === 0) throw invalidField(field, 'host_not_found', 'host name not found')
  if (addresses.some((a) => isPrivateAddress(a.address)))
    throw invalidField(field, 'private_address', 'must not point to a private or local address')
  return url.href
}
