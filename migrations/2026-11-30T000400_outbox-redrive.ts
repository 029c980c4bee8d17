import { type Kysely, sql } from 'kysely'

/**
 * What the outbox needs to re-drive events whose handler jobs failed for good or vanished from
 * Redis (modules/platform/redrive.ts): when the sweep next looks at a sent event (`check_at`), when
 * every handler of it was seen done (`settled_at`), and how many times it was re-driven
 * (`redrives`; the reason of the last one in the existing `last_error`).
 *
 * Events sent more than 7 days ago are settled as they are: BullMQ keeps completed jobs that long at
 * most, so for them "job missing" can no longer be told from "job done". Younger sent events are
 * looked at by the first sweep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('check_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('redrives', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update outbox set settled_at = sent_at where sent_at < now() - interval '7 days'`.execute(db)
  await sql`update outbox set check_at = now() where sent_at is not null and settled_at is null`.execute(db)
  // The sweep's work list: sent, not yet settled, by when to look. Small: settled rows leave it.
  await sql`create index outbox_unsettled_idx on outbox (check_at) where settled_at is null`.execute(db)
  // What the readiness answer counts (re-driven and not settled): nearly always empty.
  await sql`create index outbox_redriven_idx on outbox (redrives) where settled_at is null and redrives > 0`.execute(
    db,
  )
}
