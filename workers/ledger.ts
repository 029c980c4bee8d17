import type { QueueWorkerSettings } from './types.ts'

/**
 * Ledger postings. Many at once: each job hands its posting to the ledger's batcher
 * (`modules/ledger/jobs/posting-batcher.ts`), which posts up to 200 concurrent requests in one
 * transaction while the next batch fills, so a worker needs a few batches' worth of jobs in hand.
 * The jobs mostly wait for their batch's commit; the database sees one or two transactions
 * per worker at a time, not one per job.
 */
export const ledger: QueueWorkerSettings = { concurrency: 500 }
