import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '~/lib/api.ts'
import type { ErrorReason } from '~/lib/api-types.gen.ts'
import { programErrorMessage } from './errors.ts'

/** The cards API's refusals (docs/cards.md) in the reader's words. */
const byReason: Partial<Record<ErrorReason, MessageDescriptor>> = {
  card_settings_locked: msg`Cards of this program have been paid for: only the title, description and image can still change.`,
  program_not_active: msg`Only an active program takes card orders.`,
  order_in_payment: msg`Your open order is being paid right now. Wait for that payment to finish before ordering again.`,
  order_paid: msg`Your open order has just been paid and its cards are being issued. Try again in a moment.`,
  order_not_paid: msg`This order is not paid: it has no cards yet.`,
  order_conflict: msg`Other orders are being placed for this program at the same time. Try again.`,
  order_amount_zero: msg`These cards cost nothing, so there is nothing to pay.`,
  card_order_not_refundable: msg`A card order whose cards are issued cannot be refunded.`,
  card_price_missing: msg`No price per card is set in the program's currency yet. Ask the platform's administrator.`,
  card_not_complete: msg`The card's settings are not complete: set its value and validity first.`,
  program_period_ended: msg`The program's period has ended: no more cards can be ordered.`,
  not_card_program: msg`Only card programs have cards.`,
  program_not_draft: msg`The card type can only be chosen while the program is a draft.`,
}

/** What to tell the user about a failed cards call. */
export function cardErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError && error.reason) {
    const known = byReason[error.reason]
    if (known) return known
  }
  return programErrorMessage(error)
}
