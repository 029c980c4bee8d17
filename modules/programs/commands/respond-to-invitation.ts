import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { conflict, notFound } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import type { Caller } from '../access.ts'
import { acceptorStatuses, liveAcceptorStatuses } from '../codes.ts'
import {
  findLiveByUser,
  lockProgramAcceptorRow,
  type ProgramAcceptorRow,
  updateProgramAcceptorRow,
} from '../db/program-acceptors.ts'
import { findProgramRow } from '../db/programs.ts'
import { alreadyAcceptor, assertProgramUsable } from '../errors.ts'
import { acceptorStatusChanged } from '../events.ts'
import { hashInviteToken } from '../invite-tokens.ts'

export type InvitationAnswer = 'accept' | 'decline'

/**
 * The invited acceptor accepts (→ active, 21001) or declines (→ rejected, 21004) an invitation.
 * It is theirs when it names their account, or when they hold the link's token and nobody has
 * claimed it yet (an acceptor who registered or signs in with another address). Anyone else, and
 * everyone once the owner withdrew it, gets 404 (spec section 8: notFount). Answering the same
 * way twice changes nothing; changing one's answer afterwards is a conflict (409).
 */
export async function respondToInvitation(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  id: string,
  answer: InvitationAnswer,
  inviteToken?: string,
): Promise<ProgramAcceptorRow> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await lockProgramAcceptorRow(trx, id)
    const claimable =
      row?.acceptor_user_id === null &&
      inviteToken !== undefined &&
      row.token_hash !== null &&
      row.token_hash === hashInviteToken(inviteToken)
    if (!row || (row.acceptor_user_id !== me.user_id && !claimable)) throw notFound('invitation')
    const to = answer === 'accept' ? acceptorStatuses.active : acceptorStatuses.rejected
    if (row.status === to) return { row, changed: false }
    if (row.status !== acceptorStatuses.pending) {
      throw conflict('this invitation has already been answered', 'invitation_answered')
    }
    const program = await findProgramRow(trx, row.program_id)
    if (!program) throw notFound('invitation')
    if (answer === 'accept') {
      assertProgramUsable(program)
      const other = await findLiveByUser(trx, row.program_id, me.user_id, liveAcceptorStatuses)
      if (other && other.id !== row.id) throw alreadyAcceptor()
    }
    const updated = await updateProgramAcceptorRow(trx, row.id, {
      status: to,
      acceptor_user_id: me.user_id,
      responded_at: new Date(),
    })
    await publish(
      trx,
      acceptorStatusChanged,
      {
        program_acceptor_id: row.id,
        program_id: row.program_id,
        acceptor_user_id: me.user_id,
        from: row.status,
        to,
      },
      ctx,
    )
    return { row: updated, changed: true }
  })
  if (result.changed) {
    ctx.log.info({ program_acceptor_id: id, answer }, 'invitation answered')
  }
  return result.row
}
