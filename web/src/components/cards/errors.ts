import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '~/lib/api.ts'
import { describeApiError, fieldIssueMessage } from '~/lib/api-messages.ts'
import type { ErrorReason } from '~/lib/api-types.gen.ts'

/**
 * Why a card code was refused, in the card holder's words. `throttled` carries when trying again
 * makes sense (epoch milliseconds), from the 429's Retry-After; unknown when the API gave none.
 */
export type TokenRefusal =
  | { kind: 'unknown' }
  | { kind: 'taken' }
  | { kind: 'throttled'; retryAt: number | undefined }
  | { kind: 'unusable'; message: MessageDescriptor }
  | { kind: 'other'; message: MessageDescriptor }

/** Refusals with a reason of their own (docs/cards.md), worded for the card holder. */
const byReason: Partial<Record<ErrorReason, MessageDescriptor>> = {
  card_blocked: msg`This card has been blocked and can no longer be activated.`,
  card_expired: msg`This card has expired and can no longer be activated.`,
  program_blocked: msg`The program of this card is blocked: its cards cannot be used for now.`,
  program_expired: msg`The program of this card has ended: its cards can no longer be used.`,
  program_not_active: msg`The program of this card is not running: its cards cannot be activated.`,
}

/** What to say under the code field about a failed look-up or activation. */
export function tokenRefusal(error: unknown, locale: string, now = Date.now()): TokenRefusal {
  if (!(error instanceof ApiError)) return { kind: 'other', message: describeApiError(error) }
  if (error.status === 404) return { kind: 'unknown' }
  if (error.status === 409 && (error.reason === 'card_already_activated' || error.reason === undefined)) {
    return { kind: 'taken' }
  }
  if (error.status === 429) {
    return {
      kind: 'throttled',
      retryAt: error.retryAfter === undefined ? undefined : now + error.retryAfter * 1000,
    }
  }
  const known = error.reason ? byReason[error.reason] : undefined
  if (known) return { kind: 'unusable', message: known }
  if (error.status === 400) {
    const first = error.fields.token?.[0]
    // A malformed code is answered per field; an unknown shape of it reads as "no such card".
    if (first) return { kind: 'other', message: fieldIssueMessage(first, locale) }
    return { kind: 'unknown' }
  }
  return { kind: 'other', message: describeApiError(error) }
}
