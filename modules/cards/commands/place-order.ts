import { portalUrl } from '../../identity/index.ts'
import { closePayment, createPayment } from '../../payments/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { businessRule, conflict } from '../../platform/errors.ts'
import { committedEffect, recordEffect } from '../../platform/idempotency.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { type ProgramSummary, programStatuses } from '../../programs/index.ts'
import { type Caller, cardProgramOf } from '../access.ts'
import { cardOrderPayable } from '../codes.ts'
import { zonedDate } from '../dates.ts'
import { findOpenOrder, findOrder, insertOrder, type OrderRow, updateOrder } from '../db/orders.ts'
import { findPrice } from '../db/prices.ts'
import { findCardOfProgram, type ProgramCardRow } from '../db/program-cards.ts'
import {
  cardNotComplete,
  noCardPrice,
  orderBeingIssued,
  orderInPayment,
  programNotActive,
  programPeriodEnded,
} from '../errors.ts'
import { isComplete, validityOf } from '../model.ts'
import { cardPrice, type OrderPricing, priceOrder } from '../pricing.ts'
import type { ValiditySnapshot } from '../validity.ts'

/** What the owner is asked to pay: the cards of one order, and their program. */
export const orderDescription = (quantity: number, programTitle: string) =>
  `${quantity} ${quantity === 1 ? 'card' : 'cards'} — ${programTitle}`

interface Orderable {
  program: ProgramSummary
  card: ProgramCardRow
  pricing: OrderPricing
}

/** Whether the program takes an order of `quantity` cards now, and at what price. */
async function orderable(
  db: DbOrTrx,
  program: ProgramSummary,
  quantity: number,
  now: Date,
): Promise<Orderable> {
  if (program.status !== programStatuses.active) throw programNotActive()
  const card = await findCardOfProgram(db, program.uuid)
  if (!card || !isComplete(card)) throw cardNotComplete()
  if (card.expiry_date && card.expiry_date < zonedDate(now)) throw programPeriodEnded()
  const price = await findPrice(db, card.type, program.currency)
  if (!price) throw noCardPrice(program.currency)
  const pricing = priceOrder(quantity, card.value as bigint, cardPrice(price.price, now))
  if (pricing.amount <= 0n) {
    throw businessRule('these cards cost nothing: there is nothing to pay', 'order_amount_zero')
  }
  return { program, card, pricing }
}

/**
 * Places an order of cards for an active card program (spec: `POST payment/order`) and its payment
 * (payable `card_order`, paid to the platform: no program or owner receives it; the owner is its
 * payer). The order's uuid is its payment's uuid, so `payment/pay {order_uuid}` pays it.
 *
 * An open order of the program is superseded: its payment is closed first (it can no longer be
 * paid) and the order cancelled. When its payer is in the middle of paying it, the new order is
 * refused (409 `order_in_payment`); when it has just been paid, too (409 `order_paid`: its cards
 * are being issued). The program row is locked while the order is written, so two orders placed at
 * once never both stay open.
 */
export async function placeOrder(
  services: Pick<Services, 'db' | 'config'>,
  ctx: RequestContext,
  me: Caller,
  input: { program_uuid: string; quantity: number },
): Promise<OrderRow> {
  const { db, config } = services
  // A retry of a request that placed its order and died before answering: that order. Checked
  // before anything else, since the order it placed is the open one a new order would replace.
  const committed = await db.transaction().execute((trx) => committedEffect(trx, ctx.idempotency))
  const earlier = committed ? await findOrder(db, committed) : undefined
  if (earlier) return earlier
  for (let round = 0; round < 3; round++) {
    const program = await cardProgramOf(db, me, input.program_uuid)
    await orderable(db, program, input.quantity, new Date())
    const open = await findOpenOrder(db, program.uuid)
    if (open) {
      const outcome = await closePayment(db, open.id, ctx)
      if (outcome === 'in_payment') throw orderInPayment()
      if (outcome === 'paid') throw orderBeingIssued()
    }
    const placed = await db.transaction().execute(async (trx) => {
      const locked = await cardProgramOf(trx, me, input.program_uuid, { lock: trx })
      const now = new Date()
      const { card, pricing } = await orderable(trx, locked, input.quantity, now)
      const current = await findOpenOrder(trx, locked.uuid)
      // Another order was placed meanwhile: close that one first.
      if (current && current.id !== open?.id) return null
      if (current) await updateOrder(trx, current.id, { status: 'cancelled', ended_at: now })
      const id = newId()
      const validity: ValiditySnapshot = {
        ...(validityOf(card) as NonNullable<ReturnType<typeof validityOf>>),
        program_expiry_date: card.expiry_date,
      }
      const order = await insertOrder(trx, {
        id,
        program_id: locked.uuid,
        owner_user_id: locked.owner_user_id,
        card_type: card.type,
        quantity: input.quantity,
        unit_value: pricing.unit_value,
        unit_price: pricing.unit_price,
        unit_vat: pricing.unit_vat,
        vat_rate_bp: pricing.vat_rate_bp,
        amount: pricing.amount,
        currency: locked.currency,
        use_number: card.use_number,
        validity: JSON.stringify(validity),
        status: 'open',
      })
      await createPayment(
        services,
        ctx,
        {
          id,
          payable: { kind: cardOrderPayable, id },
          amount: pricing.amount,
          currency: locked.currency,
          description: orderDescription(input.quantity, locked.title),
          // Read in each payer's language: "24 kaarten — …" on a Dutch checkout and receipt.
          description_code: 'card_order',
          description_params: { quantity: input.quantity, program_title: locked.title },
          payer_user_id: locked.owner_user_id,
          return_url: portalUrl(config, 'programs', `/programs/${locked.uuid}/order`, { order: id }),
          metadata: { card_order_uuid: id, program_uuid: locked.uuid, quantity: String(input.quantity) },
        },
        trx,
      )
      await recordEffect(trx, ctx.idempotency, id)
      return { order, superseded: current?.id ?? null }
    })
    if (placed) {
      ctx.log.info(
        {
          card_order_id: placed.order.id,
          program_id: placed.order.program_id,
          quantity: placed.order.quantity,
          amount: Number(placed.order.amount),
          superseded: placed.superseded,
        },
        'card order placed',
      )
      return placed.order
    }
  }
  throw conflict(
    'other orders are being placed for this program at the same time: try again',
    'order_conflict',
  )
}
