import type { DbOrTrx } from '../../platform/db.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'
import { selectAttempts, type WebhookAttempt } from '../db/attempts.ts'
import { type DeliveryStatus, toDelivery, type WebhookDelivery } from '../db/deliveries.ts'

export interface DeliveryFilter extends PageRequest {
  endpointUuid: string
  status?: DeliveryStatus | undefined
}

/** One page of an endpoint's deliveries, newest first, and how many there are in all. */
export async function listDeliveries(
  db: DbOrTrx,
  filter: DeliveryFilter,
): Promise<{ count: number; results: WebhookDelivery[] }> {
  let base = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', filter.endpointUuid)
  if (filter.status) base = base.where('status', '=', filter.status)
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.size)
      .offset(pageOffset(filter))
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.n), results: rows.map(toDelivery) }
}

export interface DeliveryWithAttempts extends WebhookDelivery {
  /** Who owns the endpoint: the one user besides admins who may see the delivery. */
  owner_user_id: string
  attempt_log: WebhookAttempt[]
}

/** A delivery with its endpoint's owner and every attempt made, oldest first. */
export async function getDelivery(db: DbOrTrx, id: string): Promise<DeliveryWithAttempts | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .selectAll('d')
    .select('e.owner_user_id')
    .where('d.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const { owner_user_id, ...delivery } = row
  return { ...toDelivery(delivery), owner_user_id, attempt_log: await selectAttempts(db, [id]) }
}
