import type { DbOrTrx } from '../platform/db.ts'
import { AppError, businessRule, notFound } from '../platform/errors.ts'
import {
  type CashpointSummary,
  findCashpoint,
  findProgram,
  isActiveAcceptor,
  type ProgramSummary,
  programStatuses,
  programTypes,
} from '../programs/index.ts'

/** Who calls: the signed-in user and their type (1 program owner, 2 acceptor, 3 card holder, 4 admin). */
export interface Caller {
  user_id: string
  user_type: number
}

export const isAdmin = (me: Caller) => me.user_type === 4

const notPaymentProgram = () =>
  businessRule('only payment management programs have this', 'not_payment_program')

/**
 * A payment management program named in a manager call (notifications, statistics): 404 when
 * there is none, 403 "access denied" (the portals' flag, spec section 6) when it is another
 * owner's. Admins may read, never change. Changes to a blocked program are refused (422).
 */
export async function paymentProgramOf(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
  opts: { change?: boolean } = {},
): Promise<ProgramSummary> {
  const program = await findProgram(db, uuid)
  if (!program) throw notFound('program')
  const own = program.owner_user_id === me.user_id
  if (!own && !(isAdmin(me) && !opts.change)) {
    throw new AppError('forbidden', 'access denied', { reason: 'not_program_owner' })
  }
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
 * A cashpoint someone works the terminal at: the acceptor whose cashpoint it is, while an active
 * acceptor of its program, or the program's owner. Anyone else is told it does not exist (404).
 * The cashpoint must be open and its program an active payment management program (422).
 */
export async function cashpointForTerminal(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
): Promise<{ cashpoint: CashpointSummary; program: ProgramSummary }> {
  const cashpoint = await findCashpoint(db, uuid)
  if (!cashpoint) throw notFound('cashpoint')
  const program = await findProgram(db, cashpoint.program_uuid)
  if (!program) throw notFound('cashpoint')
  const mine =
    (me.user_type === 2 && cashpoint.acceptor_user_id === me.user_id) ||
    (me.user_type === 1 && program.owner_user_id === me.user_id)
  if (!mine) throw notFound('cashpoint')
  if (me.user_type === 2 && !(await isActiveAcceptor(db, program.uuid, me.user_id))) {
    throw new AppError('forbidden', 'access denied: you no longer take part in this program', {
      reason: 'not_program_acceptor',
    })
  }
  if (program.type !== programTypes.paymentManagement) throw notPaymentProgram()
  if (!cashpoint.is_active) throw businessRule('this cashpoint is closed', 'cashpoint_inactive')
  assertTakesPayments(program)
  return { cashpoint, program }
}
