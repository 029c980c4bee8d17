import type { QueueWorkerSettings } from './types.ts'

/** Releases and transfers payouts at the payment provider: money-moving and provider-rate-limited. */
export const payouts: QueueWorkerSettings = { concurrency: 2, limiter: { max: 20, duration: 1000 } }
