import { type Kysely, sql } from 'kysely'

/**
 * Payment management programs at work (module `terminal`): the payment notifications a program
 * owner sets up (each backed by a webhooks endpoint, with the catalogue fields it sends), the
 * terminal requests made at a cashpoint or by a merchant's system (one payment each, paid through a
 * signed, single-use QR link whose secret is stored hashed), and the key that signs those links.
 * Programs, cashpoints, payments and webhook endpoints belong to other modules and are referred to
 * by id only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('program_uuid', 'uuid', (c) => c.notNull())
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    // The webhooks endpoint that carries the deliveries (its URL, sealed secret and log).
    .addColumn('endpoint_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 200`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Keys of the catalogue fields it sends (`payment.amount`, `refund.refund_amount`, …).
    .addColumn('fields', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'payment_notifications_active_has_fields',
      sql`not is_active or cardinality(fields) > 0`,
    )
    .execute()
  await sql`create index payment_notifications_program_idx on payment_notifications (program_uuid, created_at)
    where deleted_at is null`.execute(db)

  // One request for one payment: an amount asked at a cashpoint (the phone as terminal) or by a
  // merchant's system (`manager/payment-requests`). The payer reaches it through the QR link.
  await db.schema
    .createTable('terminal_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('terminal', 'api')`))
    .addColumn('program_uuid', 'uuid', (c) => c.notNull())
    .addColumn('cashpoint_uuid', 'uuid')
    .addColumn('cashpoint_title', 'text')
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('acceptor_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id'))
    // The merchant system's own id of a payment request: one request per id and program.
    .addColumn('request_uuid', 'text')
    .addColumn('reference', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'uuid', (c) => c.notNull().unique())
    // SHA-256 of the QR link's token; null once it can no longer be used.
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('token_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('open', 'claimed', 'paid', 'failed', 'expired', 'cancelled')`),
    )
    .addColumn('failure_message', 'text')
    // Where a merchant system wants the outcome (a webhooks endpoint with its secret).
    .addColumn('callback_endpoint_id', 'uuid')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index terminal_requests_request_uuid on terminal_requests (program_uuid, request_uuid)
    where request_uuid is not null`.execute(db)
  await sql`create index terminal_requests_cashpoint_idx on terminal_requests (cashpoint_uuid, created_at desc)`.execute(
    db,
  )
  await sql`create index terminal_requests_owner_idx on terminal_requests (owner_user_id, created_at desc)`.execute(
    db,
  )
  await sql`create index terminal_requests_acceptor_idx on terminal_requests (acceptor_user_id, created_at desc)`.execute(
    db,
  )

  // The HMAC key that signs QR links, made once and sealed with the platform's secret box.
  await db.schema
    .createTable('terminal_keys')
    .addColumn('id', 'smallint', (c) => c.primaryKey())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}
