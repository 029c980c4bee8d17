import { sql } from 'kysely'
import { createUser } from '../identity/index.ts'
import { platformSandboxAccount } from '../payments/index.ts'
import type { Config } from '../platform/config.ts'
import { system } from '../platform/context.ts'
import type { Db } from '../platform/db.ts'
import { newId } from '../platform/ids.ts'
import { once } from '../platform/once.ts'
import { acceptorStatuses, programStatuses, programTypes } from '../programs/index.ts'
import { cardOrderPayable, cardTypes, maxCardValue } from './codes.ts'
import { issueOrder } from './commands/issue-order.ts'
import { orderDescription } from './commands/place-order.ts'
import { findPrice } from './db/prices.ts'
import { cardPrice, priceOrder } from './pricing.ts'
import type { ValiditySnapshot } from './validity.ts'

/**
 * Set-up and measurements for `npm run bench`'s card rows, against its scratch database. Rows are
 * inserted directly, as a bench harness may (the tests build the same state through the API): an
 * active card program whose card is a gift card with unlimited uses and the largest face value, an
 * order of it whose payment to the platform is paid, and for redemptions a card holder's activated cards
 * and an acceptor with a cashpoint in the program.
 */

const password = 'Bench-Pass-1'

export interface CardBench {
  ownerUserId: string
  programId: string
  orderId: string
  quantity: number
}

/**
 * A program owner, their active card program (gift cards, unlimited uses, face value
 * `maxCardValue`, valid while the program runs, no end), and an order of `quantity` cards priced
 * as `placeOrder` prices it, on a payment to the platform (its sandbox account) that is paid,
 * as the worker finds it when `payments.payment.paid` arrives.
 */
export async function prepareCardBench(
  db: Db,
  config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'DATA_DIR' | 'NODE_ENV'>,
  opts: { quantity: number },
): Promise<CardBench> {
  const owner = await createUser(db, {
    email: 'bench-card-owner@example.com',
    password,
    type: 1,
    first_name: 'Bench',
    last_name: 'Owner',
  })
  const programId = newId()
  const title = 'Bench gift cards'
  await db
    .insertInto('programs')
    .values({
      id: programId,
      owner_user_id: owner.id,
      type: programTypes.card,
      status: programStatuses.active,
      title,
      currency: 'EUR',
      activated_at: new Date(),
    })
    .execute()
  await db
    .insertInto('program_cards')
    .values({
      id: newId(),
      program_id: programId,
      type: cardTypes.gift,
      title: 'Bench gift card',
      value: BigInt(maxCardValue),
      currency: 'EUR',
      use_number: null,
      validity_mode: 'program',
    })
    .execute()

  const now = new Date()
  const price = await findPrice(db, cardTypes.gift, 'EUR')
  if (!price) throw new Error('no gift card price in EUR (the cards migration seeds one)')
  const pricing = priceOrder(opts.quantity, BigInt(maxCardValue), cardPrice(price.price, now))
  const validity: ValiditySnapshot = { mode: 'program', program_expiry_date: null }
  const orderId = newId()
  await db
    .insertInto('card_orders')
    .values({
      id: orderId,
      program_id: programId,
      owner_user_id: owner.id,
      card_type: cardTypes.gift,
      quantity: opts.quantity,
      unit_value: pricing.unit_value,
      unit_price: pricing.unit_price,
      unit_vat: pricing.unit_vat,
      vat_rate_bp: pricing.vat_rate_bp,
      amount: pricing.amount,
      currency: 'EUR',
      use_number: null,
      validity: JSON.stringify(validity),
      status: 'open',
    })
    .execute()
  // Card orders are paid to the platform (no program or owner receives them): its sandbox account.
  const accountId = await platformSandboxAccount(db, config)
  await db
    .insertInto('payments')
    .values({
      id: orderId,
      payable_kind: cardOrderPayable,
      payable_id: orderId,
      payer_user_id: owner.id,
      created_by: owner.id,
      account_id: accountId,
      amount: pricing.amount,
      currency: 'EUR',
      status: 'paid',
      method: 'card',
      description: orderDescription(opts.quantity, title),
      expires_at: new Date(now.getTime() + 24 * 3600 * 1000),
      paid_at: now,
    })
    .execute()
  return { ownerUserId: owner.id, programId, orderId, quantity: opts.quantity }
}

export interface IssuingBenchResult {
  cards: number
  seconds: number
  perSecond: number
}

/**
 * Issues the bench order's cards as the worker's `cards.card-order-paid` handler does (`once`
 * around `issueOrder`: the processed-event record, the order, the cards, the ledger request and
 * the event in one transaction), timed from the start of that transaction to its commit.
 */
export async function benchIssuing(db: Db, bench: CardBench): Promise<IssuingBenchResult> {
  const eventId = newId()
  const ctx = { actor: system('cards'), requestId: eventId }
  let issued = 0
  const started = performance.now()
  await once(db, eventId, 'cards.card-order-paid', async (trx) => {
    issued = (await issueOrder(trx, bench.orderId, ctx))?.issued ?? 0
  })
  const seconds = (performance.now() - started) / 1000
  if (issued !== bench.quantity) throw new Error(`issued ${issued} cards of ${bench.quantity}`)
  return { cards: issued, seconds, perSecond: Math.round(issued / seconds) }
}

export interface RedemptionBench {
  acceptorEmail: string
  acceptorPassword: string
  cashpointId: string
  /** The activated cards' tokens, for the load to rotate through. */
  tokens: string[]
}

/**
 * For load on `POST card/redemptions`: `cards` of the bench order's issued cards activated by one
 * card holder, and an acceptor who takes part in the program (active) with an open cashpoint in
 * it. The cards have unlimited uses and `maxCardValue` each, so no redemption of a small amount
 * is refused.
 */
export async function prepareRedemptionBench(
  db: Db,
  bench: CardBench,
  opts: { cards: number },
): Promise<RedemptionBench> {
  const holder = await createUser(db, {
    email: 'bench-card-holder@example.com',
    password,
    type: 3,
    first_name: 'Bench',
    last_name: 'Holder',
  })
  const activated = await sql<{ token: string }>`
    update cards set status = 'active', holder_user_id = ${holder.id}::uuid, activated_at = now(), updated_at = now()
     where id in (select id from cards where order_id = ${bench.orderId}::uuid and status = 'issued'
                  order by id limit ${opts.cards})
    returning token`.execute(db)
  if (activated.rows.length !== opts.cards) {
    throw new Error(`activated ${activated.rows.length} cards of ${opts.cards}: issue the order first`)
  }
  const acceptorEmail = 'bench-card-acceptor@example.com'
  const acceptor = await createUser(db, {
    email: acceptorEmail,
    password,
    type: 2,
    first_name: 'Bench',
    last_name: 'Acceptor',
  })
  const now = new Date()
  await db
    .insertInto('program_acceptors')
    .values({
      id: newId(),
      program_id: bench.programId,
      email: acceptorEmail,
      acceptor_user_id: acceptor.id,
      status: acceptorStatuses.active,
      invited_by_user_id: bench.ownerUserId,
      responded_at: now,
    })
    .execute()
  const cashpointId = newId()
  await db
    .insertInto('cashpoints')
    .values({
      id: cashpointId,
      program_id: bench.programId,
      acceptor_user_id: acceptor.id,
      title: 'Bench counter',
    })
    .execute()
  return {
    acceptorEmail,
    acceptorPassword: password,
    cashpointId,
    tokens: activated.rows.map((r) => r.token),
  }
}

export interface CardTotals {
  /** What is left on the program's cards. */
  balance: bigint
  /** Completed redemptions in the program: their count, amounts taken and value forfeited. */
  redemptions: number
  redeemed: bigint
  forfeited: bigint
}

/**
 * The program's card balances and redemptions, to check after a load that every redemption came
 * off the cards exactly: the drop in balance equals the amounts taken plus what was forfeited.
 */
export async function cardTotals(db: Db, bench: Pick<CardBench, 'programId'>): Promise<CardTotals> {
  const cards = await sql<{ balance: string | null }>`
    select sum(balance)::text as balance from cards where program_id = ${bench.programId}::uuid`.execute(db)
  const taken = await sql<{ count: string; amount: string | null; forfeited: string | null }>`
    select count(*)::text as count, sum(amount)::text as amount, sum(forfeited)::text as forfeited
      from card_redemptions where program_id = ${bench.programId}::uuid and status = 'completed'`.execute(db)
  const t = taken.rows[0]!
  return {
    balance: BigInt(cards.rows[0]?.balance ?? 0),
    redemptions: Number(t.count),
    redeemed: BigInt(t.amount ?? 0),
    forfeited: BigInt(t.forfeited ?? 0),
  }
}
