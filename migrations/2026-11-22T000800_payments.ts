import { type Kysely, sql } from 'kysely'

/**
 * Payments (module `payments`): provider accounts with sealed credentials, payments of any payable,
 * their attempts at a provider, refunds and the log of inbound provider webhooks. Also the tables
 * of the built-in sandbox provider (`sandbox_*`), which stands in for an outside provider and
 * keeps its own state, as a real one would on its side.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Payments post money owed to a program owner who took a payment outside any program (a payment
  // link) on an 'owner' sub-account.
  await sql`alter table ledger_sub_accounts drop constraint ledger_sub_accounts_kind_check`.execute(db)
  await sql`alter table ledger_sub_accounts add constraint ledger_sub_accounts_kind_check
    check (kind in ('general', 'program', 'acceptor', 'card', 'customer', 'owner'))`.execute(db)

  await db.schema
    .createTable('payment_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('program_uuid', 'uuid')
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('sandbox', 'ccv', 'stripe')`))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('test', 'live')`))
    .addColumn('credentials', 'text', (c) => c.notNull())
    .addColumn('is_platform_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index payment_accounts_one_default on payment_accounts (provider) where is_platform_default`.execute(
    db,
  )

  await sql`create sequence payment_number_seq start 1001`.execute(db)
  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('number', 'bigint', (c) => c.notNull().unique().defaultTo(sql`nextval('payment_number_seq')`))
    .addColumn('payable_kind', 'text', (c) => c.notNull())
    .addColumn('payable_id', 'text', (c) => c.notNull())
    .addColumn('program_uuid', 'uuid')
    .addColumn('owner_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('acceptor_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('payer_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('payment_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('created', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded', 'partially_refunded')`,
        ),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text')
    .addColumn('method', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'char(4)')
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('payments_refunded_within_amount', sql`refunded_amount between 0 and amount`)
    .execute()
  await db.schema
    .createIndex('payments_payable_idx')
    .on('payments')
    .columns(['payable_kind', 'payable_id'])
    .execute()
  await db.schema
    .createIndex('payments_owner_idx')
    .on('payments')
    .columns(['owner_user_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('payments_payer_idx')
    .on('payments')
    .columns(['payer_user_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('payments_acceptor_idx')
    .on('payments')
    .columns(['acceptor_user_id', 'created_at'])
    .execute()
  await db.schema.createIndex('payments_created_idx').on('payments').column('created_at').execute()
  await sql`create index payments_open_idx on payments (updated_at) where status in ('created', 'pending')`.execute(
    db,
  )

  // One row per try at a provider: a payer may retry with another card or method. The payment is
  // paid when any attempt is paid; a late success of an older attempt still counts.
  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('payment_id', 'uuid', (c) => c.notNull().references('payments.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('payment_accounts.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('creating', 'open', 'requires_action', 'paid', 'failed', 'cancelled', 'expired')`,
        ),
    )
    .addColumn('checkout_url', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'char(4)')
    .addColumn('fee', 'bigint')
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_attempts_number', ['payment_id', 'number'])
    .addUniqueConstraint('payment_attempts_provider_id', ['provider', 'provider_payment_id'])
    .execute()

  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('payment_id', 'uuid', (c) => c.notNull().references('payments.id'))
    .addColumn('attempt_id', 'uuid', (c) => c.notNull().references('payment_attempts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('requested', 'pending', 'succeeded', 'failed')`),
    )
    .addColumn('provider_refund_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_refunds_provider_id', ['attempt_id', 'provider_refund_id'])
    .execute()
  await db.schema
    .createIndex('payment_refunds_payment_idx')
    .on('payment_refunds')
    .column('payment_id')
    .execute()

  // Every inbound webhook delivery: accepted ones once per provider event, refused ones with why.
  await db.schema
    .createTable('provider_webhooks')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('account_id', 'uuid')
    .addColumn('provider_event_id', 'text')
    .addColumn('type', 'text')
    .addColumn('provider_payment_id', 'text')
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(sql`outcome in ('accepted', 'duplicate', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('signature_hash', 'text')
    .addColumn('remote_address', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index provider_webhooks_once on provider_webhooks (provider, provider_event_id) where outcome = 'accepted'`.execute(
    db,
  )
  await db.schema
    .createIndex('provider_webhooks_received_idx')
    .on('provider_webhooks')
    .column('received_at')
    .execute()

  // ---- the sandbox provider's own side ----
  await db.schema
    .createTable('sandbox_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('webhook_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('api_key_hash', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    .addColumn('locale', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('chosen_method', 'text')
    .addColumn('bank', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'char(4)')
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('fee', 'bigint')
    .addColumn('splits', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sandbox_payments_reference', ['api_key_hash', 'reference'])
    .execute()
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('sandbox_payments.id'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sandbox_refunds_reference', ['payment_id', 'reference'])
    .execute()
  await db.schema
    .createTable('sandbox_merchants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('api_key_hash', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sandbox_merchants_reference', ['api_key_hash', 'reference'])
    .execute()
  await db.schema
    .createTable('sandbox_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('api_key_hash', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('sandbox_payments.id'))
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('sandbox_merchants.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sandbox_transfers_reference', ['api_key_hash', 'reference'])
    .execute()
}
