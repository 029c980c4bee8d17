import {
  applySubOrderAwaiting,
  applySubOrderPaid,
  applySubOrderPaymentEnded,
  basketJson,
  draftSubOrder,
  insertSubOrder,
  nudgeBoards,
  type SubOrderDraft,
  sessionOf,
  subOrderFacts,
} from '../../food/index.ts'
import { ledgerEntryRequested } from '../../ledger/index.ts'
import { createPayment, paymentFacts } from '../../payments/index.ts'
import type { Caller } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import { zonedDate } from '../../platform/dates.ts'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { AppError, businessRule, notFound } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { programMethodSettings } from '../../programs/index.ts'
import { partSaleEntry, partSubAccount } from '../postings.ts'
import { activeCourt, onboardedRestaurantIds } from '../queries/court.ts'
import { allocate } from '../shared.ts'

type Ctx = Pick<RequestContext, 'actor' | 'requestId' | 'log'>
type EventCtx = Pick<RequestContext, 'actor' | 'requestId'>

/** The payable kind of a court order's payment (payments' `payable_kind`). */
export const courtOrderPayable = 'food_court_order'

const statusNames: Record<number, string> = {
  1: 'created',
  2: 'awaiting_payment',
  3: 'paid',
  4: 'payment_failed',
  5: 'cooking',
  6: 'out_for_delivery',
  7: 'delivered',
  8: 'paid_out',
}

const major = (amount: bigint) => `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`

// ── The cart ─────────────────────────────────────────────────────────────────────────────────────

/** `GET court/basket/{session}?court_uuid=`: food's basket narrowed to the court's restaurants. */
export async function courtCart(db: DbOrTrx, sessionId: string, courtId: string, at = new Date()) {
  const court = await activeCourt(db, { uuid: courtId })
  if (!court) throw notFound('food court')
  const basket = await basketJson(db, sessionId, at)
  const inCourt = new Set(await onboardedRestaurantIds(db, court.program_id))
  const mine = basket.restaurants.filter((r) => inCourt.has(r.details.uuid))
  const elsewhere = basket.restaurants.filter((r) => !inCourt.has(r.details.uuid))
  const min = Number(court.min_order_amount)
  const products = mine.reduce((s, r) => s + r.order.products, 0)
  const total = mine.reduce((s, r) => s + r.order.total, 0)
  const refusal =
    mine.length === 0
      ? 'basket_is_empty'
      : (mine.find((r) => r.order.refusal)?.order.refusal ?? (products < min ? 'min_order_amount' : null))
  return {
    session: basket.session.uuid,
    court_uuid: court.program_id,
    currency: court.currency,
    restaurants: mine.map((r) => ({
      details: { ...r.details, food_court_min_order_amount: min },
      products: r.products,
      order: r.order,
    })),
    food_court_min_order_amount: min,
    products_total: products,
    total,
    can_order: refusal === null,
    reason: refusal,
    lines_elsewhere: elsewhere.reduce((s, r) => s + r.products.length, 0),
  }
}

// ── Checkout ─────────────────────────────────────────────────────────────────────────────────────

export interface CourtCheckoutInput {
  court_uuid: string
  pickup_in_restaurant?: boolean | undefined
  name: string
  phone: string
  email: string
  comment?: string | undefined
  accept_terms: boolean
  accept_privacy: boolean
  payment_method: string
  language?: string | undefined
}

/** Card and iDEAL, those the court's payment methods switch on (`manager/program-methods`). */
const courtPaymentMethods = ['card', 'ideal']

/**
 * Checks out the court's cart (spec sections 5, 7, 8; issue 16): each restaurant's part by the
 * rules of a restaurant's checkout, then the court minimum; one sub-order per restaurant and one
 * payment split into a part per restaurant (its gross less its share of the court fee, see
 * shared.ts) and the court fee. A repeat with the same Idempotency-Key answers the same order.
 */
export async function courtCheckout(
  services: Pick<Services, 'db' | 'config'>,
  ctx: Ctx,
  me: Caller | null,
  sessionId: string,
  input: CourtCheckoutInput,
  idempotencyKey: string | undefined,
  /** Where the guest comes back to: the court's domain they ordered on (checked by the caller). */
  returnOrigin?: string,
): Promise<{ order_id: string; payment_id: string; payment_url: string }> {
  const { db, config } = services
  const session = await sessionOf(db, sessionId)
  const pageOf = (paymentId: string) => `${config.PUBLIC_URL}/checkout/${paymentId}`
  if (idempotencyKey) {
    const before = await db
      .selectFrom('food_court_orders')
      .select(['id', 'payment_id'])
      .where('session_id', '=', sessionId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst()
    if (before?.payment_id)
      return { order_id: before.id, payment_id: before.payment_id, payment_url: pageOf(before.payment_id) }
  }
  const court = await activeCourt(db, { uuid: input.court_uuid })
  if (!court) throw notFound('food court')
  const inCourt = await onboardedRestaurantIds(db, court.program_id)
  const inBasket = await db
    .selectFrom('food_basket_lines')
    .select('program_id')
    .distinct()
    .where('session_id', '=', sessionId)
    .execute()
  const restaurantIds = inBasket.map((r) => r.program_id).filter((id) => inCourt.includes(id))
  if (restaurantIds.length === 0) throw businessRule('the basket is empty', 'basket_is_empty')
  // The cart's order: as the restaurants were first put in the basket.
  const firstLine = await db
    .selectFrom('food_basket_lines')
    .select(['program_id', (eb) => eb.fn.min('created_at').as('first')])
    .where('session_id', '=', sessionId)
    .groupBy('program_id')
    .execute()
  const firstAt = new Map(
    firstLine.map((r) => [r.program_id, new Date(r.first as unknown as string).getTime()]),
  )
  restaurantIds.sort((a, b) => (firstAt.get(a) ?? 0) - (firstAt.get(b) ?? 0) || a.localeCompare(b))

  const now = new Date()
  const drafts: SubOrderDraft[] = []
  for (const id of restaurantIds) drafts.push(await draftSubOrder(db, session, id, input, now))
  const currency = court.currency
  if (drafts.some((d) => d.program.currency !== currency))
    throw businessRule('a restaurant of the cart takes another currency', 'restaurant_not_in_court')
  const products = drafts.reduce((s, d) => s + d.money.products_total, 0n)
  const minimum = BigInt(court.min_order_amount)
  if (products < minimum)
    throw businessRule(`minimum order amount is ${major(minimum)} ${currency}`, 'min_order_amount', {
      amount: Number(minimum),
      currency,
      food_court: 1,
    })
  const settings = await programMethodSettings(db, court.program_id)
  const usable = courtPaymentMethods.filter((m) =>
    settings.some((s) => s.method_id === m && s.is_used && s.provider_id),
  )
  if (!usable.includes(input.payment_method))
    throw new AppError('business_rule', 'payment_method_is_not_supported', {
      reason: 'payment_method_is_not_supported',
    })

  const allocation = allocate(
    drafts.map((d) => d.money.total),
    { percent_bp: court.fee_percent_bp, fixed: court.fee_fixed === null ? null : BigInt(court.fee_fixed) },
  )
  const orderId = newId()
  const paymentId = newId()
  await db.transaction().execute(async (trx) => {
    // The invitations are read again under a shared lock: a restaurant withdrawn meanwhile is not
    // charged for (its withdrawal waits for this checkout, or this checkout sees it), while other
    // guests' checkouts at the court read them at the same time.
    const invites = await trx
      .selectFrom('food_court_invites')
      .select(['restaurant_id', 'merchant_account_id', 'status', 'onboarding_status'])
      .where('court_id', '=', court.program_id)
      .where('restaurant_id', 'in', restaurantIds)
      .forShare()
      .execute()
    const merchants = new Map<string, string>()
    for (const i of invites)
      if (i.status === 2 && i.onboarding_status === 'active' && i.merchant_account_id)
        merchants.set(i.restaurant_id, i.merchant_account_id)
    for (const id of restaurantIds)
      if (!merchants.has(id))
        throw businessRule(
          'a restaurant of the cart is no longer in the food court',
          'restaurant_not_in_court',
          {
            restaurant_uuid: id,
          },
        )
    await trx
      .insertInto('food_court_orders')
      .values({
        id: orderId,
        court_id: court.program_id,
        session_id: sessionId,
        user_id: me?.user_id ?? session.user_id,
        status: 1,
        currency,
        total: allocation.charge,
        fee: allocation.fee,
        fee_percent_bp: court.fee_percent_bp,
        fee_fixed: court.fee_fixed,
        payment_id: null,
        name: input.name.trim(),
        email: input.email.trim().toLowerCase(),
        phone: input.phone.trim(),
        pickup_in_restaurant: input.pickup_in_restaurant ?? session.pickup_in_restaurant,
        idempotency_key: idempotencyKey ?? null,
        order_date: zonedDate(now, court.time_zone),
      })
      .execute()
    const parts: { id: string; sub: string; merchant: string; restaurant: string; amount: bigint }[] = []
    for (const [position, draft] of drafts.entries()) {
      const sub = await insertSubOrder(
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
        },
        ctx,
      )
      const part = allocation.parts[position]!
      const id = newId()
      const merchant = merchants.get(draft.program.uuid)!
      await trx
        .insertInto('food_court_parts')
        .values({
          id,
          court_order_id: orderId,
          position,
          restaurant_id: draft.program.uuid,
          food_order_id: sub,
          merchant_account_id: merchant,
          gross: part.gross,
          fee: part.fee,
          amount: part.amount,
          status: 'created',
        })
        .execute()
      parts.push({ id, sub, merchant, restaurant: draft.program.uuid, amount: part.amount })
    }
    await createPayment(
      services,
      ctx,
      {
        id: paymentId,
        payable: { kind: courtOrderPayable, id: orderId },
        amount: allocation.charge,
        currency,
        description: `Food court order — ${court.title}`,
        // Read in each payer's language: "Bestelling bij Foodhal De Hallen".
        description_code: 'food_court_order',
        description_params: { court_title: court.title },
        program_uuid: court.program_id,
        owner_user_id: court.owner_user_id,
        payer_user_id: me?.user_id ?? session.user_id,
        return_url: `${returnOrigin ?? config.PUBLIC_URL}/food-court/payment/${sessionId}`,
        metadata: { food_court_order_uuid: orderId },
        expires_in_ms: 2 * 3600_000,
        splits: parts
          .filter((p) => p.amount > 0n)
          .map((p) => ({
            merchant_account_id: p.merchant,
            receiver: partSubAccount(court.program_id, p.restaurant),
            amount: p.amount,
          })),
      },
      trx,
    )
    await trx
      .updateTable('food_court_orders')
      .set({ status: 2, payment_id: paymentId })
      .where('id', '=', orderId)
      .execute()
    for (const p of parts) await applySubOrderAwaiting(trx, p.sub, paymentId, ctx)
  })
  ctx.log.info(
    {
      food_court_order_id: orderId,
      court_id: court.program_id,
      total: Number(allocation.charge),
      fee: Number(allocation.fee),
    },
    'food court order placed',
  )
  return { order_id: orderId, payment_id: paymentId, payment_url: pageOf(paymentId) }
}

// ── The payment's outcome (payments' events) ─────────────────────────────────────────────────────

/**
 * The court order's payment was paid (in the handler's once() transaction): the order and each
 * sub-order become paid once, each part is held for payout (`release_after`: the fallback), and
 * the restaurants' kitchen boards hear of it. Answers the restaurants to nudge.
 */
export async function applyCourtOrderPaid(
  trx: Trx,
  orderId: string,
  paymentId: string,
  ctx: EventCtx,
): Promise<string[]> {
  const order = await trx
    .selectFrom('food_court_orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst()
  if (!order || ![1, 2, 4].includes(order.status)) return []
  const court = await trx
    .selectFrom('food_courts')
    .select('payout_after_days')
    .where('program_id', '=', order.court_id)
    .executeTakeFirst()
  const now = new Date()
  const releaseAfter = new Date(now.getTime() + (court?.payout_after_days ?? 7) * 86_400_000)
  await trx
    .updateTable('food_court_orders')
    .set({ status: 3, paid_at: now, payment_id: order.payment_id ?? paymentId, updated_at: now })
    .where('id', '=', orderId)
    .execute()
  const parts = await trx
    .selectFrom('food_court_parts')
    .selectAll()
    .where('court_order_id', '=', orderId)
    .orderBy('position')
    .execute()
  const subs = await subOrderFacts(
    trx,
    parts.map((p) => p.food_order_id),
  )
  for (const p of parts) {
    await applySubOrderPaid(trx, p.food_order_id, paymentId, ctx)
    const held = await trx
      .updateTable('food_court_parts')
      .set({ status: 'held', release_after: releaseAfter, updated_at: now })
      .where('id', '=', p.id)
      .where('status', '=', 'created')
      .returning('id')
      .executeTakeFirst()
    const sub = subs.get(p.food_order_id)
    // Once per part: only the move created → held posts its sale (and the ledger takes a source once).
    if (held && sub)
      await publish(
        trx,
        ledgerEntryRequested,
        partSaleEntry(
          {
            id: p.id,
            court_id: order.court_id,
            restaurant_id: p.restaurant_id,
            gross: BigInt(p.gross),
            fee: BigInt(p.fee),
            amount: BigInt(p.amount),
          },
          { order_id: sub.order_id, vat: sub.vat, currency: order.currency },
          zonedDate(now, sub.time_zone),
        ),
        ctx,
      )
  }
  return parts.map((p) => p.restaurant_id)
}

/** The court order's payment ended without money: awaiting becomes payment_failed, with its sub-orders. */
export async function applyCourtOrderPaymentEnded(
  trx: Trx,
  orderId: string,
  paymentId: string,
  ctx: EventCtx,
) {
  const order = await trx
    .selectFrom('food_court_orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst()
  if (order?.status !== 2 || order.payment_id !== paymentId) return
  await trx
    .updateTable('food_court_orders')
    .set({ status: 4, updated_at: new Date() })
    .where('id', '=', orderId)
    .execute()
  const parts = await trx
    .selectFrom('food_court_parts')
    .select('food_order_id')
    .where('court_order_id', '=', orderId)
    .execute()
  for (const p of parts) await applySubOrderPaymentEnded(trx, p.food_order_id, paymentId, ctx)
}

/**
 * The court order's status follows its sub-orders: once paid, the lowest status among the
 * sub-orders whose part was not refunded (3 < 5 < 6 < 7 < 8), so it reads delivered when every
 * restaurant delivered and paid_out when every part was paid out. All parts refunded: unchanged.
 */
export async function syncCourtStatus(trx: Trx, courtOrderId: string): Promise<void> {
  const order = await trx
    .selectFrom('food_court_orders')
    .select(['id', 'status'])
    .where('id', '=', courtOrderId)
    .forUpdate()
    .executeTakeFirst()
  if (!order || order.status < 3 || order.status === 4) return
  const rows = await trx
    .selectFrom('food_court_parts as p')
    .innerJoin('food_orders as o', 'o.id', 'p.food_order_id')
    .select(['o.status', 'p.status as part_status'])
    .where('p.court_order_id', '=', courtOrderId)
    .execute()
  const live = rows.filter((r) => r.part_status !== 'refunded' && r.part_status !== 'refunding')
  if (live.length === 0) return
  const lowest = Math.min(...live.map((r) => r.status))
  if (lowest !== order.status && lowest >= 3)
    await trx
      .updateTable('food_court_orders')
      .set({ status: lowest, updated_at: new Date() })
      .where('id', '=', courtOrderId)
      .execute()
}

export { nudgeBoards }

// ── Reading orders ───────────────────────────────────────────────────────────────────────────────

export type CourtOrderRow = NonNullable<Awaited<ReturnType<typeof findCourtOrder>>>

export function findCourtOrder(db: DbOrTrx, id: string) {
  return db.selectFrom('food_court_orders').selectAll().where('id', '=', id).executeTakeFirst()
}

/** `FoodCourtOrder` for a list of court orders (one read of their parts and sub-orders). */
export async function courtOrdersJson(db: DbOrTrx, orders: readonly CourtOrderRow[]) {
  if (orders.length === 0) return []
  const parts = await db
    .selectFrom('food_court_parts')
    .selectAll()
    .where(
      'court_order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('court_order_id')
    .orderBy('position')
    .execute()
  const subs = await subOrderFacts(
    db,
    parts.map((p) => p.food_order_id),
  )
  const titles = await db
    .selectFrom('programs')
    .select(['id', 'title'])
    .where('id', 'in', [...new Set(orders.map((o) => o.court_id))])
    .execute()
  const titleOf = new Map(titles.map((t) => [t.id, t.title]))
  return orders.map((o) => {
    const mine = parts.filter((p) => p.court_order_id === o.id)
    const refunded = mine.filter((p) => p.status === 'refunded').reduce((s, p) => s + BigInt(p.gross), 0n)
    const feeKept = mine.filter((p) => p.status !== 'refunded').reduce((s, p) => s + BigInt(p.fee), 0n)
    return {
      uuid: o.id,
      order_id: Number(o.order_id),
      court_uuid: o.court_id,
      court_title: titleOf.get(o.court_id) ?? '',
      order_status: o.status,
      status_name: statusNames[o.status] ?? String(o.status),
      currency: o.currency,
      total: Number(o.total),
      food_court_fee: Number(feeKept),
      refunded: Number(refunded),
      pickup_in_restaurant: o.pickup_in_restaurant,
      name: o.name,
      email: o.email,
      phone: o.phone,
      order_date:
        typeof o.order_date === 'string' ? o.order_date : (o.order_date as Date).toISOString().slice(0, 10),
      created: o.created_at.toISOString(),
      paid_at: o.paid_at?.toISOString() ?? null,
      payment_uuid: o.payment_id,
      food_court_suborders: mine.map((p) => {
        const s = subs.get(p.food_order_id)
        return {
          uuid: p.food_order_id,
          order_id: s?.order_id ?? 0,
          restaurant_uuid: p.restaurant_id,
          restaurant_title: s?.restaurant_title ?? '',
          order_status: s?.status ?? 1,
          status_name: s?.status_name ?? 'created',
          products_total: Number(s?.products_total ?? 0n),
          delivery_cost: Number((s?.delivery_cost ?? 0n) + (s?.pickup_fee ?? 0n)),
          total: Number(p.gross),
          food_court_fee: Number(p.fee),
          payout_amount: Number(p.amount),
          part_status: p.status as 'held',
          // Parts are refunded only when their restaurant rejects them.
          rejected: p.status === 'refunding' || p.status === 'refunded',
          paid_out_at: p.paid_out_at?.toISOString() ?? null,
          refunded_at: p.refunded_at?.toISOString() ?? null,
          items: s?.items ?? [],
        }
      }),
    }
  })
}

export type CourtOrderJson = Awaited<ReturnType<typeof courtOrdersJson>>[number]

/** The guest's court order, only with its own session (any other: 404). */
export async function guestCourtOrder(db: DbOrTrx, id: string, sessionId: string) {
  const o = await findCourtOrder(db, id)
  if (!o || o.session_id !== sessionId) throw notFound('order')
  return (await courtOrdersJson(db, [o]))[0]!
}

/** `court/orders/payment/{session}`: the session's newest court order and where its payment stands. */
export async function courtPaymentOutcome(db: DbOrTrx, sessionId: string) {
  await sessionOf(db, sessionId)
  const order = await db
    .selectFrom('food_court_orders')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('order_id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!order) throw notFound('order')
  const facts = order.payment_id ? await paymentFacts(db, order.payment_id) : undefined
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
    order_status: order.status,
    payment_status: paymentStatus,
    outcome,
    next:
      outcome === 'failed'
        ? `/food-court/${order.court_id}/cart/${sessionId}`
        : `/food-court/orders/${order.id}`,
  }
}
