import { type Kysely, sql } from 'kysely'

/**
 * The food court's entries (a part sold, its sale reversed, paid out, its refund) and the changes of
 * an archived bill's write-off (a late payment, a refund) were posted with an English sentence only;
 * they now carry a description code (`modules/ledger/descriptions.ts`) so that every reader reads
 * them in their own language. Their code is their source kind, and their one parameter, `number`,
 * is the first number of the sentence the posting module wrote (`Food court sub-order 12 paid`,
 * `Bill 7 archived: …`), so the entries posted before are coded too.
 *
 * Entries are immutable (`ledger_entries_immutable`): the trigger is set aside for this one
 * statement, in the migration's transaction, because only the two code columns change (empty
 * before, added by 2026-11-27T000100): no amount, date, account or sentence is touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries disable trigger ledger_entries_immutable`.execute(db)
  await sql`update ledger_entries
    set description_code = source_kind,
        description_params = jsonb_build_object('number', substring(description from '[0-9]+')::bigint)
    where description_code is null
      and source_kind in ('food_court_part.paid', 'food_court_part.sale_reversed',
        'food_court_part.paid_out', 'food_court.part_refunded',
        'credit_bill.write_off_reversed', 'credit_bill.refund_written_off')
      and description ~ '[0-9]'`.execute(db)
  await sql`alter table ledger_entries enable trigger ledger_entries_immutable`.execute(db)
}
