import type { DbOrTrx } from '../../platform/db.ts'
import { acceptorStatuses, type ProgramStatus, type ProgramType } from '../codes.ts'

/**
 * The programs a user has a place in, for modules that show things to a program's people (the
 * feed's card-holder posts): the programs they own, and those they take part in as an active
 * acceptor (not pending, blocked, declined or unsubscribed).
 */
export async function programsOwnedBy(db: DbOrTrx, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('programs').select('id').where('owner_user_id', '=', userId).execute()
  return rows.map((r) => r.id)
}

export async function programsTakenPartIn(db: DbOrTrx, acceptorUserId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('program_acceptors')
    .select('program_id')
    .where('acceptor_user_id', '=', acceptorUserId)
    .where('status', '=', acceptorStatuses.active)
    .execute()
  return rows.map((r) => r.program_id)
}

/** What a program shows beside something about it (a feed post): what it is and whose it is. */
export interface ProgramCard {
  uuid: string
  type: ProgramType
  status: ProgramStatus
  title: string
  description: string
  owner_user_id: string
}

/** Programs by id, in one query (unknown ids are left out). */
export async function programCards(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, ProgramCard>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .selectFrom('programs')
    .select(['id', 'type', 'status', 'title', 'description', 'owner_user_id'])
    .where('id', 'in', unique)
    .execute()
  return new Map(
    rows.map((r) => [
      r.id,
      {
        uuid: r.id,
        type: r.type as ProgramType,
        status: r.status as ProgramStatus,
        title: r.title,
        description: r.description,
        owner_user_id: r.owner_user_id,
      },
    ]),
  )
}
