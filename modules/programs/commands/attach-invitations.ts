import { sql } from 'kysely'
import { userContactById } from '../../identity/index.ts'
import type { Trx } from '../../platform/db.ts'
import { acceptorStatuses, liveAcceptorStatuses } from '../codes.ts'
import { findByTokenHash, findLiveByUser, updateProgramAcceptorRow } from '../db/program-acceptors.ts'
import { hashInviteToken } from '../invite-tokens.ts'

/**
 * Identity's `onAcceptorRegistered` hook, in the registration's transaction: gives the new
 * acceptor account the pending invitations waiting for it, so they appear under Programs to be
 * accepted or declined. These are the invitation of the link they came with (`invite_token`,
 * whatever address they registered with) and every unclaimed pending invitation to their own
 * address. A token that is unknown, withdrawn or already answered does not stop the registration:
 * the account is useful anyway, and the acceptor simply finds no invitation for it.
 * Returns the invitations attached.
 */
export async function attachInvitationsToAcceptor(
  trx: Trx,
  userId: string,
  inviteToken: string | null,
): Promise<string[]> {
  const account = await userContactById(trx, userId)
  if (!account) return []
  const candidates = await trx
    .selectFrom('program_acceptors')
    .selectAll()
    .where('acceptor_user_id', 'is', null)
    .where('status', '=', acceptorStatuses.pending)
    .where(sql<string>`lower(email)`, '=', account.email.toLowerCase())
    .orderBy('created_at')
    .forUpdate()
    .execute()
  if (inviteToken) {
    const invited = await findByTokenHash(trx, hashInviteToken(inviteToken))
    if (invited?.acceptor_user_id === null && invited.status === acceptorStatuses.pending) {
      candidates.unshift(invited)
    }
  }
  const attached: string[] = []
  const programs = new Set<string>()
  for (const row of candidates) {
    // One live place per program: a second invitation to the same program stays unclaimed.
    if (programs.has(row.program_id) || attached.includes(row.id)) continue
    if (await findLiveByUser(trx, row.program_id, userId, liveAcceptorStatuses)) continue
    await updateProgramAcceptorRow(trx, row.id, { acceptor_user_id: userId })
    programs.add(row.program_id)
    attached.push(row.id)
  }
  return attached
}
