import type { QueueWorkerSettings } from './types.ts'

/** Finds bills whose reminder is due and queues the e-mails; database-bound, a few at once. */
export const reminders: QueueWorkerSettings = { concurrency: 4 }
