import type { Trx } from '../../platform/db.ts'
import { acceptorRegistered } from '../ports.ts'

/**
 * Runs what the modules above identity hooked onto a new acceptor account (`acceptorRegistered`,
 * ports.ts: the programs module attaches the invitations waiting for it), inside the registration's
 * transaction. A stale invite token does not refuse the registration; a throwing hook does.
 */
export async function onAcceptorRegistered(
  trx: Trx,
  userId: string,
  inviteToken: string | null,
): Promise<void> {
  for (const hook of acceptorRegistered.all()) await hook(trx, userId, inviteToken)
}
