import type { Insertable, Selectable } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'

export type ProgramImageRow = Selectable<DB['program_images']>

export function insertProgramImage(
  db: DbOrTrx,
  row: Insertable<DB['program_images']>,
): Promise<ProgramImageRow> {
  return db.insertInto('program_images').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findProgramImage(db: DbOrTrx, id: string): Promise<ProgramImageRow | undefined> {
  return db.selectFrom('program_images').selectAll().where('id', '=', id).executeTakeFirst()
}
