import { type ExpressionBuilder, sql } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'
import { newId } from '../../platform/ids.ts'
import type { BillEventKind, BillStatus } from '../codes.ts'

export interface BillRow {
  id: string
  program_id: string
  number: bigint
  owner_user_id: string
  holder_user_id: string
  holder_name: string
  holder_email: string
  currency: string
  issue_date: string
  due_date: string
  status: BillStatus
  reference: string
  subtotal: bigint
  vat: bigint
  total: bigint
  penalties: bigint
  paid_amount: bigint
  time_zone: string
  language: string
  paid_at: Date | null
  archived_at: Date | null
  archived_reason: string | null
  reminders_stopped: string | null
  created_by: string | null
  created_at: Date
  updated_at: Date
}

/** Every column of a bill, its dates as `YYYY-MM-DD` (calendar dates, never shifted by a zone). */
export const billColumns = (eb: ExpressionBuilder<DB, 'credit_bills'>) =>
  [
    'credit_bills.id',
    'credit_bills.program_id',
    'credit_bills.number',
    'credit_bills.owner_user_id',
    'credit_bills.holder_user_id',
    'credit_bills.holder_name',
    'credit_bills.holder_email',
    'credit_bills.currency',
    sql<string>`${eb.ref('credit_bills.issue_date')}::text`.as('issue_date'),
    sql<string>`${eb.ref('credit_bills.due_date')}::text`.as('due_date'),
    'credit_bills.status',
    'credit_bills.reference',
    'credit_bills.subtotal',
    'credit_bills.vat',
    'credit_bills.total',
    'credit_bills.penalties',
    'credit_bills.paid_amount',
    'credit_bills.time_zone',
    'credit_bills.language',
    'credit_bills.paid_at',
    'credit_bills.archived_at',
    'credit_bills.archived_reason',
    'credit_bills.reminders_stopped',
    'credit_bills.created_by',
    'credit_bills.created_at',
    'credit_bills.updated_at',
  ] as const

export async function findBill(db: DbOrTrx, id: string): Promise<BillRow | undefined> {
  return (await db.selectFrom('credit_bills').select(billColumns).where('id', '=', id).executeTakeFirst()) as
    | BillRow
    | undefined
}

/** Several bills by id, in id order; `lock` locks them for the rest of the transaction (in that order). */
export async function findBills(
  db: DbOrTrx,
  ids: readonly string[],
  opts: { lock?: boolean } = {},
): Promise<Map<string, BillRow>> {
  if (ids.length === 0) return new Map()
  let query = db
    .selectFrom('credit_bills')
    .select(billColumns)
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
  if (opts.lock) query = query.forUpdate()
  const rows = (await query.execute()) as BillRow[]
  return new Map(rows.map((r) => [r.id, r]))
}

/** The bill row, locked for the rest of the transaction: every change of a bill goes through this. */
export async function lockBill(trx: Trx, id: string): Promise<BillRow | undefined> {
  return (await trx
    .selectFrom('credit_bills')
    .select(billColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()) as BillRow | undefined
}

export type NewBill = Omit<
  BillRow,
  | 'penalties'
  | 'paid_amount'
  | 'paid_at'
  | 'archived_at'
  | 'archived_reason'
  | 'reminders_stopped'
  | 'created_at'
  | 'updated_at'
>

export async function insertBill(trx: Trx, bill: NewBill): Promise<BillRow> {
  await trx.insertInto('credit_bills').values(bill).execute()
  return (await findBill(trx, bill.id))!
}

export type BillPatch = Partial<
  Pick<
    BillRow,
    | 'status'
    | 'due_date'
    | 'penalties'
    | 'paid_amount'
    | 'paid_at'
    | 'archived_at'
    | 'archived_reason'
    | 'reminders_stopped'
  >
>

export async function updateBill(trx: Trx, id: string, patch: BillPatch): Promise<BillRow> {
  await trx
    .updateTable('credit_bills')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .execute()
  return (await findBill(trx, id))!
}

// ─── Lines ─────────────────────────────────────────────────────────────────────────────────────

export interface BillLineRow {
  id: string
  bill_id: string
  position: number
  kind: 'item' | 'penalty'
  description: string
  quantity: number
  unit_price: bigint
  vat_code: string | null
  vat_rate_bp: number | null
  net: bigint
  reminder_id: string | null
  created_at: Date
}

export async function billLines(db: DbOrTrx, billId: string): Promise<BillLineRow[]> {
  return (await db
    .selectFrom('credit_bill_lines')
    .selectAll()
    .where('bill_id', '=', billId)
    .orderBy('position')
    .execute()) as BillLineRow[]
}

export async function insertLines(trx: Trx, lines: Omit<BillLineRow, 'id' | 'created_at'>[]): Promise<void> {
  if (lines.length === 0) return
  await trx
    .insertInto('credit_bill_lines')
    .values(lines.map((l) => ({ ...l, id: newId() })))
    .execute()
}

/** The next free line position of a bill (penalties follow the items). */
export async function nextLinePosition(trx: Trx, billId: string): Promise<number> {
  const { max } = await trx
    .selectFrom('credit_bill_lines')
    .select(sql<number | null>`max(position)`.as('max'))
    .where('bill_id', '=', billId)
    .executeTakeFirstOrThrow()
  return (max ?? -1) + 1
}

// ─── Timeline ──────────────────────────────────────────────────────────────────────────────────

export interface BillEventRow {
  id: string
  bill_id: string
  at: Date
  kind: BillEventKind
  reminder_id: string | null
  params: Record<string, string | number | boolean | null>
}

/** A timeline row to insert (several at once: the reminder engine writes a batch's in one statement). */
export function billEvent(
  billId: string,
  kind: BillEventKind,
  params: Record<string, string | number | boolean | null>,
  reminderId: string | null,
  at: Date,
) {
  return { id: newId(), bill_id: billId, kind, params: JSON.stringify(params), reminder_id: reminderId, at }
}

export async function addBillEvent(
  trx: Trx,
  billId: string,
  kind: BillEventKind,
  params: Record<string, string | number | boolean | null> = {},
  reminderId: string | null = null,
  at: Date = new Date(),
): Promise<void> {
  await trx
    .insertInto('credit_bill_events')
    .values({
      id: newId(),
      bill_id: billId,
      kind,
      params: JSON.stringify(params),
      reminder_id: reminderId,
      at,
    })
    .execute()
}

export async function billEvents(db: DbOrTrx, billId: string): Promise<BillEventRow[]> {
  return (await db
    .selectFrom('credit_bill_events')
    .selectAll()
    .where('bill_id', '=', billId)
    .orderBy('at')
    .orderBy('id')
    .execute()) as BillEventRow[]
}

// ─── Payments ──────────────────────────────────────────────────────────────────────────────────

export interface BillPaymentRow {
  payment_id: string
  bill_id: string
  amount: bigint
  currency: string
  status: 'open' | 'paid' | 'ended'
  paid_at: Date | null
  /** What was refunded of it since (payments' `payments.payment.refunded`). */
  refunded: bigint
  created_at: Date
}

export async function billPayments(db: DbOrTrx, billId: string): Promise<BillPaymentRow[]> {
  return (await db
    .selectFrom('credit_bill_payments')
    .selectAll()
    .where('bill_id', '=', billId)
    .orderBy('created_at')
    .execute()) as BillPaymentRow[]
}

export async function lockBillPayment(trx: Trx, paymentId: string): Promise<BillPaymentRow | undefined> {
  return (await trx
    .selectFrom('credit_bill_payments')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .forUpdate()
    .executeTakeFirst()) as BillPaymentRow | undefined
}
