import { sql } from 'kysely'
import type { Db } from '../../modules/platform/db.ts'

/**
 * What a SIGKILL between a request's committed effect and its stored answer leaves behind: the
 * Idempotency-Key claimed and unfinished, old enough for a retry to take it over (found by
 * `npm run chaos`). A retry must then answer the effect that committed, not make a second one.
 */
export async function loseAnswer(db: Db, key: string): Promise<void> {
  const lost = await db
    .updateTable('idempotency_keys')
    .set({
      completed_at: null,
      status_code: null,
      response_body: null,
      created_at: sql`now() - interval '2 minutes'`,
    })
    .where('key', '=', key)
    .executeTakeFirst()
  if (lost.numUpdatedRows !== 1n) throw new Error(`no answered request with Idempotency-Key ${key}`)
}
