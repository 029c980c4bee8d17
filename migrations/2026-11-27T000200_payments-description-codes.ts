import { type Kysely, sql } from 'kysely'

/**
 * A payment's description as a code and its parameters when the platform wrote it (issue 12,
 * item 9): a card order is `card_order {quantity, program_title}`, read as "3 kaarten — Cadeaubon"
 * on a Dutch page and on a Dutch receipt. What a person typed (a payment link, a terminal sale) has
 * no code and is shown as typed. `description` keeps the English text for searching, the provider
 * and payments made before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments
    add column description_code text,
    add column description_params jsonb not null default '{}'::jsonb`.execute(db)
}
