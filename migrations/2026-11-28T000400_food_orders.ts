import { type Kysely, sql } from 'kysely'

/**
 * Food ordering (module `food`, issue 15): the guest's food session (delivery address or pickup),
 * its basket, orders with their items (VAT per item), the history of every status change, and the
 * kitchen board's events (one gapless sequence per restaurant, so a board that reconnects with
 * `Last-Event-ID` is sent exactly what it missed). Money is integer minor units in the order's
 * currency; instants are UTC, `order_date` is the day in the restaurant's time zone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('food_restaurants')
    // The last board event's number (events are numbered per restaurant under this row's lock).
    .addColumn('board_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    // A pause for busy times: no new orders until then (null: not paused).
    .addColumn('paused_until', 'timestamptz')
    .execute()
  await db.schema
    .alterTable('food_products')
    // Dutch VAT code of the dish (payments' vat.ts): food and soft drinks low, alcohol high.
    .addColumn('vat_code', 'text', (c) =>
      c.notNull().defaultTo('low').check(sql`vat_code in ('high', 'low', 'zero', 'exempt')`),
    )
    .execute()

  await db.schema
    .createTable('food_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('zip_code', 'text', (c) => c.check(sql`length(zip_code) <= 16`))
    .addColumn('house_number', 'text', (c) => c.check(sql`length(house_number) <= 16`))
    .addColumn('apartment', 'text', (c) => c.check(sql`length(apartment) <= 32`))
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('pickup_in_restaurant', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('time_zone_offset', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // One line per restaurant × product × variant × extras; `line_key` names that combination.
  await db.schema
    .createTable('food_basket_lines')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('food_sessions.id').onDelete('cascade'))
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('product_id', 'uuid', (c) => c.notNull().references('food_products.id').onDelete('cascade'))
    .addColumn('variant_id', 'uuid')
    .addColumn('extra_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('line_key', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 9999`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('food_basket_lines_key', ['session_id', 'line_key'])
    .execute()

  await db.schema
    .createTable('food_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // The number people read and the board's `last_known_order_id`.
    .addColumn('order_id', 'bigserial', (c) => c.notNull().unique())
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (c) => c.references('food_sessions.id').onDelete('set null'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 1 and 8`))
    .addColumn('pickup_in_restaurant', 'boolean', (c) => c.notNull())
    .addColumn('delivery_asap', 'boolean', (c) => c.notNull())
    .addColumn('requested_time', 'timestamptz')
    .addColumn('zip_code', 'text')
    .addColumn('house_number', 'text')
    .addColumn('apartment', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('nl'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('products_total', 'bigint', (c) => c.notNull())
    .addColumn('delivery_cost', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pickup_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('vat', 'bigint', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'uuid')
    .addColumn('payout_amount', 'bigint')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('paid_out_at', 'timestamptz')
    .addColumn('order_date', 'date', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index food_orders_program_idx on food_orders (program_id, order_id desc)`.execute(db)
  await sql`create index food_orders_program_date_idx on food_orders (program_id, order_date, order_id)`.execute(
    db,
  )
  await sql`create index food_orders_session_idx on food_orders (session_id, order_id desc)`.execute(db)
  await sql`create unique index food_orders_payment_idx on food_orders (payment_id) where payment_id is not null`.execute(
    db,
  )
  await sql`create unique index food_orders_idempotency_idx on food_orders (session_id, idempotency_key)
    where idempotency_key is not null`.execute(db)

  await db.schema
    .createTable('food_order_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('food_orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('product', 'delivery', 'pickup_fee')`))
    .addColumn('product_id', 'uuid')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('variant', 'jsonb')
    .addColumn('extras', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'`))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('vat_code', 'text', (c) => c.notNull())
    // Basis points (900 = 9 %); null when exempt.
    .addColumn('vat_rate_bp', 'integer')
    .addColumn('vat', 'bigint', (c) => c.notNull())
    .execute()
  await sql`create index food_order_items_order_idx on food_order_items (order_id, position)`.execute(db)

  await db.schema
    .createTable('food_order_history')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('food_orders.id').onDelete('cascade'))
    .addColumn('from_status', 'smallint')
    .addColumn('to_status', 'smallint', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute()
  await sql`create index food_order_history_order_idx on food_order_history (order_id, created_at)`.execute(
    db,
  )

  await db.schema
    .createTable('food_board_events')
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('food_orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('food_board_events_pk', ['program_id', 'seq'])
    .execute()
}
