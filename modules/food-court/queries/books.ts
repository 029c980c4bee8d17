import { sql } from 'kysely'
import { findEntry, findEntryBySource } from '../../ledger/index.ts'
import { toCsv } from '../../platform/csv.ts'
import { zonedDate } from '../../platform/dates.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { invalidField, notFound } from '../../platform/errors.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'
import { findProgram } from '../../programs/index.ts'
import { findCourtRow } from '../commands/court.ts'
import { type CourtOrderRow, courtOrdersJson } from '../commands/orders.ts'
import { partSubAccount } from '../postings.ts'

const paidStatuses = [3, 5, 6, 7, 8]

/** `GET courts/{uuid}/orders`: by local day (default today), the active view, or a status. */
export async function courtOrders(
  db: DbOrTrx,
  courtId: string,
  q: { date?: string | undefined; active_view?: 'true' | 'false' | undefined; status?: number | undefined },
  page: PageRequest,
) {
  const court = await findCourtRow(db, courtId)
  let base = db.selectFrom('food_court_orders').where('court_id', '=', courtId)
  if (q.active_view === 'true') base = base.where('status', 'in', [3, 5, 6])
  else {
    const date = q.date ?? zonedDate(new Date(), court?.time_zone ?? 'Europe/Amsterdam')
    base = base.where('order_date', '=', sql<Date>`${date}::date`)
    base = q.status ? base.where('status', '=', q.status) : base.where('status', 'in', paidStatuses)
  }
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  const rows = (await base
    .selectAll()
    .orderBy('order_id', 'desc')
    .limit(page.size)
    .offset(pageOffset(page))
    .execute()) as CourtOrderRow[]
  return { count: Number(n), results: await courtOrdersJson(db, rows) }
}

/** `GET courts/{uuid}/orders/{orderUuid}`. */
export async function courtOrder(db: DbOrTrx, courtId: string, orderId: string) {
  const row = await db
    .selectFrom('food_court_orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('court_id', '=', courtId)
    .executeTakeFirst()
  if (!row) throw notFound('order')
  return (await courtOrdersJson(db, [row]))[0]!
}

/** `GET courts/{uuid}/daily-totals`: per local day, paid orders, with the court fee column. */
export async function courtDailyTotals(
  db: DbOrTrx,
  courtId: string,
  date: string | undefined,
  page: PageRequest,
) {
  let base = db
    .selectFrom('food_court_orders as o')
    .innerJoin('food_court_parts as p', 'p.court_order_id', 'o.id')
    .innerJoin('food_orders as f', 'f.id', 'p.food_order_id')
    .where('o.court_id', '=', courtId)
    .where('o.status', 'in', paidStatuses)
  if (date) base = base.where('o.order_date', '=', sql<Date>`${date}::date`)
  const days = await base
    .select([
      sql<string>`to_char(o.order_date, 'YYYY-MM-DD')`.as('order_date'),
      sql<number>`count(distinct o.id)::int`.as('orders_count'),
      sql<string>`sum(f.products_total)::bigint`.as('products_total'),
      sql<string>`sum(f.delivery_cost + f.pickup_fee)::bigint`.as('fees_total'),
      sql<string>`sum(p.gross)::bigint`.as('overall'),
      sql<string>`coalesce(sum(p.gross) filter (where p.status = 'refunded'), 0)::bigint`.as('refunds'),
      sql<string>`coalesce(sum(p.amount) filter (where p.status = 'paid_out'), 0)::bigint`.as('payouts'),
      sql<string>`coalesce(sum(p.fee) filter (where p.status <> 'refunded'), 0)::bigint`.as('food_court_fee'),
    ])
    .groupBy('o.order_date')
    .orderBy('o.order_date', 'desc')
    .execute()
  const slice = days.slice(pageOffset(page), pageOffset(page) + page.size)
  return {
    count: days.length,
    results: slice.map((d) => ({
      order_date: d.order_date,
      orders_count: d.orders_count,
      products_total: Number(d.products_total),
      fees_total: Number(d.fees_total),
      overall: Number(d.overall),
      refunds: Number(d.refunds),
      revenue: Number(d.overall) - Number(d.refunds),
      payouts: Number(d.payouts),
      food_court_fee: Number(d.food_court_fee),
    })),
  }
}

const days = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000

function checkRange(start: string, end: string) {
  if (days(start, end) < 0) throw invalidField('end_date', 'invalid_date', 'the end is before the start')
  if (days(start, end) > 400) throw invalidField('end_date', 'invalid_date', 'at most 400 days')
}

/** `GET courts/{uuid}/orders.csv`: one row per sub-order (formula-safe, minor units). */
export async function courtOrdersCsv(
  db: DbOrTrx,
  courtId: string,
  start: string,
  end: string,
): Promise<string> {
  checkRange(start, end)
  const rows = (await db
    .selectFrom('food_court_orders')
    .selectAll()
    .where('court_id', '=', courtId)
    .where('order_date', '>=', sql<Date>`${start}::date`)
    .where('order_date', '<=', sql<Date>`${end}::date`)
    .where('status', 'in', paidStatuses)
    .orderBy('order_id')
    .execute()) as CourtOrderRow[]
  const orders = await courtOrdersJson(db, rows)
  const header = [
    'court_order_id',
    'order_date',
    'status',
    'name',
    'email',
    'phone',
    'restaurant',
    'sub_order_id',
    'sub_order_status',
    'gross',
    'food_court_fee',
    'payout_amount',
    'part_status',
    'paid_out_at',
    'refunded_at',
    'order_total',
    'currency',
  ]
  return toCsv(
    header,
    orders.flatMap((o) =>
      o.food_court_suborders.map((s) => [
        o.order_id,
        o.order_date,
        o.status_name,
        o.name,
        o.email,
        o.phone,
        s.restaurant_title,
        s.order_id,
        s.status_name,
        s.total,
        s.food_court_fee,
        s.payout_amount,
        s.part_status,
        s.paid_out_at,
        s.refunded_at,
        o.total,
        o.currency,
      ]),
    ),
  )
}

// ── Settlement statement ─────────────────────────────────────────────────────────────────────────

type EntryRef = { uuid: string; number: string | null; source: string } | null

async function entryRef(db: DbOrTrx, kind: string, id: string | null): Promise<EntryRef> {
  if (!id) return null
  const e = await findEntryBySource(db, { kind, id })
  return e ? { uuid: e.id, number: e.number.toString(), source: `${kind}:${id}` } : null
}

/**
 * The settlement statement of a restaurant for a period (its court orders by the order's local
 * day): for each part its gross (tied to the capture entry), the court fee taken (the same entry),
 * a refund (payments' refund entry) and the payout (payments' payout entry); totals, and the same
 * money read from the ledger: the payouts posted and what the restaurant's part sub-accounts (230)
 * still hold from these orders. Equal: reconciled; else the difference.
 */
export async function statement(
  db: DbOrTrx,
  restaurantId: string,
  start: string,
  end: string,
  courtId?: string | undefined,
) {
  checkRange(start, end)
  const restaurant = await findProgram(db, restaurantId)
  if (!restaurant) throw notFound('restaurant')
  let q = db
    .selectFrom('food_court_parts as p')
    .innerJoin('food_court_orders as o', 'o.id', 'p.court_order_id')
    .innerJoin('food_orders as f', 'f.id', 'p.food_order_id')
    .leftJoin('payments as pay', 'pay.id', 'o.payment_id')
    .select([
      'p.id',
      'p.gross',
      'p.fee',
      'p.amount',
      'p.status',
      'p.payout_id',
      'p.refund_id',
      'p.paid_out_at',
      'p.refunded_at',
      'o.id as court_order_id',
      'o.order_id as court_order_number',
      'o.court_id',
      'o.currency',
      'f.order_id as sub_order_number',
      'f.id as sub_order_id',
      sql<string>`to_char(o.order_date, 'YYYY-MM-DD')`.as('order_date'),
      'pay.paid_attempt_id',
    ])
    .where('p.restaurant_id', '=', restaurantId)
    .where('o.status', 'in', paidStatuses)
    .where('o.order_date', '>=', sql<Date>`${start}::date`)
    .where('o.order_date', '<=', sql<Date>`${end}::date`)
  if (courtId) q = q.where('o.court_id', '=', courtId)
  const parts = await q.orderBy('o.order_id').execute()

  type Line = {
    kind: 'order' | 'food_court_fee' | 'refund' | 'payout'
    date: string
    court_order_uuid: string
    court_order_id: number
    sub_order_uuid: string
    sub_order_id: number
    amount: number
    ledger_entry: EntryRef
  }
  const lines: Line[] = []
  const totals = { orders: 0n, food_court_fees: 0n, refunds: 0n, payouts: 0n }
  let ledgerPayouts = 0n
  let ledgerHeld = 0n
  const day = (d: Date | null, fallback: string) => (d ? zonedDate(d) : fallback)
  for (const p of parts) {
    const base = {
      court_order_uuid: p.court_order_id,
      court_order_id: Number(p.court_order_number),
      sub_order_uuid: p.sub_order_id,
      sub_order_id: Number(p.sub_order_number),
    }
    const capture = await entryRef(db, 'payment.captured', p.paid_attempt_id)
    const gross = BigInt(p.gross)
    const fee = BigInt(p.fee)
    const amount = BigInt(p.amount)
    const refunded = p.status === 'refunded'
    lines.push({ kind: 'order', date: p.order_date, ...base, amount: Number(gross), ledger_entry: capture })
    totals.orders += gross
    if (!refunded && fee > 0n) {
      lines.push({
        kind: 'food_court_fee',
        date: p.order_date,
        ...base,
        amount: -Number(fee),
        ledger_entry: capture,
      })
      totals.food_court_fees += fee
    }
    if (refunded) {
      lines.push({
        kind: 'refund',
        date: day(p.refunded_at, p.order_date),
        ...base,
        amount: -Number(gross),
        ledger_entry: await entryRef(db, 'payment.refund', p.refund_id),
      })
      totals.refunds += gross
    }
    if (p.status === 'paid_out') {
      lines.push({
        kind: 'payout',
        date: day(p.paid_out_at, p.order_date),
        ...base,
        amount: -Number(amount),
        ledger_entry: await entryRef(db, 'payment.payout', p.payout_id),
      })
      totals.payouts += amount
    }
    // The same money in the ledger, on this part's sub-account (230 acceptor <court>/<restaurant>).
    const sub = partSubAccount(p.court_id, restaurantId)
    const onSub = async (ref: EntryRef) => {
      if (!ref) return { credit: 0n, debit: 0n }
      const e = await findEntry(db, ref.uuid)
      let credit = 0n
      let debit = 0n
      for (const l of e?.lines ?? [])
        if (
          l.account === 230 &&
          l.sub_account.kind === sub.kind &&
          l.sub_account.external_id === sub.external_id
        ) {
          credit += BigInt(l.credit)
          debit += BigInt(l.debit)
        }
      return { credit, debit }
    }
    // The capture credits every part of the payment to its own sub-account: take this part's (one per restaurant).
    if (capture && amount > 0n) ledgerHeld += (await onSub(capture)).credit
    const payout = p.status === 'paid_out' ? await entryRef(db, 'payment.payout', p.payout_id) : null
    if (payout) {
      const d = (await onSub(payout)).debit
      ledgerPayouts += d
      ledgerHeld -= d
    }
    if (refunded) ledgerHeld -= (await onSub(await entryRef(db, 'food_court.part_refunded', p.id))).debit
  }
  const held = totals.orders - totals.food_court_fees - totals.refunds - totals.payouts
  const difference = held - ledgerHeld
  return {
    restaurant_uuid: restaurantId,
    restaurant_title: restaurant.title,
    court_uuid: courtId ?? null,
    currency: parts[0]?.currency ?? restaurant.currency,
    start_date: start,
    end_date: end,
    lines,
    totals: {
      orders: Number(totals.orders),
      food_court_fees: Number(totals.food_court_fees),
      refunds: Number(totals.refunds),
      payouts: Number(totals.payouts),
      held: Number(held),
    },
    ledger: {
      payouts: Number(ledgerPayouts),
      held: Number(ledgerHeld),
      reconciled: difference === 0n && totals.payouts === ledgerPayouts,
      difference: Number(difference),
    },
  }
}
