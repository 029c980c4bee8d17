import { type Selectable, sql } from 'kysely'
import type { DbOrTrx } from '../../platform/db.ts'
import type { Payments } from '../../platform/db-types.ts'
import type { PaymentStatus } from '../state.ts'
import { paymentReference } from './payments.ts'

/**
 * What other modules may read about a payment (the payment terminal, merchant notifications,
 * statistics) without touching the payments tables: its money, state and the card that paid it.
 */
export interface PaymentFacts {
  uuid: string
  reference: string
  status: PaymentStatus
  amount: bigint
  currency: string
  refunded_amount: bigint
  description: string
  /** Whom the payer pays, as fixed when the payment was made: the business, never the cashier. */
  merchant_name: string | null
  method: string | null
  card_brand: string | null
  card_last4: string | null
  failure_message: string | null
  payable: { kind: string; id: string }
  program_uuid: string | null
  owner_user_id: string | null
  acceptor_user_id: string | null
  paid_at: Date | null
  expires_at: Date
  created_at: Date
  updated_at: Date
  /**
   * The origin (scheme, host and port) the payer returns to after paying: the host they paid from,
   * checked when the payment was made (a restaurant's own domain or the platform's). Null without one.
   */
  return_origin: string | null
}

function originOf(url: string | null): string | null {
  if (!url) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

export async function paymentFacts(db: DbOrTrx, id: string): Promise<PaymentFacts | undefined> {
  const p = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()
  return p && factsOf(p)
}

/** Every payment made for one payable (an order's first payment and any "Pay again"), oldest first. */
export async function payablePayments(
  db: DbOrTrx,
  payable: { kind: string; id: string },
): Promise<PaymentFacts[]> {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('payable_kind', '=', payable.kind)
    .where('payable_id', '=', payable.id)
    .orderBy('created_at')
    .orderBy('number')
    .execute()
  return rows.map(factsOf)
}

function factsOf(p: Selectable<Payments>): PaymentFacts {
  return {
    uuid: p.id,
    reference: paymentReference(p.number),
    status: p.status as PaymentStatus,
    amount: p.amount,
    currency: p.currency,
    refunded_amount: p.refunded_amount,
    description: p.description,
    merchant_name: p.merchant_name,
    method: p.method,
    card_brand: p.card_brand,
    card_last4: p.card_last4,
    failure_message: p.failure_message,
    payable: { kind: p.payable_kind, id: p.payable_id },
    program_uuid: p.program_uuid,
    owner_user_id: p.owner_user_id,
    acceptor_user_id: p.acceptor_user_id,
    paid_at: p.paid_at,
    expires_at: p.expires_at,
    created_at: p.created_at,
    updated_at: p.updated_at,
    return_origin: originOf(p.return_url),
  }
}

/** A refund of a payment, for the merchant's notification of it. */
export async function refundFacts(
  db: DbOrTrx,
  id: string,
): Promise<
  { uuid: string; amount: bigint; currency: string; reason: string | null; updated_at: Date } | undefined
> {
  const r = await db
    .selectFrom('payment_refunds')
    .select(['id', 'amount', 'currency', 'reason', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  return (
    r && { uuid: r.id, amount: r.amount, currency: r.currency, reason: r.reason, updated_at: r.updated_at }
  )
}

export interface PaymentTotalsFilter {
  /** Only payments that pay this owner (their programs and payment links). */
  owner_user_id?: string | undefined
  /** Only payments taken by this acceptor (at their cashpoints or by their links). */
  acceptor_user_id?: string | undefined
  program_uuid?: string | undefined
  /** First and last day, inclusive, as YYYY-MM-DD in `time_zone`. */
  from: string
  to: string
  time_zone: string
}

export interface DailyPaymentTotal {
  date: string
  currency: string
  count: number
  amount: bigint
  refunded: bigint
}

/**
 * Paid payments per day and currency (the day the money was taken, in the reader's time zone):
 * how many and how much, and how much of it was refunded since. Payments that were paid and then
 * refunded count as paid on their day: the refund is shown beside, not subtracted from the count.
 */
export async function dailyPaymentTotals(db: DbOrTrx, f: PaymentTotalsFilter): Promise<DailyPaymentTotal[]> {
  const day = sql<string>`to_char((paid_at at time zone ${f.time_zone})::date, 'YYYY-MM-DD')`
  let q = db
    .selectFrom('payments')
    .select((eb) => [
      day.as('date'),
      'currency',
      eb.fn.countAll<bigint>().as('count'),
      eb.fn.sum<bigint>('amount').as('amount'),
      eb.fn.sum<bigint>('refunded_amount').as('refunded'),
    ])
    .where('status', 'in', ['paid', 'partially_refunded', 'refunded'])
    .where('paid_at', 'is not', null)
    .where(
      sql<boolean>`(paid_at at time zone ${f.time_zone})::date between ${f.from}::date and ${f.to}::date`,
    )
  if (f.owner_user_id) q = q.where('owner_user_id', '=', f.owner_user_id)
  if (f.acceptor_user_id) q = q.where('acceptor_user_id', '=', f.acceptor_user_id)
  if (f.program_uuid) q = q.where('program_uuid', '=', f.program_uuid)
  // By position: the day expression carries the time zone as a parameter, and PostgreSQL does not
  // see two occurrences of one parameter as the same expression.
  const rows = await q.groupBy([sql`1`, 'currency']).orderBy('date').orderBy('currency').execute()
  return rows.map((r) => ({
    date: r.date,
    currency: r.currency,
    count: Number(r.count),
    amount: BigInt(r.amount),
    refunded: BigInt(r.refunded),
  }))
}
