import { type Kysely, sql } from 'kysely'

/**
 * A payment is charged once, whatever the payer does (module `payments`, docs/payments.md "Charged
 * once"):
 *
 * - `payments.start_claim` / `start_claimed_until`: the claim a start of an attempt holds while it
 *   settles the attempts still in flight and asks the provider for a new one. It is a column, not a
 *   database lock, so no transaction stays open across a provider call; a claim whose holder died
 *   lapses at `start_claimed_until`.
 * - `payments.paid_attempt_id`: the winning attempt, the first one applied as paid. Any other
 *   attempt that the provider captures is a duplicate and is refunded automatically.
 * - `payments.captured_amount`: money taken across all attempts (the winner's and duplicates'), a
 *   gross figure: it stays when a duplicate is given back (the refund is recorded beside it).
 * - `payment_attempts.captured_at`: when the provider's capture of an attempt was applied;
 *   `start_claim`: the claim it was made under, so the starts that waited for it answer its outcome.
 * - `payment_refunds.kind`: `requested` (an owner or admin through us), `provider` (made in the
 *   provider's dashboard) or `duplicate` (a duplicate capture given back by the platform, at most
 *   one per attempt).
 * - `sandbox_payments.cancelled_from`: the sandbox remembers that a payment was cancelled while the
 *   payer was at the confirmation step, where a late approval still captures it (as banks do).
 *
 * Existing data: every paid attempt's capture counts in `captured_amount`, the lowest-numbered paid
 * attempt wins; reconciliation then refunds the duplicates of payments charged more than once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments
    add column start_claim uuid,
    add column start_claimed_until timestamptz,
    add column paid_attempt_id uuid references payment_attempts(id),
    add column captured_amount bigint not null default 0`.execute(db)
  // When an attempt was captured: the date of a duplicate capture in the transaction lists.
  await sql`alter table payment_attempts add column captured_at timestamptz, add column start_claim uuid`.execute(
    db,
  )
  await sql`update payment_attempts set captured_at = updated_at where status = 'paid'`.execute(db)
  await sql`alter table payment_refunds
    add column kind text not null default 'requested' check (kind in ('requested', 'provider', 'duplicate'))`.execute(
    db,
  )
  await sql`update payment_refunds set kind = 'provider' where reason = 'made at the provider'`.execute(db)
  await sql`create unique index payment_refunds_one_duplicate on payment_refunds (attempt_id) where kind = 'duplicate'`.execute(
    db,
  )
  await sql`update payments p set
      captured_amount = p.amount * (select count(*) from payment_attempts a where a.payment_id = p.id and a.status = 'paid'),
      paid_attempt_id = (select a.id from payment_attempts a where a.payment_id = p.id and a.status = 'paid' order by a.number limit 1)`.execute(
    db,
  )
  // Payments charged more than once, for reconciliation to find quickly.
  await sql`create index payments_overcharged_idx on payments (id) where captured_amount > amount`.execute(db)
  await sql`alter table sandbox_payments add column cancelled_from text`.execute(db)
}
