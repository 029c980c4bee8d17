import type { RequestContext } from '../../platform/context.ts'
import { zonedDate } from '../../platform/dates.ts'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { type AppError, businessRule, notFound } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import { findProgram, type ProgramSummary, programStatuses, programTypes } from '../../programs/index.ts'
import { basketIsEmpty, basketLines, notValidExtras, notValidVariants, sessionArea } from '../basket.ts'
import { findRestaurantRow, type RestaurantRow, schedulesOf } from '../db/restaurants.ts'
import { openingAt } from '../hours.ts'
import { openingJson } from '../queries/guest.ts'
import type { SessionRow } from '../session.ts'
import { openStatuses } from './codes.ts'
import { writeCreated } from './life.ts'
import { type OrderMoney, priceOrder } from './pricing.ts'
import { slotsFor } from './slots.ts'

/**
 * One restaurant's part of a guest's basket, checked and priced from the menu now, then written as
 * a food order (status 1) with its items and their VAT: what a restaurant's checkout
 * (`orders/checkout.ts`) and a food court's sub-orders (`court.ts`, one per restaurant of the
 * court's cart) both do, so both refuse with the same reasons and write the same rows.
 */

type Ctx = Pick<RequestContext, 'actor' | 'requestId'>

/** Makes a refusal: the checkout's plain one, or the court's that names the restaurant. */
export type Refuse = (
  reason: Parameters<typeof businessRule>[1],
  message: string,
  params?: Record<string, string | number>,
) => AppError

export const plainRefusal: Refuse = (reason, message, params) => businessRule(message, reason, params)

export interface PartInput {
  pickup_in_restaurant?: boolean | undefined
  /** ASAP (always for a court's part), or the listed slot `requested_time`. */
  delivery_asap: boolean
  requested_time?: string | null | undefined
  accept_terms: boolean
  accept_privacy: boolean
}

export interface PartDraft {
  program: ProgramSummary
  restaurant: RestaurantRow
  pickup: boolean
  delivery_asap: boolean
  requested_at: Date | null
  money: OrderMoney
  order_date: string
}

/** Major units as a person reads them: 1500 EUR cents → "15.00". */
const major = (amount: bigint) => `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`

/**
 * Checks the session's basket lines of one restaurant by the rules of spec sections 5, 7 and 8, in
 * this order, each with its code: the restaurant (404), `basket_is_empty`,
 * `not_valid_variants`/`not_valid_extras` (a line changed since), closed (`restaurant_read_only`,
 * `ordering_disabled`, `restaurant_closed`, `ordering_paused`), `terms_not_accepted`,
 * `pickup_not_available`, `delivery_address_required`, `outside_delivery_area`,
 * `requested_time_not_available`, `min_order_amount`; and prices it with the menu's prices now.
 */
export async function draftPart(
  db: DbOrTrx,
  session: SessionRow,
  programId: string,
  input: PartInput,
  now: Date,
  refuse: Refuse = plainRefusal,
): Promise<PartDraft> {
  const program = await findProgram(db, programId)
  if (!program || program.type !== programTypes.foodsManagement || program.status !== programStatuses.active)
    throw notFound('restaurant')
  const restaurant = await findRestaurantRow(db, program.uuid)
  if (!restaurant) throw notFound('restaurant')
  const [group] = await basketLines(db, session.id, program.uuid)
  const rawCount = await db
    .selectFrom('food_basket_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('session_id', '=', session.id)
    .where('program_id', '=', program.uuid)
    .executeTakeFirstOrThrow()
  if (Number(rawCount.n) === 0) throw basketIsEmpty()
  // A line whose variant or extra the owner removed since it was put in the basket.
  if (!group || group.lines.length !== Number(rawCount.n)) {
    const lines = await db
      .selectFrom('food_basket_lines')
      .select(['variant_id'])
      .where('session_id', '=', session.id)
      .where('program_id', '=', program.uuid)
      .execute()
    const valid = new Set(group?.lines.map((l) => l.variant_id) ?? [])
    throw lines.some((l) => l.variant_id && !valid.has(l.variant_id)) ? notValidVariants() : notValidExtras()
  }

  const schedules = await schedulesOf(db, program.uuid)
  const hours = { time_zone: restaurant.time_zone, ...schedules }
  const opening = openingJson(openingAt(now, hours), restaurant)
  if (opening.closed_reason === 'read_only')
    throw refuse(
      'restaurant_read_only',
      restaurant.order_limit_message || 'the restaurant takes no orders now',
      {
        message: restaurant.order_limit_message,
      },
    )
  if (opening.closed_reason === 'ordering_disabled')
    throw refuse('ordering_disabled', restaurant.order_limit_message || 'online ordering is switched off', {
      message: restaurant.order_limit_message,
    })
  if (opening.closed)
    throw refuse('restaurant_closed', 'the restaurant is closed now', {
      closed_reason: opening.closed_reason ?? 'closed_now',
    })
  if (restaurant.paused_until && restaurant.paused_until > now)
    throw refuse('ordering_paused', 'the restaurant takes no new orders for a while', {
      until: restaurant.paused_until.toISOString(),
    })
  if (!input.accept_terms || !input.accept_privacy)
    throw refuse('terms_not_accepted', 'you must accept terms and privacy to order')

  const pickup = input.pickup_in_restaurant ?? session.pickup_in_restaurant
  if (pickup && !restaurant.can_pickup_in_rest)
    throw refuse('pickup_not_available', `no pickup at ${program.title}`, { name: program.title })
  let deliveryCost = 0n
  if (!pickup) {
    const area = await sessionArea(db, { ...session, pickup_in_restaurant: false }, program.uuid)
    if (!area?.inside) {
      if (area?.why === 'location_needed' || !session.house_number)
        throw refuse('delivery_address_required', 'a delivery address (zip code and house number) is needed')
      throw refuse('outside_delivery_area', 'address outside delivery area')
    }
    if (!session.house_number)
      throw refuse('delivery_address_required', 'a delivery address (zip code and house number) is needed')
    deliveryCost = BigInt(area.cost)
  }

  let requestedAt: Date | null = null
  if (!input.delivery_asap) {
    const slot =
      !restaurant.default_asap && input.requested_time
        ? slotsFor(now, hours).find((s) => s.time === input.requested_time)
        : undefined
    if (!slot)
      throw refuse('requested_time_not_available', 'this time cannot be chosen: ASAP or a listed slot')
    requestedAt = slot.at
  }

  const orderDate = zonedDate(now, restaurant.time_zone)
  const money = priceOrder(
    group.lines,
    { delivery_cost: deliveryCost, pickup_fee: pickup ? BigInt(restaurant.pickup_fee ?? 0) : 0n },
    orderDate,
  )
  const minimum = BigInt(restaurant.min_order_amount)
  if (money.products_total < minimum)
    throw refuse('min_order_amount', `minimum order amount is ${major(minimum)} ${program.currency}`, {
      amount: Number(minimum),
      currency: program.currency,
    })
  return {
    program,
    restaurant,
    pickup,
    delivery_asap: input.delivery_asap,
    requested_at: requestedAt,
    money,
    order_date: orderDate,
  }
}

export interface PartCustomer {
  session: SessionRow
  user_id: string | null
  name: string
  phone: string
  email: string
  comments: string
  language: string
  payment_method: string
  idempotency_key: string | null
}

/**
 * Writes a drafted part as a food order (status 1 created) with its items, against the restaurant's
 * `order_limit` under its row lock (taken only when it has a limit) (`order_limit_reached` with the owner's message), so two
 * guests cannot both take the last place. Answers the order's id.
 */
export async function writePart(
  trx: Trx,
  draft: PartDraft,
  who: PartCustomer,
  ctx: Ctx,
  refuse: Refuse = plainRefusal,
  id: string = newId(),
): Promise<string> {
  const { program, money, pickup } = draft
  // The restaurant's row lock: orders of one restaurant are counted against its limit one at a time.
  // A restaurant without a limit has nothing to count, so its orders are written side by side
  // (a food court's checkouts would otherwise queue behind each other for their whole transaction).
  const limits = () =>
    trx
      .selectFrom('food_restaurants')
      .select(['order_limit', 'order_limit_message'])
      .where('program_id', '=', program.uuid)
  const seen = await limits().executeTakeFirstOrThrow()
  const locked = seen.order_limit === null ? seen : await limits().forUpdate().executeTakeFirstOrThrow()
  if (locked.order_limit !== null) {
    const open = await trx
      .selectFrom('food_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('program_id', '=', program.uuid)
      .where('status', 'in', [...openStatuses])
      .where('rejected_at', 'is', null)
      .executeTakeFirstOrThrow()
    if (Number(open.n) >= locked.order_limit)
      throw refuse(
        'order_limit_reached',
        locked.order_limit_message || 'the restaurant has too many open orders now',
        { message: locked.order_limit_message, limit: locked.order_limit },
      )
  }
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
      delivery_asap: draft.delivery_asap,
      requested_time: draft.requested_at,
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
      pickup_fee_heading: pickup ? draft.restaurant.pickup_fee_heading.trim() : '',
      total: money.total,
      vat: money.vat,
      payment_method: who.payment_method,
      order_date: draft.order_date,
      idempotency_key: who.idempotency_key,
    })
    .execute()
  await insertOrderItems(trx, id, money)
  await writeCreated(trx, id, ctx)
  return id
}

/** An order's priced lines as its item rows (the single checkout, court parts and counter orders). */
export async function insertOrderItems(trx: Trx, orderId: string, money: Pick<OrderMoney, 'lines'>) {
  await trx
    .insertInto('food_order_items')
    .values(
      money.lines.map((l, position) => ({
        id: newId(),
        order_id: orderId,
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
}
