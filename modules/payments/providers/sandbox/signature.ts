import { createHmac, timingSafeEqual } from 'node:crypto'
import { WebhookRejected, webhookTolerance } from '../provider.ts'

/**
 * The sandbox signs each webhook delivery like the big providers do: header
 * `Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. The timestamp is
 * signed too, so an old delivery cannot be replayed with a fresh one.
 */
export const signatureHeader = 'sandbox-signature'

export function signSandboxPayload(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000)
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

export function verifySandboxSignature(
  secret: string,
  header: string | undefined,
  body: string,
  now: Date,
): void {
  if (!header) throw new WebhookRejected('missing_signature')
  const parts = new Map<string, string[]>()
  for (const item of header.split(',')) {
    const [k, v] = item.split('=', 2)
    if (!k || !v) continue
    parts.set(k.trim(), [...(parts.get(k.trim()) ?? []), v.trim()])
  }
  const t = Number(parts.get('t')?.[0])
  const signatures = parts.get('v1') ?? []
  if (!Number.isInteger(t) || signatures.length === 0)
    throw new WebhookRejected('malformed', 'malformed signature header')
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest()
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!matches) throw new WebhookRejected('bad_signature')
  if (Math.abs(now.getTime() - t * 1000) > webhookTolerance)
    throw new WebhookRejected('stale', 'timestamp outside the tolerance')
}
