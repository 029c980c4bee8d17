import type { RequestContext } from '../platform/context.ts'
import type { DbOrTrx, Trx } from '../platform/db.ts'
import { businessRule } from '../platform/errors.ts'
import { findProgram, programStatuses, programTypes } from '../programs/index.ts'
import { findImage } from './db/files.ts'
import { findRestaurantRow, schedulesOf } from './db/restaurants.ts'
import { thumbnailJson } from './files.ts'
import { openingAt } from './hours.ts'
import { canMove, statusName } from './orders/codes.ts'
import { addBoardEvent, lockOrder, type OrderRow, writeStatus } from './orders/life.ts'
import { draftPart, type PartCustomer, type PartDraft, type Refuse, writePart } from './orders/part.ts'
import { openingJson } from './queries/guest.ts'
import type { SessionRow } from './session.ts'

/**
 * What food offers the food court (module `food-court`, above it): a court order is one food order
 * per restaurant (its sub-order), so each restaurant's kitchen board, books and e-mails work as for
 * any order. The court checks each restaurant's part with the same rules as a checkout
 * (`draftSubOrder`), writes it (`insertSubOrder`), and moves it with the court's one payment
 * (`applySubOrder…`) and the payout (`applyOrderPaidOut`). The payment and the ledger entries of
 * the sale are the court's (its payment is split), so these moves post nothing themselves.
 */

type Ctx = Pick<RequestContext, 'actor' | 'requestId'>

export type SubOrderDraft = PartDraft

/** The court's refusals name the restaurant of the cart they are about (`params.restaurant_uuid`). */
const refusalFor =
  (restaurant: string): Refuse =>
  (reason, message, params = {}) =>
    businessRule(message, reason, { ...params, restaurant_uuid: restaurant })

/**
 * Checks one restaurant's part of a court cart as a checkout of it would (orders/part.ts: the same
 * reasons, each with `params.restaurant_uuid`) and prices it from the menu now. Court orders are
 * ASAP: one time for several kitchens is not offered.
 */
export async function draftSubOrder(
  db: DbOrTrx,
  session: SessionRow,
  programId: string,
  input: { pickup_in_restaurant?: boolean | undefined; accept_terms: boolean; accept_privacy: boolean },
  now = new Date(),
): Promise<SubOrderDraft> {
  return draftPart(db, session, programId, { ...input, delivery_asap: true }, now, refusalFor(programId))
}

export type SubOrderCustomer = Omit<PartCustomer, 'idempotency_key'>

/**
 * Writes a drafted sub-order (status 1 created) with its items, as a checkout writes an order
 * (orders/part.ts), against the restaurant's `order_limit` (`order_limit_reached` with
 * `params.restaurant_uuid`). The Idempotency-Key is the court order's, not the sub-order's.
 */
export async function insertSubOrder(
  trx: Trx,
  draft: SubOrderDraft,
  who: SubOrderCustomer,
  ctx: Ctx,
): Promise<string> {
  return writePart(trx, draft, { ...who, idempotency_key: null }, ctx, refusalFor(draft.program.uuid))
}

/**
 * The court's payment was made for the sub-order: created → awaiting_payment. The payment is the
 * court order's (one for all its sub-orders), so the sub-order keeps no `payment_id` of its own.
 */
export async function applySubOrderAwaiting(trx: Trx, orderId: string, _paymentId: string, ctx: Ctx) {
  const order = await lockOrder(trx, orderId)
  if (!order || ![1, 4].includes(order.status)) return null
  return writeStatus(trx, order, 2, ctx)
}

/**
 * The court's payment was paid: the sub-order becomes paid once (a replay finds it paid), appears
 * on its kitchen board and its lines leave the basket. No ledger entry here: the court's split
 * payment posted the capture to the restaurant's part.
 */
export async function applySubOrderPaid(
  trx: Trx,
  orderId: string,
  _paymentId: string,
  ctx: Ctx,
): Promise<OrderRow | null> {
  const order = await lockOrder(trx, orderId)
  if (!order || ![1, 2, 4].includes(order.status)) return null
  const paid = await writeStatus(trx, order, 3, ctx, { paid_at: new Date() })
  if (order.session_id) {
    await trx
      .deleteFrom('food_basket_lines')
      .where('session_id', '=', order.session_id)
      .where('program_id', '=', order.program_id)
      .execute()
  }
  return paid
}

/** The court's payment ended without money: an awaiting sub-order becomes payment_failed. */
export async function applySubOrderPaymentEnded(trx: Trx, orderId: string, _paymentId: string, ctx: Ctx) {
  const order = await lockOrder(trx, orderId)
  if (order?.status !== 2) return null
  return writeStatus(trx, order, 4, ctx)
}

/**
 * The restaurant's money for a delivered order is paid out: 7 delivered → 8 paid_out with the
 * paid-out fields, once (an order already paid out, or not delivered, is left as it is: null).
 */
export async function applyOrderPaidOut(
  trx: Trx,
  orderId: string,
  amount: bigint,
  ctx: Ctx,
): Promise<OrderRow | null> {
  const order = await lockOrder(trx, orderId)
  if (!order || !canMove(order.status as 7, 8, 'payout')) return null
  return writeStatus(trx, order, 8, ctx, { paid_out_at: new Date(), payout_amount: amount })
}

/**
 * The restaurant rejected its part of the court order and the part was refunded to the guest: the
 * sub-order leaves the kitchen board's active view (a board event tells open boards at once), no
 * staff move applies to it any more, and it no longer counts against the restaurant's order limit
 * or its daily totals. Its status keeps the specification's code (paid, cooking or out for
 * delivery: food has no cancelled status); `rejected_at` says what happened. Once: a second call
 * finds it rejected (null).
 */
export async function applySubOrderRejected(trx: Trx, orderId: string): Promise<OrderRow | null> {
  const order = await lockOrder(trx, orderId)
  if (!order || order.rejected_at) return null
  const rejected = (await trx
    .updateTable('food_orders')
    .set({ rejected_at: new Date(), updated_at: new Date() })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow()) as OrderRow
  await addBoardEvent(trx, rejected, 'order.rejected')
  return rejected
}

export interface SubOrderFacts {
  id: string
  order_id: number
  program_id: string
  restaurant_title: string
  status: number
  status_name: string
  pickup_in_restaurant: boolean
  products_total: bigint
  delivery_cost: bigint
  pickup_fee: bigint
  total: bigint
  /** The VAT in `total` (the items' VAT, as a single order's). */
  vat: bigint
  payment_id: string | null
  paid_at: Date | null
  paid_out_at: Date | null
  payout_amount: bigint | null
  rejected_at: Date | null
  currency: string
  order_date: string
  time_zone: string
  /** `kind`: product, or a fee line (delivery, pickup_fee) whose title is stored in English. */
  items: { kind: string; title: string; quantity: number; price: number }[]
}

/** Food orders by id with their items and restaurant, for the court's views. */
export async function subOrderFacts(
  db: DbOrTrx,
  ids: readonly string[],
): Promise<Map<string, SubOrderFacts>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('food_orders as o')
    .innerJoin('programs as p', 'p.id', 'o.program_id')
    .innerJoin('food_restaurants as r', 'r.program_id', 'o.program_id')
    .select([
      'o.id',
      'o.order_id',
      'o.program_id',
      'p.title',
      'o.status',
      'o.pickup_in_restaurant',
      'o.products_total',
      'o.delivery_cost',
      'o.pickup_fee',
      'o.total',
      'o.vat',
      'o.payment_id',
      'o.paid_at',
      'o.paid_out_at',
      'o.payout_amount',
      'o.rejected_at',
      'o.currency',
      'o.order_date',
      'r.time_zone',
    ])
    .where('o.id', 'in', [...ids])
    .execute()
  const items = await db
    .selectFrom('food_order_items')
    .select(['order_id', 'kind', 'title', 'quantity', 'price'])
    .where('order_id', 'in', [...ids])
    .orderBy('order_id')
    .orderBy('position')
    .execute()
  const map = new Map<string, SubOrderFacts>()
  for (const r of rows) {
    map.set(r.id, {
      id: r.id,
      order_id: Number(r.order_id),
      program_id: r.program_id,
      restaurant_title: r.title,
      status: r.status,
      status_name: statusName(r.status as 1, r.pickup_in_restaurant),
      pickup_in_restaurant: r.pickup_in_restaurant,
      products_total: BigInt(r.products_total),
      delivery_cost: BigInt(r.delivery_cost),
      pickup_fee: BigInt(r.pickup_fee),
      total: BigInt(r.total),
      vat: BigInt(r.vat),
      payment_id: r.payment_id,
      paid_at: r.paid_at,
      paid_out_at: r.paid_out_at,
      payout_amount: r.payout_amount === null ? null : BigInt(r.payout_amount),
      rejected_at: r.rejected_at,
      currency: r.currency,
      order_date:
        typeof r.order_date === 'string' ? r.order_date : (r.order_date as Date).toISOString().slice(0, 10),
      time_zone: r.time_zone,
      items: [],
    })
  }
  for (const i of items)
    map
      .get(i.order_id)
      ?.items.push({ kind: i.kind, title: i.title, quantity: i.quantity, price: Number(i.price) })
  return map
}

/** A food order's facts the payouts need (single restaurant orders too). */
export async function orderForPayout(
  db: DbOrTrx,
  id: string,
): Promise<Pick<OrderRow, 'id' | 'program_id' | 'status' | 'total' | 'payment_id' | 'currency'> | undefined> {
  return db
    .selectFrom('food_orders')
    .select(['id', 'program_id', 'status', 'total', 'payment_id', 'currency'])
    .where('id', '=', id)
    .executeTakeFirst() as never
}

export interface CourtRestaurantCard {
  uuid: string
  title: string
  image_url: string | null
  address: string
  min_order_amount: number
  currency: string
  closed: boolean
  closed_reason: string | null
  opened_at: string | null
  closed_at: string | null
  can_pickup_in_rest: boolean
  time_zone: string
  path: string
}

/** Active restaurants among `ids` as a court's guests see them (open or closed now). */
export async function restaurantCards(
  db: DbOrTrx,
  ids: readonly string[],
  at = new Date(),
): Promise<CourtRestaurantCard[]> {
  const cards: CourtRestaurantCard[] = []
  for (const id of ids) {
    const program = await findProgram(db, id)
    if (
      !program ||
      program.type !== programTypes.foodsManagement ||
      program.status !== programStatuses.active
    )
      continue
    const restaurant = await findRestaurantRow(db, id)
    if (!restaurant) continue
    const schedules = await schedulesOf(db, id)
    const opening = openingJson(openingAt(at, { time_zone: restaurant.time_zone, ...schedules }), restaurant)
    cards.push({
      uuid: id,
      title: program.title,
      image_url: await imageUrlOf(db, restaurant.image_id),
      address: restaurant.address,
      min_order_amount: Number(restaurant.min_order_amount),
      currency: program.currency,
      closed: opening.closed,
      closed_reason: opening.closed_reason,
      opened_at: opening.opened_at,
      closed_at: opening.closed_at,
      can_pickup_in_rest: restaurant.can_pickup_in_rest,
      time_zone: restaurant.time_zone,
      path: `/food/place/${id}`,
    })
  }
  return cards.sort((a, b) => a.title.localeCompare(b.title))
}

/** The URL of an uploaded food image (≈320 px JPG), or null. */
export async function imageUrlOf(db: DbOrTrx, imageId: string | null): Promise<string | null> {
  if (!imageId) return null
  const row = await findImage(db, imageId)
  return row ? thumbnailJson(row).url : null
}

/** Whether an image is the caller's own restaurant-kind upload (a court's image is one). */
export async function isOwnRestaurantImage(db: DbOrTrx, imageId: string, userId: string): Promise<boolean> {
  const row = await findImage(db, imageId)
  return !!row && row.uploaded_by === userId && row.kind === 'restaurant'
}

/** Whether a domain is a restaurant's brand (a court may not take it). */
export async function isRestaurantDomain(db: DbOrTrx, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('food_brandings')
    .select('program_id')
    .where('domain_name', '=', domain)
    .executeTakeFirst()
  return !!row
}

/**
 * Delivered orders (status 7) last changed before `before`, oldest first: the single-restaurant
 * orders the payouts sweep settles (the court's own sub-orders are filtered out by the caller).
 */
export async function deliveredOrdersBefore(db: DbOrTrx, before: Date, limit = 200): Promise<string[]> {
  const rows = await db
    .selectFrom('food_orders')
    .select('id')
    .where('status', '=', 7)
    .where('updated_at', '<', before)
    // Paid in cash at the counter: no provider pays anything out.
    .where('payment_method', '<>', 'cash')
    // A court's sub-order is paid out by its part's payout, not by this sweep; leaving them out
    // also keeps sub-orders waiting for their payout from filling every batch.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('food_court_parts as p')
            .select('p.id')
            .whereRef('p.food_order_id', '=', 'food_orders.id'),
        ),
      ),
    )
    .orderBy('updated_at')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}
