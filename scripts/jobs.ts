/**
 * Jobs that exhausted their retries: list them, and run them again.
 *
 *   npm run jobs -- failed [queue]         list failed jobs (newest first)
 *   npm run jobs -- retry <queue> [jobId]  run one failed job again, or all of a queue
 *
 * Uses REDIS_URL / REDIS_PREFIX like the worker. In development the queue dashboard at
 * /admin/queues does the same with buttons.
 */
import { loadConfig } from '../modules/platform/config.ts'
import { listFailedJobs, retryFailedJobs } from '../modules/platform/failed-jobs.ts'
import {
  closeQueues,
  createQueues,
  createRedis,
  type QueueName,
  queueNames,
} from '../modules/platform/queues.ts'

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
  } else if (command === 'retry' && queueArg) {
    const n = await retryFailedJobs(queues, queueName(queueArg)!, id)
    console.log(`${n} job(s) queued to run again`)
  } else {
    console.log('usage: npm run jobs -- failed [queue] | retry <queue> [jobId]')
    process.exitCode = 2
  }
} finally {
  await closeQueues(queues)
  redis.disconnect()
}
