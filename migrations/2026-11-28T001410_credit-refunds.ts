import { type Kysely, sql } from 'kysely'

/**
 * Refunds of a bill's payments (module `credit`, docs/credit.md "Refunds"): what was refunded of
 * each payment, and the timeline entry `payment_refunded`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_bill_payments add column refunded bigint not null default 0
    constraint credit_bill_payments_refunded check (refunded >= 0 and refunded <= amount)`.execute(db)
  await sql`alter table credit_bill_events drop constraint credit_bill_events_kind_check`.execute(db)
  await sql`alter table credit_bill_events add constraint credit_bill_events_kind_check check (kind in
    ('issued', 'reminder_sent', 'reminder_skipped', 'reminder_failed', 'penalty_added', 'payment_received',
     'payment_refunded', 'paid', 'overdue', 'due_date_moved', 'archived', 'reminders_stopped'))`.execute(db)
}
