import { type Caller, isAcceptor, programOfOwner, programOfOwnerOrAcceptor } from '../platform/access.ts'
import type { DbOrTrx, Trx } from '../platform/db.ts'
import { businessRule, notFound } from '../platform/errors.ts'
import {
  acceptorStanding,
  findProgram,
  lockProgram,
  type ProgramSummary,
  programStatuses,
  programTypes,
} from '../programs/index.ts'
import { notFoodCourt } from './errors.ts'

export type { Caller } from '../platform/access.ts'

/**
 * A food court named in a court owner's call, through the access kernel: its owner only; another
 * owner's or none 404; a program of another type 422 `not_food_court`; a change to a blocked one
 * 422 `program_blocked`. With `lock` the program row is locked for the transaction.
 */
export async function courtOf(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
  opts: { lock?: Trx; change?: boolean } = {},
): Promise<ProgramSummary> {
  const found = opts.lock ? await lockProgram(opts.lock, uuid) : await findProgram(db, uuid)
  const program = programOfOwner(me, found, { what: 'food court' })
  if (program.type !== programTypes.foodCourtManagement) throw notFoodCourt()
  if (opts.change && program.status === programStatuses.blocked)
    throw businessRule(
      'the program is blocked: the court cannot change until it is unblocked',
      'program_blocked',
    )
  return program
}

/** A restaurant (food program) its owner answers for: another owner's or none 404. */
export async function ownRestaurant(db: DbOrTrx, me: Caller, uuid: string): Promise<ProgramSummary> {
  const program = programOfOwner(me, await findProgram(db, uuid), { what: 'restaurant' })
  if (program.type !== programTypes.foodsManagement) throw notFound('restaurant')
  return program
}

/**
 * A restaurant whose daily work the caller shares: its owner, or an acceptor working there now
 * (never had a place 404; a place no longer active 403 `not_program_acceptor`).
 */
export async function restaurantOfStaff(db: DbOrTrx, me: Caller, uuid: string): Promise<ProgramSummary> {
  const found = await findProgram(db, uuid)
  const program = isAcceptor(me)
    ? programOfOwnerOrAcceptor(
        me,
        found,
        found ? await acceptorStanding(db, found.uuid, me.user_id) : 'none',
        'restaurant',
      )
    : programOfOwner(me, found, { what: 'restaurant' })
  if (program.type !== programTypes.foodsManagement) throw notFound('restaurant')
  return program
}
