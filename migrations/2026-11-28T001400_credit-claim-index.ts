import { type Kysely, sql } from 'kysely'

/**
 * Two indexes of the credit module for the reminder claim (docs/credit.md, "Benchmarks"). The claim
 * takes the first due rows in (planned_at, bill_id, order): with an index in that order it reads
 * the first few rows of a busy minute instead of sorting the whole minute each time (50 ms a claim
 * with 10,000 due, 3 ms with the index). The second serves "no reminder of this bill sent in the
 * last minute" per claimed row instead of a scan of every sent reminder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index credit_reminders_claim_idx on credit_reminders (planned_at, bill_id, "order")
    where status in ('planned', 'sending')`.execute(db)
  await sql`create index credit_reminders_sent_idx on credit_reminders (bill_id, sent_at)
    where status = 'sent'`.execute(db)
}
