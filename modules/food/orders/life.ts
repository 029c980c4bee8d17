import { accounts, type LedgerEntryRequest, ledgerEntryRequested } from '../../ledger/index.ts'
import type { Actor, RequestContext } from '../../platform/context.ts'
import { zonedDate } from '../../platform/dates.ts'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { AppError, conflict } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { canMove, type Mover, type OrderStatus } from './codes.ts'
import { foodOrderStatusChanged } from './events.ts'

type Ctx = Pick<RequestContext, 'actor' | 'requestId'>

/** The payable kind of a food order's payment (payments' `payable_kind`). */
export const foodOrderPayable = 'food_order'

export interface OrderRow {
  id: string
  order_id: bigint
  program_id: string
  session_id: string | null
  user_id: string | null
  status: number
  pickup_in_restaurant: boolean
  delivery_asap: boolean
  requested_time: Date | null
  zip_code: string | null
  house_number: string | null
  apartment: string | null
  name: string
  phone: string
  email: string
  comments: string
  language: string
  currency: string
  products_total: bigint
  delivery_cost: bigint
  pickup_fee: bigint
  total: bigint
  vat: bigint
  payment_method: string
  payment_id: string | null
  payout_amount: bigint | null
  paid_at: Date | null
  paid_out_at: Date | null
  rejected_at: Date | null
  order_date: Date
  created_at: Date
  updated_at: Date
}

const orderColumns = (db: DbOrTrx) => db.selectFrom('food_orders').selectAll()

export async function findOrder(db: DbOrTrx, id: string): Promise<OrderRow | undefined> {
  return (await orderColumns(db).where('id', '=', id).executeTakeFirst()) as OrderRow | undefined
}

export async function lockOrder(trx: Trx, id: string): Promise<OrderRow | undefined> {
  return (await orderColumns(trx).where('id', '=', id).forUpdate().executeTakeFirst()) as OrderRow | undefined
}

/**
 * Appends the order's next kitchen board event: numbered per restaurant under the restaurant row's
 * lock, so the numbers of one restaurant are committed in their order and a board that read up to
 * N never later finds an N−1 (what `Last-Event-ID` replay relies on).
 */
export async function addBoardEvent(
  trx: Trx,
  order: { id: string; program_id: string; status: number },
  kind: string,
) {
  const { board_seq } = await trx
    .updateTable('food_restaurants')
    .set((eb) => ({ board_seq: eb('board_seq', '+', 1n) }))
    .where('program_id', '=', order.program_id)
    .returning('board_seq')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('food_board_events')
    .values({ program_id: order.program_id, seq: board_seq, order_id: order.id, kind, status: order.status })
    .execute()
  return board_seq
}

const actorColumns = (actor: Actor) => ({
  actor_kind: actor.kind === 'system' ? `system:${actor.name}` : actor.kind,
  actor_user_id: actor.kind === 'user' ? actor.user_id : null,
})

/** Writes a status change with its history row, board event and outbox event (in `trx`). */
export async function writeStatus(
  trx: Trx,
  order: OrderRow,
  to: OrderStatus,
  ctx: Ctx,
  extra: Partial<Pick<OrderRow, 'paid_at' | 'paid_out_at' | 'payout_amount' | 'payment_id'>> = {},
): Promise<OrderRow> {
  const now = new Date()
  const updated = (await trx
    .updateTable('food_orders')
    .set({ status: to, updated_at: now, ...extra })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow()) as OrderRow
  await trx
    .insertInto('food_order_history')
    .values({
      id: newId(),
      order_id: order.id,
      from_status: order.status,
      to_status: to,
      ...actorColumns(ctx.actor),
    })
    .execute()
  // The board shows paid orders and what happens to them; before payment the kitchen has nothing to do.
  if (to >= 3 && to !== 4) await addBoardEvent(trx, updated, to === 3 ? 'order.paid' : 'order.status')
  await publish(
    trx,
    foodOrderStatusChanged,
    { order_id: order.id, program_id: order.program_id, from: order.status, to },
    ctx,
  )
  return updated
}

/** The first history row of a new order. */
export async function writeCreated(trx: Trx, orderId: string, ctx: Ctx) {
  await trx
    .insertInto('food_order_history')
    .values({ id: newId(), order_id: orderId, from_status: null, to_status: 1, ...actorColumns(ctx.actor) })
    .execute()
}

export const transitionRefused = (from: number, to: number) =>
  new AppError('conflict', `an order cannot go from status ${from} to ${to}`, {
    reason: 'order_transition_not_allowed',
    params: { from, to },
  })

/** Moves an order if the transition table allows it for this mover; 409 otherwise. */
export async function moveOrder(
  trx: Trx,
  orderId: string,
  to: OrderStatus,
  by: Mover,
  ctx: Ctx,
): Promise<OrderRow> {
  const order = await lockOrder(trx, orderId)
  if (!order) throw conflict('the order is gone')
  // A rejected court sub-order was refunded: the kitchen cannot move it on.
  if (!canMove(order.status as OrderStatus, to, by) || order.rejected_at)
    throw transitionRefused(order.status, to)
  return writeStatus(trx, order, to, ctx)
}

/**
 * The ledger entry of a paid order (journal sales, source `food_order.paid`/order): payments already
 * posted the capture (debit 120 payment provider, credit 230 owed to the program), so this moves
 * the total from 230 to income 410 (net) and VAT on sales 210 (the VAT of the items), all on the
 * restaurant's program sub-account: together the design's 120 / 410 / 210, the bank counted once.
 */
export function paidEntry(order: OrderRow, date: string): LedgerEntryRequest {
  const program = { kind: 'program' as const, external_id: order.program_id }
  const net = order.total - order.vat
  return {
    journal: 'sales',
    date,
    description: `Food order ${order.order_id} paid`,
    description_code: 'food_order.paid',
    description_params: { number: Number(order.order_id) },
    source: { kind: 'food_order.paid', id: order.id },
    lines: [
      {
        account: accounts.acceptor,
        sub_account: program,
        currency: order.currency,
        debit: Number(order.total),
      },
      { account: accounts.income, sub_account: program, currency: order.currency, credit: Number(net) },
      ...(order.vat > 0n
        ? [
            {
              account: accounts.vat_on_sales,
              sub_account: program,
              currency: order.currency,
              credit: Number(order.vat),
            },
          ]
        : []),
    ],
  }
}

/** What a capture of one of the order's payments did (`applyOrderPaid`). */
export type OrderPaidOutcome =
  /** It paid the order; `superseded` is the order's newer payment, which must now be closed. */
  | { kind: 'paid'; order: OrderRow; superseded: string | null }
  /** The order was paid already (in cash, or by another payment): this money goes back. */
  | { kind: 'unwanted'; order: OrderRow }
  /** Nothing to do: no such order, or this payment's capture applied before. */
  | { kind: 'none' }

/**
 * A food order's payment was paid (payments' `payments.payment.paid`, in the handler's `once()`
 * transaction, under the order's lock). An order is paid once, by the first capture that arrives:
 *
 * - unpaid (created, awaiting payment, payment failed): this payment pays it, whichever of the
 *   order's payments it is (a late capture of an old QR or page is honoured: the money was taken).
 *   The order becomes paid with this payment, its ledger entry is requested, it appears on the
 *   kitchen board and its lines leave the basket. A newer payment of the order ("New QR code",
 *   "Pay again") is answered as `superseded`, for the caller to close after the commit.
 * - paid already by this payment: a replay, nothing.
 * - paid already otherwise (in cash at the counter, or by another of its payments): this capture is
 *   not wanted and is answered as `unwanted`, for the caller to refund in the same transaction.
 */
export async function applyOrderPaid(
  trx: Trx,
  orderId: string,
  paymentId: string,
  ctx: Ctx,
  timeZone: string,
): Promise<OrderPaidOutcome> {
  const order = await lockOrder(trx, orderId)
  if (!order) return { kind: 'none' }
  if (![1, 2, 4].includes(order.status))
    return order.payment_id === paymentId ? { kind: 'none' } : { kind: 'unwanted', order }
  const now = new Date()
  const paid = await writeStatus(trx, order, 3, ctx, { paid_at: now, payment_id: paymentId })
  await publish(trx, ledgerEntryRequested, paidEntry(paid, zonedDate(now, timeZone)), ctx)
  if (order.session_id) {
    await trx
      .deleteFrom('food_basket_lines')
      .where('session_id', '=', order.session_id)
      .where('program_id', '=', order.program_id)
      .execute()
  }
  const superseded = order.payment_id && order.payment_id !== paymentId ? order.payment_id : null
  return { kind: 'paid', order: paid, superseded }
}

/** A payment of the order ended without money: awaiting payment becomes payment_failed. */
export async function applyOrderPaymentEnded(trx: Trx, orderId: string, paymentId: string, ctx: Ctx) {
  const order = await lockOrder(trx, orderId)
  if (order?.status !== 2 || order.payment_id !== paymentId) return null
  return writeStatus(trx, order, 4, ctx)
}

/** Tells the open kitchen boards of the restaurant to look (a hint; the database is the truth). */
export function nudgeBoards(services: Pick<Services, 'redis' | 'config' | 'log'>, programId: string): void {
  services.redis.publish(`${services.config.REDIS_PREFIX}:food:board`, programId).catch((err: Error) => {
    services.log.warn({ err: err.message, program_id: programId }, 'kitchen board nudge not sent')
  })
}
