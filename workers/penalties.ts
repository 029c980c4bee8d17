import type { QueueWorkerSettings } from './types.ts'

/** Applies penalties to overdue bills: money-moving, kept low so postings of one bill don't contend. */
export const penalties: QueueWorkerSettings = { concurrency: 2 }
