import { type Kysely, sql } from 'kysely'

/**
 * A committed journal entry is closed: lines may be added to an entry only in the transaction
 * that created it. Without this, a balanced pair of lines could be slipped into an old entry (the
 * balance check would pass) and silently change account balances. `now()` is the transaction's
 * start time, which is what the entry's `created_at` defaults to in its own transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_line_entry_open() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from ledger_entries where id = new.entry_id and created_at = now()) then
        raise exception 'journal entry % is closed: post a new entry (or a reversal) instead', new.entry_id
          using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db)
  await sql`
    create trigger ledger_lines_entry_open before insert on ledger_lines
    for each row execute function ledger_line_entry_open()`.execute(db)
}
