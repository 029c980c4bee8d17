import {
  type AcceptorStanding,
  acceptorAtCashpoint,
  acceptorTakingPart,
  type Caller,
  isAcceptor,
  isOwner,
  ownsProgram,
  programOfOwner,
} from '../platform/access.ts'
import type { DbOrTrx } from '../platform/db.ts'
import { businessRule, notFound } from '../platform/errors.ts'
import {
  type CashpointSummary,
  findCashpoint,
  findProgram,
  isActiveAcceptor,
  type ProgramSummary,
  programStatuses,
  programTypes,
} from '../programs/index.ts'

export { type Caller, isAdmin } from '../platform/access.ts'

const notPaymentProgram = () =>
  businessRule('only payment management programs have this', 'not_payment_program')

/**
 * A payment management program named in a manager call (notifications, statistics): its owner's;
 * an admin may read, never change. None, or another owner's: 404 (the access kernel's rule for
 * another tenant's object). Changes to a blocked program are refused (422).
 */
export async function paymentProgramOf(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
  opts: { change?: boolean } = {},
): Promise<ProgramSummary> {
  const program = programOfOwner(me, await findProgram(db, uuid), { admin: !opts.change })
  if (program.type !== programTypes.paymentManagement) throw notPaymentProgram()
  if (opts.change && program.status === programStatuses.blocked) {
    throw businessRule(
      'the program is blocked: it cannot be changed until it is unblocked',
      'program_blocked',
    )
  }
  return program
}

/** A program takes payments only while active (not a draft, blocked or expired). */
export function assertTakesPayments(program: ProgramSummary): void {
  if (program.status !== programStatuses.active) {
    throw businessRule('this program does not take payments now', 'program_not_active')
  }
}

/**
 * A cashpoint someone works the terminal at: the acceptor at this open cashpoint (their own, while
 * an active acceptor of its program: the access kernel's check), or the program's owner. Anyone
 * else is told it does not exist (404); an acceptor who no longer takes part: 403. The cashpoint
 * must be open and its program an active payment management program (422).
 */
export async function cashpointForTerminal(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
): Promise<{ cashpoint: CashpointSummary; program: ProgramSummary }> {
  const found = await findCashpoint(db, uuid)
  const program = found && (await findProgram(db, found.program_uuid))
  if (!found || !program) throw notFound('cashpoint')
  let cashpoint: CashpointSummary
  if (isOwner(me) && ownsProgram(me, program)) {
    if (!found.is_active) throw businessRule('this cashpoint is closed', 'cashpoint_inactive')
    cashpoint = found
  } else {
    const takingPart =
      isAcceptor(me) &&
      found.acceptor_user_id === me.user_id &&
      (await isActiveAcceptor(db, program.uuid, me.user_id))
    cashpoint = acceptorAtCashpoint(me, found, takingPart)
  }
  if (program.type !== programTypes.paymentManagement) throw notPaymentProgram()
  assertTakesPayments(program)
  return { cashpoint, program }
}

/**
 * A program the caller asks payments in (payment requests): its owner, or an acceptor taking part
 * in it (active). Another owner's program, or one the acceptor never had a place in: 404; an
 * acceptor whose place is no longer active: 403 `not_program_acceptor`.
 */
export function assertWorksInProgram(me: Caller, program: ProgramSummary, standing: AcceptorStanding): void {
  if (isAcceptor(me)) acceptorTakingPart(me, standing)
  else programOfOwner(me, program)
}
