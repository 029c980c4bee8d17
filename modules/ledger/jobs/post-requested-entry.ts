import type { Db } from '../../platform/db.ts'
import { defineHandler, type Services } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { type Posted, postEntry, reverseEntry } from '../commands/post-entry.ts'
import { findEntryBySource } from '../db/entries.ts'
import { ledgerEntryRequested, ledgerReversalRequested, postingOfRequest } from '../events.ts'
import { validatePosting } from '../rules.ts'
import { createPostingBatcher, type PostingBatcher } from './posting-batcher.ts'

export const postRequestedEntryHandler = 'ledger.post-requested-entry'

/** One batcher per database handle, i.e. per worker process (tests may run several side by side). */
const batchers = new WeakMap<Db, PostingBatcher>()
function batcherOf(services: Services): PostingBatcher {
  let batcher = batchers.get(services.db)
  if (!batcher) {
    batcher = createPostingBatcher(
      services.db,
      postRequestedEntryHandler,
      services.log.child({ component: 'ledger-batcher' }),
    )
    batchers.set(services.db, batcher)
  }
  return batcher
}

/**
 * Posts the entry an event asks for, in one transaction with the (event, handler) record: a job
 * delivered twice posts once, a worker killed mid-entry leaves nothing (the transaction never
 * committed), and two events for the same source post once (the source is unique).
 *
 * Concurrent jobs of one worker post together in one transaction (`createPostingBatcher`), which
 * is what lets the ledger keep up with thousands of requests a second. A request the rules
 * refuse fails its job before it joins a batch; a retried job posts on its own, so a request the
 * database refuses does not drag a fresh batch into the one-by-one fallback on every attempt.
 */
export const postRequestedEntry = defineHandler({
  name: postRequestedEntryHandler,
  event: ledgerEntryRequested,
  queue: 'ledger',
  async handle({ event, services, log, job }) {
    const posting = postingOfRequest(event.payload)
    validatePosting(posting)
    let posted: Posted | undefined
    if (job.attemptsMade === 0) {
      const outcome = await batcherOf(services).post(event.id, posting)
      if (outcome.processed) posted = outcome.posted
    } else {
      await once(services.db, event.id, postRequestedEntryHandler, async (trx) => {
        posted = await postEntry(trx, posting)
      })
    }
    if (!posted) log.info('ledger request already processed')
    else
      log.info(
        { entry_id: posted.entry.id, source: posted.entry.source, created: posted.created },
        posted.created ? 'ledger entry posted' : 'ledger source already posted',
      )
  },
})

export const reverseRequestedEntryHandler = 'ledger.reverse-requested-entry'

/** Reverses the entry of a source once; retried (job backoff) while that entry is not posted yet. */
export const reverseRequestedEntry = defineHandler({
  name: reverseRequestedEntryHandler,
  event: ledgerReversalRequested,
  queue: 'ledger',
  async handle({ event, services, log }) {
    await once(services.db, event.id, reverseRequestedEntryHandler, async (trx) => {
      const original = await findEntryBySource(trx, event.payload.source)
      if (!original)
        throw new Error(
          `no ledger entry for source ${event.payload.source.kind}:${event.payload.source.id} yet`,
        )
      const { entry, created } = await reverseEntry(trx, {
        entry_id: original.id,
        date: event.payload.date,
        description: event.payload.description,
      })
      log.info(
        { entry_id: entry.id, reversal_of: original.id, created },
        created ? 'ledger entry reversed' : 'ledger entry already reversed',
      )
    })
  },
})
