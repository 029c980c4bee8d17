import { type Kysely, sql } from 'kysely'

/**
 * Counter orders (issue 15 item 6): staff take an order at the restaurant's counter for a walk-in
 * customer. `source` tells them from the guests' online orders, `eat_in` says whether the customer
 * eats at a table (a counter order is always collected in the restaurant), `taken_by` the staff
 * member who took it. A counter order's Idempotency-Key is unique per restaurant (online orders keep
 * theirs per session).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table food_orders
    add column source text not null default 'online' check (source in ('online', 'counter')),
    add column eat_in boolean not null default false,
    add column taken_by uuid references users(id) on delete set null`.execute(db)
  await sql`create unique index food_orders_counter_idempotency_idx on food_orders (program_id, idempotency_key)
    where source = 'counter' and idempotency_key is not null`.execute(db)
}
