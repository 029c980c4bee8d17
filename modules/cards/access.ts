import { acceptorAtCashpoint, type Caller, programOfOwner } from '../platform/access.ts'
import type { DbOrTrx, Trx } from '../platform/db.ts'
import { notFound } from '../platform/errors.ts'
import {
  type CashpointSummary,
  findCashpoint,
  findProgram,
  isActiveAcceptor,
  lockProgram,
  type ProgramSummary,
  programStatuses,
  programTypes,
} from '../programs/index.ts'
import { cardProgramNotActive, notCardProgram } from './errors.ts'

export { type Caller, isAdmin } from '../platform/access.ts'

/**
 * A card program named in a call: its owner's, or any for an admin when `adminMayRead` (the access
 * kernel's "owner of the program"). Anyone else is told it does not exist (404). A program of
 * another type: 422 `not_card_program`. With `lock` the program row is locked for the rest of the
 * transaction (status changes of the program wait for it).
 */
export async function cardProgramOf(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
  opts: { adminMayRead?: boolean; lock?: Trx } = {},
): Promise<ProgramSummary> {
  const found = opts.lock ? await lockProgram(opts.lock, uuid) : await findProgram(db, uuid)
  const program = programOfOwner(me, found, { admin: opts.adminMayRead ?? false })
  if (program.type !== programTypes.card) throw notCardProgram()
  return program
}

/**
 * A cashpoint where an acceptor takes cards (the access kernel's "acceptor at this open
 * cashpoint"): their own (another acceptor's, or none: 404), while they take part in its program
 * as an active acceptor (403 `not_program_acceptor` otherwise), open (422 `cashpoint_inactive`).
 * Its program must be a card program (422 `not_card_program`) that is active (422
 * `program_not_active`, blocked included).
 */
export async function cashpointForCards(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
): Promise<{ cashpoint: CashpointSummary; program: ProgramSummary }> {
  const found = await findCashpoint(db, uuid)
  const program = found && (await findProgram(db, found.program_uuid))
  if (!program) throw notFound('cashpoint')
  const takingPart =
    found.acceptor_user_id === me.user_id && (await isActiveAcceptor(db, program.uuid, me.user_id))
  const cashpoint = acceptorAtCashpoint(me, found, takingPart)
  if (program.type !== programTypes.card) throw notCardProgram()
  if (program.status !== programStatuses.active) throw cardProgramNotActive()
  return { cashpoint, program }
}
