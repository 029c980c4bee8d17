import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '~/lib/api.ts'
import { apiMessage, describeApiError } from '~/lib/api-messages.ts'

/**
 * The programs API's refusals in the reader's words. Spec section 8's wording where it has one:
 * a 403 on program and invite calls is "access denied", "Invite is already sent" is "acceptor
 * already invited", a 404 on an invitation is "not found" (notFount).
 */
const byReason: Record<string, MessageDescriptor> = {
  not_program_owner: msg`Access denied`,
  not_program_acceptor: msg`Access denied`,
  invite_already_sent: msg`Acceptor already invited`,
  already_acceptor: msg`This acceptor already takes part in the program.`,
  no_validated_method: msg`Use at least one payment method with a provider that can take it.`,
  program_blocked: msg`This program is blocked: it cannot be used or changed until it is unblocked.`,
  program_expired: msg`This program has expired.`,
  blocked_by_admin: msg`An administrator blocked this program; only an administrator can unblock it.`,
  admin_may_only_block: msg`Administrators may only block and unblock programs.`,
  draft_not_blockable: msg`A draft cannot be blocked; delete it instead.`,
  invalid_status_transition: msg`This change is not possible in the program's current status.`,
  currency_locked: msg`The currency can only be changed while the program is a draft.`,
  program_not_draft: msg`Only a draft can be deleted; block an active program instead.`,
  invitation_answered: msg`This invitation has already been answered.`,
  resend_too_soon: msg`The invitation was sent a moment ago. Try again in a minute.`,
  invitation_pending: msg`Accept the invitation to the program first.`,
  acceptor_blocked: msg`The program owner has blocked you in this program.`,
}

/** Per-field messages of the programs API that the screens show under their fields. */
const byText: Record<string, MessageDescriptor> = {
  'invite is already sent': msg`Acceptor already invited`,
  'this acceptor already takes part in the program': msg`This acceptor already takes part in the program.`,
  'email is required': msg`Email required`,
  'title is required': msg`Enter a title.`,
  'a cashpoint with this name already exists': msg`You already have a cashpoint with this name.`,
  'a provider is required when the method is used': msg`Choose a provider for a method in use.`,
  'no provider can take this payment method yet': msg`No provider can take this payment method yet.`,
  'this provider cannot take this payment method': msg`This provider cannot take this payment method.`,
  'unknown currency': msg`Unknown currency.`,
}

export const accessDeniedMessage = msg`Access denied`
export const notFoundMessage = msg`Not found`

/** A field's message from the API, translated when known, else as the API wrote it. */
export function fieldMessage(text: string): MessageDescriptor | string {
  const key = text.trim().replace(/\.$/, '').toLowerCase()
  return byText[key] ?? apiMessage(text) ?? text
}

/** What to tell the user about a failed programs call. */
export function programErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError) {
    const known = error.reason ? byReason[error.reason] : undefined
    if (known) return known
    if (error.status === 403) return accessDeniedMessage
    if (error.status === 404) return notFoundMessage
  }
  return describeApiError(error)
}

export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403

/** No retry of answers the API gave on purpose (4xx). */
export const noRetryOn4xx = (n: number, err: unknown) =>
  !(err instanceof ApiError && err.status < 500) && n < 1
