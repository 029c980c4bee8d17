import { createHash } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { userContactByEmail } from '../../identity/index.ts'
import { type VatCode, vatCodes } from '../../payments/index.ts'
import type { Caller } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import { isCalendarDate } from '../../platform/dates.ts'
import { AppError, type FieldErrorCode, type FieldProblems } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { currencyExponent } from '../../platform/money.ts'
import { creditProgramOf } from '../access.ts'
import { billLimits } from '../codes.ts'
import { type IssueBillInput, issueBillIn } from './bills.ts'

/** The columns of a bills CSV, in the order of the template; `*` marks the required ones. */
export const importColumns = [
  'holder_email',
  'due_date',
  'description',
  'quantity',
  'unit_price',
  'vat',
  'reference',
  'issue_date',
  'time_zone',
] as const
const requiredColumns = ['holder_email', 'due_date', 'description', 'unit_price', 'vat'] as const
type Column = (typeof importColumns)[number]

/** At most this many bills per file. */
export const importMaxRows = 1000

export interface ImportResult {
  bills: { uuid: string; number: bigint }[]
  /** The same file was imported before: nothing new was issued, these are the first import's bills. */
  already_imported: boolean
}

type Ctx = Pick<RequestContext, 'actor' | 'requestId'>

/**
 * Issues many bills from a CSV file (one row, one bill with one item), all or nothing: every row is
 * checked (its own fields, then as `issueBill` checks a bill: holder, dates, VAT rate), and when any
 * row is wrong nothing is issued and the answer names each wrong field by row (`rows.<n>.<column>`,
 * n the line in the file). A file the program imported before (same bytes) issues nothing again and
 * answers the bills of the first import. One transaction: the bills' numbers follow one another.
 */
export async function importBills(
  services: Pick<Services, 'db'>,
  ctx: Ctx,
  me: Caller,
  input: { program: string; csv: string },
): Promise<ImportResult> {
  const digest = createHash('sha256').update(input.csv).digest('hex')
  return services.db.transaction().execute(async (trx) => {
    const program = await creditProgramOf(trx, me, input.program, { lock: trx })
    // Taken first: a second upload of the file waits here for the first to commit, then finds it.
    const taken = await trx
      .insertInto('credit_bill_imports')
      .values({ id: newId(), program_id: program.uuid, digest, bill_ids: [], created_by: me.user_id })
      .onConflict((oc) => oc.columns(['program_id', 'digest']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!taken) {
      const earlier = await trx
        .selectFrom('credit_bill_imports')
        .select('bill_ids')
        .where('program_id', '=', program.uuid)
        .where('digest', '=', digest)
        .executeTakeFirstOrThrow()
      const bills = await trx
        .selectFrom('credit_bills')
        .select(['id', 'number'])
        .where('id', 'in', earlier.bill_ids.length > 0 ? earlier.bill_ids : [newId()])
        .orderBy('number')
        .execute()
      return { bills: bills.map((b) => ({ uuid: b.id, number: BigInt(b.number) })), already_imported: true }
    }

    const problems: FieldProblems = {}
    const wrong = (line: number, column: string, code: FieldErrorCode, message: string) => {
      const key = `rows.${line}.${column}`
      problems[key] = [...(problems[key] ?? []), { code, message, params: { row: line } }]
    }
    const rows = readCsv(input.csv)
    if (rows.length === 0) throw fileProblem('required', 'the file has no bills')
    if (rows.length > importMaxRows)
      throw fileProblem('too_many', `at most ${importMaxRows} bills per file`, { maximum: importMaxRows })

    const exp = currencyExponent(program.currency)
    const inputs: { line: number; input: IssueBillInput }[] = []
    // A column the import does not know is wrong in the header (line 1), once.
    for (const column of Object.keys(rows[0]!.record)) {
      if (!(importColumns as readonly string[]).includes(column))
        wrong(1, column, 'unknown_field', `unknown column ${column}`)
    }
    for (const { line, record } of rows) {
      const before = Object.keys(problems).length
      const value = (c: Column) => (record[c] ?? '').trim()
      for (const c of requiredColumns) if (!value(c)) wrong(line, c, 'required', 'required')
      const email = value('holder_email')
      const holder = email ? await userContactByEmail(trx, email) : undefined
      if (email && (holder?.type !== 3 || !holder.is_active))
        wrong(line, 'holder_email', 'not_card_holder', 'no card holder with this e-mail address')
      for (const c of ['due_date', 'issue_date'] as const) {
        if (value(c) && !isCalendarDate(value(c))) wrong(line, c, 'invalid_date', 'must be a date YYYY-MM-DD')
      }
      const quantity = value('quantity') ? Number(value('quantity')) : 1
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > billLimits.maxQuantity)
        wrong(line, 'quantity', 'invalid_format', `a whole number from 1 to ${billLimits.maxQuantity}`)
      const price = value('unit_price') ? minorUnits(value('unit_price'), exp) : 0
      if (price === undefined || price > billLimits.maxUnitPrice)
        wrong(line, 'unit_price', 'invalid_format', 'an amount such as 12.50')
      const vat = value('vat').toLowerCase()
      if (vat && !(vatCodes as readonly string[]).includes(vat))
        wrong(line, 'vat', 'invalid_choice', `one of ${vatCodes.join(', ')}`)
      if (value('description').length > 500) wrong(line, 'description', 'too_long', 'at most 500 characters')
      if (value('reference').length > 200) wrong(line, 'reference', 'too_long', 'at most 200 characters')
      if (Object.keys(problems).length > before || !holder) continue
      inputs.push({
        line,
        input: {
          program: program.uuid,
          holder: holder.id,
          due_date: value('due_date'),
          ...(value('issue_date') ? { issue_date: value('issue_date') } : {}),
          ...(value('reference') ? { reference: value('reference') } : {}),
          ...(value('time_zone') ? { time_zone: value('time_zone') } : {}),
          items: [
            {
              description: value('description'),
              quantity,
              unit_price: price ?? 0,
              vat: vat as VatCode,
            },
          ],
        },
      })
    }

    // Rows that read well are issued as the form issues a bill; a refusal names its row. Every
    // check of `issueBillIn` comes before its writes, so a refused row has written nothing.
    const issued: { uuid: string; number: bigint }[] = []
    for (const { line, input: bill } of inputs) {
      try {
        const row = await issueBillIn(trx, ctx, me, bill)
        issued.push({ uuid: row.id, number: BigInt(row.number) })
      } catch (err) {
        if (!(err instanceof AppError) || !err.problems) throw err
        for (const [field, list] of Object.entries(err.problems)) {
          const column =
            field === 'holder' ? 'holder_email' : field.startsWith('items') ? 'unit_price' : field
          for (const p of list) wrong(line, column, p.code, p.message)
        }
      }
    }
    // Anything wrong: nothing is issued (the transaction rolls back, the file's row with it).
    if (Object.keys(problems).length > 0)
      throw new AppError('validation_failed', 'the file has rows that are wrong; no bill was issued', {
        fields: problems,
      })
    await trx
      .updateTable('credit_bill_imports')
      .set({ bill_ids: issued.map((b) => b.uuid) })
      .where('id', '=', taken.id)
      .execute()
    return { bills: issued, already_imported: false }
  })
}

const fileProblem = (code: FieldErrorCode, message: string, params?: Record<string, number>) =>
  new AppError('validation_failed', message, {
    fields: { csv: [{ code, message, ...(params ? { params } : {}) }] },
  })

/** The file's records with their line numbers; a file csv-parse cannot read is refused as a whole. */
function readCsv(csv: string): { line: number; record: Record<string, string> }[] {
  try {
    const records = parse(csv, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
      // Excel in much of Europe writes semicolons (and decimal commas): the header says which.
      delimiter: delimiterOf(csv),
      max_record_size: 10_000,
    }) as { record: Record<string, string>; info: { lines: number } }[]
    return records.map((r) => ({ line: r.info.lines, record: r.record }))
  } catch (err) {
    throw fileProblem('invalid_format', `the file is not a readable CSV: ${(err as Error).message}`)
  }
}

/** `;` when the header row has more semicolons than commas, else `,`. */
function delimiterOf(csv: string): string {
  const header = csv.slice(0, Math.max(0, csv.search(/\r?\n/)) || csv.length)
  const count = (c: string) => header.split(c).length - 1
  return count(';') > count(',') ? ';' : ','
}

/** `12.50`, `12,50` or `12` in minor units of a currency with `exp` decimals; undefined if not an amount. */
function minorUnits(text: string, exp: number): number | undefined {
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text.replace(/\s/g, ''))
  if (!match) return undefined
  const fraction = match[2] ?? ''
  if (fraction.length > exp) return undefined
  return Number(match[1]) * 10 ** exp + Number(fraction.padEnd(exp, '0') || '0')
}
