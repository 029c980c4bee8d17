/**
 * Jobs that exhausted their retries: list them, and run them again.
 *
 *   npm run jobs -- failed [queue]         list failed jobs (newest first)
 *   npm run jobs -- retry <queue> [jobId]  run one failed job again, or all of a queue
 *   npm run jobs -- outbox                 outbox events still unhandled after every re-drive
 *
 * An event handler's failed job is re-driven by the worker's outbox sweep by itself, a few times
 * (docs/running.md, "Events that failed for good"); `outbox` lists the events it gave up on. Retry
 * their jobs (`retry <queue> <event id>.<handler>`) once the cause is mended: the sweep notices.
 *
 * Uses REDIS_URL / REDIS_PREFIX like the worker. In development the queue dashboard at
 * /admin/queues does the same with buttons.
 */
import { loadConfig } from '../modules/platform/config.ts'
import { createDb } from '../modules/platform/db.ts'
import { listFailedJobs, retryFailedJobs } from '../modules/platform/failed-jobs.ts'
import {
  closeQueues,
  createQueues,
  createRedis,
  type QueueName,
  queueNames,
} from '../modules/platform/queues.ts'
import { listStuckEvents } from '../modules/platform/redrive.ts'

const [command, queueArg, id] = process.argv.slice(2)
const config = loadConfig()
const redis = createRedis(config.REDIS_URL)
const queues = createQueues(redis, config.REDIS_PREFIX)

function queueName(value: string | undefined): QueueName | undefined {
  if (value === undefined) return undefined
  if ((queueNames as readonly string[]).includes(value)) return value as QueueName
  console.error(`unknown queue ${value}; queues: ${queueNames.join(', ')}`)
  process.exit(2)
}

try {
  if (command === 'failed') {
    const jobs = await listFailedJobs(queues, queueName(queueArg))
    if (jobs.length === 0) console.log('no failed jobs')
    for (const j of jobs) {
      console.log(
        `${j.failed_at ?? '-'}  ${j.queue}/${j.id}  ${j.name}  attempts=${j.attempts}\n    ${j.failed_reason}`,
      )
    }
  } else if (command === 'outbox') {
    const db = createDb({ url: config.DATABASE_URL, max: 1 })
    try {
      const events = await listStuckEvents(db, config.OUTBOX_REDRIVE_MAX)
      if (events.length === 0) console.log('no outbox event is stuck')
      for (const e of events) {
        console.log(
          `${e.created_at.toISOString()}  ${e.id}  ${e.name}  redrives=${e.redrives}\n    ${e.last_error ?? ''}`,
        )
      }
    } finally {
      await db.destroy()
    }
  } else if (command === 'retry' && queueArg) {
    const n = await retryFailedJobs(queues, queueName(queueArg)!, id)
    console.log(`${n} job(s) queued to run again`)
  } else {
    console.log('usage: npm run jobs -- failed [queue] | retry <queue> [jobId] | outbox')
    process.exitCode = 2
  }
} finally {
  await closeQueues(queues)
  redis.disconnect()
}
