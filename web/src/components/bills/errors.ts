import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '~/lib/api.ts'
import { describeApiError, serverErrorMessage } from '~/lib/api-messages.ts'
import type { ErrorReason } from '~/lib/api-types.gen.ts'

/**
 * The bill screens' refusals in the card holder's words, by the API's reason (docs/credit.md and
 * the payments module's), never by its English message.
 */
const byReason: Partial<Record<ErrorReason, MessageDescriptor>> = {
  bill_paid: msg`This bill has been paid already. There is nothing left to pay.`,
  bill_archived: msg`The sender archived this bill: it can no longer be paid here.`,
  idempotency_key_in_progress: msg`A payment of this bill is being made right now. Wait a moment, then look again.`,
  program_blocked: msg`The sender’s program is blocked for now: this bill cannot be paid online at the moment.`,
  program_not_active: msg`The sender’s program is not running: this bill cannot be paid online at the moment.`,
  no_validated_method: msg`The sender cannot take payments online yet. Contact them to pay this bill.`,
  platform_provider_missing: msg`Online payments are not available at the moment. Try again later.`,
}

/** What to say when starting a bill's payment failed. */
export function billPaymentErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError) {
    const known = error.reason ? byReason[error.reason] : undefined
    if (known) return known
    if (error.status >= 500) return serverErrorMessage
  }
  return describeApiError(error)
}

/** Refusals that trying again will not change (the bill is paid or archived): no "Try again". */
export const isFinalRefusal = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.reason === 'bill_paid' ||
    error.reason === 'bill_archived' ||
    error.status === 404 ||
    error.status === 403 ||
    error.status === 400)

/** A refusal that says the bill changed under the holder (paid, archived): read it again. */
export const billChanged = (error: unknown): boolean =>
  error instanceof ApiError && (error.reason === 'bill_paid' || error.reason === 'bill_archived')

/** What to say when a list or a bill could not be loaded (not a missing one: that is not found). */
export function billLoadErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError && error.status >= 500) return serverErrorMessage
  return describeApiError(error)
}
