import { acceptorTakingPart } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db, DbOrTrx } from '../../platform/db.ts'
import { businessRule, invalidField, notFound } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import { type Caller, isUniqueViolation } from '../access.ts'
import { acceptorStatuses, liveAcceptorStatuses } from '../codes.ts'
import { type CashpointRow, findCashpointRow, insertCashpoint, updateCashpointRow } from '../db/cashpoints.ts'
import { findLiveByUser } from '../db/program-acceptors.ts'
import { findProgramRow } from '../db/programs.ts'
import { assertProgramUsable } from '../errors.ts'
import { acceptorStanding } from '../queries/programs.ts'

const duplicateTitle = () =>
  invalidField('title', 'duplicate_title', 'a cashpoint with this name already exists')

/**
 * An acceptor works at cashpoints only in a program they take part in (active) and that is
 * usable (not blocked or expired). A program they never had a place in: 404 (another tenant's);
 * one they left or were refused in: 403 `not_program_acceptor`; an invitation not accepted yet or
 * a place the owner blocked: 422.
 */
async function assertMayWorkIn(db: DbOrTrx, me: Caller, programId: string): Promise<void> {
  const program = await findProgramRow(db, programId)
  if (!program) throw notFound('program')
  const place = await findLiveByUser(db, programId, me.user_id, liveAcceptorStatuses)
  if (!place) {
    // No live place: never had one (404) or declined or unsubscribed (403); either way refused.
    const standing = await acceptorStanding(db, programId, me.user_id)
    acceptorTakingPart(me, standing === 'none' ? 'none' : 'former')
    return
  }
  if (place.status === acceptorStatuses.pending) {
    throw businessRule('accept the invitation to the program first', 'invitation_pending')
  }
  if (place.status === acceptorStatuses.blocked) {
    throw businessRule('the program owner has blocked you in this program', 'acceptor_blocked')
  }
  assertProgramUsable(program)
}

/** Opens a cashpoint (a named point of sale, e.g. "Counter 1") for the acceptor in a program. */
export async function createCashpoint(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  input: { programId: string; title: string },
): Promise<CashpointRow> {
  await assertMayWorkIn(db, me, input.programId)
  const row = await insertCashpoint(db, {
    id: newId(),
    program_id: input.programId,
    acceptor_user_id: me.user_id,
    title: input.title,
  }).catch((err: unknown) => {
    if (isUniqueViolation(err, 'cashpoints_active_title')) throw duplicateTitle()
    throw err
  })
  ctx.log.info({ cashpoint_id: row.id, program_id: row.program_id }, 'cashpoint created')
  return row
}

/**
 * Renames, deactivates or reactivates one of the acceptor's cashpoints. Deactivating is always
 * possible (also in a blocked program or after being unsubscribed); renaming and reactivating
 * need the same standing as opening one. Another acceptor's cashpoint: 404.
 */
export async function updateCashpoint(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  id: string,
  input: { title?: string | undefined; is_active?: boolean | undefined },
): Promise<CashpointRow> {
  const row = await findCashpointRow(db, id)
  if (!row || row.acceptor_user_id !== me.user_id) throw notFound('cashpoint')
  const deactivateOnly = input.title === undefined && input.is_active === false
  if (!deactivateOnly) await assertMayWorkIn(db, me, row.program_id)
  const set = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.is_active !== undefined && input.is_active !== row.is_active
      ? { is_active: input.is_active, deactivated_at: input.is_active ? null : new Date() }
      : {}),
  }
  if (Object.keys(set).length === 0) return row
  const updated = await updateCashpointRow(db, id, set).catch((err: unknown) => {
    if (isUniqueViolation(err, 'cashpoints_active_title')) throw duplicateTitle()
    throw err
  })
  ctx.log.info({ cashpoint_id: id, ...input }, 'cashpoint changed')
  return updated
}
