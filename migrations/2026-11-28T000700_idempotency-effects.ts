import { type Kysely, sql } from 'kysely'

/**
 * What a request with an Idempotency-Key committed (a card redemption's id), written in the same
 * transaction as the effect. A process that dies after that commit but before the answer is stored
 * leaves the key unfinished; the retry that takes it over finds the effect here and answers it
 * instead of spending again (found by `npm run chaos`, issue 18).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys add column effect_id text`.execute(db)
}
