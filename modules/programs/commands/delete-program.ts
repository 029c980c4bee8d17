import { programOfOwner } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { conflict } from '../../platform/errors.ts'
import type { Caller } from '../access.ts'
import { isDraft } from '../codes.ts'
import { deleteProgramRow, lockProgramRow } from '../db/programs.ts'

/**
 * Deletes a draft program of the caller's, with its payment method settings, invitations and
 * cashpoints (spec section 4: "drafts can be deleted"). A program past the drafts may have taken
 * money and has acceptors: it is blocked, never deleted (409).
 */
export async function deleteProgram(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  programId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = programOfOwner(me, await lockProgramRow(trx, programId))
    if (!isDraft(row.status)) {
      throw conflict('only a draft can be deleted; block an active program instead', 'program_not_draft')
    }
    await deleteProgramRow(trx, row.id)
  })
  ctx.log.info({ program_id: programId }, 'draft program deleted')
}
