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
import { findOrder, nudgeBoards, type OrderRow, writeCreated, writeStatus } from './life.ts'
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
