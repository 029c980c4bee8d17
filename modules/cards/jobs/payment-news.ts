import { paymentEnded, paymentPaid } from '../../payments/index.ts'
import { system } from '../../platform/context.ts'
import { defineHandler } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { cardOrderPayable } from '../codes.ts'
import { endOrder, issueOrder } from '../commands/issue-order.ts'

/**
 * What the cards module does when a card order's payment changes (payments module events, on the
 * payments queue, once per event: the processed record and the effect share one transaction).
 */

export const onCardOrderPaid = defineHandler({
  name: 'cards.card-order-paid',
  event: paymentPaid,
  queue: 'payments',
  async handle({ event, services, log }) {
    if (event.payload.payable_kind !== cardOrderPayable) return
    const ctx = { actor: event.actor ?? system('cards'), requestId: event.request_id ?? event.id }
    let result: Awaited<ReturnType<typeof issueOrder>> = null
    await once(services.db, event.id, 'cards.card-order-paid', async (trx) => {
      result = await issueOrder(trx, event.payload.payable_id, ctx)
    })
    const done = result as Awaited<ReturnType<typeof issueOrder>>
    if (done) {
      log.info(
        { card_order_id: done.order.id, program_id: done.order.program_id, cards: done.issued },
        'card order paid: cards issued',
      )
    }
  },
})

export const onCardOrderEnded = defineHandler({
  name: 'cards.card-order-ended',
  event: paymentEnded,
  queue: 'payments',
  async handle({ event, services, log }) {
    if (event.payload.payable_kind !== cardOrderPayable) return
    await once(services.db, event.id, 'cards.card-order-ended', async (trx) => {
      const ended = await endOrder(trx, event.payload.payable_id, event.payload.status)
      if (ended) log.info({ card_order_id: ended.id, status: ended.status }, 'card order ended unpaid')
    })
  },
})
