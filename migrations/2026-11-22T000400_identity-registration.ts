import { type Kysely, sql } from 'kysely'

/**
 * Identity registration: the single-use `signup_token` a confirmed e-mail code is exchanged for
 * (stored hashed beside the code it came from), when a user accepted the terms, and the interest
 * people register for a country the platform does not serve yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('email_codes')
    // sha256 of the signup token answered when the code was confirmed; null until then.
    .addColumn('token_hash', 'text')
    .execute()
  await sql`create unique index email_codes_token_idx on email_codes (token_hash) where token_hash is not null`.execute(
    db,
  )

  await db.schema.alterTable('users').addColumn('terms_accepted_at', 'timestamptz').execute()

  await db.schema
    .createTable('country_interests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    // ISO 3166-1 alpha-2
    .addColumn('country', 'char(2)', (c) => c.notNull())
    .addColumn('user_type', 'smallint', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index country_interests_key on country_interests (lower(email), country, user_type)`.execute(
    db,
  )
}
