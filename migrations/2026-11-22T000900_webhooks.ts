import { type Kysely, sql } from 'kysely'

/**
 * Outbound webhooks (module `webhooks`): merchant endpoints with their sealed signing secrets, one
 * delivery per (endpoint, event) with its retry state, and the log of every HTTP attempt made for
 * it. The database is the source of truth for what is due: a pending delivery's `next_attempt_at`
 * lets the sweeper rebuild lost queue jobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    // The programs module has no table yet: the program is referred to by its uuid as text.
    .addColumn('program_uuid', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    // Sealed with secretBox (AES-256-GCM): never stored in the clear.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('webhook_endpoints_owner_idx')
    .on('webhook_endpoints')
    .column('owner_user_id')
    .execute()
  await db.schema
    .createIndex('webhook_endpoints_program_idx')
    .on('webhook_endpoints')
    .column('program_uuid')
    .execute()

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'uuid', (c) => c.notNull().references('webhook_endpoints.id'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    // Why a delivery failed for good: maxRepeats (retries exhausted), endpointInactive.
    .addColumn('reason', 'text')
    // Every attempt made, replays included.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Attempts made by the retry schedule (replays excluded): the position in the schedule.
    .addColumn('automatic_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_status', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    // An event reaches an endpoint once, however often the caller sends it.
    .addUniqueConstraint('webhook_deliveries_endpoint_event', ['endpoint_id', 'event_id'])
    .execute()
  await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc, id)`.execute(
    db,
  )
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(
    db,
  )

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('delivery_id', 'uuid', (c) => c.notNull().references('webhook_deliveries.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('automatic', 'replay')`))
    // The job that made the attempt (`delivery.<uuid>.<n>`, `replay.<event id>`): recorded once.
    .addColumn('job_key', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull())
    // The headers sent (signature included, never the secret) and the exact body signed.
    .addColumn('request_headers', 'jsonb', (c) => c.notNull())
    .addColumn('request_body', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    // The first 2 KB of the answer.
    .addColumn('response_body', 'text')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('webhook_attempts_delivery_number', ['delivery_id', 'number'])
    .execute()
}
