import { type Kysely, sql } from 'kysely'

/**
 * Spending cards at acceptors (module `cards`): a redemption is one use of an activated card at an
 * acceptor's cashpoint in the card's program, for an amount of its balance. When it takes the
 * card's last use, what is left on the card is forfeited with it. A redemption can be reversed
 * once by the acceptor who took it (status `reversed`). Cards gain the status `used`: nothing is
 * left to spend (balance 0), always on a card someone activated.
 *
 * `owner_user_id` is the program's owner when the card was taken, so the owner's list needs no
 * read of the programs module's tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cards
    drop constraint cards_status_check,
    add constraint cards_status_check check (status in ('issued', 'active', 'blocked', 'used')),
    add constraint cards_used_empty check (status <> 'used' or (balance = 0 and holder_user_id is not null))`.execute(
    db,
  )

  await db.schema
    .createTable('card_redemptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // Shown to people (receipts, lists): increasing, never reused.
    .addColumn('number', 'bigint', (c) => c.notNull().unique().generatedAlwaysAsIdentity())
    .addColumn('card_id', 'uuid', (c) => c.notNull().references('cards.id'))
    .addColumn('program_id', 'uuid', (c) => c.notNull().references('programs.id'))
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('cashpoint_id', 'uuid', (c) => c.notNull().references('cashpoints.id'))
    .addColumn('acceptor_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    // Minor units: what the acceptor took, and what was left on the card when its last use went.
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('forfeited', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`forfeited >= 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    // The card right after the redemption.
    .addColumn('balance_after', 'bigint', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('uses_left_after', 'integer', (c) => c.check(sql`uses_left_after >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('completed', 'reversed')`))
    .addColumn('reversed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('card_redemptions_reversed', sql`(status = 'reversed') = (reversed_at is not null)`)
    // Value is forfeited only with a card's last use, which leaves nothing on it.
    .addCheckConstraint(
      'card_redemptions_forfeit',
      sql`forfeited = 0 or (balance_after = 0 and uses_left_after = 0)`,
    )
    // A redemption that forfeited value cannot be reversed (the value is the program's).
    .addCheckConstraint('card_redemptions_reversible', sql`status <> 'reversed' or forfeited = 0`)
    .execute()
  // The lists: the acceptor's own, the owner's programs', per program and cashpoint, a card's history.
  for (const column of ['acceptor_user_id', 'owner_user_id', 'program_id', 'cashpoint_id', 'card_id']) {
    await sql`create index ${sql.raw(`card_redemptions_${column.replace('_user_id', '').replace('_id', '')}_idx`)}
      on card_redemptions (${sql.ref(column)}, number desc)`.execute(db)
  }
}
