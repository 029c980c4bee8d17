import { type Kysely, sql } from 'kysely'

/**
 * Programs (module `programs`): the programs of every type (card 1001, credit management 2001,
 * payment management 3001, foods 4001, food court 5001) with their status (11001–11007), the
 * payment methods a program takes, the acceptors invited to a program with their status
 * (21001–21005), the acceptors' cashpoints, and the images uploaded through `manager/commons/images`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('programs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (1001, 2001, 3001, 4001, 5001)`))
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 11001 and 11007`))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 200`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'char(3)', (c) => c.notNull().defaultTo('EUR'))
    // Set while blocked: who blocked it (1 its owner, 4 an admin) and the status it returns to.
    .addColumn('blocked_by_type', 'smallint', (c) => c.check(sql`blocked_by_type in (1, 4)`))
    .addColumn('status_before_block', 'smallint')
    .addColumn('blocked_at', 'timestamptz')
    .addColumn('activated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'programs_block_state',
      sql`(status = 11007) = (blocked_by_type is not null and status_before_block is not null and blocked_at is not null)`,
    )
    .execute()
  await sql`create index programs_owner_idx on programs (owner_user_id, created_at desc)`.execute(db)
  await sql`create index programs_status_idx on programs (status, created_at desc)`.execute(db)

  // The payment methods of a program: which provider takes a method and whether it is switched on.
  await db.schema
    .createTable('program_methods')
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('method_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text')
    .addColumn('is_used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('program_methods_pk', ['program_id', 'method_id'])
    .addCheckConstraint('program_methods_used_has_provider', sql`not is_used or provider_id is not null`)
    .execute()

  // One row per invitation of an e-mail address to a program; it becomes the acceptor's membership
  // when accepted. Withdrawn invitations are deleted; declined and unsubscribed ones stay as history.
  await db.schema
    .createTable('program_acceptors')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    // The acceptor account: known at once when the address has one, else set when they register.
    .addColumn('acceptor_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 21001 and 21005`))
    .addColumn('invited_by_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    // SHA-256 of the secret in the latest invitation link (made when the e-mail is sent).
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sent_at', 'timestamptz')
    .addColumn('responded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // One live (active, pending or blocked) row per address and per account in a program.
  await sql`create unique index program_acceptors_live_email on program_acceptors (program_id, lower(email))
    where status in (21001, 21002, 21005)`.execute(db)
  await sql`create unique index program_acceptors_live_user on program_acceptors (program_id, acceptor_user_id)
    where status in (21001, 21002, 21005) and acceptor_user_id is not null`.execute(db)
  await sql`create index program_acceptors_program_idx on program_acceptors (program_id, created_at desc)`.execute(
    db,
  )
  await sql`create index program_acceptors_acceptor_idx on program_acceptors (acceptor_user_id, created_at desc)`.execute(
    db,
  )
  await sql`create index program_acceptors_email_idx on program_acceptors (lower(email)) where acceptor_user_id is null`.execute(
    db,
  )

  // An acceptor's points of sale in a program (the phone that shows the payment QR code).
  await db.schema
    .createTable('cashpoints')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('acceptor_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 100`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('deactivated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index cashpoints_active_title on cashpoints (program_id, acceptor_user_id, lower(title))
    where is_active`.execute(db)
  await sql`create index cashpoints_acceptor_idx on cashpoints (acceptor_user_id, program_id, created_at)`.execute(
    db,
  )

  // Images uploaded for programs (card pictures, logos, reminder images), stored as JPG files.
  await db.schema
    .createTable('program_images')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('file', 'text', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('program_images_owner_idx')
    .on('program_images')
    .column('owner_user_id')
    .execute()
}
