import type { Trx } from '../../platform/db.ts'

/**
 * Called in the transaction that creates an acceptor account (`POST user/acceptor-signup/complete`),
 * with the `invite_token` of the invitation link that brought them, if any. The programs module
 * attaches the pending invitations waiting for the new account (the link's, and those sent to its
 * address), so they show under Programs to be accepted or declined. A stale token does not refuse
 * the registration. It runs inside the registration's transaction, so throwing here refuses the
 * registration and creates no account. Keep it fast: the caller holds row locks.
 *
 * Imported when called, not at load: programs depends on identity (its routes use `signedIn`), so
 * a static import here would make the two modules load each other half-initialized.
 */
export async function onAcceptorRegistered(
  trx: Trx,
  userId: string,
  inviteToken: string | null,
): Promise<void> {
  const { attachInvitationsToAcceptor } = await import('../../programs/index.ts')
  await attachInvitationsToAcceptor(trx, userId, inviteToken)
}
