import { type Kysely, sql } from 'kysely'

/**
 * A food court sub-order whose restaurant rejected its part (docs/food-court.md "A rejected part"):
 * its money went back to the guest, so it leaves the kitchen board's active view and no staff move
 * applies to it any more. Its status keeps the specification's code (paid, cooking or out for
 * delivery, where it was); `rejected_at` says it was rejected and refunded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table food_orders add column rejected_at timestamptz`.execute(db)
}
