import {
  closePayment,
  paymentEnded,
  paymentFacts,
  paymentPaid,
  refundUnwantedPayment,
} from '../../payments/index.ts'
import { system } from '../../platform/context.ts'
import { renderEmail } from '../../platform/mail/render.ts'
import { defineHandler } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { findProgram } from '../../programs/index.ts'
import { findRestaurantRow } from '../db/restaurants.ts'
import { foodOrderEmail } from '../mail/index.ts'
import { orderNumber } from '../shared.ts'
import { statusName } from './codes.ts'
import { foodOrderStatusChanged } from './events.ts'
import {
  applyOrderPaid,
  applyOrderPaymentEnded,
  findOrder,
  foodOrderPayable,
  nudgeBoards,
  type OrderPaidOutcome,
} from './life.ts'

/**
 * What food does when a food order's payment changes (payments' events, on the payments queue,
 * once per event: the processed record and the effect share one transaction), and the customer's
 * e-mails about their order.
 */
export const onFoodOrderPaid = defineHandler({
  name: 'food.order-paid',
  event: paymentPaid,
  queue: 'payments',
  async handle({ event, services, log }) {
    if (event.payload.payable_kind !== foodOrderPayable) return
    const ctx = { actor: event.actor ?? system('food'), requestId: event.request_id ?? event.id }
    let outcome: OrderPaidOutcome = { kind: 'none' }
    await once(services.db, event.id, 'food.order-paid', async (trx) => {
      const order = await findOrder(trx, event.payload.payable_id)
      if (!order) return
      const restaurant = await findRestaurantRow(trx, order.program_id)
      outcome = await applyOrderPaid(
        trx,
        order.id,
        event.payload.payment_id,
        ctx,
        restaurant?.time_zone ?? 'Europe/Amsterdam',
      )
      // Paid twice (a late capture after cash at the counter, or after another payment of the
      // order): the refund is recorded with this decision, so a crash now cannot lose it; the
      // payments queue sends it, reconciliation again if that is lost.
      if (outcome.kind === 'unwanted')
        await refundUnwantedPayment(trx, event.payload.payment_id, 'food order paid otherwise', ctx)
    })
    const done = outcome as OrderPaidOutcome
    if (done.kind === 'unwanted') {
      log.info(
        {
          food_order_id: done.order.id,
          payment_id: event.payload.payment_id,
          paid_by: done.order.payment_method,
        },
        'late capture of a paid food order refunded',
      )
    }
    if (done.kind === 'paid') {
      nudgeBoards(services, done.order.program_id)
      log.info({ food_order_id: done.order.id }, 'food order paid')
      // A late capture of an older payment paid the order: its newer payment can take no money now.
      // Should this close be lost (a crash, the payer in the middle of paying), a capture of it
      // still arrives here as `unwanted` and is refunded.
      if (done.superseded) {
        const closed = await closePayment(services.db, done.superseded, ctx).catch((err: Error) => {
          log.warn({ err, payment_id: done.superseded }, 'superseded food order payment not closed')
          return 'failed'
        })
        log.info(
          { food_order_id: done.order.id, payment_id: done.superseded, closed },
          'newer payment closed',
        )
      }
    }
  },
})

export const onFoodOrderPaymentEnded = defineHandler({
  name: 'food.order-payment-ended',
  event: paymentEnded,
  queue: 'payments',
  async handle({ event, services }) {
    if (event.payload.payable_kind !== foodOrderPayable) return
    const ctx = { actor: event.actor ?? system('food'), requestId: event.request_id ?? event.id }
    await once(services.db, event.id, 'food.order-payment-ended', async (trx) => {
      await applyOrderPaymentEnded(trx, event.payload.payable_id, event.payload.payment_id, ctx)
    })
  },
})

/** The statuses the customer hears of: paid, ready / out for delivery, delivered / picked up. */
const mailedStatuses = new Set([3, 6, 7])

/**
 * Tells the customer of their order's progress in the language they ordered in. The Message-ID
 * derives from the order and status, so a retry after a crash between sending and recording is
 * the same message.
 */
export const sendFoodOrderEmail = defineHandler({
  name: 'food.send-order-email',
  event: foodOrderStatusChanged,
  queue: 'notifications',
  async handle({ event, services, log }) {
    const { to } = event.payload
    if (!mailedStatuses.has(to)) return
    const name = 'food.send-order-email'
    await once(services.db, event.id, name, async (trx) => {
      const order = await findOrder(trx, event.payload.order_id)
      if (!order) return log.warn({ food_order_id: event.payload.order_id }, 'order gone; no e-mail')
      // A counter order's customer may have left no address: nothing to send.
      if (!order.email) return
      const program = await findProgram(trx, order.program_id)
      // The order's page on the host it was ordered on (a restaurant's own domain, the payment's
      // return address): the guest's session lives there, not on the platform's host.
      const payment = order.payment_id ? await paymentFacts(trx, order.payment_id) : undefined
      const origin = payment?.return_origin ?? services.config.PUBLIC_URL
      const items = await trx
        .selectFrom('food_order_items')
        .select(['title', 'quantity', 'price'])
        .where('order_id', '=', order.id)
        // The dishes: a delivery or pickup fee line is in the total, not in "what you ordered"
        // (its stored title is English; the receipt names fees in the order's language).
        .where('kind', '=', 'product')
        .orderBy('position')
        .execute()
      await services.mailer.send({
        to: order.email,
        ...renderEmail(foodOrderEmail, order.language, {
          status: statusName(to as 3 | 6 | 7, order.pickup_in_restaurant) as 'paid',
          name: order.name,
          restaurant: program?.title ?? 'Cardpay',
          // Written as every screen writes it: #4.
          number: orderNumber(order.order_id),
          total: { amount: order.total, currency: order.currency },
          items: items.map((i) => `${i.quantity} × ${i.title}`).slice(0, 50),
          url: `${origin}/orders/${order.id}`,
        }),
        messageId: `food-order.${order.id}.${to}@cardpay`,
      })
    })
  },
})
