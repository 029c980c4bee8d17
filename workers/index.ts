import type { QueueName } from '../modules/platform/queues.ts'
import { ledger } from './ledger.ts'
import { notifications } from './notifications.ts'
import { payments } from './payments.ts'
import { payouts } from './payouts.ts'
import { penalties } from './penalties.ts'
import { reminders } from './reminders.ts'
import type { QueueWorkerSettings } from './types.ts'

export type { QueueWorkerSettings } from './types.ts'

/** Per-queue worker settings; the jobs themselves belong to the modules that define them. */
export const queueWorkers: Record<QueueName, QueueWorkerSettings> = {
  notifications,
  payments,
  reminders,
  penalties,
  payouts,
  ledger,
}
