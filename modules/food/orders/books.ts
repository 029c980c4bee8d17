import { stringify } from 'csv-stringify/sync'
import { sql } from 'kysely'
import { payablePayments } from '../../payments/index.ts'
import { localDateTime } from '../../platform/dates.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { type Page, type PageRequest, pageOffset, toPage } from '../../platform/pagination.ts'
import { activeStatuses, kitchenChoiceOf, type OrderStatus, paidStatuses, statusName } from './codes.ts'
import { foodOrderPayable, type OrderRow } from './life.ts'

/**
 * The owner's and staff's order books (spec sections 3, 4, 7): the active view (what the kitchen
 * still has to do, oldest first) with `last_known_order_id` and `new_orders.count` for clients that
 * poll, the date view (a day's orders, newest first), an order with its items, history and
 * transactions, daily totals, and the CSV export read in batches so a year of orders never sits in
 * memory. Every read is by restaurant (`program_id`) through indexes that start with it.
 */
export interface OrderListItem {
  uuid: string
  order_id: number
  order_status: number
  status_name: string
  kitchen_status: string | null
  created: string
  order_date: string
  type: 'delivery' | 'pickup'
  pickup_in_restaurant: boolean
  source: 'online' | 'counter'
  eat_in: boolean
  delivery_asap: boolean
  requested_time: string | null
  /** The restaurant's IANA time zone: `created` and `requested_time` are read on its clock. */
  time_zone: string
  name: string
  phone: string
  email: string
  address: string | null
  comments: string
  items: { title: string; quantity: number; variant: string | null; extras: string[] }[]
  currency: string
  products_total: number
  delivery_cost: number
  pickup_fee: number
  total: number
  vat: number
  /** What the guest paid (null before payment). */
  charge: number | null
  payout: number | null
  /**
   * When the restaurant rejected this food court sub-order (its part refunded to the guest), else
   * null: it left the active view; its status stays where it was (docs/food-court.md).
   */
  rejected_at: string | null
}

/** A calendar date compared as one (the column is `date`). */
const day = (date: string) => sql<Date>`${date}::date`

export const itemsJson = sql<
  OrderListItem['items']
>`coalesce((select json_agg(json_build_object('title', i.title,
  'quantity', i.quantity, 'variant', i.variant->>'title',
  'extras', coalesce((select json_agg(e->>'title') from jsonb_array_elements(i.extras) e), '[]'))
  order by i.position) from food_order_items i where i.order_id = o.id and i.kind = 'product'), '[]')`

/** The restaurant's time zone, by its primary key: one index probe per listed order. */
const timeZoneOf = sql<string>`(select r.time_zone from food_restaurants r where r.program_id = o.program_id)`

export const listColumns = [
  'o.id',
  'o.order_id',
  'o.status',
  'o.created_at',
  sql<string>`o.order_date::text`.as('order_date'),
  'o.pickup_in_restaurant',
  'o.source',
  'o.eat_in',
  'o.delivery_asap',
  'o.requested_time',
  'o.name',
  'o.phone',
  'o.email',
  'o.zip_code',
  'o.house_number',
  'o.apartment',
  'o.comments',
  'o.currency',
  'o.products_total',
  'o.delivery_cost',
  'o.pickup_fee',
  'o.total',
  'o.vat',
  'o.payout_amount',
  timeZoneOf.as('time_zone'),
  'o.rejected_at',
] as const

type ListRow = Pick<
  OrderRow,
  | 'id'
  | 'order_id'
  | 'status'
  | 'created_at'
  | 'pickup_in_restaurant'
  | 'delivery_asap'
  | 'requested_time'
  | 'name'
  | 'phone'
  | 'email'
  | 'zip_code'
  | 'house_number'
  | 'apartment'
  | 'comments'
  | 'currency'
  | 'products_total'
  | 'delivery_cost'
  | 'pickup_fee'
  | 'total'
  | 'vat'
  | 'payout_amount'
  | 'rejected_at'
> & { items: OrderListItem['items']; order_date: string; source: string; eat_in: boolean; time_zone: string }

export const addressOf = (
  o: Pick<OrderRow, 'zip_code' | 'house_number' | 'apartment' | 'pickup_in_restaurant'>,
) =>
  o.pickup_in_restaurant
    ? null
    : [o.zip_code, [o.house_number, o.apartment].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null

export function listItemJson(o: ListRow): OrderListItem {
  const status = o.status as OrderStatus
  const paid = (paidStatuses as readonly number[]).includes(status)
  return {
    uuid: o.id,
    order_id: Number(o.order_id),
    order_status: status,
    status_name: statusName(status, o.pickup_in_restaurant),
    kitchen_status: kitchenChoiceOf(status),
    created: o.created_at.toISOString(),
    order_date: o.order_date,
    type: o.pickup_in_restaurant ? 'pickup' : 'delivery',
    pickup_in_restaurant: o.pickup_in_restaurant,
    source: o.source === 'counter' ? 'counter' : 'online',
    eat_in: o.eat_in,
    delivery_asap: o.delivery_asap,
    requested_time: o.requested_time?.toISOString() ?? null,
    time_zone: o.time_zone,
    name: o.name,
    phone: o.phone,
    email: o.email,
    address: addressOf(o),
    comments: o.comments,
    items: o.items,
    currency: o.currency,
    products_total: Number(o.products_total),
    delivery_cost: Number(o.delivery_cost),
    pickup_fee: Number(o.pickup_fee),
    total: Number(o.total),
    vat: Number(o.vat),
    charge: paid ? Number(o.total) : null,
    payout: o.payout_amount === null ? null : Number(o.payout_amount),
    rejected_at: o.rejected_at?.toISOString() ?? null,
  }
}

const ordersOf = (db: DbOrTrx, programId: string) =>
  db
    .selectFrom('food_orders as o')
    .select([...listColumns, itemsJson.as('items')])
    .where('o.program_id', '=', programId)

export interface OrderListQuery extends PageRequest {
  active_view?: boolean | undefined
  last_known_order_id?: number | undefined
  date?: string | undefined
  status?: number | undefined
  order_type?: 'delivery' | 'pickup' | undefined
}

export async function listOrders(
  db: DbOrTrx,
  programId: string,
  q: OrderListQuery,
  url: string,
  today: string,
): Promise<
  Page<OrderListItem> & {
    active_view: boolean
    date: string | null
    last_known_order_id: number | null
    new_orders: { count: number }
  }
> {
  let base = db.selectFrom('food_orders as o').where('o.program_id', '=', programId)
  let rows = ordersOf(db, programId)
  const date = q.active_view ? null : (q.date ?? today)
  if (q.active_view) {
    // A rejected court sub-order was refunded: nothing left for the kitchen to do.
    base = base.where('o.status', 'in', [...activeStatuses]).where('o.rejected_at', 'is', null)
    rows = rows
      .where('o.status', 'in', [...activeStatuses])
      .where('o.rejected_at', 'is', null)
      .orderBy('o.order_id', 'asc')
  } else {
    base = base.where('o.order_date', '=', day(date!))
    rows = rows.where('o.order_date', '=', day(date!)).orderBy('o.order_id', 'desc')
    const shown = q.status ? [q.status] : [...paidStatuses]
    base = base.where('o.status', 'in', shown)
    rows = rows.where('o.status', 'in', shown)
  }
  if (q.order_type) {
    base = base.where('o.pickup_in_restaurant', '=', q.order_type === 'pickup')
    rows = rows.where('o.pickup_in_restaurant', '=', q.order_type === 'pickup')
  }
  const [count, page, newest, fresh] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    rows.limit(q.size).offset(pageOffset(q)).execute(),
    db
      .selectFrom('food_orders')
      .select((eb) => eb.fn.max('order_id').as('max'))
      .where('program_id', '=', programId)
      .where('status', 'in', [...paidStatuses])
      .executeTakeFirst(),
    q.last_known_order_id === undefined
      ? Promise.resolve({ n: '0' })
      : db
          .selectFrom('food_orders')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('program_id', '=', programId)
          .where('status', 'in', [...paidStatuses])
          .where('order_id', '>', BigInt(q.last_known_order_id))
          .executeTakeFirstOrThrow(),
  ])
  return {
    ...toPage(
      url,
      q,
      Number(count.n),
      page.map((r) => listItemJson(r as unknown as ListRow)),
    ),
    active_view: q.active_view ?? false,
    date,
    last_known_order_id: newest?.max == null ? null : Number(newest.max),
    new_orders: { count: Number(fresh.n) },
  }
}

/** One order of a restaurant with its items (VAT per item), history and transactions. */
export async function orderDetail(db: DbOrTrx, programId: string | null, orderId: string) {
  const row = await db
    .selectFrom('food_orders as o')
    .select([
      ...listColumns,
      itemsJson.as('items'),
      'o.program_id',
      'o.payment_id',
      'o.payment_method',
      'o.paid_at',
      'o.pickup_fee_heading',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst()
  if (!row || (programId !== null && row.program_id !== programId)) throw notFound('order')
  const order = row
  const [items, history] = await Promise.all([
    db
      .selectFrom('food_order_items')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('food_order_history')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ])
  const payments = await orderTransactions(db, orderId, order.payment_id)
  return {
    ...listItemJson(row as unknown as ListRow),
    program_uuid: order.program_id,
    payment_method: order.payment_method,
    paid_at: order.paid_at?.toISOString() ?? null,
    pickup_fee_heading: order.pickup_fee_heading,
    items_detail: items.map((i) => ({
      kind: i.kind,
      product: i.product_id,
      title: i.title,
      quantity: i.quantity,
      variant: i.variant as { uuid: string; title: string; price: number } | null,
      extras: i.extras as { uuid: string; title: string; price: number }[],
      price: Number(i.unit_price),
      total: Number(i.price),
      vat_code: i.vat_code,
      vat_percentage: i.vat_rate_bp === null ? null : i.vat_rate_bp / 100,
      vat: Number(i.vat),
    })),
    history: history.map((h) => ({
      from_status: h.from_status,
      to_status: h.to_status,
      actor: h.actor_kind,
      user_uuid: h.actor_user_id,
      created: h.created_at.toISOString(),
    })),
    transactions: payments.map((facts) => ({
      uuid: facts.uuid,
      reference: facts.reference,
      created: facts.created_at.toISOString(),
      description: facts.description,
      transaction_status: facts.status,
      method: facts.method,
      currency: facts.currency,
      amount: Number(facts.amount),
      refunded_amount: Number(facts.refunded_amount),
      paid_at: facts.paid_at?.toISOString() ?? null,
    })),
  }
}

/**
 * The order's payments that matter to its reader: the one it is paid by (or is being paid by), and
 * every other that took money: a late capture after the order was paid in cash or by another
 * payment, which shows its refund (`refunded`, `refunded_amount`). Unused and failed old QRs are
 * left out.
 */
async function orderTransactions(db: DbOrTrx, orderId: string, current: string | null) {
  const all = await payablePayments(db, { kind: foodOrderPayable, id: orderId })
  const tookMoney = (status: string) => ['paid', 'partially_refunded', 'refunded'].includes(status)
  return all.filter((p) => p.uuid === current || tookMoney(p.status))
}

export interface DailyTotal {
  order_date: string
  orders_count: number
  products_total: number
  fees_total: number
  overall: number
  vat: number
  revenue: number
  payouts: number
  currency: string
}

/**
 * Daily totals of paid orders (spec section 3): per local day, the number of orders, the products,
 * the fees (delivery and pickup), `overall` (what guests paid), `revenue` (overall less VAT) and
 * `payouts` (paid out to the restaurant); a rejected court sub-order is left out (its money
 * went back to the guest). `date` alone gives one day, else the newest days first.
 * Read from `food_daily_totals` (a row per day and type, kept by triggers on `food_orders`), so a
 * page costs the same with a thousand orders or a million.
 */
export async function dailyTotals(
  db: DbOrTrx,
  programId: string,
  q: PageRequest & { date?: string | undefined; order_type?: 'delivery' | 'pickup' | undefined },
  url: string,
): Promise<Page<DailyTotal>> {
  let days = db
    .selectFrom('food_daily_totals')
    .where('program_id', '=', programId)
    .groupBy('order_date')
    .having((eb) => eb.fn.sum('orders_count'), '>', 0)
  if (q.date) days = days.where('order_date', '=', day(q.date))
  if (q.order_type) days = days.where('pickup_in_restaurant', '=', q.order_type === 'pickup')
  const [count, rows] = await Promise.all([
    db
      .selectFrom(days.select('order_date').as('d'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    days
      .select([
        // Named apart from the column, so the order below is the column's (the primary key's order).
        sql<string>`order_date::text`.as('day'),
        sql<string>`sum(orders_count)`.as('orders_count'),
        sql<string>`sum(products_total)`.as('products_total'),
        sql<string>`sum(fees_total)`.as('fees_total'),
        sql<string>`sum(overall)`.as('overall'),
        sql<string>`sum(vat)`.as('vat'),
        sql<string>`sum(payouts)`.as('payouts'),
        sql<string>`min(currency)`.as('currency'),
      ])
      .orderBy('order_date', 'desc')
      .limit(q.size)
      .offset(pageOffset(q))
      .execute(),
  ])
  return toPage(
    url,
    q,
    Number(count.n),
    rows.map((r) => ({
      order_date: r.day,
      orders_count: Number(r.orders_count),
      products_total: Number(r.products_total),
      fees_total: Number(r.fees_total),
      overall: Number(r.overall),
      vat: Number(r.vat),
      revenue: Number(r.overall) - Number(r.vat),
      payouts: Number(r.payouts),
      currency: r.currency,
    })),
  )
}

export const csvHeader = [
  'order_id',
  'status',
  'date',
  'created',
  'type',
  'requested_time',
  'name',
  'address',
  'phone',
  'email',
  'items',
  'products_total',
  'delivery_cost',
  'pickup_fee',
  'vat',
  'total',
  'charge',
  'payout',
  'currency',
] as const

const csvOptions = {
  record_delimiter: 'windows',
  quote_record_delimiter: true,
  escape_formulas: true,
} as const

/**
 * The CSV export of a date range (order_date, inclusive), a thousand orders at a time by order
 * number, each batch written before the next is read. Amounts are minor units.
 */
export async function* ordersCsv(
  db: DbOrTrx,
  programId: string,
  start: string,
  end: string,
): AsyncGenerator<string> {
  yield stringify([[...csvHeader]], csvOptions)
  let after = 0n
  for (;;) {
    const rows = (await ordersOf(db, programId)
      .where('o.order_date', '>=', day(start))
      .where('o.order_date', '<=', day(end))
      .where('o.status', 'in', [...paidStatuses])
      .where('o.order_id', '>', after)
      .orderBy('o.order_id')
      .limit(1000)
      .execute()) as unknown as ListRow[]
    if (rows.length === 0) return
    after = rows[rows.length - 1]!.order_id
    yield stringify(
      rows.map((r) => {
        const o = listItemJson(r)
        return [
          o.order_id,
          o.status_name,
          o.order_date,
          // On the restaurant's clock, as the owner reads the day's orders.
          localDateTime(r.created_at, o.time_zone),
          o.type,
          r.requested_time ? localDateTime(r.requested_time, o.time_zone) : 'asap',
          o.name,
          o.address ?? '',
          o.phone,
          o.email,
          o.items
            .map(
              (i) =>
                `${i.quantity} x ${i.title}${i.variant ? ` (${i.variant})` : ''}${i.extras.length ? ` + ${i.extras.join(' + ')}` : ''}`,
            )
            .join('; '),
          o.products_total,
          o.delivery_cost,
          o.pickup_fee,
          o.vat,
          o.total,
          o.charge ?? '',
          o.payout ?? '',
          o.currency,
        ]
      }),
      csvOptions,
    )
    if (rows.length < 1000) return
  }
}
