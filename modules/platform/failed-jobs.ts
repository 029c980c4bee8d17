import type { QueueName, Queues } from './queues.ts'
import { queueNames } from './queues.ts'

export interface FailedJob {
  queue: QueueName
  id: string
  name: string
  attempts: number
  failed_reason: string
  failed_at: string | null
  data: unknown
}

/** Jobs that exhausted their retries, newest first, across all queues (or one). */
export async function listFailedJobs(queues: Queues, only?: QueueName, limit = 100): Promise<FailedJob[]> {
  const out: FailedJob[] = []
  for (const name of only ? [only] : queueNames) {
    const jobs = await queues[name].getFailed(0, limit - 1)
    for (const j of jobs) {
      out.push({
        queue: name,
        id: j.id ?? '',
        name: j.name,
        attempts: j.attemptsMade,
        failed_reason: j.failedReason,
        failed_at: j.finishedOn ? new Date(j.finishedOn).toISOString() : null,
        data: j.data,
      })
    }
  }
  return out.sort((a, b) => (b.failed_at ?? '').localeCompare(a.failed_at ?? '')).slice(0, limit)
}

/** Runs failed jobs again (one by id, or all of a queue); returns how many were retried. */
export async function retryFailedJobs(queues: Queues, queue: QueueName, id?: string): Promise<number> {
  if (id) {
    const job = await queues[queue].getJob(id)
    if (!job || !(await job.isFailed())) return 0
    await job.retry('failed')
    return 1
  }
  const count = await queues[queue].getFailedCount()
  await queues[queue].retryJobs({ state: 'failed', count: 1000 })
  return count
}
