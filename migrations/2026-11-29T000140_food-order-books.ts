import { type Kysely, sql } from 'kysely'

/**
 * The owner's order books at any size (issue 15's benchmark: the order list and the daily totals
 * under 50 ms with 10,000 and with 1,000,000 orders of one restaurant; docs/food.md "Order books at
 * scale").
 *
 * - `food_daily_totals`: the paid orders (statuses 3, 5, 6, 7, 8, `paidStatuses` in
 *   modules/food/orders/codes.ts) summed per restaurant, local day and type, leaving out a court
 *   sub-order its restaurant rejected (`rejected_at`, 000135: its money went back to the guest; setting
 *   it takes the order out of its day), kept by statement-level
 *   triggers over transition tables in the same transaction as the order's change (as
 *   `credit_bill_counts` is): the daily totals read a few rows per day instead of aggregating every
 *   order of the restaurant. A statement that touches no
 *   counted column changes no row of it (the `having`), so it takes no lock there.
 * - `food_orders_active_idx`: the kitchen's active view (statuses 3, 5, 6, `activeStatuses`) in
 *   order-number order, without reading the delivered orders of every earlier day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('food_daily_totals')
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('order_date', 'date', (c) => c.notNull())
    .addColumn('pickup_in_restaurant', 'boolean', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // No checks on the sums: an upsert's proposed row carries the change (negative when an order
    // leaves the paid statuses), not the total.
    .addColumn('orders_count', 'bigint', (c) => c.notNull())
    .addColumn('products_total', 'bigint', (c) => c.notNull())
    .addColumn('fees_total', 'bigint', (c) => c.notNull())
    .addColumn('overall', 'bigint', (c) => c.notNull())
    .addColumn('vat', 'bigint', (c) => c.notNull())
    .addColumn('payouts', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('food_daily_totals_pk', ['program_id', 'order_date', 'pickup_in_restaurant'])
    .execute()

  const counted = (rows: string, sign: string) => `
    select program_id, order_date, pickup_in_restaurant, currency, ${sign}1 as orders_count,
           ${sign}products_total as products_total, ${sign}(delivery_cost + pickup_fee) as fees_total,
           ${sign}total as overall, ${sign}vat as vat, ${sign}coalesce(payout_amount, 0) as payouts
      from ${rows} where status in (3, 5, 6, 7, 8) and rejected_at is null`
  const keep = (rows: string) =>
    sql.raw(`
    insert into food_daily_totals (program_id, order_date, pickup_in_restaurant, currency, orders_count,
                                   products_total, fees_total, overall, vat, payouts)
    select program_id, order_date, pickup_in_restaurant, min(currency), sum(orders_count), sum(products_total),
           sum(fees_total), sum(overall), sum(vat), sum(payouts)
      from (${rows}) changed
     -- A program being deleted takes its orders and totals with it (cascade): nothing to keep then.
     where exists (select 1 from programs p where p.id = changed.program_id)
     group by program_id, order_date, pickup_in_restaurant
    having sum(orders_count) <> 0 or sum(products_total) <> 0 or sum(fees_total) <> 0 or sum(overall) <> 0
        or sum(vat) <> 0 or sum(payouts) <> 0
    on conflict (program_id, order_date, pickup_in_restaurant) do update set
      orders_count = food_daily_totals.orders_count + excluded.orders_count,
      products_total = food_daily_totals.products_total + excluded.products_total,
      fees_total = food_daily_totals.fees_total + excluded.fees_total,
      overall = food_daily_totals.overall + excluded.overall,
      vat = food_daily_totals.vat + excluded.vat,
      payouts = food_daily_totals.payouts + excluded.payouts;`)
  const plus = counted('new_rows', '')
  const minus = counted('old_rows', '-')
  for (const [name, body] of [
    ['food_daily_totals_inserted', keep(plus)],
    ['food_daily_totals_updated', keep(`${plus} union all ${minus}`)],
    ['food_daily_totals_deleted', keep(minus)],
  ] as const) {
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin ${body} return null; end $$`.execute(db)
  }
  await sql`create trigger food_daily_totals_inserted after insert on food_orders
    referencing new table as new_rows for each statement execute function food_daily_totals_inserted()`.execute(
    db,
  )
  await sql`create trigger food_daily_totals_updated after update on food_orders
    referencing old table as old_rows new table as new_rows
    for each statement execute function food_daily_totals_updated()`.execute(db)
  await sql`create trigger food_daily_totals_deleted after delete on food_orders
    referencing old table as old_rows for each statement execute function food_daily_totals_deleted()`.execute(
    db,
  )
  // The orders there are already.
  await sql`insert into food_daily_totals (program_id, order_date, pickup_in_restaurant, currency, orders_count,
      products_total, fees_total, overall, vat, payouts)
    select program_id, order_date, pickup_in_restaurant, min(currency), count(*), sum(products_total),
           sum(delivery_cost + pickup_fee), sum(total), sum(vat), sum(coalesce(payout_amount, 0))
      from food_orders where status in (3, 5, 6, 7, 8) and rejected_at is null
     group by program_id, order_date, pickup_in_restaurant`.execute(db)

  await sql`create index food_orders_active_idx on food_orders (program_id, order_id)
    where status in (3, 5, 6)`.execute(db)
}
