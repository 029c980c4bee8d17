import { closePayment, createPayment, paymentFacts } from '../../payments/index.ts'
import type { Caller } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { AppError, businessRule, notFound } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { findProgram, programMethodSettings } from '../../programs/index.ts'
import { sessionOf } from '../session.ts'
import { findOrder, foodOrderPayable, type OrderRow, writeStatus } from './life.ts'
import { draftPart, writePart } from './part.ts'

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

/**
 * Checks out a session's basket of one restaurant (spec sections 5, 7, 8): every rule is checked
 * again on the server with the menu's prices now, in this order, each with its code:
 * `invalid_session`, `basket_is_empty`, `not_valid_variants`/`not_valid_extras` (a line changed
 * since), closed (`restaurant_closed`, `restaurant_read_only`, `ordering_disabled`,
 * `ordering_paused`), `terms_not_accepted`, `pickup_not_available`, `delivery_address_required`,
 * `outside_delivery_area`, `requested_time_not_available`, `min_order_amount` ("minimum order amount
 * is {amount} {currency}"), `payment_method_is_not_supported`, and, under the restaurant's lock so
 * two guests cannot both take the last place, `order_limit_reached` (with the owner's message).
 * The order is written (status 1, then 2 with its payment) with its items and their VAT. The
 * restaurant's rules, pricing and writing are `orders/part.ts`, shared with a food court's sub-orders.
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
  const draft = await draftPart(db, session, input.restaurant_uuid, input, new Date())
  const { program, money } = draft
  const methods: readonly string[] = await restaurantPaymentMethods(db, program.uuid)
  if (!methods.includes(input.payment_method))
    throw new AppError('business_rule', 'payment_method_is_not_supported', {
      reason: 'payment_method_is_not_supported',
    })

  const id = await db.transaction().execute((trx) =>
    writePart(
      trx,
      draft,
      {
        session,
        user_id: me?.user_id ?? session.user_id,
        name: input.name,
        phone: input.phone,
        email: input.email,
        comments: input.comment ?? '',
        language: input.language ?? 'nl',
        payment_method: input.payment_method,
        idempotency_key: idempotencyKey ?? null,
      },
      ctx,
    ),
  )
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
          // Read in each payer's language: "Bestelling 12" on a Dutch payment page.
          description_code: 'food_order',
          description_params: { number: Number(locked.order_id) },
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
