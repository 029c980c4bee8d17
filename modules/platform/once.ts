import type { Db, Trx } from './db.ts'

/**
 * Runs `effect` at most once per (event, handler): the pair is recorded in `processed_events` in the
 * same transaction as the effect, so a job delivered twice, a relay that ran twice, or a retry
 * after a crash finds the record and does nothing, while a crash before commit leaves neither the
 * effect nor the record. Returns false when the pair had already been processed.
 *
 * Effects outside the database (an e-mail, an HTTP call) run inside the transaction too: if they
 * fail the record rolls back and the job retries. Only a crash between their success and the
 * commit can repeat them, which is why e-mails carry a Message-ID derived from the event.
 */
export async function once(
  db: Db,
  eventId: string,
  handler: string,
  effect: (trx: Trx) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('processed_events')
      .values({ event_id: eventId, handler })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst()
    if (claimed.numInsertedOrUpdatedRows === 0n) return false
    await effect(trx)
    return true
  })
}
