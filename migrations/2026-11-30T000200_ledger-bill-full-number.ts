import { type Kysely, sql } from 'kysely'

/**
 * A bill's ledger entries (issued, penalty, paid, refunded and the write-offs) named it by its
 * sequence alone ("Rekening 1 uitgeschreven") while its payment says "Rekening WZMGGR-1". They now
 * carry the full number (the credit program's code and the sequence) in `description_params.number`;
 * this gives the entries posted before it, found through their program sub-account, the same.
 *
 * Entries are immutable (`ledger_entries_immutable`): the trigger is set aside for this one
 * statement, in the migration's transaction; only `description_params` changes (the words the
 * screens build from it), no amount, date, account or stored sentence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries disable trigger ledger_entries_immutable`.execute(db)
  await sql`update ledger_entries e
    set description_params = jsonb_set(e.description_params, '{number}',
          to_jsonb(c.code || '-' || (e.description_params ->> 'number')))
    from ledger_lines l
    join ledger_sub_accounts s on s.id = l.sub_account_id and s.kind = 'program'
    join credit_programs c on c.program_id::text = s.external_id
    where l.entry_id = e.id
      and starts_with(e.description_code, 'credit_bill.')
      and jsonb_typeof(e.description_params -> 'number') = 'number'
      and coalesce(c.code, '') <> ''`.execute(db)
  await sql`alter table ledger_entries enable trigger ledger_entries_immutable`.execute(db)
}
