import { z } from 'zod'
import { applyOrderPaidOut, foodOrderStatusChanged, orderForPayout } from '../../food/index.ts'
import { paymentEnded, paymentFacts, paymentPaid, providerWebhookAccepted } from '../../payments/index.ts'
import { type Actor, system } from '../../platform/context.ts'
import { defineHandler, defineJob } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { pendingOnboardings, pollOnboarding } from '../commands/invites.ts'
import {
  applyCourtOrderPaid,
  applyCourtOrderPaymentEnded,
  courtOrderPayable,
  nudgeBoards,
  syncCourtStatus,
} from '../commands/orders.ts'
import { finishRejection, partsToRelease, releasePart, subOrderDelivered } from '../commands/payouts.ts'

const ctxOf = (event: {
  actor?: Actor | null | undefined
  request_id?: string | null | undefined
  id: string
}) => ({
  actor: event.actor ?? system('food-court'),
  requestId: event.request_id ?? event.id,
})

/** The court order's one payment was paid: the order, its sub-orders and their kitchen boards. */
export const onCourtOrderPaid = defineHandler({
  name: 'food-court.order-paid',
  event: paymentPaid,
  queue: 'payments',
  async handle({ event, services, log }) {
    if (event.payload.payable_kind !== courtOrderPayable) return
    let restaurants: string[] = []
    await once(services.db, event.id, 'food-court.order-paid', async (trx) => {
      restaurants = await applyCourtOrderPaid(
        trx,
        event.payload.payable_id,
        event.payload.payment_id,
        ctxOf(event),
      )
    })
    for (const r of restaurants) nudgeBoards(services, r)
    if (restaurants.length)
      log.info({ food_court_order_id: event.payload.payable_id }, 'food court order paid')
  },
})

export const onCourtOrderPaymentEnded = defineHandler({
  name: 'food-court.order-payment-ended',
  event: paymentEnded,
  queue: 'payments',
  async handle({ event, services }) {
    if (event.payload.payable_kind !== courtOrderPayable) return
    await once(services.db, event.id, 'food-court.order-payment-ended', async (trx) => {
      await applyCourtOrderPaymentEnded(trx, event.payload.payable_id, event.payload.payment_id, ctxOf(event))
    })
  },
})

/**
 * The payouts (queue `payouts`) follow the food orders' statuses. A court sub-order's status moves
 * its court order's; delivered / picked up (7) releases its part (releasePart is exactly-once on its
 * own, so it runs again on a retry even after the status was recorded). A single restaurant's order
 * delivered is paid out at once (7 → 8): its payment went to the restaurant's own provider account,
 * so there is nothing to transfer (docs/food-court.md "Status 8").
 */
export const onFoodOrderStatus = defineHandler({
  name: 'food-court.payout-on-status',
  event: foodOrderStatusChanged,
  queue: 'payouts',
  async handle({ event, services, log }) {
    const { order_id, to } = event.payload
    const ctx = ctxOf(event)
    const part = await services.db
      .selectFrom('food_court_parts')
      .select(['id', 'court_order_id'])
      .where('food_order_id', '=', order_id)
      .executeTakeFirst()
    if (part) {
      await once(services.db, event.id, 'food-court.payout-on-status', async (trx) => {
        await syncCourtStatus(trx, part.court_order_id)
      })
      if (to === 7) {
        const outcome = await subOrderDelivered(services, ctx, order_id)
        log.info({ food_order_id: order_id, outcome }, 'court part released on delivery')
      }
      return
    }
    if (to !== 7) return
    await once(services.db, event.id, 'food-court.payout-on-status', async (trx) => {
      const order = await orderForPayout(trx, order_id)
      if (order?.status !== 7) return
      const facts = order.payment_id ? await paymentFacts(trx, order.payment_id) : undefined
      const refunded = facts ? BigInt(facts.refunded_amount) : 0n
      const amount = BigInt(order.total) - refunded
      await applyOrderPaidOut(trx, order_id, amount > 0n ? amount : 0n, ctx)
    })
  },
})

/** A provider webhook not about a payment (a merchant's onboarding changed): ask about pending ones. */
export const onProviderWebhook = defineHandler({
  name: 'food-court.onboarding-webhook',
  event: providerWebhookAccepted,
  queue: 'payments',
  async handle({ event, services }) {
    if (event.payload.provider_payment_id) return
    for (const id of await pendingOnboardings(services.db, 0)) await pollOnboarding(services, id)
  },
})

/**
 * Every minute (and when a worker starts): parts due by the fallback delay, releases a dead worker
 * left unfinished, rejections whose refund is not recorded yet, and onboardings no webhook told us
 * about (polled at most once a minute each). The database says what is due: a lost Redis loses
 * nothing.
 */
export const payoutSweep = defineJob({
  name: 'food-court.payout-sweep',
  version: 1,
  queue: 'payouts',
  schema: z.object({}).passthrough(),
  schedule: { every: 60_000 },
  runOnStart: true,
  async handle({ services, log }) {
    const ctx = { actor: system('food-court'), requestId: `payout-sweep-${Date.now()}` }
    for (const id of await partsToRelease(services.db)) {
      try {
        await releasePart(services, ctx, id)
      } catch (err) {
        log.warn({ err, part_id: id }, 'court part not released yet; tried again next minute')
      }
    }
    const refunding = await services.db
      .selectFrom('food_court_parts')
      .select('id')
      .where('status', '=', 'refunding')
      .where('updated_at', '<', new Date(Date.now() - 60_000))
      .execute()
    for (const r of refunding) {
      try {
        await finishRejection(services, ctx, r.id)
      } catch (err) {
        log.warn({ err, part_id: r.id }, 'court part refund not finished yet')
      }
    }
    for (const id of await pendingOnboardings(services.db, 60_000)) await pollOnboarding(services, id)
  },
})
