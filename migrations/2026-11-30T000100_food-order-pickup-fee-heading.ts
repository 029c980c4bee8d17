import { type Kysely, sql } from 'kysely'

/**
 * The restaurant's own name for its pickup fee ("Verpakking"), kept on the order at checkout as the
 * cart showed it, so the order page and the receipt call the fee the same even after the owner
 * renames it. Orders from before this keep '' and are worded generically ("Pickup fee").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table food_orders add column pickup_fee_heading text not null default ''`.execute(db)
}
