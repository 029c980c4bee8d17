import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import type { ErrorReason } from '~/lib/api-types.gen.ts'

/**
 * The programs API's refusals in the reader's words. Spec section 8's wording where it has one:
 * a 403 on program and invite calls is "access denied", "Invite is already sent" is "acceptor
 * already invited", a 404 on an invitation is "not found" (notFount).
 */
const byReason: Partial<Record<ErrorReason, MessageDescriptor>> = {
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

export const accessDeniedMessage = msg`Access denied`
export const notFoundMessage = msg`Not found`

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
