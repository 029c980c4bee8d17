import { type Kysely, sql } from 'kysely'

/**
 * What a journal entry says, as a code and its parameters (issue 12, item 9): the screens word
 * `payment.captured {reference, payment, description}` in the reader's language instead of showing
 * the English sentence the posting module wrote. `description` stays: the English text, for
 * searching and for entries posted before (no code; they are read as they were written). Adding
 * columns touches no row, so the trigger that keeps entries immutable is not involved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries
    add column description_code text,
    add column description_params jsonb not null default '{}'::jsonb`.execute(db)
}
