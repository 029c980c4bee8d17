/**
 * The rules of spending a card at a cashpoint and of reversing it, as pure functions over the
 * card's figures (docs/cards.md, "Spending cards at acceptors"). The commands lock the card, ask
 * these what follows, and write it.
 */

/** What a card looks like to its holder and to an acceptor now. */
export type CardState = 'issued' | 'active' | 'used' | 'blocked' | 'expired'

/**
 * A card's state from its row: blocked (itself, or its program) first, then used (nothing left to
 * spend, also after it expired), then expired (its end passed), else as stored (issued or active).
 */
export function cardState(
  card: { status: string; expires_at: Date | null },
  programBlocked: boolean,
  now: Date = new Date(),
): CardState {
  if (card.status === 'blocked' || programBlocked) return 'blocked'
  if (card.status === 'used') return 'used'
  if (card.expires_at && card.expires_at.getTime() <= now.getTime()) return 'expired'
  return card.status === 'issued' ? 'issued' : 'active'
}

export interface CardFigures {
  balance: bigint
  /** Null: unlimited uses. */
  uses_left: number | null
}

export interface RedemptionOutcome {
  amount: bigint
  /** What was left on the card when this took its last use: the program's (breakage). */
  forfeited: bigint
  balance_after: bigint
  uses_left_after: number | null
  /** `used` when nothing is left to spend afterwards (balance 0, or the last use taken). */
  status_after: 'active' | 'used'
}

export type RedemptionRefusal =
  | { reason: 'amount_not_positive' }
  /** More than the balance (a used card has 0, so every amount is). */
  | { reason: 'above_balance'; balance: bigint }

/**
 * One redemption of `amount` (minor units) from a card: one use, the amount off its balance. When
 * it takes the card's last use, whatever is left is forfeited and the balance becomes 0; a card
 * whose balance reaches 0 is used as well.
 */
export function redeem(
  card: CardFigures,
  amount: bigint,
): { ok: true; outcome: RedemptionOutcome } | { ok: false; refusal: RedemptionRefusal } {
  if (amount <= 0n) return { ok: false, refusal: { reason: 'amount_not_positive' } }
  // A card with no uses left has nothing left either (its rest went with its last use).
  const balance = card.uses_left === 0 ? 0n : card.balance
  if (amount > balance) return { ok: false, refusal: { reason: 'above_balance', balance } }
  const usesLeftAfter = card.uses_left === null ? null : card.uses_left - 1
  const rest = balance - amount
  const lastUse = usesLeftAfter === 0
  const balanceAfter = lastUse ? 0n : rest
  return {
    ok: true,
    outcome: {
      amount,
      forfeited: lastUse ? rest : 0n,
      balance_after: balanceAfter,
      uses_left_after: usesLeftAfter,
      status_after: balanceAfter === 0n ? 'used' : 'active',
    },
  }
}

/** A redemption can be reversed for this long after it was taken. */
export const reversalWindowMs = 24 * 60 * 60_000

export type ReversalRefusal = 'reversed' | 'too_late' | 'forfeited' | 'card_expired' | 'card_blocked'

/**
 * Why a redemption cannot be reversed now, or null when it can: once, within 24 hours, not when it
 * forfeited what was left on the card (that value is the program's, and stays so), and not on a
 * card that expired or is blocked (nobody could spend what came back). Who may is the command's.
 */
export function whyNotReversible(
  redemption: { status: string; forfeited: bigint; created_at: Date },
  state: CardState,
  now: Date = new Date(),
): ReversalRefusal | null {
  if (redemption.status === 'reversed') return 'reversed'
  if (now.getTime() - redemption.created_at.getTime() > reversalWindowMs) return 'too_late'
  if (redemption.forfeited > 0n) return 'forfeited'
  if (state === 'expired') return 'card_expired'
  if (state === 'blocked') return 'card_blocked'
  return null
}

/** The card after a reversal: the amount and the use back, and spendable again. */
export function reverse(
  card: CardFigures & { use_number: number | null },
  redemption: { amount: bigint },
): { balance: bigint; uses_left: number | null; status: 'active' } {
  return {
    balance: card.balance + redemption.amount,
    uses_left:
      card.uses_left === null ? null : Math.min(card.uses_left + 1, card.use_number ?? card.uses_left + 1),
    status: 'active',
  }
}
