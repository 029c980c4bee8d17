import { defineHandler } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { postEntry } from '../commands/post-entry.ts'
import { ledgerEntryRequested, postingOfRequest } from '../events.ts'

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
