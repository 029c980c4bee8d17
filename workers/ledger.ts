import type { QueueWorkerSettings } from './types.ts'

/**
 * Ledger postings. One at a time per worker process: postings are small and fast, and a single
 * consumer keeps journal numbering and balance checks free of lock contention.
 */
export const ledger: QueueWorkerSettings = { concurrency: 1 }
