import { programOfOwner } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db, Trx } from '../../platform/db.ts'
import { AppError, businessRule, conflict, notFound } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import type { Caller } from '../access.ts'
import { acceptorStatuses as A, type AcceptorStatus, acceptorStatusName } from '../codes.ts'
import {
  deleteProgramAcceptorRow,
  lockProgramAcceptorRow,
  type ProgramAcceptorRow,
  updateProgramAcceptorRow,
} from '../db/program-acceptors.ts'
import { findProgramRow } from '../db/programs.ts'
import { acceptorInvited, acceptorStatusChanged } from '../events.ts'

/** An invitation or membership in one of the caller's programs, locked; anyone else's is a 404. */
async function ownRow(trx: Trx, me: Caller, id: string): Promise<ProgramAcceptorRow> {
  const row = await lockProgramAcceptorRow(trx, id)
  if (!row) throw notFound('program acceptor')
  programOfOwner(me, await findProgramRow(trx, row.program_id), { what: 'program acceptor' })
  return row
}

async function setStatus(trx: Trx, ctx: RequestContext, row: ProgramAcceptorRow, to: AcceptorStatus) {
  const updated = await updateProgramAcceptorRow(trx, row.id, { status: to })
  await publish(
    trx,
    acceptorStatusChanged,
    {
      program_acceptor_id: row.id,
      program_id: row.program_id,
      acceptor_user_id: row.acceptor_user_id,
      from: row.status,
      to,
    },
    ctx,
  )
  return updated
}

/**
 * The owner changes an acceptor's place in their program: unsubscribe (→ 21003, final: invite
 * again to bring them back), block (→ 21005: they stay listed but take no payments) and reactivate
 * a blocked one (→ 21001). Invitations are answered by the acceptor, not the owner; a pending
 * one is withdrawn with `withdrawOrUnsubscribe`.
 */
export async function changeAcceptorStatus(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  id: string,
  to: AcceptorStatus,
): Promise<ProgramAcceptorRow> {
  return db.transaction().execute(async (trx) => {
    const row = await ownRow(trx, me, id)
    if (row.status === to) return row
    const allowed: Record<number, readonly number[]> = {
      [A.active]: [A.unsubscribed, A.blocked],
      [A.blocked]: [A.active, A.unsubscribed],
    }
    if (!allowed[row.status]?.includes(to)) {
      const from = acceptorStatusName(row.status)
      throw businessRule(
        row.status === A.pending
          ? 'a pending invitation is answered by the acceptor; withdraw it with DELETE'
          : `an acceptor who is ${from} cannot become ${acceptorStatusName(to)}; invite them again`,
        'invalid_status_transition',
      )
    }
    const updated = await setStatus(trx, ctx, row, to)
    ctx.log.info({ program_acceptor_id: id, from: row.status, to }, 'acceptor status changed by owner')
    return updated
  })
}

/**
 * `DELETE manager/program-acceptors/{uuid}`: withdraws a pending invitation (deleted: its link and
 * any answer to it get 404) or unsubscribes an acceptor (kept, 21003, for the history). An
 * invitation already declined or unsubscribed is left as it is.
 */
export async function withdrawOrUnsubscribe(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  id: string,
): Promise<'withdrawn' | 'unsubscribed' | 'unchanged'> {
  return db.transaction().execute(async (trx) => {
    const row = await ownRow(trx, me, id)
    if (row.status === A.pending) {
      await deleteProgramAcceptorRow(trx, row.id)
      ctx.log.info({ program_acceptor_id: id }, 'invitation withdrawn')
      return 'withdrawn'
    }
    if (row.status === A.active || row.status === A.blocked) {
      await setStatus(trx, ctx, row, A.unsubscribed)
      ctx.log.info({ program_acceptor_id: id }, 'acceptor unsubscribed')
      return 'unsubscribed'
    }
    return 'unchanged'
  })
}

/** Sending the invitation again is allowed once a minute per invitation. */
export const resendCooldownSeconds = 60

/** Sends a pending invitation's e-mail again, with a new link (the old one stops counting). */
export async function resendInvitation(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  id: string,
): Promise<ProgramAcceptorRow> {
  return db.transaction().execute(async (trx) => {
    const row = await ownRow(trx, me, id)
    if (row.status !== A.pending)
      throw conflict('this invitation has already been answered', 'invitation_answered')
    const last = Math.max(
      row.created_at.getTime(),
      row.last_sent_at?.getTime() ?? 0,
      row.updated_at.getTime(),
    )
    const wait = resendCooldownSeconds - (Date.now() - last) / 1000
    if (wait > 0) {
      throw new AppError('too_many_requests', 'the invitation was sent a moment ago; try again later', {
        reason: 'resend_too_soon',
        retryAfter: wait,
      })
    }
    const updated = await updateProgramAcceptorRow(trx, row.id, {})
    await publish(trx, acceptorInvited, { program_acceptor_id: row.id }, ctx)
    ctx.log.info({ program_acceptor_id: id }, 'invitation sent again')
    return updated
  })
}
