import type { Trx } from '../../platform/db.ts'

/**
 * Called in the transaction that creates an acceptor account (`POST user/acceptor-signup/complete`),
 * with the `invite_token` of the invitation link that brought them, if any. A no-op for now: the
 * programs issue (acceptor invitations) fills it in to link the new acceptor to the inviting
 * program. It runs inside the registration's transaction, so throwing here (e.g. an
 * `AppError('validation_failed', ..., { fields: { invite_token: [...] } })` for a bad token)
 * refuses the registration and creates no account. Keep it fast: the caller holds row locks.
 */
export async function onAcceptorRegistered(
  _trx: Trx,
  _userId: string,
  _inviteToken: string | null,
): Promise<void> {}
