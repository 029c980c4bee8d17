import { type Kysely, sql } from 'kysely'

/**
 * Card programs (module `cards`): the price of a card per card type and currency (set by admins,
 * excluding VAT), the one card of each card program (its design, face value, use mode and
 * validity), the card orders program owners pay through `payments` (the order's id is its
 * payment's id), and the cards a paid order issues, which card holders activate by token.
 * Programs, images and payments belong to other modules; programs and users are referred to with
 * foreign keys (a draft program's card goes with the draft), the rest by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_type_prices')
    .addColumn('card_type', 'smallint', (c) => c.notNull().check(sql`card_type in (101, 201)`))
    .addColumn('currency', 'char(3)', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    // Minor units, excluding VAT.
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('card_type_prices_pk', ['card_type', 'currency'])
    .execute()
  await sql`insert into card_type_prices (card_type, currency, price) values (101, 'EUR', 50), (201, 'EUR', 100)`.execute(
    db,
  )

  // The card of a card program: one per program, chosen by type at draftStep1 and completed at draftStep2.
  await db.schema
    .createTable('program_cards')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('program_id', 'uuid', (c) =>
      c.notNull().unique().references('programs.id').onDelete('cascade'),
    )
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (101, 201)`))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo('').check(sql`length(title) <= 200`))
    .addColumn('description', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(description) <= 5000`),
    )
    // An image uploaded through manager/commons/images (module programs).
    .addColumn('image_id', 'uuid')
    .addColumn('orientation', 'text', (c) =>
      c.notNull().defaultTo('horizontal').check(sql`orientation in ('horizontal', 'vertical')`),
    )
    // Face value in minor units: null until set; 0 is a flexible gift card (loaded later).
    .addColumn('value', 'bigint', (c) => c.check(sql`value >= 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    // 1 once, above 1 that many uses, null unlimited.
    .addColumn('use_number', 'integer', (c) => c.check(sql`use_number >= 1`))
    .addColumn('validity_mode', 'text', (c) =>
      c.check(sql`validity_mode in ('program', 'after_activation', 'until')`),
    )
    .addColumn('expiry_type', 'smallint', (c) => c.check(sql`expiry_type in (31, 21, 11)`))
    .addColumn('expiry_value', 'integer', (c) => c.check(sql`expiry_value >= 1`))
    .addColumn('valid_until', 'date')
    .addColumn('is_private', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('start_date', 'date')
    .addColumn('expiry_date', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('program_cards_voucher_value', sql`type <> 101 or value is null or value > 0`)
    .addCheckConstraint(
      'program_cards_validity',
      sql`validity_mode is null
        or (validity_mode = 'program' and expiry_type is null and expiry_value is null and valid_until is null)
        or (validity_mode = 'after_activation' and expiry_type is not null and expiry_value is not null and valid_until is null)
        or (validity_mode = 'until' and valid_until is not null and expiry_type is null and expiry_value is null)`,
    )
    .addCheckConstraint(
      'program_cards_period',
      sql`start_date is null or expiry_date is null or expiry_date >= start_date`,
    )
    .execute()

  // An order of cards: paid through payments (payable `card_order`, the payment's id is this id).
  await db.schema
    .createTable('card_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('number', 'bigint', (c) => c.notNull().unique().generatedAlwaysAsIdentity())
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id'))
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('card_type', 'smallint', (c) => c.notNull().check(sql`card_type in (101, 201)`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 10000`))
    // Per card, minor units: the face value, the card's price excluding VAT, and the VAT on it.
    .addColumn('unit_value', 'bigint', (c) => c.notNull().check(sql`unit_value >= 0`))
    .addColumn('unit_price', 'bigint', (c) => c.notNull().check(sql`unit_price >= 0`))
    .addColumn('unit_vat', 'bigint', (c) => c.notNull().check(sql`unit_vat >= 0`))
    // VAT rate on the price in basis points (2100 = 21 %).
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull().check(sql`vat_rate_bp between 0 and 10000`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    // What the cards are issued with, as ordered (settings may change before the order is paid).
    .addColumn('use_number', 'integer', (c) => c.check(sql`use_number >= 1`))
    .addColumn('validity', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('open', 'paid', 'cancelled', 'expired')`),
    )
    .addColumn('cards_issued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('card_orders_amount', sql`amount = quantity * (unit_value + unit_price + unit_vat)`)
    .addCheckConstraint('card_orders_issued', sql`cards_issued in (0, quantity)`)
    .addCheckConstraint('card_orders_paid', sql`(status = 'paid') = (paid_at is not null)`)
    .addCheckConstraint('card_orders_issued_when_paid', sql`cards_issued = 0 or status = 'paid'`)
    .execute()
  // At most one open order per program: a new one supersedes it.
  await sql`create unique index card_orders_one_open on card_orders (program_id) where status = 'open'`.execute(
    db,
  )
  await sql`create index card_orders_program_idx on card_orders (program_id, created_at desc)`.execute(db)
  await sql`create index card_orders_owner_idx on card_orders (owner_user_id, created_at desc)`.execute(db)

  // Issued cards. The token is what a card holder types to activate a card.
  await db.schema
    .createTable('cards')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('card_orders.id'))
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id'))
    .addColumn('token', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`token ~ '^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$'`),
    )
    .addColumn('card_type', 'smallint', (c) => c.notNull().check(sql`card_type in (101, 201)`))
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value >= 0`))
    .addColumn('balance', 'bigint', (c) => c.notNull().check(sql`balance >= 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('use_number', 'integer', (c) => c.check(sql`use_number >= 1`))
    .addColumn('uses_left', 'integer', (c) => c.check(sql`uses_left >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('issued', 'active', 'blocked')`))
    .addColumn('holder_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('activated_at', 'timestamptz')
    // Known at issue for a date (the program's end, a given date), else set on activation.
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('cards_holder', sql`(holder_user_id is null) = (activated_at is null)`)
    .addCheckConstraint('cards_issued_unheld', sql`status <> 'issued' or holder_user_id is null`)
    .addCheckConstraint('cards_active_held', sql`status <> 'active' or holder_user_id is not null`)
    .addCheckConstraint(
      'cards_uses',
      sql`(use_number is null and uses_left is null) or (uses_left is not null and uses_left <= use_number)`,
    )
    .execute()
  await sql`create index cards_order_idx on cards (order_id, id)`.execute(db)
  await sql`create index cards_holder_idx on cards (holder_user_id, activated_at desc) where holder_user_id is not null`.execute(
    db,
  )
}
