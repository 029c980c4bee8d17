import type { Insertable, Selectable } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const
export type DeliveryStatus = (typeof deliveryStatuses)[number]

/** Why a delivery failed for good: its retries ran out, or its endpoint was switched off or deleted. */
export const failureReasons = { maxRepeats: 'maxRepeats', endpointInactive: 'endpointInactive' } as const

export type DeliveryRow = Selectable<DB['webhook_deliveries']>

export interface WebhookDelivery extends Omit<DeliveryRow, 'status' | 'payload'> {
  status: DeliveryStatus
  payload: Record<string, unknown>
}

export const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  ...row,
  status: row.status as DeliveryStatus,
  payload: row.payload as Record<string, unknown>,
})

/** Inserts a delivery, or answers undefined when this endpoint already has one for the event. */
export async function insertDelivery(
  db: DbOrTrx,
  row: Insertable<DB['webhook_deliveries']>,
): Promise<WebhookDelivery | undefined> {
  const saved = await db
    .insertInto('webhook_deliveries')
    .values(row)
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
    .returningAll()
    .executeTakeFirst()
  return saved && toDelivery(saved)
}

export async function selectDelivery(db: DbOrTrx, id: string): Promise<WebhookDelivery | undefined> {
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toDelivery(row)
}

export async function selectDeliveryByEvent(
  db: DbOrTrx,
  endpointId: string,
  eventId: string,
): Promise<WebhookDelivery | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('event_id', '=', eventId)
    .executeTakeFirst()
  return row && toDelivery(row)
}

/**
 * The body every attempt of a delivery sends, byte for byte the same each time (built from the
 * stored row): the event's id and type, when it happened, and the caller's payload as `data`.
 */
export function deliveryBody(d: Pick<WebhookDelivery, 'event_id' | 'event_type' | 'created_at' | 'payload'>) {
  return JSON.stringify({
    id: d.event_id,
    type: d.event_type,
    timestamp: d.created_at.toISOString(),
    data: d.payload,
  })
}
