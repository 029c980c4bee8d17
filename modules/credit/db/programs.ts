import { sql } from 'kysely'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { newId } from '../../platform/ids.ts'
import { newProgramCode } from '../codes.ts'
import type { IsoWeekday, LadderStep, Schedule } from '../planning.ts'

/** A credit program's settings row (`credit_programs`), as the module reads it. */
export interface CreditProgramRow {
  program_id: string
  code: string
  contact_account: string
  contact_phone_code: string
  contact_phone_number: string
  contact_chamber: string
  contact_vat: string
  contact_is_showed: boolean
  contact_country: string
  contact_state: string
  contact_city: string
  contact_address: string
  contact_zip: string
  is_formal: boolean
  image_id: string | null
  contact: string
  window_start: string
  window_end: string
  window_weekdays: number[]
  time_zone: string
  next_bill_number: bigint
  created_at: Date
  updated_at: Date
}

/** A credit program's code (its bills' numbers start with it), null when it has none. */
export async function creditProgramCode(db: DbOrTrx, programId: string): Promise<string | null> {
  const row = await db
    .selectFrom('credit_programs')
    .select('code')
    .where('program_id', '=', programId)
    .executeTakeFirst()
  return row?.code ?? null
}

export async function findCreditProgram(
  db: DbOrTrx,
  programId: string,
): Promise<CreditProgramRow | undefined> {
  return db.selectFrom('credit_programs').selectAll().where('program_id', '=', programId).executeTakeFirst()
}

/**
 * The settings row of a credit program, made on first use with a fresh 6-letter code (drawn again
 * on the rare clash with another program's code).
 */
export async function ensureCreditProgram(db: DbOrTrx, programId: string): Promise<CreditProgramRow> {
  for (let tries = 0; ; tries++) {
    const found = await findCreditProgram(db, programId)
    if (found) return found
    const inserted = await db
      .insertInto('credit_programs')
      .values({ program_id: programId, code: newProgramCode() })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst()
    if (inserted) return inserted
    // Either another request made the row (found next time), or the code clashed: draw again.
    if (tries > 20) throw new Error('could not draw a unique credit program code')
  }
}

export async function lockCreditProgram(trx: Trx, programId: string): Promise<CreditProgramRow> {
  await ensureCreditProgram(trx, programId)
  return trx
    .selectFrom('credit_programs')
    .selectAll()
    .where('program_id', '=', programId)
    .forUpdate()
    .executeTakeFirstOrThrow()
}

export type CreditProgramPatch = Partial<
  Omit<CreditProgramRow, 'program_id' | 'code' | 'next_bill_number' | 'created_at' | 'updated_at'>
>

export async function updateCreditProgram(trx: Trx, programId: string, patch: CreditProgramPatch) {
  return trx
    .updateTable('credit_programs')
    .set({ ...patch, updated_at: new Date() })
    .where('program_id', '=', programId)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Takes the program's next bill number. The settings row stays locked until the issuing
 * transaction ends, so bills of one program are numbered one after another, and a rolled-back
 * issue gives its number back: numbers are gapless per program.
 */
export async function takeBillNumber(trx: Trx, programId: string): Promise<bigint> {
  await ensureCreditProgram(trx, programId)
  const row = await trx
    .updateTable('credit_programs')
    .set({ next_bill_number: sql`next_bill_number + 1` })
    .where('program_id', '=', programId)
    .returning(sql<bigint>`next_bill_number - 1`.as('number'))
    .executeTakeFirstOrThrow()
  return row.number
}

export const scheduleOf = (
  p: Pick<CreditProgramRow, 'window_start' | 'window_end' | 'window_weekdays'>,
  zone: string,
): Schedule => ({
  time_zone: zone,
  window: { start: p.window_start, end: p.window_end, weekdays: p.window_weekdays as IsoWeekday[] },
})

// ─── Ladder steps ──────────────────────────────────────────────────────────────────────────────

export interface StepRow {
  id: string
  program_id: string
  position: number
  title: string
  description: string
  is_alive: boolean
  is_system: boolean
  is_formal: boolean
  template_id: number | null
  subject: string
  text: string
  sender_type: number
  days: number
  send_time: string
  period_type: number | null
  period_value: number | null
  contact: string
  image_id: string | null
  penalty_type: number | null
  penalty_amount: bigint | null
  penalty_percent: string | null
  deleted_at: Date | null
  created_at: Date
  updated_at: Date
}

export type StepValues = Omit<
  StepRow,
  'id' | 'program_id' | 'position' | 'deleted_at' | 'created_at' | 'updated_at'
>

/** The program's ladder as configured (deleted steps left out), by position. */
export async function ladderSteps(db: DbOrTrx, programId: string): Promise<StepRow[]> {
  return (await db
    .selectFrom('credit_reminder_steps')
    .selectAll()
    .where('program_id', '=', programId)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('created_at')
    .execute()) as StepRow[]
}

export async function findStep(db: DbOrTrx, id: string): Promise<StepRow | undefined> {
  return (await db
    .selectFrom('credit_reminder_steps')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()) as StepRow | undefined
}

export async function insertStep(trx: DbOrTrx, programId: string, values: StepValues): Promise<StepRow> {
  const { max } = await trx
    .selectFrom('credit_reminder_steps')
    .select(sql<number | null>`max(position)`.as('max'))
    .where('program_id', '=', programId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
  return (await trx
    .insertInto('credit_reminder_steps')
    .values({ ...values, id: newId(), program_id: programId, position: (max ?? -1) + 1 })
    .returningAll()
    .executeTakeFirstOrThrow()) as StepRow
}

export async function updateStep(trx: Trx, id: string, values: Partial<StepValues>): Promise<StepRow> {
  return (await trx
    .updateTable('credit_reminder_steps')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()) as StepRow
}

export async function deleteStep(trx: Trx, id: string): Promise<void> {
  await trx
    .updateTable('credit_reminder_steps')
    .set({ deleted_at: new Date() })
    .where('id', '=', id)
    .execute()
}

/** A step row as the planner takes it. */
export function ladderStepOf(s: StepRow, currency: string): LadderStep {
  return {
    title: s.title,
    is_alive: s.is_alive,
    time: { sender_type: s.sender_type as 1 | 2, value: s.days },
    send_time: s.send_time,
    period: s.period_type === null || s.period_value === null ? null : { type: 11, value: s.period_value },
    penalty:
      s.penalty_type === 1 && s.penalty_amount !== null
        ? { value_type: 1, amount: { amount: s.penalty_amount, currency } }
        : s.penalty_type === 2 && s.penalty_percent !== null
          ? { value_type: 2, percent: normalizePercent(s.penalty_percent) }
          : null,
  }
}

/** `1.5000` (numeric(7,4) as read) → `1.5`: the planner's decimal string. */
export function normalizePercent(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value
}
