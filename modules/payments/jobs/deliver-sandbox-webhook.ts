import { defineHandler } from '../../platform/module.ts'
import { sandboxEventCreated } from '../events.ts'
import { signatureHeader, signSandboxPayload } from '../providers/sandbox/signature.ts'

export const deliverSandboxWebhookHandler = 'payments.deliver-sandbox-webhook'

/**
 * The sandbox provider's webhook sender: POSTs the signed event to the merchant's endpoint (ours),
 * re-signed with the current time on every try. Anything but a 2xx fails the job, and the queue
 * retries it with backoff: the provider's own retries.
 */
export const deliverSandboxWebhook = defineHandler({
  name: deliverSandboxWebhookHandler,
  event: sandboxEventCreated,
  queue: 'notifications',
  async handle({ event, services, log }) {
    const p = event.payload
    const key = await services.db
      .selectFrom('sandbox_keys')
      .select('webhook_secret')
      .where('key_hash', '=', p.key_hash)
      .executeTakeFirstOrThrow()
    const body = JSON.stringify({
      id: p.event_id,
      type: p.type,
      created: Math.floor(new Date(event.created_at).getTime() / 1000),
      data: { object: p.object, id: p.object_id },
    })
    const res = await fetch(p.webhook_url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'CardpaySandbox/1.0 (+webhooks)',
        [signatureHeader]: signSandboxPayload(key.webhook_secret, body, new Date()),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    })
    await res.body?.cancel()
    if (!res.ok) {
      throw new Error(`sandbox webhook ${p.event_id} answered ${res.status}`)
    }
    log.debug({ event_id: p.event_id, status: res.status }, 'sandbox webhook delivered')
  },
})
