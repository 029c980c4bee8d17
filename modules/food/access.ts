import { type Caller, isAcceptor, programOfOwner, programOfOwnerOrAcceptor } from '../platform/access.ts'
import type { DbOrTrx, Trx } from '../platform/db.ts'
import {
  acceptorStanding,
  findProgram,
  lockProgram,
  type ProgramSummary,
  programStatuses,
  programTypes,
} from '../programs/index.ts'
import { notFoodProgram, programBlocked } from './errors.ts'

export type { Caller } from '../platform/access.ts'

/**
 * A food program named in an owner-side call, through the access kernel:
 *
 * - `owner`: its owner only (restaurant settings, brand, documents);
 * - `staff`: its owner, or an acceptor taking part in it now (the restaurant's staff edit the menu
 *   and announcements): an acceptor who never had a place in it gets 404, one whose place is no
 *   longer active 403 `not_program_acceptor`.
 *
 * Another owner's program, or none: 404. A program of another type: 422 `not_food_program`. A
 * change (`change`) to a blocked program: 422 `program_blocked`. With `lock` the program row is
 * locked for the rest of the transaction (its status changes wait).
 */
export async function foodProgramOf(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
  opts: { who: 'owner' | 'staff'; lock?: Trx; change?: boolean },
): Promise<ProgramSummary> {
  const found = opts.lock ? await lockProgram(opts.lock, uuid) : await findProgram(db, uuid)
  const program =
    opts.who === 'staff' && isAcceptor(me)
      ? programOfOwnerOrAcceptor(
          me,
          found,
          found ? await acceptorStanding(db, found.uuid, me.user_id) : 'none',
        )
      : programOfOwner(me, found)
  if (program.type !== programTypes.foodsManagement) throw notFoodProgram()
  if (opts.change && program.status === programStatuses.blocked) throw programBlocked()
  return program
}
