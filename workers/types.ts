import type { WorkerOptions } from 'bullmq'

/** How the worker process runs one queue: how many jobs at once, and how fast. */
export interface QueueWorkerSettings {
  concurrency: number
  limiter?: WorkerOptions['limiter']
}
