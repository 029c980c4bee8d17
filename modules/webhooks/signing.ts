import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

/**
 * Signing per Standard Webhooks (standardwebhooks.com), so merchants can verify our deliveries
 * with any of its libraries: `webhook-id` (the delivery's id, the same on every retry so a merchant
 * can drop duplicates), `webhook-timestamp` (unix seconds) and `webhook-signature`, which reads
 * `v1,<base64 HMAC-SHA256 over "<id>.<timestamp>.<body>" keyed with the secret's bytes>`.
 * Secrets read `whsec_<base64>`: the bytes after the prefix are the key.
 */

const secretPattern = /^whsec_[A-Za-z0-9+/]+={0,2}$/

/** A new endpoint signing secret: 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

/** Whether a string is a usable signing secret: `whsec_` and 24–64 bytes of base64. */
export function isWebhookSecret(secret: string): boolean {
  if (!secretPattern.test(secret)) return false
  const bytes = Buffer.from(secret.slice('whsec_'.length), 'base64').length
  return bytes >= 24 && bytes <= 64
}

// A type alias, not an interface, so it passes where a plain header record is expected.
export type SignedHeaders = {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** The three Standard Webhooks headers for one send of `body`. */
export function signWebhook(secret: string, id: string, timestamp: Date, body: string): SignedHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, timestamp, body),
  }
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>

/**
 * Checks a received webhook the way a merchant should: the signature must match `secret` over the
 * raw body exactly as received, and the timestamp must be within 5 minutes of now (replays of an
 * old capture are refused). Accepts fetch `Headers` or node's `req.headers`.
 */
export function verifyWebhookSignature(secret: string, body: string | Buffer, headers: HeaderBag): boolean {
  const flat: Record<string, string> = {}
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers)
  for (const [k, v] of entries) {
    if (v !== undefined) flat[k.toLowerCase()] = Array.isArray(v) ? v.join(' ') : v
  }
  try {
    new Webhook(secret).verify(body, flat, { jsonParse: false })
    return true
  } catch {
    return false
  }
}
