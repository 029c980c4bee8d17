import { type Selectable, sql } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'

export type ProgramMethodRow = Selectable<DB['program_methods']>

export function programMethodRows(db: DbOrTrx, programId: string): Promise<ProgramMethodRow[]> {
  return db
    .selectFrom('program_methods')
    .selectAll()
    .where('program_id', '=', programId)
    .orderBy('method_id')
    .execute()
}

/** Saves the given methods of a program; methods not in the list keep what they had. */
export async function upsertProgramMethods(
  db: DbOrTrx,
  programId: string,
  methods: readonly { method_id: string; provider_id: string | null; is_used: boolean }[],
): Promise<void> {
  if (methods.length === 0) return
  await db
    .insertInto('program_methods')
    .values(methods.map((m) => ({ program_id: programId, ...m })))
    .onConflict((oc) =>
      oc.columns(['program_id', 'method_id']).doUpdateSet((eb) => ({
        provider_id: eb.ref('excluded.provider_id'),
        is_used: eb.ref('excluded.is_used'),
        updated_at: sql`now()`,
      })),
    )
    .execute()
}
