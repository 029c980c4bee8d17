import type { Kysely } from 'kysely'

/**
 * The pay link's QR code of a bill (module `credit`), drawn once: the first e-mail of the bill
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
}
