import { type Insertable, sql, type Updateable } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'

/** A program's card as stored; calendar dates as `YYYY-MM-DD` strings (never a Date at some midnight). */
export interface ProgramCardRow {
  id: string
  program_id: string
  type: number
  title: string
  description: string
  image_id: string | null
  orientation: string
  value: bigint | null
  currency: string
  use_number: number | null
  validity_mode: string | null
  expiry_type: number | null
  expiry_value: number | null
  valid_until: string | null
  is_private: boolean
  start_date: string | null
  expiry_date: string | null
  created_at: Date
  updated_at: Date
}

const dateText = (column: 'valid_until' | 'start_date' | 'expiry_date') =>
  sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`.as(column)

const selectCard = (db: DbOrTrx) =>
  db
    .selectFrom('program_cards')
    .select([
      'id',
      'program_id',
      'type',
      'title',
      'description',
      'image_id',
      'orientation',
      'value',
      'currency',
      'use_number',
      'validity_mode',
      'expiry_type',
      'expiry_value',
      dateText('valid_until'),
      'is_private',
      dateText('start_date'),
      dateText('expiry_date'),
      'created_at',
      'updated_at',
    ])

export function findCardRow(db: DbOrTrx, id: string): Promise<ProgramCardRow | undefined> {
  return selectCard(db).where('id', '=', id).executeTakeFirst()
}

export function findCardOfProgram(db: DbOrTrx, programId: string): Promise<ProgramCardRow | undefined> {
  return selectCard(db).where('program_id', '=', programId).executeTakeFirst()
}

/** The cards of several programs, by program. */
export async function cardsOfPrograms(
  db: DbOrTrx,
  programIds: readonly string[],
): Promise<Map<string, ProgramCardRow>> {
  if (programIds.length === 0) return new Map()
  const rows = await selectCard(db)
    .where('program_id', 'in', [...programIds])
    .execute()
  return new Map(rows.map((r) => [r.program_id, r]))
}

/**
 * The programs whose card is public (listed for card holders) and complete; whether the program
 * itself is active is the programs module's to say.
 */
export async function publicCardProgramIds(db: DbOrTrx): Promise<string[]> {
  const rows = await db
    .selectFrom('program_cards')
    .select('program_id')
    .where('is_private', '=', false)
    .where('value', 'is not', null)
    .where('validity_mode', 'is not', null)
    .execute()
  return rows.map((r) => r.program_id)
}

/** The card row locked for the rest of the transaction. */
export function lockCardRow(trx: Trx, id: string): Promise<ProgramCardRow | undefined> {
  return selectCard(trx).where('id', '=', id).forUpdate().executeTakeFirst()
}

export async function insertCardRow(trx: Trx, row: Insertable<DB['program_cards']>): Promise<ProgramCardRow> {
  await trx.insertInto('program_cards').values(row).execute()
  return (await findCardRow(trx, row.id)) as ProgramCardRow
}

export async function updateCardRow(
  trx: Trx,
  id: string,
  set: Updateable<DB['program_cards']>,
): Promise<ProgramCardRow> {
  await trx
    .updateTable('program_cards')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
  return (await findCardRow(trx, id)) as ProgramCardRow
}

export async function deleteCardRow(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('program_cards').where('id', '=', id).execute()
}
