import { type Kysely, sql } from 'kysely'

/**
 * Credit management (module `credit`, docs/credit.md): the settings of a credit management program
 * (its 6-letter code, the bill contact, the send window and time zone, and the counter that numbers
 * its bills), its reminder ladder, the bills it issues to card holders with their lines (items and
 * penalties), the payments started for them, the reminder rows the worker sends from (one per bill
 * and ladder step) and each bill's timeline. Programs, users, images and payments belong to other
 * modules: programs and users are referred to with foreign keys, images and payments by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const hhmm = (column: string, max = '23:59') =>
    sql.raw(
      `${column} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'${max === '24:00' ? ` or ${column} = '24:00'` : ''}`,
    )

  await db.schema
    .createTable('credit_programs')
    .addColumn('program_id', 'uuid', (c) => c.primaryKey().references('programs.id').onDelete('cascade'))
    // The credit program id of the specification (section 9): 6 random uppercase letters.
    .addColumn('code', 'char(6)', (c) => c.notNull().unique().check(sql`code ~ '^[A-Z]{6}$'`))
    // The bill contact printed on bills (spec section 3).
    .addColumn('contact_account', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(contact_account) <= 64`),
    )
    .addColumn('contact_phone_code', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(contact_phone_code) <= 8`),
    )
    .addColumn('contact_phone_number', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(contact_phone_number) <= 32`),
    )
    .addColumn('contact_chamber', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(contact_chamber) <= 32`),
    )
    .addColumn('contact_vat', 'text', (c) => c.notNull().defaultTo('').check(sql`length(contact_vat) <= 32`))
    .addColumn('contact_is_showed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('contact_country', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(contact_country) <= 64`),
    )
    .addColumn('contact_state', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(contact_state) <= 100`),
    )
    .addColumn('contact_city', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(contact_city) <= 100`),
    )
    .addColumn('contact_address', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(contact_address) <= 300`),
    )
    .addColumn('contact_zip', 'text', (c) => c.notNull().defaultTo('').check(sql`length(contact_zip) <= 16`))
    // Settings (spec section 3): formal tone, the image on bills and reminders, a contact line.
    .addColumn('is_formal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('image_id', 'uuid')
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo('').check(sql`length(contact) <= 500`))
    // The send window in local time (start ≤ time < end) on ISO weekdays, and the program's zone.
    .addColumn('window_start', 'text', (c) => c.notNull().defaultTo('09:00').check(hhmm('window_start')))
    .addColumn('window_end', 'text', (c) => c.notNull().defaultTo('18:00').check(hhmm('window_end', '24:00')))
    .addColumn('window_weekdays', sql`smallint[]`, (c) => c.notNull().defaultTo(sql`'{1,2,3,4,5}'`))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Europe/Amsterdam'))
    // The number the next bill gets: incremented in the issuing transaction (row locked), so bill
    // numbers are gapless per program (a rolled-back issue gives its number back).
    .addColumn('next_bill_number', 'bigint', (c) =>
      c.notNull().defaultTo(1).check(sql`next_bill_number >= 1`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('credit_programs_window', sql`window_start < window_end`)
    .addCheckConstraint(
      'credit_programs_weekdays',
      sql`cardinality(window_weekdays) between 1 and 7 and window_weekdays <@ '{1,2,3,4,5,6,7}'::smallint[]`,
    )
    .execute()

  // The reminder ladder of a program: the specification's reminder fields plus send_time.
  await db.schema
    .createTable('credit_reminder_steps')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 200`))
    .addColumn('description', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(description) <= 2000`),
    )
    .addColumn('is_alive', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_system', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_formal', 'boolean', (c) => c.notNull().defaultTo(false))
    // A system template (manager/commons/reminder-templates id): sent in the holder's language.
    .addColumn('template_id', 'smallint')
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`length(subject) between 1 and 300`))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`length(text) between 1 and 10000`))
    .addColumn('sender_type', 'smallint', (c) => c.notNull().check(sql`sender_type in (1, 2)`))
    .addColumn('days', 'integer', (c) => c.notNull().check(sql`days between 0 and 3650`))
    .addColumn('send_time', 'text', (c) => c.notNull().defaultTo('09:00').check(hhmm('send_time')))
    .addColumn('period_type', 'smallint', (c) => c.check(sql`period_type = 11`))
    .addColumn('period_value', 'integer', (c) => c.check(sql`period_value between 0 and 3650`))
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo('').check(sql`length(contact) <= 500`))
    .addColumn('image_id', 'uuid')
    // 1 a fixed amount (minor units, the program's currency), 2 a percentage of the open amount.
    .addColumn('penalty_type', 'smallint', (c) => c.check(sql`penalty_type in (1, 2)`))
    .addColumn('penalty_amount', 'bigint', (c) => c.check(sql`penalty_amount between 0 and 100000000`))
    .addColumn('penalty_percent', 'numeric(7, 4)', (c) => c.check(sql`penalty_percent between 0 and 100`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'credit_reminder_steps_penalty',
      sql`(penalty_type is null and penalty_amount is null and penalty_percent is null)
        or (penalty_type = 1 and penalty_amount is not null and penalty_percent is null)
        or (penalty_type = 2 and penalty_percent is not null and penalty_amount is null)`,
    )
    .addCheckConstraint('credit_reminder_steps_period', sql`(period_type is null) = (period_value is null)`)
    .execute()
  await sql`create index credit_reminder_steps_program_idx on credit_reminder_steps (program_id, position)
    where deleted_at is null`.execute(db)

  await db.schema
    .createTable('credit_bills')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id'))
    .addColumn('number', 'bigint', (c) => c.notNull().check(sql`number >= 1`))
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('holder_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    // The addressee as the bill was issued (an invoice keeps whom it was made out to; searched).
    .addColumn('holder_name', 'text', (c) => c.notNull().check(sql`length(holder_name) <= 300`))
    .addColumn('holder_email', 'text', (c) => c.notNull().check(sql`length(holder_email) <= 320`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('issue_date', 'date', (c) => c.notNull())
    .addColumn('due_date', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('unpaid', 'overdue', 'paid', 'archived')`),
    )
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo('').check(sql`length(reference) <= 200`))
    // Minor units: the items' net sum, their VAT, the penalties added by reminders, and what was paid.
    .addColumn('subtotal', 'bigint', (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn('vat', 'bigint', (c) => c.notNull().check(sql`vat >= 0`))
    .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total > 0`))
    .addColumn('penalties', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`penalties >= 0`))
    .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`paid_amount >= 0`))
    // The zone the due date and the reminders are read in (the holder's, else the program's), and
    // the holder's language, both as they were when the bill was issued or last re-planned.
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('archived_at', 'timestamptz')
    .addColumn('archived_reason', 'text', (c) => c.check(sql`length(archived_reason) <= 500`))
    // Set when the ladder stopped for good (a permanent SMTP refusal): `smtp_rejected`.
    .addColumn('reminders_stopped', 'text', (c) => c.check(sql`reminders_stopped in ('smtp_rejected')`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('credit_bills_number', ['program_id', 'number'])
    .addCheckConstraint('credit_bills_total', sql`total = subtotal + vat`)
    .addCheckConstraint('credit_bills_dates', sql`due_date >= issue_date`)
    .addCheckConstraint('credit_bills_paid', sql`status <> 'paid' or paid_at is not null`)
    .addCheckConstraint('credit_bills_archived', sql`(status = 'archived') = (archived_at is not null)`)
    .execute()
  await sql`create index credit_bills_owner_idx on credit_bills (owner_user_id, created_at desc, id)`.execute(
    db,
  )
  await sql`create index credit_bills_program_idx on credit_bills (program_id, created_at desc, id)`.execute(
    db,
  )
  await sql`create index credit_bills_holder_idx on credit_bills (holder_user_id, created_at desc)`.execute(
    db,
  )
  await sql`create index credit_bills_unpaid_due_idx on credit_bills (due_date) where status = 'unpaid'`.execute(
    db,
  )

  // How many bills each owner has per program and state, kept by a trigger: the bill list's count
  // without a filter beyond program and state is a sum of a few rows, not a scan of every bill.
  await db.schema
    .createTable('credit_bill_counts')
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull())
    .addColumn('program_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // No check on n: an upsert's proposed row carries the change (-1), not the total.
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('credit_bill_counts_pk', ['owner_user_id', 'program_id', 'status'])
    .execute()
  // Statement-level triggers over transition tables: a statement that moves thousands of bills
  // (the overdue job) changes each count once, not once per row.
  const keep = (rows: string) =>
    sql.raw(`
    insert into credit_bill_counts (owner_user_id, program_id, status, n)
    select owner_user_id, program_id, status, sum(d) from (${rows}) changed
    group by owner_user_id, program_id, status having sum(d) <> 0
    on conflict (owner_user_id, program_id, status) do update set n = credit_bill_counts.n + excluded.n;`)
  const plus = 'select owner_user_id, program_id, status, 1 as d from new_rows'
  const minus = 'select owner_user_id, program_id, status, -1 as d from old_rows'
  for (const [name, body] of [
    ['credit_bill_counts_inserted', keep(plus)],
    ['credit_bill_counts_updated', keep(`${plus} union all ${minus}`)],
    ['credit_bill_counts_deleted', keep(minus)],
  ] as const) {
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin ${body} return null; end $$`.execute(db)
  }
  await sql`create trigger credit_bill_counts_inserted after insert on credit_bills
    referencing new table as new_rows for each statement execute function credit_bill_counts_inserted()`.execute(
    db,
  )
  await sql`create trigger credit_bill_counts_updated after update on credit_bills
    referencing old table as old_rows new table as new_rows
    for each statement execute function credit_bill_counts_updated()`.execute(db)
  await sql`create trigger credit_bill_counts_deleted after delete on credit_bills
    referencing old table as old_rows for each statement execute function credit_bill_counts_deleted()`.execute(
    db,
  )

  // A bill's lines: its items (with their VAT) and the penalties its reminders added.
  await db.schema
    .createTable('credit_bill_lines')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('bill_id', 'uuid', (c) => c.notNull().references('credit_bills.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('item', 'penalty')`))
    .addColumn('description', 'text', (c) => c.notNull().check(sql`length(description) between 1 and 500`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 1000000`))
    // Net price of one unit in minor units (excluding VAT).
    .addColumn('unit_price', 'bigint', (c) => c.notNull().check(sql`unit_price >= 0`))
    .addColumn('vat_code', 'text', (c) => c.check(sql`vat_code in ('high', 'low', 'zero', 'exempt')`))
    // Basis points (2100 = 21 %); null when exempt or a penalty (no supply, no VAT).
    .addColumn('vat_rate_bp', 'integer', (c) => c.check(sql`vat_rate_bp between 0 and 10000`))
    .addColumn('net', 'bigint', (c) => c.notNull().check(sql`net >= 0`))
    // The reminder whose step added the penalty (one penalty per bill and step).
    .addColumn('reminder_id', 'uuid', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('credit_bill_lines_net', sql`net = quantity * unit_price`)
    .addCheckConstraint(
      'credit_bill_lines_kind',
      sql`(kind = 'item' and vat_code is not null and reminder_id is null)
        or (kind = 'penalty' and vat_code is null and vat_rate_bp is null and reminder_id is not null and quantity = 1)`,
    )
    .addUniqueConstraint('credit_bill_lines_position', ['bill_id', 'position'])
    .execute()

  // One row per (bill, alive ladder step): the reminder worker's source of truth.
  await db.schema
    .createTable('credit_reminders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('bill_id', 'uuid', (c) => c.notNull().references('credit_bills.id').onDelete('cascade'))
    .addColumn('step_id', 'uuid', (c) => c.notNull().references('credit_reminder_steps.id'))
    // Rank in ladder order: the order reminders go and penalties add up in.
    .addColumn('order', 'integer', (c) => c.notNull().check(sql`"order" >= 0`))
    .addColumn('planned_at', 'timestamptz', (c) => c.notNull())
    .addColumn('local_date', 'date', (c) => c.notNull())
    .addColumn('local_time', 'text', (c) => c.notNull().check(hhmm('local_time')))
    .addColumn('moved', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // The penalty the step adds when sent (planned; the line holds what was applied).
    .addColumn('penalty', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`penalty >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('planned', 'sending', 'sent', 'skipped', 'failed')`),
    )
    // Why skipped or failed: paid, archived, issued_after, smtp_rejected, ladder_changed, stopped.
    .addColumn('reason', 'text', (c) => c.check(sql`length(reason) <= 40`))
    // A worker's claim while it sends: no other worker takes the row until `claimed_until`.
    .addColumn('claim', 'uuid')
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('message_id', 'text')
    .addColumn('error', 'text', (c) => c.check(sql`length(error) <= 1000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('credit_reminders_bill_step', ['bill_id', 'step_id'])
    .addCheckConstraint('credit_reminders_sent', sql`(status = 'sent') = (sent_at is not null)`)
    .addCheckConstraint(
      'credit_reminders_claim',
      sql`(status = 'sending') = (claim is not null and claimed_until is not null)`,
    )
    .execute()
  // Never two reminders of one bill in the same minute.
  await sql`create unique index credit_reminders_bill_minute on credit_reminders (bill_id, planned_at)
    where status in ('planned', 'sending')`.execute(db)
  await sql`create index credit_reminders_due_idx on credit_reminders (planned_at)
    where status in ('planned', 'sending')`.execute(db)

  // Payments started for a bill (payable `credit_bill`); the payments module owns the payment.
  await db.schema
    .createTable('credit_bill_payments')
    .addColumn('payment_id', 'uuid', (c) => c.primaryKey())
    .addColumn('bill_id', 'uuid', (c) => c.notNull().references('credit_bills.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'paid', 'ended')`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('credit_bill_payments_paid', sql`(status = 'paid') = (paid_at is not null)`)
    .execute()
  await sql`create index credit_bill_payments_bill_idx on credit_bill_payments (bill_id, created_at)`.execute(
    db,
  )

  // A bill's timeline: what happened to it, as codes and parameters the portals word.
  await db.schema
    .createTable('credit_bill_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('bill_id', 'uuid', (c) => c.notNull().references('credit_bills.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('issued', 'reminder_sent', 'reminder_skipped', 'reminder_failed', 'penalty_added', 'payment_received', 'paid', 'overdue', 'due_date_moved', 'archived', 'reminders_stopped')`,
        ),
    )
    .addColumn('reminder_id', 'uuid')
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute()
  await sql`create index credit_bill_events_bill_idx on credit_bill_events (bill_id, at, id)`.execute(db)
}
