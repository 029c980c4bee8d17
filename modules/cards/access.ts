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
import { cardProgramNotActive, cashpointInactive, notCardProgram, notProgramAcceptor } from './errors.ts'

/** Who calls: the signed-in user and their type (1 program owner, 2 acceptor, 3 card holder, 4 admin). */
export interface Caller {
  user_id: string
  user_type: number
}

export const isAdmin = (me: Caller) => me.user_type === 4

/**
 * A card program named in a call: its owner's, or any for an admin when `adminMayRead`. Anyone
 * else is told it does not exist (404), so program ids reveal nothing about other owners. A
 * program of another type: 422 `not_card_program`. With `trx` the program row is locked for the
 * rest of the transaction (status changes of the program wait for it).
 */
export async function cardProgramOf(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
  opts: { adminMayRead?: boolean; lock?: Trx } = {},
): Promise<ProgramSummary> {
  const program = opts.lock ? await lockProgram(opts.lock, uuid) : await findProgram(db, uuid)
  const mine = program && (program.owner_user_id === me.user_id || (opts.adminMayRead && isAdmin(me)))
  if (!program || !mine) throw notFound('program')
  if (program.type !== programTypes.card) throw notCardProgram()
  return program
}

/**
 * A cashpoint where an acceptor takes cards: their own (another acceptor's, or none: 404), while
 * they take part in its program as an active acceptor (403 `not_program_acceptor` otherwise). Its
 * program must be a card program (422 `not_card_program`) that is active (422 `program_not_active`,
 * blocked included), and the cashpoint open (422 `cashpoint_inactive`).
 */
export async function cashpointForCards(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
): Promise<{ cashpoint: CashpointSummary; program: ProgramSummary }> {
  const cashpoint = await findCashpoint(db, uuid)
  if (!cashpoint || cashpoint.acceptor_user_id !== me.user_id) throw notFound('cashpoint')
  const program = await findProgram(db, cashpoint.program_uuid)
  if (!program) throw notFound('cashpoint')
  if (!(await isActiveAcceptor(db, program.uuid, me.user_id))) throw notProgramAcceptor()
  if (program.type !== programTypes.card) throw notCardProgram()
  if (!cashpoint.is_active) throw cashpointInactive()
  if (program.status !== programStatuses.active) throw cardProgramNotActive()
  return { cashpoint, program }
}
