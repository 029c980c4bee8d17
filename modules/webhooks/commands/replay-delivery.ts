import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { businessRule, notFound } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { selectDelivery, type WebhookDelivery } from '../db/deliveries.ts'
import { webhookReplayRequested } from '../events.ts'
import type { SendContext } from './send-webhook.ts'

/**
 * Sends a delivery again now, whatever its state (pending, succeeded, or failed for good): one
 * more attempt, logged with trigger `replay`, made as soon as the outbox relay sees the commit. It
 * does not restart the retry schedule; a successful replay marks a failed delivery succeeded.
 * Runs in the caller's transaction when given one. Refuses when the endpoint is inactive (422).
 */
export async function replayDelivery(
  db: DbOrTrx,
  deliveryId: string,
  ctx?: SendContext,
): Promise<WebhookDelivery> {
  const run = async (trx: Trx) => {
    const delivery = await selectDelivery(trx, deliveryId)
    if (!delivery) throw notFound('webhook delivery')
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .select('is_active')
      .where('id', '=', delivery.endpoint_id)
      .executeTakeFirstOrThrow()
    if (!endpoint.is_active) throw businessRule('the webhook endpoint is inactive', 'endpoint_inactive')
    await publish(trx, webhookReplayRequested, { delivery_id: delivery.id }, ctx)
    return delivery
  }
  return db.isTransaction ? run(db as Trx) : db.transaction().execute(run)
}
