import { type JobsOptions, Queue } from 'bullmq'
import { Redis, type RedisOptions } from 'ioredis'

/** The queues of the platform; every job runs on one of them. */
export const queueNames = [
  'notifications',
  'payments',
  'reminders',
  'penalties',
  'payouts',
  'ledger',
] as const
export type QueueName = (typeof queueNames)[number]
export type Queues = Record<QueueName, Queue>

/**
 * Retries with exponential backoff (2 s, 4 s, 8 s … about 8.5 minutes in all). A job that exhausts
 * them is kept as failed so that it can be listed and run again (see `failed-jobs.ts`).
 */
export const defaultJobOptions: JobsOptions = {
  attempts: 9,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 50_000 },
  removeOnFail: false,
}

export function createRedis(url: string, opts: RedisOptions = {}): Redis {
  // BullMQ workers block on Redis; they need requests that never give up while Redis restarts.
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false, ...opts })
}

export function createQueues(connection: Redis, prefix: string): Queues {
  return Object.fromEntries(
    queueNames.map((name) => {
      const queue = new Queue(name, { connection, prefix, defaultJobOptions })
      // Connection errors are reported once by the shared Redis client's listener.
      queue.on('error', () => {})
      return [name, queue]
    }),
  ) as Queues
}

export async function closeQueues(queues: Queues): Promise<void> {
  await Promise.all(Object.values(queues).map((q) => q.close()))
}
