import type { AudienceSource } from '../../feed/index.ts'
import { isHolder } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { programCards, programStatuses } from '../../programs/index.ts'

/**
 * The programs a card holder has a bill of that is not archived (unpaid, overdue or paid), in a
 * program that is not blocked: the credit module's contribution to the feed's
 * `feed.audience-sources` (`{ key: 'bills' }`, docs/feed.md and docs/credit.md). A paid bill keeps
 * its holder a member until the owner archives it, as an active card does until it ends; an
 * archived bill counts for nothing. One scan of `credit_bills_holder_idx`.
 */
export async function programsWithBill(db: DbOrTrx, holderUserId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('credit_bills')
    .select('program_id')
    .distinct()
    .where('holder_user_id', '=', holderUserId)
    .where('status', '<>', 'archived')
    .execute()
  if (rows.length === 0) return []
  const programs = await programCards(
    db,
    rows.map((r) => r.program_id),
  )
  return [...programs.values()].filter((p) => p.status !== programStatuses.blocked).map((p) => p.uuid)
}

/** The feed's audience source for bills: only a card holder can be billed. */
export const billAudienceSource: AudienceSource = {
  key: 'bills',
  programsOf: (db, me) => (isHolder(me) ? programsWithBill(db, me.user_id) : Promise.resolve([])),
}
