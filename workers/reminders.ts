import type { QueueWorkerSettings } from './types.ts'

/**
 * Bill reminders (credit module): a sweeper and the fire jobs that claim due reminders in the
 * database and send them over SMTP. Each fire job sends a handful side by side; four at once keep
 * a minute's reminders moving without holding more database connections than the pool spares;
 * two more for the jobs that write a minute's e-mails ahead and wait for it (`sendAhead`).
 */
export const reminders: QueueWorkerSettings = { concurrency: 6 }
