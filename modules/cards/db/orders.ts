import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'
import type { PageRequest } from '../../platform/pagination.ts'
import { pageOffset } from '../../platform/pagination.ts'
import type { OrderStatus } from '../codes.ts'

export type OrderRow = Selectable<DB['card_orders']>

export async function insertOrder(trx: Trx, row: Insertable<DB['card_orders']>): Promise<OrderRow> {
  return trx.insertInto('card_orders').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findOrder(db: DbOrTrx, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('card_orders').selectAll().where('id', '=', id).executeTakeFirst()
}

export function lockOrder(trx: Trx, id: string): Promise<OrderRow | undefined> {
  return trx.selectFrom('card_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export function findOpenOrder(db: DbOrTrx, programId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('card_orders')
    .selectAll()
    .where('program_id', '=', programId)
    .where('status', '=', 'open')
    .executeTakeFirst()
}

export function newestOrder(db: DbOrTrx, programId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('card_orders')
    .selectAll()
    .where('program_id', '=', programId)
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export async function hasPaidOrder(db: DbOrTrx, programId: string): Promise<boolean> {
  const row = await db
    .selectFrom('card_orders')
    .select('id')
    .where('program_id', '=', programId)
    .where('status', '=', 'paid')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export function updateOrder(trx: Trx, id: string, set: Updateable<DB['card_orders']>): Promise<OrderRow> {
  return trx
    .updateTable('card_orders')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface OrderFilter {
  /** One program's orders; undefined: every program of the owner, or all (admins). */
  programId?: string | undefined
  ownerUserId?: string | undefined
  status?: OrderStatus | undefined
}

/** One page of orders, newest first, with the program titles, and the count over all pages. */
export async function listOrders(
  db: DbOrTrx,
  filter: OrderFilter,
  page: PageRequest,
): Promise<{ count: number; rows: OrderRow[] }> {
  let q = db.selectFrom('card_orders')
  if (filter.programId) q = q.where('program_id', '=', filter.programId)
  if (filter.ownerUserId) q = q.where('owner_user_id', '=', filter.ownerUserId)
  if (filter.status) q = q.where('status', '=', filter.status)
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('number', 'desc')
      .limit(page.size)
      .offset(pageOffset(page))
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.count), rows }
}
