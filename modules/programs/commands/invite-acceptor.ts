import { userContactByEmail } from '../../identity/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import { type Caller, isUniqueViolation, programOf } from '../access.ts'
import { acceptorStatuses, liveAcceptorStatuses } from '../codes.ts'
import {
  findLiveByEmail,
  findLiveByUser,
  insertProgramAcceptor,
  type ProgramAcceptorRow,
} from '../db/program-acceptors.ts'
import { alreadyAcceptor, assertProgramUsable, inviteAlreadySent } from '../errors.ts'
import { acceptorInvited } from '../events.ts'

/**
 * Invites an e-mail address to take part in the caller's program as an acceptor. One live
 * invitation per address: a second while the first is pending is "Invite is already sent" (400);
 * an acceptor already in the program (active or blocked) cannot be invited again. Declined and
 * unsubscribed acceptors can be invited anew. When the address has an acceptor account the
 * invitation is theirs at once; otherwise it waits for the registration (`onAcceptorRegistered`).
 * The e-mail with the link is sent by `sendAcceptorInvitation` after commit.
 */
export async function inviteAcceptor(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  input: { programId: string; email: string },
): Promise<ProgramAcceptorRow> {
  const email = input.email.trim().toLowerCase()
  const row = await db
    .transaction()
    .execute(async (trx) => {
      // The program's row lock serializes invitations to one program.
      const program = await programOf(trx, me, input.programId, { lock: true })
      assertProgramUsable(program)
      const account = await userContactByEmail(trx, email)
      const acceptorUserId = account?.type === 2 ? account.id : null
      const live =
        (await findLiveByEmail(trx, program.id, email, liveAcceptorStatuses)) ??
        (acceptorUserId
          ? await findLiveByUser(trx, program.id, acceptorUserId, liveAcceptorStatuses)
          : undefined)
      if (live?.status === acceptorStatuses.pending) throw inviteAlreadySent()
      if (live) throw alreadyAcceptor()
      const saved = await insertProgramAcceptor(trx, {
        id: newId(),
        program_id: program.id,
        email,
        acceptor_user_id: acceptorUserId,
        status: acceptorStatuses.pending,
        invited_by_user_id: me.user_id,
      })
      await publish(trx, acceptorInvited, { program_acceptor_id: saved.id }, ctx)
      return saved
    })
    .catch((err: unknown) => {
      // Belt and braces: the partial unique indexes hold even if the lock above were bypassed.
      if (isUniqueViolation(err)) throw inviteAlreadySent()
      throw err
    })
  ctx.log.info({ program_acceptor_id: row.id, program_id: row.program_id }, 'acceptor invited')
  return row
}
