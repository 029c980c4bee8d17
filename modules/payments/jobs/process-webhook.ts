import { defineHandler } from '../../platform/module.ts'
import { syncAttempt } from '../commands/sync-attempt.ts'
import { providerWebhookAccepted } from '../events.ts'

export const processWebhookHandler = 'payments.process-provider-webhook'

/**
 * Acts on an accepted provider webhook: reads the named payment from the provider and applies it
 * (`syncAttempt`). Running it twice is harmless: applying the same state changes nothing. A webhook
 * about a payment we have no attempt for yet (its create call is still in flight) is left to
 * reconciliation, which finds that attempt by its reference.
 */
export const processWebhook = defineHandler({
  name: processWebhookHandler,
  event: providerWebhookAccepted,
  queue: 'payments',
  async handle({ event, services, log }) {
    const { provider, provider_payment_id } = event.payload
    if (!provider_payment_id) {
      log.info(
        { webhook_id: event.payload.webhook_id },
        'provider webhook not about a payment; nothing to apply yet',
      )
      return
    }
    const attempt = await services.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('provider', '=', provider)
      .where('provider_payment_id', '=', provider_payment_id)
      .executeTakeFirst()
    if (!attempt) {
      log.warn(
        { provider_payment_id },
        'webhook for a payment without a known attempt; reconciliation will pick it up',
      )
      return
    }
    await syncAttempt(services, attempt.id, {
      actor: event.actor ?? { kind: 'system', name: 'webhooks' },
      requestId: event.request_id ?? event.id,
    })
  },
})
