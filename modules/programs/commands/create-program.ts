import type { RequestContext } from '../../platform/context.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { newId } from '../../platform/ids.ts'
import { type ProgramType, programStatuses } from '../codes.ts'
import { insertProgram, type ProgramRow } from '../db/programs.ts'

export interface CreateProgramInput {
  type: ProgramType
  title: string
  description: string
  currency: string
}

/**
 * Saves step 0 of the creation wizard: a new program of any type, owned by the caller, as
 * draftStep1 (spec section 4: "step 0 saves the program as draftStep1"; "new goes to draftStep1").
 * Another module may call it inside its own transaction (food creates a program with its restaurant).
 */
export async function createProgram(
  db: DbOrTrx,
  ctx: RequestContext,
  ownerUserId: string,
  input: CreateProgramInput,
): Promise<ProgramRow> {
  const row = await insertProgram(db, {
    id: newId(),
    owner_user_id: ownerUserId,
    type: input.type,
    status: programStatuses.draftStep1,
    title: input.title,
    description: input.description,
    currency: input.currency,
  })
  ctx.log.info({ program_id: row.id, type: row.type }, 'program created')
  return row
}
