import { type Kysely, sql } from 'kysely'

/** Support requests sent from the /support page (module `support`). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence support_request_number_seq start 1001`.execute(db)
  await db.schema
    .createTable('support_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('number', 'bigint', (c) =>
      c.notNull().unique().defaultTo(sql`nextval('support_request_number_seq')`),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('order_reference', 'text')
    .addColumn('disputed_amount', 'bigint')
    .addColumn('disputed_currency', 'char(3)')
    .addColumn('user_id', 'uuid')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'support_requests_disputed_money',
      sql`(disputed_amount is null) = (disputed_currency is null) and (disputed_amount is null or disputed_amount > 0)`,
    )
    .execute()
  await db.schema.createIndex('support_requests_email_idx').on('support_requests').column('email').execute()
}
