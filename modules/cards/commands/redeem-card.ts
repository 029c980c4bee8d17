import { accounts, ledgerEntryRequested } from '../../ledger/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Trx } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { committedEffect, recordEffect } from '../../platform/idempotency.ts'
import { newId } from '../../platform/ids.ts'
import { formatMoney } from '../../platform/money.ts'
import { consume, type RateLimit } from '../../platform/rate-limit.ts'
import { findProgram, type ProgramSummary, programStatuses } from '../../programs/index.ts'
import { type Caller, cashpointForCards } from '../access.ts'
import { zonedDate } from '../dates.ts'
import { type CardRow, findCardByToken, lockCard, updateCard } from '../db/cards.ts'
import {
  findRedemption,
  insertRedemption,
  lockRedemption,
  type RedemptionRow,
  updateRedemption,
} from '../db/redemptions.ts'
import {
  amountAboveBalance,
  cardBlocked,
  cardExpired,
  cardNotActivated,
  redemptionAlreadyReversed,
  redemptionNotReversible,
} from '../errors.ts'
import { cardRedeemed, redemptionReversed } from '../events.ts'
import { cardState, type ReversalRefusal, redeem, reverse, whyNotReversible } from '../redemption.ts'
import type { TokenServices } from './activate-card.ts'

/**
 * Looking tokens up at a cashpoint, per acceptor: every preview counts, and so does a redemption
 * whose token is no card of the program, so tokens cannot be guessed at a till (80 random bits
 * make that hopeless anyway; this keeps it so).
 */
export const cashpointLookups: RateLimit = { name: 'card:cashpoint', limit: 30, windowSeconds: 60 }

const countLookup = (services: TokenServices, me: Caller) =>
  consume(services.redis, services.config.REDIS_PREFIX, cashpointLookups, me.user_id)

/** A card of the program by its token; a card of another program is as unknown as none (404). */
async function cardOfProgram(services: TokenServices, program: ProgramSummary, token: string) {
  const card = await findCardByToken(services.db, token)
  return card && card.program_id === program.uuid ? card : undefined
}

/**
 * What an acceptor sees of a card before taking it at one of their cashpoints (balance, uses,
 * state, holder): any card of the cashpoint's program, whatever its state. Counts as a lookup
 * (30 a minute per acceptor, then 429).
 */
export async function previewCard(
  services: TokenServices,
  me: Caller,
  input: { cashpoint: string; token: string },
): Promise<{ card: CardRow; program: ProgramSummary }> {
  const { program } = await cashpointForCards(services.db, me, input.cashpoint)
  await countLookup(services, me)
  const card = await cardOfProgram(services, program, input.token)
  if (!card) throw notFound('card')
  return { card, program }
}

const lineOf = (
  account: number,
  sub: { kind: 'program' | 'acceptor'; external_id: string },
  currency: string,
  side: 'debit' | 'credit',
  amount: bigint,
) => ({ account, sub_account: sub, currency, [side]: Number(amount) })

const moneyOf = (amount: bigint, r: RedemptionRow) => formatMoney('en', { amount, currency: r.currency })

const programSub = (r: RedemptionRow) => ({ kind: 'program' as const, external_id: r.program_id })
/** The acceptor's sub-account in the program, as terminal payments credit it (`<program>/<acceptor>`). */
const acceptorSub = (r: RedemptionRow) => ({
  kind: 'acceptor' as const,
  external_id: `${r.program_id}/${r.acceptor_user_id}`,
})

/**
 * The ledger entry of a redemption (journal `cards`): the value comes off the cards of the program
 * (220) and is owed to the acceptor who took it (230, their sub-account in the program, as a
 * terminal payment is); what its last use forfeited is the program's (230, the program's).
 */
export function redeemedEntry(r: RedemptionRow, date: string) {
  return {
    journal: 'cards' as const,
    date,
    description: `Card redemption ${r.number}: ${moneyOf(r.amount, r)} taken${r.forfeited > 0n ? `, ${moneyOf(r.forfeited, r)} left on the card forfeited` : ''}`,
    description_code: 'card.redeemed' as const,
    description_params: {
      number: Number(r.number),
      amount: Number(r.amount),
      forfeited: Number(r.forfeited),
      currency: r.currency,
      program: r.program_id,
    },
    source: { kind: 'card.redeemed', id: r.id },
    lines: [
      lineOf(accounts.cards, programSub(r), r.currency, 'debit', r.amount + r.forfeited),
      lineOf(accounts.acceptor, acceptorSub(r), r.currency, 'credit', r.amount),
      ...(r.forfeited > 0n
        ? [lineOf(accounts.acceptor, programSub(r), r.currency, 'credit', r.forfeited)]
        : []),
    ],
  }
}

/** The opposite of a redemption's entry (which forfeited nothing: those are not reversed). */
export function reversedEntry(r: RedemptionRow, date: string) {
  return {
    journal: 'cards' as const,
    date,
    description: `Card redemption ${r.number} reversed: ${moneyOf(r.amount, r)} back on the card`,
    description_code: 'card.redemption_reversed' as const,
    description_params: {
      number: Number(r.number),
      amount: Number(r.amount),
      currency: r.currency,
      program: r.program_id,
    },
    source: { kind: 'card.redemption-reversed', id: r.id },
    lines: [
      lineOf(accounts.acceptor, acceptorSub(r), r.currency, 'debit', r.amount),
      lineOf(accounts.cards, programSub(r), r.currency, 'credit', r.amount),
    ],
  }
}

function refuseState(state: ReturnType<typeof cardState>): void {
  if (state === 'issued') throw cardNotActivated()
  if (state === 'blocked') throw cardBlocked()
  if (state === 'expired') throw cardExpired()
}

/**
 * An acceptor takes `amount` (minor units) from an activated card at one of their cashpoints: one
 * use, the amount off the balance; the last use forfeits the rest and the card is used. The card
 * row is locked for it, so parallel redemptions of one card follow one another and never spend
 * more than is on it. The redemption, the card, its ledger entry and the `cards.card.redeemed`
 * event are written in one transaction.
 */
export async function redeemCard(
  services: TokenServices,
  ctx: RequestContext,
  me: Caller,
  input: { cashpoint: string; token: string; amount: bigint },
): Promise<RedemptionRow> {
  const { cashpoint, program } = await cashpointForCards(services.db, me, input.cashpoint)
  const seen = await cardOfProgram(services, program, input.token)
  if (!seen) {
    await countLookup(services, me)
    throw notFound('card')
  }
  const redemption = await services.db.transaction().execute(async (trx) => {
    // A retry of a request that committed and died before answering: its redemption, not another.
    const committed = await committedEffect(trx, ctx.idempotency)
    if (committed) {
      const earlier = await findRedemption(trx, committed)
      if (earlier) return earlier
    }
    const card = (await lockCard(trx, seen.id)) as CardRow
    const now = new Date()
    refuseState(cardState(card, false, now))
    const result = redeem(card, input.amount)
    if (!result.ok) {
      const left = result.refusal.reason === 'above_balance' ? result.refusal.balance : 0n
      const message =
        left === 0n
          ? 'nothing is left on this card'
          : `only ${formatMoney('en', { amount: left, currency: card.currency })} is left on this card`
      throw amountAboveBalance(message, left, card.currency)
    }
    const o = result.outcome
    await updateCard(trx, card.id, {
      balance: o.balance_after,
      uses_left: o.uses_left_after,
      status: o.status_after,
    })
    const row = await insertRedemption(trx, {
      id: newId(),
      card_id: card.id,
      program_id: program.uuid,
      owner_user_id: program.owner_user_id,
      cashpoint_id: cashpoint.uuid,
      acceptor_user_id: me.user_id,
      amount: o.amount,
      forfeited: o.forfeited,
      currency: card.currency,
      balance_after: o.balance_after,
      uses_left_after: o.uses_left_after,
      status: 'completed',
    })
    await recordEffect(trx, ctx.idempotency, row.id)
    await publish(trx, ledgerEntryRequested, redeemedEntry(row, zonedDate(row.created_at)), ctx)
    await publish(
      trx,
      cardRedeemed,
      {
        redemption_id: row.id,
        card_id: card.id,
        program_id: program.uuid,
        cashpoint_id: cashpoint.uuid,
        acceptor_user_id: me.user_id,
        amount: Number(o.amount),
        forfeited: Number(o.forfeited),
        currency: card.currency,
      },
      ctx,
    )
    return row
  })
  ctx.log.info(
    {
      redemption_id: redemption.id,
      card_id: redemption.card_id,
      cashpoint_id: redemption.cashpoint_id,
      amount: Number(redemption.amount),
      forfeited: Number(redemption.forfeited),
    },
    'card redeemed',
  )
  return redemption
}

const refusals: Record<Exclude<ReversalRefusal, 'reversed'>, string> = {
  too_late: 'it was taken more than 24 hours ago; the program owner can correct it',
  forfeited: 'it took the card’s last use and what was left on it; the program owner can correct it',
  card_expired: 'the card has expired',
  card_blocked: 'the card is blocked',
}

/** Whether the program of a card is blocked (its cards are then blocked too). */
async function programBlocked(trx: Trx, programId: string): Promise<boolean> {
  return (await findProgram(trx, programId))?.status === programStatuses.blocked
}

/**
 * The acceptor who took a redemption puts it back, once and within 24 hours: its amount and its use
 * return to the card, which is spendable again, and the opposite ledger entry is requested. Not
 * when it forfeited what was left on the card, nor on an expired or blocked card (422
 * `reversal_<why>`); again: 409 `redemption_reversed`. Anyone else's: 404.
 */
export async function reverseRedemption(
  services: Pick<TokenServices, 'db'>,
  ctx: RequestContext,
  me: Caller,
  id: string,
): Promise<RedemptionRow> {
  const seen = await findRedemption(services.db, id)
  if (!seen || seen.acceptor_user_id !== me.user_id) throw notFound('redemption')
  const reversed = await services.db.transaction().execute(async (trx) => {
    // The card first, as a redemption locks it: the two never wait on each other crosswise.
    const card = (await lockCard(trx, seen.card_id)) as CardRow
    const r = (await lockRedemption(trx, id)) as RedemptionRow
    const now = new Date()
    const why = whyNotReversible(r, cardState(card, await programBlocked(trx, r.program_id), now), now)
    if (why === 'reversed') throw redemptionAlreadyReversed()
    if (why) throw redemptionNotReversible(why, refusals[why])
    const back = reverse(card, r)
    await updateCard(trx, card.id, back)
    const row = await updateRedemption(trx, r.id, { status: 'reversed', reversed_at: now })
    await publish(trx, ledgerEntryRequested, reversedEntry(row, zonedDate(now)), ctx)
    await publish(
      trx,
      redemptionReversed,
      {
        redemption_id: row.id,
        card_id: card.id,
        program_id: row.program_id,
        acceptor_user_id: row.acceptor_user_id,
        amount: Number(row.amount),
        currency: row.currency,
      },
      ctx,
    )
    return row
  })
  ctx.log.info({ redemption_id: reversed.id, card_id: reversed.card_id }, 'card redemption reversed')
  return reversed
}
