import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '~/lib/api.ts'
import { describeApiError, fieldIssueMessage } from '~/lib/api-messages.ts'
import type { ErrorReason } from '~/lib/api-types.gen.ts'

/**
 * Why taking a card at a cashpoint was refused, and where to say it: about the card (under its
 * code), about the amount (under the amount), or about the cashpoint or the acceptor's place (a
 * message for the screen). `throttled` carries when looking up makes sense again (epoch ms).
 */
export type RedemptionRefusal =
  | { on: 'code'; kind: 'unknown' }
  | { on: 'code'; kind: 'throttled'; retryAt: number | undefined }
  | { on: 'code'; kind: 'unusable'; message: MessageDescriptor }
  | { on: 'amount'; kind: 'above_balance' }
  | { on: 'amount'; kind: 'other'; message: MessageDescriptor }
  | { on: 'screen'; message: MessageDescriptor }

/** Refusals about the card, in the acceptor's words (docs/cards.md, "Spending cards at acceptors"). */
const cardReasons: Partial<Record<ErrorReason, MessageDescriptor>> = {
  card_not_activated: msg`This card has not been activated yet: its holder adds it to their cards first, then it can be spent.`,
  card_expired: msg`This card has expired: it can no longer be spent.`,
  card_blocked: msg`This card is blocked: it cannot be spent.`,
  program_blocked: msg`The program of this card is blocked: its cards cannot be taken for now.`,
  program_not_active: msg`This card program does not take cards at the moment.`,
}

/** Refusals about the cashpoint or the acceptor's place in the program. */
const screenReasons: Partial<Record<ErrorReason, MessageDescriptor>> = {
  cashpoint_inactive: msg`This cashpoint is closed: reactivate it under Programs to take cards here.`,
  not_program_acceptor: msg`You no longer take part in this program: cards cannot be taken here.`,
}

/** What to say about a failed look-up or redemption, and on which field. */
export function redemptionRefusal(error: unknown, locale: string, now = Date.now()): RedemptionRefusal {
  if (!(error instanceof ApiError)) return { on: 'screen', message: describeApiError(error) }
  // Another program's card answers as no card at all: the acceptor may not probe other programs.
  if (error.status === 404) return { on: 'code', kind: 'unknown' }
  if (error.status === 429) {
    return {
      on: 'code',
      kind: 'throttled',
      retryAt: error.retryAfter === undefined ? undefined : now + error.retryAfter * 1000,
    }
  }
  const reason = error.reason
  const aboutCard = reason && cardReasons[reason]
  if (aboutCard) return { on: 'code', kind: 'unusable', message: aboutCard }
  const aboutScreen = reason && screenReasons[reason]
  if (aboutScreen) return { on: 'screen', message: aboutScreen }
  if (reason === 'amount_above_balance') return { on: 'amount', kind: 'above_balance' }
  if (error.status === 400) {
    const amount = error.fields.amount?.[0]
    if (amount) return { on: 'amount', kind: 'other', message: fieldIssueMessage(amount, locale) }
    const token = error.fields.token?.[0]
    if (token) return { on: 'code', kind: 'unknown' }
  }
  return { on: 'screen', message: describeApiError(error) }
}

/** Why an undo was refused. */
export function reversalRefusal(error: unknown): MessageDescriptor {
  if (error instanceof ApiError) {
    if (error.reason === 'redemption_reversed') return msg`This was undone already.`
    switch (error.reason) {
      case 'reversal_too_late':
        return msg`This can no longer be undone: it was taken more than a day ago. The program owner can correct it.`
      case 'reversal_forfeited':
        return msg`This cannot be undone: it took the card’s last use and what was left on it. The program owner can correct it.`
      case 'reversal_card_expired':
        return msg`This cannot be undone: the card has expired since.`
      case 'reversal_card_blocked':
        return msg`This cannot be undone: the card is blocked.`
    }
    if (error.reason?.startsWith('reversal_')) {
      return msg`This can no longer be undone. The program owner can correct it.`
    }
    if (error.status === 403) return msg`Only the acceptor who took a card can undo it.`
    if (error.status === 404) return msg`Not found`
  }
  return describeApiError(error)
}
