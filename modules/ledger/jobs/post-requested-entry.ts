import { defineHandler } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { postEntry, reverseEntry } from '../commands/post-entry.ts'
import { findEntryBySource } from '../db/entries.ts'
import { ledgerEntryRequested, ledgerReversalRequested, postingOfRequest } from '../events.ts'

export const postRequestedEntryHandler = 'ledger.post-requested-entry'

/**
 * Posts the entry an event asks for, in one transaction with the (event, handler) record: a job
 * delivered twice posts once, a worker killed mid-entry leaves nothing (the transaction never
 * committed), and two events for the same source post once (the source is unique).
 */
export const postRequestedEntry = defineHandler({
  name: postRequestedEntryHandler,
  event: ledgerEntryRequested,
  queue: 'ledger',
  async handle({ event, services, log }) {
    await once(services.db, event.id, postRequestedEntryHandler, async (trx) => {
      const { entry, created } = await postEntry(trx, postingOfRequest(event.payload))
      log.info(
        { entry_id: entry.id, source: entry.source, created },
        created ? 'ledger entry posted' : 'ledger source already posted',
      )
    })
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
