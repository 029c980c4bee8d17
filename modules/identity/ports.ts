import type { Trx } from '../platform/db.ts'
import { defineHook } from '../platform/ports.ts'

/**
 * Called in the transaction that creates an acceptor account (`POST user/acceptor-signup/complete`),
 * with the `invite_token` of the invitation link that brought them, if any. The programs module
 * provides one: it attaches the pending invitations waiting for the new account (the link's, and
 * those sent to its address), so they show under Programs to be accepted or declined. Throwing here
 * refuses the registration and creates no account. Keep it fast: the caller holds row locks.
 */
export type AcceptorRegistered = (trx: Trx, userId: string, inviteToken: string | null) => Promise<unknown>

/** The extension point: identity runs every contribution, in dependency order (ports.ts). */
export const acceptorRegistered = defineHook<AcceptorRegistered>({
  id: 'identity.acceptor-registered',
  description: 'what happens in the transaction that creates an acceptor account',
})
