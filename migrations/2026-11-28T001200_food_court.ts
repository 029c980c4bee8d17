import { type Kysely, sql } from 'kysely'

/**
 * Food courts (module `food-court`, program type 5001): the court beside its program (address,
 * pickup, domain, the court's minimum order, its fee as percent xor fixed, its provider account, an
 * external reference), its invitations of restaurants (food programs of any owner) with their
 * onboarding at the payment provider, and its orders: one guest order across restaurants, paid
 * once, split into one part per restaurant (each a food order, the sub-order, on that
 * restaurant's kitchen board) plus the court fee. Programs, food orders and payments belong to
 * other modules: referred to by id.
 *
 * Money is integer minor units in the court's currency; the fee percent is basis points (0–10000).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('food_courts')
    .addColumn('program_id', 'uuid', (c) => c.primaryKey().references('programs.id').onDelete('cascade'))
    .addColumn('image_id', 'uuid', (c) => c.references('food_images.id'))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('can_pickup_in_rest', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Europe/Amsterdam'))
    .addColumn('domain_name', 'text', (c) => c.unique())
    .addColumn('min_order_amount', 'bigint', (c) =>
      c.notNull().defaultTo(0).check(sql`min_order_amount >= 0`),
    )
    .addColumn('fee_percent_bp', 'integer', (c) => c.check(sql`fee_percent_bp between 0 and 10000`))
    .addColumn('fee_fixed', 'bigint', (c) => c.check(sql`fee_fixed >= 0`))
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('sandbox'))
    .addColumn('super_merchant_username', 'text', (c) => c.notNull().defaultTo(''))
    // Sealed with the platform's secret box; never answered.
    .addColumn('super_merchant_password', 'text')
    .addColumn('external_reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payout_after_days', 'integer', (c) =>
      c.notNull().defaultTo(7).check(sql`payout_after_days between 1 and 60`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('food_courts_one_fee', sql`fee_percent_bp is null or fee_fixed is null`)
    .execute()

  await db.schema
    .createTable('food_court_invites')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('court_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('restaurant_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    // 0 unsent, 1 pending, 2 active, 3 declined (spec section 4).
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 0 and 3`))
    .addColumn('merchant_account_id', 'text')
    .addColumn('onboarding_status', 'text', (c) =>
      c.notNull().defaultTo('none').check(sql`onboarding_status in ('none', 'pending', 'active', 'failed')`),
    )
    .addColumn('onboarding_url', 'text')
    .addColumn('onboarding_checked_at', 'timestamptz')
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answered_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('food_court_invites_pair', ['court_id', 'restaurant_id'])
    .execute()
  await sql`create index food_court_invites_restaurant_idx on food_court_invites (restaurant_id)`.execute(db)
  await sql`create index food_court_invites_onboarding_idx on food_court_invites (onboarding_status) where onboarding_status = 'pending'`.execute(
    db,
  )

  await db.schema
    .createTable('food_court_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('order_id', 'bigserial', (c) => c.notNull().unique())
    .addColumn('court_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (c) => c.references('food_sessions.id').onDelete('set null'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    // The food order statuses (1 … 8), following the sub-orders (see docs/food-court.md).
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 1 and 8`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('fee_percent_bp', 'integer')
    .addColumn('fee_fixed', 'bigint')
    .addColumn('payment_id', 'uuid')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('pickup_in_restaurant', 'boolean', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('order_date', 'date', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index food_court_orders_court_idx on food_court_orders (court_id, order_date)`.execute(db)
  await sql`create unique index food_court_orders_idem_idx on food_court_orders (session_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  )

  // One part per restaurant of a court order: its sub-order (a food order), its gross, the court
  // fee taken from it and what the restaurant receives, and what became of it.
  await db.schema
    .createTable('food_court_parts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('court_order_id', 'uuid', (c) =>
      c.notNull().references('food_court_orders.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('restaurant_id', 'uuid', (c) => c.notNull().references('programs.id'))
    .addColumn('food_order_id', 'uuid', (c) => c.notNull().unique().references('food_orders.id'))
    .addColumn('merchant_account_id', 'text', (c) => c.notNull())
    .addColumn('gross', 'bigint', (c) => c.notNull().check(sql`gross > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('created', 'held', 'releasing', 'paid_out', 'refunding', 'refunded', 'failed')`,
        ),
    )
    .addColumn('release_after', 'timestamptz')
    .addColumn('payout_id', 'uuid')
    .addColumn('refund_id', 'uuid')
    .addColumn('paid_out_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('food_court_parts_sum', sql`amount + fee = gross`)
    .execute()
  await sql`create index food_court_parts_order_idx on food_court_parts (court_order_id)`.execute(db)
  await sql`create index food_court_parts_restaurant_idx on food_court_parts (restaurant_id, created_at)`.execute(
    db,
  )
  await sql`create index food_court_parts_due_idx on food_court_parts (release_after) where status = 'held'`.execute(
    db,
  )
}
