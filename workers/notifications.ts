import type { QueueWorkerSettings } from './types.ts'

/**
 * E-mails and outbound webhooks: mostly waiting on the network, so many at once, but rate-limited
 * so a burst (a reminder run, a webhook storm) does not trip the SMTP relay's or a merchant's limits.
 */
export const notifications: QueueWorkerSettings = { concurrency: 10, limiter: { max: 50, duration: 1000 } }
