import { type Kysely, sql } from 'kysely'

/**
 * Two tables of the credit module. The pay link's QR code of a bill (module `credit`), drawn once: the first e-mail of the bill
 * draws and keeps it, every reminder attaches the kept image. Drawing it is the largest cost of a
 * reminder, and a bill's pay link never changes (`url` says which link it encodes, so a changed
 * public address draws it again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_bill_qr')
    .addColumn('bill_id', 'uuid', (c) => c.primaryKey().references('credit_bills.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('png', 'bytea', (c) => c.notNull())
    .execute()

  // A CSV import of bills (docs/credit.md, "CSV import"): one row per file a program imported, so
  // the same file uploaded again imports nothing and answers the first import's bills.
  await db.schema
    .createTable('credit_bill_imports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('bill_ids', sql`uuid[]`, (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('credit_bill_imports_program_digest', ['program_id', 'digest'])
    .execute()
}
