import type { Insertable, Selectable } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'

export const attemptTriggers = ['automatic', 'replay'] as const
export type AttemptTrigger = (typeof attemptTriggers)[number]

export interface WebhookAttempt
  extends Omit<Selectable<DB['webhook_attempts']>, 'trigger' | 'request_headers'> {
  trigger: AttemptTrigger
  request_headers: Record<string, string>
}

const toAttempt = (row: Selectable<DB['webhook_attempts']>): WebhookAttempt => ({
  ...row,
  trigger: row.trigger as AttemptTrigger,
  request_headers: row.request_headers as Record<string, string>,
})

/** Records an attempt once per job key; answers false when that job's attempt is already recorded. */
export async function insertAttempt(db: DbOrTrx, row: Insertable<DB['webhook_attempts']>): Promise<boolean> {
  const result = await db
    .insertInto('webhook_attempts')
    .values(row)
    .onConflict((oc) => oc.column('job_key').doNothing())
    .executeTakeFirst()
  return result.numInsertedOrUpdatedRows === 1n
}

export async function attemptRecorded(db: DbOrTrx, jobKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_attempts')
    .select('id')
    .where('job_key', '=', jobKey)
    .executeTakeFirst()
  return row !== undefined
}

/** The attempts of some deliveries, oldest first. */
export async function selectAttempts(db: DbOrTrx, deliveryIds: string[]): Promise<WebhookAttempt[]> {
  if (deliveryIds.length === 0) return []
  const rows = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('number')
    .execute()
  return rows.map(toAttempt)
}
