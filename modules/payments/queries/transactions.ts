import { sql } from 'kysely'
import { type Caller, userTypes } from '../../platform/access.ts'
import { businessTimeZone } from '../../platform/dates.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { type PaymentStatus, paymentStatuses } from '../state.ts'

/**
 * Transactions: the money movements of payments as the Finance screens list them. A payment that
 * reached a provider (it has at least one attempt) is one movement, in the payment's status; each
 * refund is another, in the refund's status and for the refunded amount. A payment nobody started
 * paying moved no money and is not listed. A payment captured twice (the bank approved after the
 * card paid) shows the second capture as a `duplicate_capture` (status `paid`, the attempt's id)
 * and the refund that gives it back with `duplicate: true`.
 */

export const transactionKinds = ['payment', 'duplicate_capture', 'refund'] as const
export type TransactionKind = (typeof transactionKinds)[number]

export const refundStatuses = ['requested', 'pending', 'succeeded', 'failed'] as const
export type RefundStatus = (typeof refundStatuses)[number]

/** Every status a transaction can have: a payment's or a refund's. */
export const transactionStatuses = [...paymentStatuses, 'requested', 'succeeded'] as const
export type TransactionStatus = PaymentStatus | RefundStatus

/**
 * Whole calendar days in the filters and on receipts are business days (`BUSINESS_TIME_ZONE`,
 * default Amsterdam): a payment at 00:30 in Amsterdam belongs to that day, not the previous UTC day.
 */
export { businessTimeZone }

/** Who reads: the scope of what they see depends on their user type. */
export type TransactionViewer = Pick<Caller, 'user_id' | 'user_type'>

export interface TransactionFilter {
  status?: TransactionStatus | undefined
  kind?: TransactionKind | undefined
  /** Created on or after / on or before these days (`YYYY-MM-DD`, Dutch time, inclusive). */
  from?: string | undefined
  to?: string | undefined
  program_uuid?: string | undefined
  /** Part of the reference (`PAY-001042`) or of the description, any case. */
  q?: string | undefined
}

export interface TransactionRow {
  id: string
  kind: TransactionKind
  created_at: Date
  description: string
  /** The payment's description as a code and its parameters (`descriptions.ts`), when it has one. */
  description_code: string | null
  description_params: unknown
  status: TransactionStatus
  currency: string
  amount: bigint
  payment_id: string
  payment_number: bigint
  method: string | null
  card_brand: string | null
  card_last4: string | null
  program_uuid: string | null
  payable_kind: string
  payable_id: string
  owner_user_id: string | null
  created_by: string | null
  acceptor_user_id: string | null
  /** A refund that gives a duplicate capture back (the platform's own, not the owner's). */
  duplicate: boolean
  /** Whom the payer paid (the business), when the payment recorded it. */
  merchant_name: string | null
  /** The cashpoint it was taken at, if any (a terminal sale). */
  cashpoint: string | null
}

/** The cashpoint's title a payment taken at a cashpoint keeps in its metadata. */
const cashpointTitle = sql<string | null>`nullif(p.metadata->>'cashpoint_title', '')`.as('cashpoint')

/**
 * The payments a viewer may see: an admin every payment; a program owner those that pay them or
 * that they created; an acceptor those taken at their cashpoint; a card holder those they paid.
 * Everyone else's movements do not exist for them (a 404, not a 403).
 */
function visiblePayments(db: DbOrTrx, viewer: TransactionViewer) {
  const base = db.selectFrom('payments as p')
  const me = viewer.user_id
  switch (viewer.user_type) {
    case userTypes.admin:
      return base
    case userTypes.owner:
      return base.where((eb) => eb.or([eb('p.owner_user_id', '=', me), eb('p.created_by', '=', me)]))
    case userTypes.acceptor:
      return base.where('p.acceptor_user_id', '=', me)
    case userTypes.holder:
      return base.where('p.payer_user_id', '=', me)
  }
}

/** Both kinds of movement as one relation `t`, already limited to what the viewer may see. */
function movements(db: DbOrTrx, viewer: TransactionViewer) {
  const payments = visiblePayments(db, viewer)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('payment_attempts as a').select(sql`1`.as('one')).whereRef('a.payment_id', '=', 'p.id'),
      ),
    )
    .select([
      'p.id',
      sql<TransactionKind>`'payment'`.as('kind'),
      'p.created_at',
      'p.description',
      'p.description_code',
      'p.description_params',
      sql<TransactionStatus>`p.status`.as('status'),
      sql<string>`p.currency::text`.as('currency'),
      'p.amount',
      'p.id as payment_id',
      'p.number as payment_number',
      'p.method',
      'p.card_brand',
      sql<string | null>`p.card_last4::text`.as('card_last4'),
      'p.program_uuid',
      'p.payable_kind',
      'p.payable_id',
      'p.owner_user_id',
      'p.created_by',
      'p.acceptor_user_id',
      sql<boolean>`false`.as('duplicate'),
      'p.merchant_name',
      cashpointTitle,
    ])
  // A capture of an attempt that is not the payment's winning one: money taken twice, given back.
  const duplicates = visiblePayments(db, viewer)
    .innerJoin('payment_attempts as a', 'a.payment_id', 'p.id')
    .where('a.status', '=', 'paid')
    .where(sql<boolean>`a.id is distinct from p.paid_attempt_id`)
    .select([
      'a.id',
      sql<TransactionKind>`'duplicate_capture'`.as('kind'),
      sql<Date>`coalesce(a.captured_at, a.updated_at)`.as('created_at'),
      'p.description',
      'p.description_code',
      'p.description_params',
      sql<TransactionStatus>`'paid'`.as('status'),
      sql<string>`p.currency::text`.as('currency'),
      'p.amount',
      'p.id as payment_id',
      'p.number as payment_number',
      'a.method',
      'a.card_brand',
      sql<string | null>`a.card_last4::text`.as('card_last4'),
      'p.program_uuid',
      'p.payable_kind',
      'p.payable_id',
      'p.owner_user_id',
      'p.created_by',
      'p.acceptor_user_id',
      sql<boolean>`false`.as('duplicate'),
      'p.merchant_name',
      cashpointTitle,
    ])
  // A refund goes back on the card or account of the attempt it refunds.
  const refunds = visiblePayments(db, viewer)
    .innerJoin('payment_refunds as r', 'r.payment_id', 'p.id')
    .innerJoin('payment_attempts as a', 'a.id', 'r.attempt_id')
    .select([
      'r.id',
      sql<TransactionKind>`'refund'`.as('kind'),
      'r.created_at',
      'p.description',
      'p.description_code',
      'p.description_params',
      sql<TransactionStatus>`r.status`.as('status'),
      sql<string>`r.currency::text`.as('currency'),
      'r.amount',
      'p.id as payment_id',
      'p.number as payment_number',
      'a.method',
      'a.card_brand',
      sql<string | null>`a.card_last4::text`.as('card_last4'),
      'p.program_uuid',
      'p.payable_kind',
      'p.payable_id',
      'p.owner_user_id',
      'p.created_by',
      'p.acceptor_user_id',
      sql<boolean>`r.kind = 'duplicate'`.as('duplicate'),
      'p.merchant_name',
      cashpointTitle,
    ])
  return db.selectFrom(payments.unionAll(duplicates).unionAll(refunds).as('t'))
}

/** `%`, `_` and `\` match themselves in the search, not as LIKE wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const dayStart = (day: string) => sql<Date>`(${day}::date)::timestamp at time zone ${businessTimeZone}`
const dayAfter = (day: string) => sql<Date>`(${day}::date + 1)::timestamp at time zone ${businessTimeZone}`

/**
 * One page of the viewer's transactions, newest first, and how many match in all. Dates are
 * expected valid (`YYYY-MM-DD`); the route checks them.
 */
export async function listTransactions(
  db: DbOrTrx,
  viewer: TransactionViewer,
  filter: TransactionFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: TransactionRow[] }> {
  let base = movements(db, viewer)
  if (filter.kind) base = base.where('t.kind', '=', filter.kind)
  if (filter.status) base = base.where('t.status', '=', filter.status)
  if (filter.program_uuid) base = base.where('t.program_uuid', '=', filter.program_uuid)
  if (filter.from) base = base.where('t.created_at', '>=', dayStart(filter.from))
  if (filter.to) base = base.where('t.created_at', '<', dayAfter(filter.to))
  const q = filter.q?.trim()
  if (q) {
    const pattern = likePattern(q)
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`'PAY-' || lpad(t.payment_number::text, 6, '0')`, 'ilike', pattern),
        eb('t.description', 'ilike', pattern),
      ]),
    )
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll('t')
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.n), results: rows }
}

/** One of the viewer's transactions, or undefined when it does not exist or is not theirs. */
export async function findTransaction(
  db: DbOrTrx,
  viewer: TransactionViewer,
  id: string,
): Promise<TransactionRow | undefined> {
  return movements(db, viewer).selectAll('t').where('t.id', '=', id).executeTakeFirst()
}

/**
 * A movement that has a receipt: money actually moved. A payment keeps its receipt after it is
 * (partly) refunded, since it was paid all the same; each refund has its own.
 */
export function hasReceipt(t: Pick<TransactionRow, 'kind' | 'status'>): boolean {
  if (t.kind === 'duplicate_capture') return false
  return t.kind === 'payment'
    ? t.status === 'paid' || t.status === 'partially_refunded' || t.status === 'refunded'
    : t.status === 'succeeded'
}

/** What a receipt says beyond the listed fields: when money moved, the payment behind a refund, VAT. */
export interface ReceiptFacts {
  /** When the money moved: the payment's capture, or when the refund last changed (it succeeded). */
  moved_at: Date
  payment_amount: bigint
  payment_paid_at: Date | null
  /** The receiver of the money (the acceptor at a cashpoint, else the program owner). */
  receiver_user_id: string | null
  metadata: Record<string, unknown>
}

export async function receiptFacts(db: DbOrTrx, t: TransactionRow): Promise<ReceiptFacts> {
  const payment = await db
    .selectFrom('payments')
    .select(['amount', 'paid_at', 'created_at', 'metadata'])
    .where('id', '=', t.payment_id)
    .executeTakeFirstOrThrow()
  const refund =
    t.kind === 'refund'
      ? await db
          .selectFrom('payment_refunds')
          .select('updated_at')
          .where('id', '=', t.id)
          .executeTakeFirstOrThrow()
      : undefined
  const metadata =
    payment.metadata && typeof payment.metadata === 'object' && !Array.isArray(payment.metadata)
      ? (payment.metadata as Record<string, unknown>)
      : {}
  return {
    moved_at: refund?.updated_at ?? payment.paid_at ?? payment.created_at,
    payment_amount: payment.amount,
    payment_paid_at: payment.paid_at,
    receiver_user_id: t.acceptor_user_id ?? t.owner_user_id ?? t.created_by,
    metadata,
  }
}
