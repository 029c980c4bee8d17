import { type Kysely, sql } from 'kysely'

/**
 * Platform tables: the transactional outbox, the record of processed (event, handler) pairs that
 * makes handlers idempotent, and stored answers of idempotent HTTP calls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('actor', 'jsonb')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute()
  await sql`create index outbox_unsent_idx on outbox (created_at) where sent_at is null`.execute(db)
  // Wakes the relay when a transaction that wrote outbox rows commits (NOTIFY is delivered at
  // commit and dropped on rollback, which is exactly the outbox's contract).
  await sql`
    create function outbox_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('outbox', '');
      return null;
    end $$`.execute(db)
  await sql`
    create trigger outbox_notify after insert on outbox
    for each statement execute function outbox_notify()`.execute(db)

  await db.schema
    .createTable('processed_events')
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('handler', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('processed_events_pk', ['event_id', 'handler'])
    .execute()

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute()
}
