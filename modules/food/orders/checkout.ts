import { closePayment, createPayment, paymentFacts } from '../../payments/index.ts'
import type { Caller } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import { zonedDate } from '../../platform/dates.ts'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { AppError, businessRule, notFound } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { findProgram, programMethodSettings, programStatuses, programTypes } from '../../programs/index.ts'
import { basketIsEmpty, basketLines, notValidExtras, notValidVariants, sessionArea } from '../basket.ts'
import { findRestaurantRow, schedulesOf } from '../db/restaurants.ts'
import { openingAt } from '../hours.ts'
import { openingJson } from '../queries/guest.ts'
import { sessionOf } from '../session.ts'
import { openStatuses } from './codes.ts'
import { findOrder, foodOrderPayable, type OrderRow, writeCreated, writeStatus } from './life.ts'
import { priceOrder } from './pricing.ts'
import { slotsFor } from './slots.ts'

type Ctx = RequestContext

/** The payment methods a guest may pay a food order with (the sandbox and real providers take both). */
export const foodPaymentMethods = ['card', 'ideal'] as const
export type FoodPaymentMethod = (typeof foodPaymentMethods)[number]

/**
 * The methods the restaurant takes: those of card and iDEAL its owner switched on with a provider
 * in the program's payment methods (`manager/program-methods`), as payments will charge them.
 */
export async function restaurantPaymentMethods(db: DbOrTrx, programId: string): Promise<FoodPaymentMethod[]> {
  const settings = await programMethodSettings(db, programId)
  return foodPaymentMethods.filter((m) =>
    settings.some((s) => s.method_id === m && s.is_used && s.provider_id),
  )
}

export interface CheckoutInput {
  restaurant_uuid: string
  pickup_in_restaurant?: boolean | undefined
  delivery_asap: boolean
  requested_time?: string | null | undefined
  name: string
  phone: string
  email: string
  comment?: string | undefined
  accept_terms: boolean
  accept_privacy: boolean
  payment_method: string
  language?: string | undefined
  /** What the guest saw, if the client sends it: ignored (every price is the server's). */
  total?: number | undefined
}

const refuse = (
  reason: Parameters<typeof businessRule>[1],
  message: string,
  params?: Record<string, string | number>,
) => businessRule(message, reason, params)

/** Major units as a person reads them: 1500 EUR cents → "15.00". */
const major = (amount: bigint) => `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`

/**
 * Checks out a session's basket of one restaurant (spec sections 5, 7, 8): every rule is checked
 * again on the server with the menu's prices now, in this order, each with its code:
 * `invalid_session`, `basket_is_empty`, `not_valid_variants`/`not_valid_extras` (a line changed
 * since), closed (`restaurant_closed`, `restaurant_read_only`, `ordering_disabled`,
 * `ordering_paused`), `terms_not_accepted`, `pickup_not_available`, `delivery_address_required`,
 * `outside_delivery_area`, `requested_time_not_available`, `min_order_amount` ("minimum order amount
 * is {amount} {currency}"), `payment_method_is_not_supported`, and, under the restaurant's lock so
 * two guests cannot both take the last place, `order_limit_reached` (with the owner's message).
 * The order is written (status 1, then 2 with its payment) with its items and their VAT.
 */
export async function checkout(
  services: Pick<Services, 'db' | 'config'>,
  ctx: Ctx,
  me: Caller | null,
  sessionId: string,
  input: CheckoutInput,
  idempotencyKey: string | undefined,
  returnOrigin?: string,
): Promise<{ order: OrderRow; payment_url: string }> {
  const { db, config } = services
  const session = await sessionOf(db, sessionId)
  if (idempotencyKey) {
    const before = await db
      .selectFrom('food_orders')
      .select('id')
      .where('session_id', '=', sessionId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst()
    if (before) return startOrderPayment(services, ctx, sessionId, before.id, returnOrigin)
  }
  const program = await findProgram(db, input.restaurant_uuid)
  if (!program || program.type !== programTypes.foodsManagement || program.status !== programStatuses.active)
    throw notFound('restaurant')
  const restaurant = await findRestaurantRow(db, program.uuid)
  if (!restaurant) throw notFound('restaurant')
  const [group] = await basketLines(db, sessionId, program.uuid)
  const rawCount = await db
    .selectFrom('food_basket_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('session_id', '=', sessionId)
    .where('program_id', '=', program.uuid)
    .executeTakeFirstOrThrow()
  if (Number(rawCount.n) === 0) throw basketIsEmpty()
  // A line whose variant or extra the owner removed since it was put in the basket.
  if (!group || group.lines.length !== Number(rawCount.n)) {
    const lines = await db
      .selectFrom('food_basket_lines')
      .select(['variant_id'])
      .where('session_id', '=', sessionId)
      .where('program_id', '=', program.uuid)
      .execute()
    const valid = new Set(group?.lines.map((l) => l.variant_id) ?? [])
    throw lines.some((l) => l.variant_id && !valid.has(l.variant_id)) ? notValidVariants() : notValidExtras()
  }

  const now = new Date()
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
  const methods: readonly string[] = await restaurantPaymentMethods(db, program.uuid)
  if (!methods.includes(input.payment_method))
    throw new AppError('business_rule', 'payment_method_is_not_supported', {
      reason: 'payment_method_is_not_supported',
    })

  const id = newId()
  await db.transaction().execute(async (trx) => {
    // The restaurant's row lock: orders of one restaurant are counted against its limit one at a time.
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
          {
            message: locked.order_limit_message,
            limit: locked.order_limit,
          },
        )
    }
    await trx
      .insertInto('food_orders')
      .values({
        id,
        program_id: program.uuid,
        session_id: sessionId,
        user_id: me?.user_id ?? session.user_id,
        status: 1,
        pickup_in_restaurant: pickup,
        delivery_asap: input.delivery_asap,
        requested_time: requestedAt,
        zip_code: pickup ? null : session.zip_code,
        house_number: pickup ? null : session.house_number,
        apartment: pickup ? null : session.apartment,
        name: input.name.trim(),
        phone: input.phone.trim(),
        email: input.email.trim().toLowerCase(),
        comments: input.comment?.trim() ?? '',
        language: input.language ?? 'nl',
        currency: program.currency,
        products_total: money.products_total,
        delivery_cost: money.delivery_cost,
        pickup_fee: money.pickup_fee,
        total: money.total,
        vat: money.vat,
        payment_method: input.payment_method,
        order_date: orderDate,
        idempotency_key: idempotencyKey ?? null,
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
  })
  ctx.log.info(
    { food_order_id: id, program_id: program.uuid, total: Number(money.total) },
    'food order placed',
  )
  return startOrderPayment({ db, config }, ctx, sessionId, id, returnOrigin)
}

/**
 * Starts (or finds) the payment of a session's order: one live payment per order, so a double
 * click, a retry or a second tab gets the same payment and its page; after a failed or expired
 * payment a new one is made (payment_failed → awaiting_payment). Paid orders answer as they are.
 */
export async function startOrderPayment(
  services: Pick<Services, 'db' | 'config'>,
  ctx: Ctx,
  sessionId: string,
  orderId: string,
  /** Where the guest comes back to: the host they ordered on (checked by the caller), else PUBLIC_URL. */
  returnOrigin?: string,
): Promise<{ order: OrderRow; payment_url: string }> {
  const { db, config } = services
  const pageOf = (paymentId: string) => `${config.PUBLIC_URL}/checkout/${paymentId}`
  for (let round = 0; round < 3; round++) {
    const order = await findOrder(db, orderId)
    if (!order || order.session_id !== sessionId) throw notFound('order')
    if (order.payment_id) {
      const facts = await paymentFacts(db, order.payment_id)
      const live =
        facts && ['created', 'pending'].includes(facts.status) && facts.expires_at.getTime() > Date.now()
      const paid = facts && ['paid', 'partially_refunded', 'refunded'].includes(facts.status)
      if (live || paid || (order.status >= 3 && order.status !== 4))
        return { order, payment_url: pageOf(order.payment_id) }
      // The old payment is closed (expired now), so only the new one can still take money.
      if (facts && ['created', 'pending', 'failed'].includes(facts.status))
        await closePayment(db, order.payment_id, ctx)
    } else if (order.status >= 3) {
      throw businessRule('the order cannot be paid', 'order_not_payable')
    }
    const program = await findProgram(db, order.program_id)
    if (!program) throw notFound('restaurant')
    const paymentId = newId()
    const started = await db.transaction().execute(async (trx: Trx) => {
      const locked = await trx
        .selectFrom('food_orders')
        .selectAll()
        .where('id', '=', orderId)
        .forUpdate()
        .executeTakeFirst()
      if (!locked || (locked.payment_id ?? null) !== (order.payment_id ?? null)) return null
      // All of the payment's reads and writes in this transaction: a second pool connection per
      // checkout deadlocks the pool when as many checkouts as connections run at once (bench).
      await createPayment(
        { db: trx, config },
        ctx,
        {
          id: paymentId,
          payable: { kind: foodOrderPayable, id: orderId },
          amount: BigInt(locked.total),
          currency: locked.currency,
          // The provider's page puts the restaurant's name before it (payments' `providerFacing`).
          description: `Order ${locked.order_id}`,
          program_uuid: program.uuid,
          owner_user_id: program.owner_user_id,
          payer_user_id: locked.user_id,
          return_url: `${returnOrigin ?? config.PUBLIC_URL}/orders/payment/${sessionId}`,
          metadata: { food_order_uuid: orderId, order_id: String(locked.order_id) },
          expires_in_ms: 2 * 3600_000,
        },
        trx,
      )
      return writeStatus(trx, locked as unknown as OrderRow, 2, ctx, { payment_id: paymentId })
    })
    if (started) return { order: started, payment_url: pageOf(paymentId) }
  }
  throw new AppError('conflict', 'the order’s payment is being started elsewhere: try again', {
    reason: 'order_not_payable',
  })
}

/** `orders/payment/{sessionid}`: the session's newest order and where its payment stands. */
export async function paymentOutcome(services: Pick<Services, 'db'>, sessionId: string) {
  await sessionOf(services.db, sessionId)
  const order = (await services.db
    .selectFrom('food_orders')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('order_id', 'desc')
    .limit(1)
    .executeTakeFirst()) as OrderRow | undefined
  if (!order) throw notFound('order')
  const facts = order.payment_id ? await paymentFacts(services.db, order.payment_id) : undefined
  const paymentStatus = facts?.status ?? null
  const paid = order.status >= 3 && order.status !== 4
  const outcome: 'paid' | 'pending' | 'failed' =
    paid || paymentStatus === 'paid'
      ? 'paid'
      : ['created', 'pending'].includes(paymentStatus ?? '')
        ? 'pending'
        : 'failed'
  return {
    order_uuid: order.id,
    order_id: Number(order.order_id),
    order_status: order.status,
    payment_status: paymentStatus,
    outcome,
    next: outcome === 'failed' ? `/food/cart/${sessionId}/order` : `/orders/${order.id}`,
  }
}
