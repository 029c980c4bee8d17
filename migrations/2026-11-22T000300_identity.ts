import { type Kysely, sql } from 'kysely'

/**
 * Identity: users of the four portals, their sign-in sessions (refresh-token families), refresh
 * tokens, sign-in attempts (login history), e-mailed confirmation codes and password resets.
 * Secrets (passwords, refresh tokens, codes, reset links) are stored only as hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // 1 program owner, 2 acceptor, 3 card holder, 4 admin
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type between 1 and 4`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('nl'))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text')
    .addColumn('gender', 'text')
    .addColumn('birth_date', 'date')
    .addColumn('phone', 'text')
    .addColumn('phone_code', 'text')
    .addColumn('description', 'text')
    .addColumn('url', 'text')
    .addColumn('position', 'text')
    // 1 company, 2 individual
    .addColumn('legal_type', 'smallint', (c) => c.notNull().defaultTo(2))
    .addColumn('company_name', 'text')
    .addColumn('company_phone', 'text')
    .addColumn('company_phone_code', 'text')
    .addColumn('company_reg_number', 'text')
    .addColumn('company_vat_number', 'text')
    .addColumn('country', 'text')
    .addColumn('state', 'text')
    .addColumn('city', 'text')
    .addColumn('address', 'text')
    .addColumn('zip', 'text')
    .addColumn('delivery_street', 'text')
    .addColumn('delivery_house', 'text')
    .addColumn('delivery_apartment', 'text')
    .addColumn('billing_country', 'text')
    .addColumn('billing_state', 'text')
    .addColumn('billing_city', 'text')
    .addColumn('billing_zip', 'text')
    .addColumn('billing_address', 'text')
    .addColumn('avatar', 'text')
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index users_email_key on users (lower(email))`.execute(db)
  await sql`create index users_type_idx on users (type, created_at desc)`.execute(db)
  await sql`create index users_name_idx on users (lower(first_name || ' ' || last_name) text_pattern_ops)`.execute(
    db,
  )

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute()
  await sql`create index sessions_user_idx on sessions (user_id) where revoked_at is null`.execute(db)

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute()

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('portal', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('session_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index login_attempts_user_idx on login_attempts (user_id, created_at desc)`.execute(db)

  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_type', 'smallint', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('nl'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index email_codes_email_idx on email_codes (lower(email), purpose, created_at desc)`.execute(
    db,
  )

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}
