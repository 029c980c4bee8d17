import type { QueueWorkerSettings } from './types.ts'

/**
 * Applies provider webhooks and reconciles open payments: each job reads from a provider's API, so
 * a few at once, and no faster than providers' rate limits allow.
 */
export const payments: QueueWorkerSettings = { concurrency: 8, limiter: { max: 50, duration: 1000 } }
