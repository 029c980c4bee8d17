import { type Kysely, sql } from 'kysely'

/**
 * The platform's own payment provider account (module `payments`): payments that belong to no
 * program (card orders paid to the platform, an owner's payment links outside any program) are
 * taken on the account an admin saved. Each save adds an account and marks the one it replaces;
 * replaced accounts stay, because payments already made on them keep receiving their provider's
 * webhooks and refunds through them. At most one platform account is current.
 *
 * `is_platform_default` keeps its meaning: the built-in sandbox account made on first use outside
 * production (the fallback when no platform account is saved, and a program's sandbox there).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payment_accounts')
    .addColumn('is_platform', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('saved_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('replaced_at', 'timestamptz')
    .execute()
  // Program accounts were saved by their program's owner.
  await sql`update payment_accounts set saved_by = owner_user_id where program_uuid is not null`.execute(db)
  await sql`alter table payment_accounts
    add constraint payment_accounts_platform_has_no_program
      check (not is_platform or (program_uuid is null and owner_user_id is null)),
    add constraint payment_accounts_only_platform_replaced
      check (replaced_at is null or is_platform)`.execute(db)
  await sql`create unique index payment_accounts_one_platform on payment_accounts ((true))
    where is_platform and replaced_at is null`.execute(db)
}
