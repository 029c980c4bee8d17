import type { RequestContext } from '../platform/context.ts'
import { zonedDate } from '../platform/dates.ts'
import type { DbOrTrx, Trx } from '../platform/db.ts'
import { businessRule, notFound } from '../platform/errors.ts'
import { newId } from '../platform/ids.ts'
import { findProgram, type ProgramSummary, programStatuses, programTypes } from '../programs/index.ts'
import { basketIsEmpty, basketLines, notValidExtras, notValidVariants, sessionArea } from './basket.ts'
import { findImage } from './db/files.ts'
import { findRestaurantRow, type RestaurantRow, schedulesOf } from './db/restaurants.ts'
import { thumbnailJson } from './files.ts'
import { openingAt } from './hours.ts'
import { canMove, openStatuses, statusName } from './orders/codes.ts'
import { lockOrder, type OrderRow, writeCreated, writeStatus } from './orders/life.ts'
import { type OrderMoney, priceOrder } from './orders/pricing.ts'
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

export interface SubOrderDraft {
  program: ProgramSummary
  restaurant: RestaurantRow
  pickup: boolean
  money: OrderMoney
  order_date: string
}

const refuse = (
  reason: Parameters<typeof businessRule>[1],
  message: string,
  restaurant: string,
  params: Record<string, string | number> = {},
) => businessRule(message, reason, { ...params, restaurant_uuid: restaurant })

const major = (amount: bigint) => `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`

/**
 * Checks one restaurant's part of a court cart as a checkout of it would (the same reasons, each
 * with `params.restaurant_uuid`) and prices it from the menu now. Court orders are ASAP: one time
 * for several kitchens is not offered.
 */
export async function draftSubOrder(
  db: DbOrTrx,
  session: SessionRow,
  programId: string,
  input: { pickup_in_restaurant?: boolean | undefined; accept_terms: boolean; accept_privacy: boolean },
  now = new Date(),
): Promise<SubOrderDraft> {
  const program = await findProgram(db, programId)
  if (!program || program.type !== programTypes.foodsManagement || program.status !== programStatuses.active)
    throw notFound('restaurant')
  const restaurant = await findRestaurantRow(db, program.uuid)
  if (!restaurant) throw notFound('restaurant')
  const [group] = await basketLines(db, session.id, program.uuid)
  const raw = await db
    .selectFrom('food_basket_lines')
    .select(['variant_id'])
    .where('session_id', '=', session.id)
    .where('program_id', '=', program.uuid)
    .execute()
  if (raw.length === 0) throw basketIsEmpty()
  if (!group || group.lines.length !== raw.length) {
    const valid = new Set(group?.lines.map((l) => l.variant_id) ?? [])
    throw raw.some((l) => l.variant_id && !valid.has(l.variant_id)) ? notValidVariants() : notValidExtras()
  }
  const schedules = await schedulesOf(db, program.uuid)
  const opening = openingJson(openingAt(now, { time_zone: restaurant.time_zone, ...schedules }), restaurant)
  const id = program.uuid
  if (opening.closed_reason === 'read_only')
    throw refuse(
      'restaurant_read_only',
      restaurant.order_limit_message || 'the restaurant takes no orders now',
      id,
    )
  if (opening.closed_reason === 'ordering_disabled')
    throw refuse('ordering_disabled', restaurant.order_limit_message || 'online ordering is switched off', id)
  if (opening.closed)
    throw refuse('restaurant_closed', `${program.title} is closed now`, id, {
      closed_reason: opening.closed_reason ?? 'closed_now',
    })
  if (restaurant.paused_until && restaurant.paused_until > now)
    throw refuse('ordering_paused', 'the restaurant takes no new orders for a while', id, {
      until: restaurant.paused_until.toISOString(),
    })
  if (!input.accept_terms || !input.accept_privacy)
    throw refuse('terms_not_accepted', 'you must accept terms and privacy to order', id)
  const pickup = input.pickup_in_restaurant ?? session.pickup_in_restaurant
  if (pickup && !restaurant.can_pickup_in_rest)
    throw refuse('pickup_not_available', `no pickup at ${program.title}`, id, { name: program.title })
  let deliveryCost = 0n
  if (!pickup) {
    const area = await sessionArea(db, { ...session, pickup_in_restaurant: false }, program.uuid)
    if (!session.house_number || !area)
      throw refuse(
        'delivery_address_required',
        'a delivery address (zip code and house number) is needed',
        id,
      )
    if (!area.inside) {
      if (area.why === 'location_needed')
        throw refuse(
          'delivery_address_required',
          'a delivery address (zip code and house number) is needed',
          id,
        )
      throw refuse('outside_delivery_area', 'address outside delivery area', id)
    }
    deliveryCost = BigInt(area.cost)
  }
  const orderDate = zonedDate(now, restaurant.time_zone)
  const money = priceOrder(
    group.lines,
    { delivery_cost: deliveryCost, pickup_fee: pickup ? BigInt(restaurant.pickup_fee ?? 0) : 0n },
    orderDate,
  )
  const minimum = BigInt(restaurant.min_order_amount)
  if (money.products_total < minimum)
    throw refuse('min_order_amount', `minimum order amount is ${major(minimum)} ${program.currency}`, id, {
      amount: Number(minimum),
      currency: program.currency,
    })
  return { program, restaurant, pickup, money, order_date: orderDate }
}

export interface SubOrderCustomer {
  session: SessionRow
  user_id: string | null
  name: string
  phone: string
  email: string
  comments: string
  language: string
  payment_method: string
}

/**
 * Writes a drafted sub-order (status 1 created) with its items, under the restaurant's row lock
 * and against its `order_limit` (`order_limit_reached` with `params.restaurant_uuid`).
 */
export async function insertSubOrder(
  trx: Trx,
  draft: SubOrderDraft,
  who: SubOrderCustomer,
  ctx: Ctx,
): Promise<string> {
  const { program, money, pickup } = draft
  const locked = await trx
    .selectFrom('food_restaurants')
    .select(['order_limit', 'order_limit_message'])
    .where('program_id', '=', program.uuid)
    .forUpdate()
    .executeTakeFirstOrThrow()
  if (locked.order_limit !== null) {
    const open = await trx
      .selectFrom('food_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('program_id', '=', program.uuid)
      .where('status', 'in', [...openStatuses])
      .executeTakeFirstOrThrow()
    if (Number(open.n) >= locked.order_limit)
      throw refuse(
        'order_limit_reached',
        locked.order_limit_message || 'the restaurant has too many open orders now',
        program.uuid,
        { message: locked.order_limit_message, limit: locked.order_limit },
      )
  }
  const id = newId()
  const s = who.session
  await trx
    .insertInto('food_orders')
    .values({
      id,
      program_id: program.uuid,
      session_id: s.id,
      user_id: who.user_id,
      status: 1,
      pickup_in_restaurant: pickup,
      delivery_asap: true,
      requested_time: null,
      zip_code: pickup ? null : s.zip_code,
      house_number: pickup ? null : s.house_number,
      apartment: pickup ? null : s.apartment,
      name: who.name.trim(),
      phone: who.phone.trim(),
      email: who.email.trim().toLowerCase(),
      comments: who.comments.trim(),
      language: who.language,
      currency: program.currency,
      products_total: money.products_total,
      delivery_cost: money.delivery_cost,
      pickup_fee: money.pickup_fee,
      total: money.total,
      vat: money.vat,
      payment_method: who.payment_method,
      order_date: draft.order_date,
      idempotency_key: null,
    })
    .execute()
  await trx
    .insertInto('food_order_items')
    .values(
      money.lines.map((l, position) => ({
        id: newId(),
        order_id: id,
        position,
        kind: l.kind,
        product_id: l.product_id ?? null,
        title: l.title,
        variant: l.variant ? JSON.stringify({ ...l.variant, price: Number(l.variant.price) }) : null,
        extras: JSON.stringify(l.extras.map((e) => ({ ...e, price: Number(e.price) }))),
        quantity: l.quantity,
        unit_price: l.unit_price,
        price: l.price,
        vat_code: l.vat_code,
        vat_rate_bp: l.vat_rate_bp,
        vat: l.vat,
      })),
    )
    .execute()
  await writeCreated(trx, id, ctx)
  return id
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
  order_date: string
  time_zone: string
  items: { title: string; quantity: number; price: number }[]
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
      'o.order_date',
      'r.time_zone',
    ])
    .where('o.id', 'in', [...ids])
    .execute()
  const items = await db
    .selectFrom('food_order_items')
    .select(['order_id', 'title', 'quantity', 'price'])
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
      order_date:
        typeof r.order_date === 'string' ? r.order_date : (r.order_date as Date).toISOString().slice(0, 10),
      time_zone: r.time_zone,
      items: [],
    })
  }
  for (const i of items)
    map.get(i.order_id)?.items.push({ title: i.title, quantity: i.quantity, price: Number(i.price) })
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
