import { type LookupAddress, lookup } from 'node:dns'
import { isIP } from 'node:net'
import { isPrivateAddress } from '../platform/address-guard.ts'
import { invalidField } from '../platform/errors.ts'

/**
 * The SSRF guard of outbound webhooks. A merchant chooses the URL we POST to; in production
 * (`WEBHOOK_ALLOW_PRIVATE` off) an endpoint URL must be http(s) and resolve to public addresses
 * only. The check runs twice: when the endpoint is saved (a clear 400, here) and again at connect
 * time, on the addresses the connection really uses (`guardedLookup`, the platform's address guard
 * in modules/platform/address-guard.ts, which the feed's link previews use too).
 */
export { BlockedAddressError, guardedLookup, isPrivateAddress } from '../platform/address-guard.ts'

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
