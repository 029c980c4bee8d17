import { accounts, ledgerEntryRequested } from '../../ledger/index.ts'
import { paymentFacts } from '../../payments/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Trx } from '../../platform/db.ts'
import { publish } from '../../platform/events.ts'
import { zonedDate } from '../dates.ts'
import { insertIssuedCards } from '../db/cards.ts'
import { lockOrder, type OrderRow, updateOrder } from '../db/orders.ts'
import { cardOrderIssued } from '../events.ts'
import { expiryAtIssue, type ValiditySnapshot } from '../validity.ts'

type Ctx = Pick<RequestContext, 'actor' | 'requestId'>

/**
 * The ledger entry of an issued order (journal `cards`): the platform's capture of the payment
 * (230, general: payments credited it there, the payment having no receiver) pays for the value
 * on the cards (220, the program's sub-account), the platform's income from the cards' price (410)
 * and the VAT on that price (210). Zero lines are left out (a flexible gift card has no value yet).
 */
export function issuedEntry(order: OrderRow, date: string) {
  const q = BigInt(order.quantity)
  const credits = [
    {
      account: accounts.cards,
      sub_account: { kind: 'program' as const, external_id: order.program_id },
      amount: q * order.unit_value,
    },
    { account: accounts.income, amount: q * order.unit_price },
    { account: accounts.vat_on_sales, amount: q * order.unit_vat },
  ].filter((l) => l.amount > 0n)
  return {
    journal: 'cards' as const,
    date,
    description: `Card order ${order.number}: ${order.quantity} cards issued`,
    description_code: 'card_order.issued' as const,
    description_params: {
      number: Number(order.number),
      quantity: order.quantity,
      order: order.id,
      program: order.program_id,
    },
    source: { kind: 'card_order.issued', id: order.id },
    lines: [
      { account: accounts.acceptor, currency: order.currency, debit: Number(order.amount) },
      ...credits.map((l) => ({
        account: l.account,
        ...('sub_account' in l ? { sub_account: l.sub_account } : {}),
        currency: order.currency,
        credit: Number(l.amount),
      })),
    ],
  }
}

/**
 * Issues the cards of a paid order, in the caller's transaction (the payment-paid handler's, which
 * records the event as processed in the same one): the order becomes `paid`, its `quantity` cards
 * are created with unique tokens (dated to expire when that is known before activation), and the
 * ledger entry is requested. An order already paid is left alone, so a second paid event for the
 * same payment issues nothing. A superseded (cancelled) or expired order whose payment is captured
 * after all is honoured: the money was taken, so the cards are issued.
 */
export async function issueOrder(
  trx: Trx,
  orderId: string,
  ctx: Ctx,
): Promise<{ order: OrderRow; issued: number } | null> {
  const order = await lockOrder(trx, orderId)
  if (!order || order.status === 'paid') return null
  const payment = await paymentFacts(trx, orderId)
  const paidAt = payment?.paid_at ?? new Date()
  const issued = await insertIssuedCards(
    trx,
    {
      order_id: order.id,
      program_id: order.program_id,
      card_type: order.card_type,
      value: order.unit_value,
      currency: order.currency,
      use_number: order.use_number,
      expires_at: expiryAtIssue(order.validity as unknown as ValiditySnapshot),
    },
    order.quantity,
  )
  const paid = await updateOrder(trx, order.id, {
    status: 'paid',
    paid_at: paidAt,
    ended_at: null,
    cards_issued: issued,
  })
  await publish(trx, ledgerEntryRequested, issuedEntry(paid, zonedDate(paidAt)), ctx)
  await publish(
    trx,
    cardOrderIssued,
    { order_id: paid.id, program_id: paid.program_id, quantity: issued },
    ctx,
  )
  return { order: paid, issued }
}

/**
 * An open order whose payment ended without money: expired (nobody paid in time), or cancelled
 * and closed for good. A failed attempt leaves the order open: the owner may pay with another card.
 */
export async function endOrder(
  trx: Trx,
  orderId: string,
  ended: 'failed' | 'cancelled' | 'expired',
): Promise<OrderRow | null> {
  if (ended === 'failed') return null
  const order = await lockOrder(trx, orderId)
  if (order?.status !== 'open') return null
  if (ended === 'cancelled') {
    // A payer who cancels on the provider's page may still start again while the payment lives.
    const payment = await paymentFacts(trx, orderId)
    if (payment && payment.expires_at.getTime() > Date.now()) return null
  }
  return updateOrder(trx, order.id, { status: ended, ended_at: new Date() })
}
