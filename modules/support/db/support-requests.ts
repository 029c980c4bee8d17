import type { Insertable, Selectable } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'

export type SupportRequestRow = Selectable<DB['support_requests']>

export async function insertSupportRequest(
  db: DbOrTrx,
  row: Insertable<DB['support_requests']>,
): Promise<SupportRequestRow> {
  return db.insertInto('support_requests').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function findSupportRequest(db: DbOrTrx, id: string): Promise<SupportRequestRow | undefined> {
  return db.selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Requests from one address in the last `minutes`, for the flood limit. */
export async function countRecentByEmail(db: DbOrTrx, email: string, minutes: number): Promise<number> {
  const { count } = await db
    .selectFrom('support_requests')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('email', '=', email)
    .where('created_at', '>', new Date(Date.now() - minutes * 60_000))
    .executeTakeFirstOrThrow()
  return Number(count)
}

/** Human reference shown to the requester, e.g. SR-001042. */
export const referenceOf = (row: Pick<SupportRequestRow, 'number'>) =>
  `SR-${row.number.toString().padStart(6, '0')}`
