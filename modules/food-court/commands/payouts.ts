import { applyOrderPaidOut, applySubOrderRejected, nudgeBoards, subOrderFacts } from '../../food/index.ts'
import { ledgerEntryRequested } from '../../ledger/index.ts'
import { payoutFacts, refundUnwantedPayment, releaseSplit, sendRefund } from '../../payments/index.ts'
import type { Caller } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import { zonedDate } from '../../platform/dates.ts'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { AppError, conflict, notFound } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import type { Services } from '../../platform/module.ts'
import { restaurantOfStaff } from '../access.ts'
import { partPaidOutEntry, partRefundedEntry, partSaleEntry } from '../postings.ts'
import { courtOrdersJson, syncCourtStatus } from './orders.ts'

type Ctx = Pick<RequestContext, 'actor' | 'requestId'>

export type PartRow = NonNullable<Awaited<ReturnType<typeof findPart>>>

export function findPart(db: DbOrTrx, id: string) {
  return db.selectFrom('food_court_parts').selectAll().where('id', '=', id).executeTakeFirst()
}

export type ReleaseOutcome = 'paid_out' | 'pending' | 'skipped'

/**
 * Pays a restaurant its part of a court order (queue `payouts`): when its sub-order is delivered or
 * picked up, or after the court's fallback delay. Exactly once, however often it runs and wherever
 * a worker dies:
 *
 * 1. the part is claimed (`held` → `releasing`) under its row lock; a part already paid out or
 *    refunded is left alone, and a restaurant no longer onboarded is never paid;
 * 2. payments' `releaseSplit` records the payout with the payment locked and sends it with the
 *    payout id as the provider's idempotency key; if it says the part was released already (a
 *    worker died after asking), the payout it recorded then is taken;
 * 3. once the provider says paid (payments posts 230 → 120), the part and its sub-order are marked
 *    paid out (7 → 8 with the paid-out fields; a sub-order not delivered yet gets them when it is).
 */
export async function releasePart(services: Services, ctx: Ctx, partId: string): Promise<ReleaseOutcome> {
  const { db } = services
  const claimed = await db.transaction().execute(async (trx) => {
    const part = await trx
      .selectFrom('food_court_parts')
      .selectAll()
      .where('id', '=', partId)
      .forUpdate()
      .executeTakeFirst()
    if (!part || (part.status !== 'held' && part.status !== 'releasing')) return null
    const order = await trx
      .selectFrom('food_court_orders')
      .select(['court_id', 'payment_id'])
      .where('id', '=', part.court_order_id)
      .executeTakeFirstOrThrow()
    const invite = await trx
      .selectFrom('food_court_invites')
      .select(['onboarding_status', 'merchant_account_id'])
      .where('court_id', '=', order.court_id)
      .where('restaurant_id', '=', part.restaurant_id)
      .executeTakeFirst()
    // A merchant account that is not (or no longer) the onboarded one is never paid.
    if (invite?.onboarding_status !== 'active' || invite.merchant_account_id !== part.merchant_account_id)
      return null
    if (part.status === 'held')
      await trx
        .updateTable('food_court_parts')
        .set({ status: 'releasing', updated_at: new Date() })
        .where('id', '=', partId)
        .execute()
    return { part, payment_id: order.payment_id!, court_id: order.court_id }
  })
  if (!claimed) return 'skipped'
  const { part, payment_id } = claimed
  let payout: { payout_id: string | null; status: string }
  if (BigInt(part.amount) === 0n) {
    payout = { payout_id: null, status: 'paid' }
  } else {
    try {
      payout = await releaseSplit(services, ctx, payment_id, part.merchant_account_id)
    } catch (err) {
      if (!(err instanceof AppError && err.reason === 'released')) throw err
      const recorded = (await payoutFacts(db, payment_id)).filter(
        (p) => p.merchant_account_id === part.merchant_account_id && p.status !== 'failed',
      )
      const last = recorded.at(-1)
      if (!last) throw err
      payout = { payout_id: last.payout_id, status: last.status }
    }
  }
  await db.transaction().execute(async (trx) => {
    const now = new Date()
    if (payout.status !== 'paid') {
      await trx
        .updateTable('food_court_parts')
        .set({ payout_id: payout.payout_id, updated_at: now })
        .where('id', '=', partId)
        .where('status', '=', 'releasing')
        .execute()
      return
    }
    const updated = await trx
      .updateTable('food_court_parts')
      .set({ status: 'paid_out', payout_id: payout.payout_id, paid_out_at: now, updated_at: now })
      .where('id', '=', partId)
      .where('status', '=', 'releasing')
      .returning('food_order_id')
      .executeTakeFirst()
    if (!updated) return
    // The restaurant's claim (110) is settled by the payout: once, with the move to paid_out.
    const sub = (await subOrderFacts(trx, [part.food_order_id])).get(part.food_order_id)
    if (sub && BigInt(part.amount) > 0n)
      await publish(
        trx,
        ledgerEntryRequested,
        partPaidOutEntry(
          {
            id: part.id,
            court_id: claimed.court_id,
            restaurant_id: part.restaurant_id,
            amount: BigInt(part.amount),
          },
          { order_id: sub.order_id, currency: sub.currency },
          zonedDate(now, sub.time_zone),
        ),
        ctx,
      )
    await applyOrderPaidOut(trx, updated.food_order_id, BigInt(part.amount), ctx)
    await syncCourtStatus(trx, part.court_order_id)
  })
  return payout.status === 'paid' ? 'paid_out' : 'pending'
}

/**
 * A sub-order reached delivered / picked up: its part is due now; a part already paid out by the
 * fallback gets its sub-order's paid-out fields now (7 → 8).
 */
export async function subOrderDelivered(
  services: Services,
  ctx: Ctx,
  foodOrderId: string,
): Promise<ReleaseOutcome | null> {
  const part = await services.db
    .selectFrom('food_court_parts')
    .selectAll()
    .where('food_order_id', '=', foodOrderId)
    .executeTakeFirst()
  if (!part) return null
  if (part.status === 'paid_out') {
    await services.db.transaction().execute(async (trx) => {
      await applyOrderPaidOut(trx, foodOrderId, BigInt(part.amount), ctx)
      await syncCourtStatus(trx, part.court_order_id)
    })
    return 'paid_out'
  }
  return releasePart(services, ctx, part.id)
}

/** Parts due by the fallback (`release_after` passed) and parts whose release is unfinished. */
export async function partsToRelease(db: DbOrTrx, now = new Date(), limit = 100): Promise<string[]> {
  const rows = await db
    .selectFrom('food_court_parts')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'held'), eb('release_after', '<=', now)]),
        eb.and([eb('status', '=', 'releasing'), eb('updated_at', '<', new Date(now.getTime() - 60_000))]),
      ]),
    )
    .orderBy('release_after')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

/**
 * The restaurant rejects its part of a court order (`POST programs/{restaurant}/court-orders/{sub}/reject`):
 * only this part is refunded to the guest, its whole gross (the court forgoes its fee share on it);
 * the other parts go on. Payments posts the refund from the court's sub-account (230 → 120); this
 * moves the restaurant's held part back to the court's (230 → 230), so each sub-account says what
 * it is owed. Only a part held (paid, not released); a repeat of a finished rejection answers it.
 */
export async function rejectPart(
  services: Services,
  ctx: Ctx,
  me: Caller,
  restaurantId: string,
  foodOrderId: string,
) {
  const { db } = services
  await restaurantOfStaff(db, me, restaurantId)
  const part = await db
    .selectFrom('food_court_parts')
    .selectAll()
    .where('food_order_id', '=', foodOrderId)
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirst()
  if (!part) throw notFound('order')
  if (part.status !== 'refunded') {
    const claimed = await db.transaction().execute(async (trx) => {
      const p = await trx
        .selectFrom('food_court_parts')
        .selectAll()
        .where('id', '=', part.id)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (p.status === 'refunding') return p
      const sub = await trx
        .selectFrom('food_orders')
        .select('status')
        .where('id', '=', p.food_order_id)
        .executeTakeFirstOrThrow()
      if (!rejectable(p.status, sub.status))
        throw conflict(
          'this part can no longer be rejected: it is not paid, delivered or paid out already',
          'part_not_rejectable',
        )
      await trx
        .updateTable('food_court_parts')
        .set({ status: 'refunding', updated_at: new Date() })
        .where('id', '=', p.id)
        .execute()
      return p
    })
    await finishRejection(services, ctx, claimed.id)
  }
  const order = await db
    .selectFrom('food_court_orders')
    .selectAll()
    .where('id', '=', part.court_order_id)
    .executeTakeFirstOrThrow()
  const [json] = await courtOrdersJson(db, [order])
  return json!.food_court_suborders.find((s) => s.uuid === foodOrderId)!
}

/**
 * `GET programs/{restaurant}/court-orders/{sub}`: the restaurant's part of a court order as its
 * kitchen sees it (the court, gross, fee, payout, status) and whether it can still be rejected.
 * Not a sub-order of this restaurant: 404.
 */
export async function restaurantPart(db: DbOrTrx, me: Caller, restaurantId: string, foodOrderId: string) {
  await restaurantOfStaff(db, me, restaurantId)
  const part = await db
    .selectFrom('food_court_parts')
    .selectAll()
    .where('food_order_id', '=', foodOrderId)
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirst()
  if (!part) throw notFound('order')
  const order = await db
    .selectFrom('food_court_orders')
    .selectAll()
    .where('id', '=', part.court_order_id)
    .executeTakeFirstOrThrow()
  const [json] = await courtOrdersJson(db, [order])
  const sub = json!.food_court_suborders.find((s) => s.uuid === foodOrderId)!
  return {
    ...sub,
    court_uuid: json!.court_uuid,
    court_title: json!.court_title,
    court_order_uuid: json!.uuid,
    currency: json!.currency,
    can_reject: rejectable(part.status, sub.order_status),
  }
}

/** A part may be rejected while it is held and its sub-order paid, cooking or on its way. */
const rejectable = (partStatus: string, orderStatus: number) =>
  partStatus === 'held' && [3, 5, 6].includes(orderStatus)

/**
 * Sends a claimed part's refund (our refund id is the provider's key) and records it once. The
 * refund is recorded in the transaction that names it on the part, under the part's row lock: a
 * retry (the request sent again after its process died, or the sweeper) finds it named and never
 * records a second one (found by `npm run chaos`: a worker killed between recording the refund and
 * naming it gave the guest the part twice, and the other restaurant's payout was then refused).
 */
export async function finishRejection(services: Services, ctx: Ctx, partId: string): Promise<void> {
  const { db } = services
  const part = await findPart(db, partId)
  if (part?.status !== 'refunding') return
  const order = await db
    .selectFrom('food_court_orders')
    .selectAll()
    .where('id', '=', part.court_order_id)
    .executeTakeFirstOrThrow()
  if (!part.refund_id) {
    const recorded = await db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('food_court_parts')
        .select(['status', 'refund_id'])
        .where('id', '=', partId)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (locked.status !== 'refunding' || locked.refund_id) return null
      const [refundId] = await refundUnwantedPayment(
        trx,
        order.payment_id!,
        'rejected by the restaurant',
        ctx,
        BigInt(part.gross),
      )
      if (!refundId)
        throw conflict('the payment has nothing left to give back for this part', 'not_refundable')
      await trx
        .updateTable('food_court_parts')
        .set({ refund_id: refundId })
        .where('id', '=', partId)
        .execute()
      return refundId
    })
    // Asked at once, so the answer says it; the queue asks again after the commit if this is lost.
    if (recorded) await sendRefund(services, recorded, ctx)
  }
  await db.transaction().execute(async (trx) => {
    const now = new Date()
    const done = await trx
      .updateTable('food_court_parts')
      .set({ status: 'refunded', refunded_at: now, updated_at: now })
      .where('id', '=', partId)
      .where('status', '=', 'refunding')
      .returning('id')
      .executeTakeFirst()
    if (!done) return
    // Off the restaurant's kitchen board: the guest has the money back, there is nothing to cook.
    await applySubOrderRejected(trx, part.food_order_id)
    const reversal = await saleReversal(trx, order, part, now)
    if (reversal) await publish(trx, ledgerEntryRequested, reversal, ctx)
    if (BigInt(part.amount) > 0n) {
      const court = await trx
        .selectFrom('food_courts')
        .select('time_zone')
        .where('program_id', '=', order.court_id)
        .executeTakeFirst()
      await publish(
        trx,
        ledgerEntryRequested,
        partRefundedEntry(
          { ...part, court_id: order.court_id, amount: BigInt(part.amount) },
          order,
          zonedDate(now, court?.time_zone ?? 'Europe/Amsterdam'),
        ),
        ctx,
      )
    }
    await syncCourtStatus(trx, part.court_order_id)
  })
  nudgeBoards(services, part.restaurant_id)
}

/** The credit note of a rejected part's sale (its sale was posted when the part was held). */
async function saleReversal(
  trx: Trx,
  order: { court_id: string; currency: string },
  part: {
    id: string
    food_order_id: string
    restaurant_id: string
    gross: unknown
    fee: unknown
    amount: unknown
  },
  now: Date,
) {
  const sub = (await subOrderFacts(trx, [part.food_order_id])).get(part.food_order_id)
  if (!sub) return null
  return partSaleEntry(
    {
      id: part.id,
      court_id: order.court_id,
      restaurant_id: part.restaurant_id,
      gross: BigInt(part.gross as string),
      fee: BigInt(part.fee as string),
      amount: BigInt(part.amount as string),
    },
    { order_id: sub.order_id, vat: sub.vat, currency: order.currency },
    zonedDate(now, sub.time_zone),
    true,
  )
}

/** payments' refund rule for a court order: only through a part's rejection (one being refunded). */
export async function courtRefundRule(db: DbOrTrx, payableId: string) {
  const refunding = await db
    .selectFrom('food_court_parts')
    .select('id')
    .where('court_order_id', '=', payableId)
    .where('status', '=', 'refunding')
    .executeTakeFirst()
  return refunding
    ? null
    : {
        reason: 'part_not_rejectable' as const,
        message: 'a food court order is refunded part by part: the restaurant rejects its part',
      }
}
