import { AppError, businessRule, fieldProblem, type Listed, type ModuleErrors } from '../platform/errors.ts'
import { programStatuses } from './codes.ts'
import type { ProgramRow } from './db/programs.ts'

/** The programs module's closed list of error reasons (docs/programs.md). */
export const programsReasons = [
  'invite_already_sent',
  'already_acceptor',
  'program_blocked',
  'program_expired',
  'program_not_draft',
  'blocked_by_admin',
  'draft_not_blockable',
  'invalid_status_transition',
  'admin_may_only_block',
  'no_validated_method',
  'currency_locked',
  'invitation_answered',
  'resend_too_soon',
  'invitation_pending',
  'acceptor_blocked',
] as const

/** Codes of the programs module's own field checks (invitations, cashpoints, methods, images). */
export const programsFieldCodes = [
  'invite_already_sent',
  'already_acceptor',
  'duplicate_title',
  'unknown_method',
  'method_listed_twice',
  'unknown_provider',
  'provider_cannot_take_method',
  'provider_required',
  'no_provider_for_method',
  'unknown_currency',
  'image_too_large',
  'image_not_jpg_png',
  'image_unreadable',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof programsReasons> {}
  interface FieldErrorCodes extends Listed<typeof programsFieldCodes> {}
}

export const programsErrors: ModuleErrors = { reasons: programsReasons, fieldCodes: programsFieldCodes }

/**
 * The programs module's refusals with their stable reasons. Spec section 8's wording where it has
 * one: "Invite is already sent" (400, the portals' inviteIsAlreadySent).
 */
export const inviteAlreadySent = () =>
  new AppError('bad_request', 'Invite is already sent', {
    reason: 'invite_already_sent',
    fields: { email: [fieldProblem('invite_already_sent', 'Invite is already sent')] },
  })

export const alreadyAcceptor = () =>
  new AppError('bad_request', 'This acceptor already takes part in the program', {
    reason: 'already_acceptor',
    fields: { email: [fieldProblem('already_acceptor', 'This acceptor already takes part in the program')] },
  })

export const programBlocked = () =>
  businessRule(
    'the program is blocked: it cannot be used or changed until it is unblocked',
    'program_blocked',
  )

export const programExpired = () => businessRule('the program has expired', 'program_expired')

/** Refuses work in a program that acceptors and card holders can no longer use. */
export function assertProgramUsable(program: Pick<ProgramRow, 'status'>): void {
  if (program.status === programStatuses.blocked) throw programBlocked()
  if (program.status === programStatuses.expired) throw programExpired()
}
