import { type Kysely, sql } from 'kysely'

/**
 * Split payments and payouts (module `payments`): a payment may route parts of its amount to
 * connected merchants (food court restaurants), held by the provider until released; each release
 * is a payout, recorded once per reference and posted to the ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('splits', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()
  await db.schema
    .createTable('payment_payouts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('payment_id', 'uuid', (c) => c.notNull().references('payments.id'))
    .addColumn('attempt_id', 'uuid', (c) => c.notNull().references('payment_attempts.id'))
    .addColumn('merchant_account_id', 'text', (c) => c.notNull())
    .addColumn('receiver_kind', 'text', (c) => c.notNull())
    .addColumn('receiver_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('requested', 'pending', 'paid', 'failed')`),
    )
    .addColumn('provider_transfer_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('payment_payouts_payment_idx')
    .on('payment_payouts')
    .column('payment_id')
    .execute()
}
