import { sql } from 'kysely'
import type { DbOrTrx } from '../../platform/db.ts'
import { programCards, programStatuses } from '../../programs/index.ts'

/**
 * The programs a card holder holds an active card of: activated by them, not used up, not blocked
 * and not expired, in a program that is not blocked (`cardState` says `active`). Other modules show
 * a program's card holders what is for them alone (the feed's card-holder posts).
 */
export async function programsWithActiveCard(db: DbOrTrx, holderUserId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('cards')
    .select('program_id')
    .distinct()
    .where('holder_user_id', '=', holderUserId)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .execute()
  if (rows.length === 0) return []
  const programs = await programCards(
    db,
    rows.map((r) => r.program_id),
  )
  return [...programs.values()].filter((p) => p.status !== programStatuses.blocked).map((p) => p.uuid)
}
