import { type Kysely, sql } from 'kysely'

/**
 * The double-entry ledger (module `ledger`): the chart of accounts, sub-accounts, journals, journal
 * entries and their lines. Entries and lines are immutable (no UPDATE or DELETE: corrections are
 * reversing entries), every entry balances per currency (checked when the transaction commits),
 * and a source event is posted at most once (unique source kind + id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('number', 'integer', (c) => c.primaryKey().check(sql`number between 110 and 610`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('normal_side', 'text', (c) => c.notNull().check(sql`normal_side in ('debit', 'credit')`))
    .addColumn('description', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into ledger_accounts (number, code, name, normal_side, description) values
    (110, 'receivables', 'Receivables', 'debit', 'Amounts customers owe (unpaid bills, orders awaiting payment)'),
    (120, 'payment_provider', 'Payment-provider account', 'debit', 'Money held for us by payment providers until paid out'),
    (210, 'vat_on_sales', 'VAT on sales', 'credit', 'VAT charged on sales, owed to the tax authority'),
    (220, 'cards', 'Cards', 'credit', 'Value loaded on cards (vouchers, gift cards) not yet spent'),
    (230, 'acceptor', 'Acceptors', 'credit', 'Amounts owed to acceptors (merchants, restaurants) until paid out'),
    (310, 'capital', 'Capital', 'credit', 'Equity of the platform'),
    (410, 'income', 'Income', 'credit', 'Revenue: fees and commissions earned, net of VAT'),
    (610, 'others', 'Others', 'debit', 'Everything else: provider fees, rounding, write-offs')`.execute(db)

  await db.schema
    .createTable('ledger_sub_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account', 'integer', (c) => c.notNull().references('ledger_accounts.number'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('general', 'program', 'acceptor', 'card', 'customer')`),
    )
    .addColumn('external_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ledger_sub_accounts_key', ['account', 'kind', 'external_id'])
    .addUniqueConstraint('ledger_sub_accounts_id_account', ['id', 'account'])
    .execute()

  await db.schema
    .createTable('ledger_journals')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute()
  for (const [code, name] of [
    ['sales', 'Sales'],
    ['purchase', 'Purchase'],
    ['bank', 'Bank'],
    ['miscellaneous', 'Miscellaneous'],
    ['cards', 'Cards'],
  ]) {
    await sql`insert into ledger_journals (code, name) values (${code}, ${name})`.execute(db)
    // Numbers increase per journal; a rolled-back posting may leave a gap (no lock on a counter row,
    // so concurrent postings do not queue behind each other).
    await sql.raw(`create sequence ledger_entry_number_${code}`).execute(db)
  }

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('journal', 'text', (c) => c.notNull().references('ledger_journals.code'))
    .addColumn('number', 'bigint', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('source_kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('reversal_of', 'uuid', (c) => c.unique().references('ledger_entries.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ledger_entries_journal_number', ['journal', 'number'])
    .addUniqueConstraint('ledger_entries_source', ['source_kind', 'source_id'])
    .execute()
  await db.schema.createIndex('ledger_entries_date_idx').on('ledger_entries').column('date').execute()

  await db.schema
    .createTable('ledger_lines')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('entry_id', 'uuid', (c) => c.notNull().references('ledger_entries.id'))
    .addColumn('line_no', 'smallint', (c) => c.notNull())
    .addColumn('account', 'integer', (c) => c.notNull())
    .addColumn('sub_account_id', 'uuid', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('debit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint(
      'ledger_lines_sub_account',
      ['sub_account_id', 'account'],
      'ledger_sub_accounts',
      ['id', 'account'],
    )
    .addUniqueConstraint('ledger_lines_entry_line', ['entry_id', 'line_no'])
    .addCheckConstraint(
      'ledger_lines_one_side',
      sql`(debit > 0 and credit = 0) or (credit > 0 and debit = 0)`,
    )
    .execute()
  await db.schema
    .createIndex('ledger_lines_account_idx')
    .on('ledger_lines')
    .columns(['account', 'entry_id'])
    .execute()
  await db.schema
    .createIndex('ledger_lines_sub_account_idx')
    .on('ledger_lines')
    .columns(['sub_account_id', 'entry_id'])
    .execute()

  // Immutable: corrections are reversing entries, never edits.
  await sql`create function ledger_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger % are immutable: post a reversing entry instead', tg_table_name
        using errcode = 'restrict_violation';
    end $$`.execute(db)
  for (const table of ['ledger_entries', 'ledger_lines']) {
    await sql
      .raw(
        `create trigger ${table}_immutable before update or delete on ${table}
         for each row execute function ledger_immutable()`,
      )
      .execute(db)
  }

  // Balanced per currency, with at least two lines, checked at commit (deferred), whatever inserted them.
  await sql`create function ledger_check_balanced(entry uuid) returns void language plpgsql as $$
    declare
      lines integer;
      bad text;
    begin
      select count(*) into lines from ledger_lines where entry_id = entry;
      if lines < 2 then
        raise exception 'ledger entry % has % line(s); an entry needs at least two', entry, lines
          using errcode = 'check_violation';
      end if;
      select currency into bad from ledger_lines where entry_id = entry
        group by currency having sum(debit) <> sum(credit) limit 1;
      if bad is not null then
        raise exception 'ledger entry % is not balanced in %', entry, bad using errcode = 'check_violation';
      end if;
    end $$`.execute(db)
  await sql`create function ledger_entry_balanced() returns trigger language plpgsql as $$
    begin perform ledger_check_balanced(new.id); return null; end $$`.execute(db)
  await sql`create function ledger_line_balanced() returns trigger language plpgsql as $$
    begin perform ledger_check_balanced(new.entry_id); return null; end $$`.execute(db)
  await sql`create constraint trigger ledger_entries_balanced after insert on ledger_entries
    deferrable initially deferred for each row execute function ledger_entry_balanced()`.execute(db)
  await sql`create constraint trigger ledger_lines_balanced after insert on ledger_lines
    deferrable initially deferred for each row execute function ledger_line_balanced()`.execute(db)
}
