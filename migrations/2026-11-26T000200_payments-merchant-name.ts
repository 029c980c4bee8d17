import { type Kysely, sql } from 'kysely'

/**
 * Whom the payer pays, as they read it (issue 12, item 4): the business, not the cashier. Fixed
 * when the payment is made (`createPayment`): the acceptor's company name, else the program's
 * title, else the owner's name (their company's when they are a business), else the platform's.
 * The checkout, the provider's page, receipts and transaction lists show it; a receipt keeps the
 * name it was paid under when the shop is renamed later. Payments made before have none and are
 * named as before (the receiver's display name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column merchant_name text`.execute(db)
}
