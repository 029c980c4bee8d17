import type { Insertable, Selectable, Updateable } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'

export type RedemptionRow = Selectable<DB['card_redemptions']>

export function insertRedemption(trx: Trx, row: Insertable<DB['card_redemptions']>): Promise<RedemptionRow> {
  return trx.insertInto('card_redemptions').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findRedemption(db: DbOrTrx, id: string): Promise<RedemptionRow | undefined> {
  return db.selectFrom('card_redemptions').selectAll().where('id', '=', id).executeTakeFirst()
}

export function lockRedemption(trx: Trx, id: string): Promise<RedemptionRow | undefined> {
  return trx.selectFrom('card_redemptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export function updateRedemption(
  trx: Trx,
  id: string,
  set: Updateable<DB['card_redemptions']>,
): Promise<RedemptionRow> {
  return trx
    .updateTable('card_redemptions')
    .set(set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface RedemptionFilter {
  acceptorUserId?: string | undefined
  ownerUserId?: string | undefined
  programId?: string | undefined
  cashpointId?: string | undefined
  cardId?: string | undefined
}

/** One page of redemptions, newest first. */
export async function listRedemptionRows(
  db: DbOrTrx,
  f: RedemptionFilter,
  page: PageRequest,
): Promise<{ count: number; rows: RedemptionRow[] }> {
  let q = db.selectFrom('card_redemptions')
  if (f.acceptorUserId) q = q.where('acceptor_user_id', '=', f.acceptorUserId)
  if (f.ownerUserId) q = q.where('owner_user_id', '=', f.ownerUserId)
  if (f.programId) q = q.where('program_id', '=', f.programId)
  if (f.cashpointId) q = q.where('cashpoint_id', '=', f.cashpointId)
  if (f.cardId) q = q.where('card_id', '=', f.cardId)
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('number', 'desc').limit(page.size).offset(pageOffset(page)).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.n), rows }
}

/** A card's redemptions, newest first (its holder's history). */
export function redemptionsOfCard(db: DbOrTrx, cardId: string, limit = 200): Promise<RedemptionRow[]> {
  return db
    .selectFrom('card_redemptions')
    .selectAll()
    .where('card_id', '=', cardId)
    .orderBy('number', 'desc')
    .limit(limit)
    .execute()
}
