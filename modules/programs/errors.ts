import { AppError, businessRule } from '../platform/errors.ts'
import { programStatuses } from './codes.ts'
import type { ProgramRow } from './db/programs.ts'

/**
 * The programs module's refusals with their stable reasons. Spec section 8's wording where it has
 * one: "Invite is already sent" (400, the portals' inviteIsAlreadySent).
 */
export const inviteAlreadySent = () =>
  new AppError('bad_request', 'Invite is already sent', {
    reason: 'invite_already_sent',
    fields: { email: ['Invite is already sent'] },
  })

export const alreadyAcceptor = () =>
  new AppError('bad_request', 'This acceptor already takes part in the program', {
    reason: 'already_acceptor',
    fields: { email: ['This acceptor already takes part in the program'] },
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
