import { ownedBy } from '../../platform/access.ts'
import { toCsv } from '../../platform/csv.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { currencyExponent } from '../../platform/money.ts'
import type { PageRequest } from '../../platform/pagination.ts'
import { findProgram } from '../../programs/index.ts'
import { type Caller, cardProgramOf, isAdmin } from '../access.ts'
import type { OrderStatus } from '../codes.ts'
import { cardsOfOrder } from '../db/cards.ts'
import { findOrder, listOrders, newestOrder, type OrderRow } from '../db/orders.ts'
import { orderNotPaid } from '../errors.ts'

/** The newest order of a card program (its owner's, or any for an admin), or 404 when it has none. */
export async function newestOrderOf(db: DbOrTrx, me: Caller, programUuid: string): Promise<OrderRow> {
  const program = await cardProgramOf(db, me, programUuid, { adminMayRead: true })
  const order = await newestOrder(db, program.uuid)
  if (!order) throw notFound('order')
  return order
}

/** An order its program's owner (or an admin) may see; anyone else: 404. */
export async function orderOf(db: DbOrTrx, me: Caller, id: string): Promise<OrderRow> {
  return ownedBy(me, await findOrder(db, id), 'order', { admin: true })
}

/**
 * The batches of cards (orders, newest first): an owner's of one of their programs, an admin's of
 * one program or of all. With the programs' titles.
 */
export async function listBatches(
  db: DbOrTrx,
  me: Caller,
  query: PageRequest & { program?: string | undefined; status?: OrderStatus | undefined },
): Promise<{ count: number; rows: OrderRow[]; titles: Map<string, string> }> {
  if (query.program) await cardProgramOf(db, me, query.program, { adminMayRead: true })
  const { count, rows } = await listOrders(
    db,
    {
      programId: query.program,
      ownerUserId: isAdmin(me) ? undefined : me.user_id,
      status: query.status,
    },
    query,
  )
  const titles = new Map<string, string>()
  for (const id of new Set(rows.map((r) => r.program_id))) {
    titles.set(id, (await findProgram(db, id))?.title ?? '')
  }
  return { count, rows, titles }
}

/** A money amount in major units as written in a file: 2500 EUR → `25.00`. */
export function decimalAmount(minor: bigint, currency: string): string {
  const exponent = currencyExponent(currency)
  const negative = minor < 0n
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0')
  const whole = exponent ? digits.slice(0, -exponent) : digits
  const fraction = exponent ? `.${digits.slice(-exponent)}` : ''
  return `${negative ? '-' : ''}${whole}${fraction}`
}

/**
 * The issued cards of a paid order as CSV, one card a line: `token,value,currency,use_number,
 * expires_at` (value in major units, use_number empty for unlimited, expires_at empty when it is
 * counted from activation or there is none). For printing the cards.
 */
export async function batchCsv(
  db: DbOrTrx,
  me: Caller,
  orderId: string,
): Promise<{ order: OrderRow; csv: string }> {
  const order = await orderOf(db, me, orderId)
  if (order.status !== 'paid') throw orderNotPaid()
  const cards = await cardsOfOrder(db, order.id)
  const csv = toCsv(
    ['token', 'value', 'currency', 'use_number', 'expires_at'],
    cards.map((card) => [
      card.token,
      decimalAmount(card.value, card.currency),
      card.currency,
      card.use_number,
      card.expires_at,
    ]),
  )
  return { order, csv }
}
