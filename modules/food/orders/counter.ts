import { closePayment, paymentFacts } from '../../payments/index.ts'
import type { Caller } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import { zonedDate } from '../../platform/dates.ts'
import { AppError, businessRule, notFound } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { programStatuses } from '../../programs/index.ts'
import { foodProgramOf } from '../access.ts'
import { basketIsEmpty, checkLine, productFacts } from '../basket.ts'
import { restaurantPaymentMethods, startOrderPayment } from './checkout.ts'
import { findOrder, lockOrder, nudgeBoards, type OrderRow, writeCreated, writeStatus } from './life.ts'
import { insertOrderItems } from './part.ts'
import { type PricedLineInput, priceOrder } from './pricing.ts'

/**
 * Counter orders (issue 15 item 6, the acceptor's `/new-order`): the restaurant's staff enter an
 * order for a walk-in customer from the menu. It is paid at the counter in one of two ways:
 *
 * - `terminal`: the order's payment is made as for a guest (payable `food_order`, the program's
 *   provider), and the staff screen shows its payment page as a QR code the customer scans with
 *   their phone (the phone-as-terminal way of the payment programs). The payment's events make it
 *   paid, exactly as an online order, and it lands on the kitchen board then.
 * - `cash`: the staff member says the customer paid in cash; the order is paid at once (1 → 3, by
 *   the staff, recorded in its history) and goes to the board. No money passes the platform, so
 *   there is no payment and no ledger entry: the restaurant holds the cash (and a payout must leave
 *   such orders out).
 *
 * Every price comes from the menu; variants and extras must be the product's own
 * (`not_valid_variants`, `not_valid_extras`). The guests' rules (hours, online ordering switch,
 * pause, minimum amount, order limit) do not apply: staff at the counter decide what the kitchen
 * takes. Each counter order has a food session of its own (pickup), so the customer's phone is sent
 * to the guest's order page after paying, and the receipt is theirs through it.
 */
export const counterPayments = ['terminal', 'cash'] as const
export type CounterPayment = (typeof counterPayments)[number]

export interface CounterOrderInput {
  lines: {
    product_id: string
    quantity: number
    variant_uuid?: string | null | undefined
    extra_uuids?: string[] | undefined
  }[]
  eat_in: boolean
  name?: string | undefined
  comment?: string | undefined
  payment: CounterPayment
  language?: string | undefined
}

export interface CounterOrderAnswer {
  order: OrderRow
  payment_url: string | null
  session_id: string
}

export async function createCounterOrder(
  services: Pick<Services, 'db' | 'config' | 'redis' | 'log'>,
  ctx: RequestContext,
  me: Caller,
  programUuid: string,
  input: CounterOrderInput,
  idempotencyKey: string | undefined,
): Promise<CounterOrderAnswer> {
  const { db } = services
  const program = await foodProgramOf(db, me, programUuid, { who: 'staff' })
  if (program.status !== programStatuses.active)
    throw businessRule('only an active restaurant takes orders', 'program_not_active')
  if (idempotencyKey) {
    const before = await db
      .selectFrom('food_orders')
      .select(['id', 'session_id'])
      .where('program_id', '=', program.uuid)
      .where('source', '=', 'counter')
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst()
    if (before) return answerOf(services, ctx, before.id)
  }
  if (input.lines.length === 0) throw basketIsEmpty()
  const restaurant = await db
    .selectFrom('food_restaurants')
    .select(['time_zone'])
    .where('program_id', '=', program.uuid)
    .executeTakeFirst()
  if (!restaurant) throw notFound('restaurant')
  if (input.payment === 'terminal' && (await restaurantPaymentMethods(db, program.uuid)).length === 0)
    throw new AppError('business_rule', 'the restaurant takes no card or iDEAL payments', {
      reason: 'payment_method_is_not_supported',
    })

  const facts = await productFacts(
    db,
    input.lines.map((l) => l.product_id),
  )
  const lines: PricedLineInput[] = input.lines.map((l) => {
    const p = facts.get(l.product_id)
    if (!p?.is_active || p.program_id !== program.uuid) throw notFound('product')
    const variantId = l.variant_uuid ?? null
    const extraIds = l.extra_uuids ?? []
    checkLine(p, variantId, extraIds)
    const variant = variantId ? p.options.find((o) => o.id === variantId)! : null
    return {
      product_id: p.id,
      title: p.title,
      quantity: l.quantity,
      base_price: p.price,
      variant: variant ? { uuid: variant.id, title: variant.title, price: variant.price } : null,
      extras: extraIds.map((id) => {
        const e = p.options.find((o) => o.id === id)!
        return { uuid: e.id, title: e.title, price: e.price }
      }),
      vat_code: p.vat_code as PricedLineInput['vat_code'],
    }
  })
  const now = new Date()
  const orderDate = zonedDate(now, restaurant.time_zone)
  const money = priceOrder(lines, { delivery_cost: 0n, pickup_fee: 0n }, orderDate)

  const id = newId()
  const sessionId = crypto.randomUUID()
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('food_sessions').values({ id: sessionId, pickup_in_restaurant: true }).execute()
    const inserted = (await trx
      .insertInto('food_orders')
      .values({
        id,
        program_id: program.uuid,
        session_id: sessionId,
        user_id: null,
        status: 1,
        source: 'counter',
        eat_in: input.eat_in,
        taken_by: me.user_id,
        pickup_in_restaurant: true,
        delivery_asap: true,
        requested_time: null,
        name: input.name?.trim() ?? '',
        phone: '',
        email: '',
        comments: input.comment?.trim() ?? '',
        language: input.language ?? 'nl',
        currency: program.currency,
        products_total: money.products_total,
        delivery_cost: 0n,
        pickup_fee: 0n,
        total: money.total,
        vat: money.vat,
        payment_method: input.payment,
        order_date: orderDate,
        idempotency_key: idempotencyKey ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as OrderRow
    await insertOrderItems(trx, id, money)
    await writeCreated(trx, id, ctx)
    // Cash in hand: the staff member's word makes it paid (1 → 3), outside the payment's moves.
    if (input.payment === 'cash') await writeStatus(trx, inserted, 3, ctx, { paid_at: now })
  })
  ctx.log.info(
    { food_order_id: id, program_id: program.uuid, total: Number(money.total), payment: input.payment },
    'counter order taken',
  )
  if (input.payment === 'cash') nudgeBoards(services, program.uuid)
  return answerOf(services, ctx, id)
}

async function answerOf(
  services: Pick<Services, 'db' | 'config'>,
  ctx: RequestContext,
  orderId: string,
): Promise<CounterOrderAnswer> {
  const order = await findOrder(services.db, orderId)
  if (!order?.session_id) throw notFound('order')
  if (order.payment_method === 'cash') return { order, payment_url: null, session_id: order.session_id }
  const started = await startOrderPayment(services, ctx, order.session_id, orderId)
  return { ...started, session_id: order.session_id }
}

/**
 * A counter order of this restaurant, for its staff: another restaurant's (or none) 404 alike; an
 * online order 422 `not_counter_order` (its guest pays it on their own device).
 */
async function counterOrderOf(
  services: Pick<Services, 'db'>,
  me: Caller,
  programUuid: string,
  orderUuid: string,
): Promise<OrderRow & { source: string }> {
  const program = await foodProgramOf(services.db, me, programUuid, { who: 'staff' })
  const order = (await findOrder(services.db, orderUuid)) as (OrderRow & { source: string }) | undefined
  if (!order || order.program_id !== program.uuid) throw notFound('order')
  if (order.source !== 'counter')
    throw businessRule('only a counter order is paid at the counter', 'not_counter_order')
  return order
}

const moneyTaken = (status: string) => ['paid', 'partially_refunded', 'refunded'].includes(status)

/** Unpaid: created, awaiting payment, payment failed. */
const unpaid = (status: number) => status === 1 || status === 2 || status === 4

/**
 * A new QR for a counter order paid by the payment QR (`POST …/counter-orders/{order}/payment`):
 * the payment that still lives (the same QR), else, after a failed, expired or cancelled one, a new
 * payment of the same order. Idempotent: asked twice, the same live payment. A paid order answers
 * its paid payment; one paid in cash 422 `order_not_payable`.
 */
export async function counterOrderPayment(
  services: Pick<Services, 'db' | 'config'>,
  ctx: RequestContext,
  me: Caller,
  programUuid: string,
  orderUuid: string,
): Promise<CounterOrderAnswer> {
  const order = await counterOrderOf(services, me, programUuid, orderUuid)
  if (order.payment_method === 'cash' || !order.session_id)
    throw businessRule('the order was paid in cash', 'order_not_payable')
  const started = await startOrderPayment(services, ctx, order.session_id, order.id)
  return { ...started, session_id: order.session_id }
}

/**
 * Cash instead of the QR (`POST …/counter-orders/{order}/cash`): the customer whose card payment
 * failed or ran out pays in cash after all. The order's payment is closed first (payments'
 * `closePayment`: money taken answers 422 `order_not_payable`, a payment the customer is in the
 * middle of 409 `order_payment_in_progress`, so no money can arrive after the cash), then the order
 * is paid in cash exactly as a cash counter order (→ 3 by the staff member, `payment_method` cash,
 * no payment and no ledger entry: the restaurant holds the cash). Asked again: the same answer.
 */
export async function counterOrderToCash(
  services: Pick<Services, 'db' | 'config' | 'redis' | 'log'>,
  ctx: RequestContext,
  me: Caller,
  programUuid: string,
  orderUuid: string,
): Promise<CounterOrderAnswer> {
  const { db } = services
  const order = await counterOrderOf(services, me, programUuid, orderUuid)
  if (order.payment_method === 'cash' && order.session_id)
    return { order, payment_url: null, session_id: order.session_id }
  const facts = order.payment_id ? await paymentFacts(db, order.payment_id) : undefined
  if (!unpaid(order.status) || !order.session_id || (facts && moneyTaken(facts.status)))
    throw businessRule('the order is paid already', 'order_not_payable')
  if (order.payment_id && facts && ['created', 'pending', 'failed'].includes(facts.status)) {
    const closed = await closePayment(db, order.payment_id, ctx)
    if (closed === 'paid') throw businessRule('the order is paid by card already', 'order_not_payable')
    if (closed === 'in_payment')
      throw new AppError('conflict', 'the customer is paying right now: wait for the outcome', {
        reason: 'order_payment_in_progress',
      })
  }
  const paidInCash = await db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, order.id)
    if (!locked) throw notFound('order')
    if (locked.payment_method === 'cash') return null
    // The payment moved while it was being closed (a new QR asked on another screen, or paid).
    if (!unpaid(locked.status) || locked.payment_id !== order.payment_id)
      throw new AppError('conflict', 'the order’s payment changed: look again', {
        reason: 'order_payment_in_progress',
      })
    await trx.updateTable('food_orders').set({ payment_method: 'cash' }).where('id', '=', order.id).execute()
    return writeStatus(trx, { ...locked, payment_method: 'cash' }, 3, ctx, {
      paid_at: new Date(),
      payment_id: null,
    })
  })
  if (paidInCash) {
    ctx.log.info(
      { food_order_id: order.id, program_id: order.program_id },
      'counter order paid in cash instead',
    )
    nudgeBoards(services, order.program_id)
  }
  const now = await findOrder(db, order.id)
  if (!now) throw notFound('order')
  return { order: now, payment_url: null, session_id: order.session_id }
}
