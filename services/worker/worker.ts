import { type Job, Worker, type WorkerOptions } from 'bullmq'
import type { EventEnvelope } from '../../modules/platform/events.ts'
import {
  type EventHandler,
  type JobDefinition,
  jobName,
  type ModuleDefinition,
  type Services,
} from '../../modules/platform/module.ts'
import { type QueueName, queueNames } from '../../modules/platform/queues.ts'
import { type Redrive, startRedrive } from '../../modules/platform/redrive.ts'
import { type Relay, startRelay } from '../../modules/platform/relay.ts'
import { queueWorkers } from '../../workers/index.ts'

export interface WorkerProcess {
  relay: Relay
  redrive: Redrive
  workers: Worker[]
  stop(): Promise<void>
}

export interface WorkerProcessOptions {
  /** Overrides every queue's concurrency (tests). */
  concurrency?: number
  /** BullMQ lock settings; tests shorten them to see stalled jobs recovered quickly. */
  lockDuration?: number
  stalledInterval?: number
}

/**
 * Runs everything the worker process does: the outbox relay and its re-drive sweep (events whose
 * handler job failed for good or vanished), one BullMQ worker per queue that
 * dispatches each job to its event handler or job definition, and the job schedulers of
 * repeatable jobs. Payloads are validated again with the handler's schema when a job is picked up.
 */
export async function startWorker(
  services: Services,
  modules: readonly ModuleDefinition[],
  opts: WorkerProcessOptions = {},
): Promise<WorkerProcess> {
  const handlers = modules.flatMap((m) => m.handlers ?? [])
  const jobs = modules.flatMap((m) => m.jobs ?? [])
  const byName = new Map<
    string,
    { kind: 'handler'; def: EventHandler } | { kind: 'job'; def: JobDefinition }
  >()
  for (const def of handlers) register(def.name, { kind: 'handler', def })
  for (const def of jobs) register(jobName(def), { kind: 'job', def })
  function register(name: string, entry: typeof byName extends Map<string, infer V> ? V : never) {
    if (byName.has(name)) throw new Error(`two handlers or jobs are named ${name}`)
    byName.set(name, entry)
  }

  const base = services.log.child({ component: 'worker' })
  const runJob = async (job: Job) => {
    const entry = byName.get(job.name)
    if (!entry) throw new Error(`no handler for job ${job.name} on queue ${job.queueName}`)
    if (entry.kind === 'handler') {
      const envelope = job.data as EventEnvelope
      const log = base.child({
        job: job.name,
        job_id: job.id,
        event_id: envelope.id,
        request_id: envelope.request_id,
      })
      const payload = entry.def.event.schema.parse(envelope.payload)
      await entry.def.handle({ event: { ...envelope, payload }, services, log, job })
      log.info({ attempt: job.attemptsMade + 1 }, 'event handled')
    } else {
      const log = base.child({ job: job.name, job_id: job.id })
      const data = entry.def.schema.parse(job.data)
      await entry.def.handle({ data, services, log, job })
      log.info({ attempt: job.attemptsMade + 1 }, 'job done')
    }
  }

  const used = new Set<QueueName>([...handlers.map((h) => h.queue), ...jobs.map((j) => j.queue)])
  const workerOptions: WorkerOptions = {
    connection: services.redis.duplicate(),
    prefix: services.config.REDIS_PREFIX,
    // A job's lock lasts lockDuration (BullMQ's 30 s, renewed while it runs); every stalledInterval
    // (30 s) a worker puts jobs whose lock ran out, their process dead, back to be run by another.
    ...(opts.lockDuration ? { lockDuration: opts.lockDuration } : {}),
    ...(opts.stalledInterval ? { stalledInterval: opts.stalledInterval } : {}),
    // BullMQ fails a job stalled more than once. Every handler here is safe to run again (`once()`,
    // row locks, provider idempotency keys), so a job whose process was killed a few times in a row
    // (deploys, a crash loop of a neighbour) is run again; five stalls in a row fail it for a person
    // to look at (`npm run jobs -- failed`), since a job that kills its process each time must stop.
    maxStalledCount: 5,
  }
  const workers = queueNames
    .filter((q) => used.has(q))
    .map((q) => {
      const { concurrency, limiter } = queueWorkers[q]
      const w = new Worker(q, runJob, {
        ...workerOptions,
        concurrency: opts.concurrency ?? concurrency,
        ...(limiter ? { limiter } : {}),
      })
      w.on('failed', (job, err) =>
        base.warn(
          { queue: q, job: job?.name, job_id: job?.id, attempt: job?.attemptsMade, err: err.message },
          !job || job.attemptsMade < (job.opts.attempts ?? 1)
            ? 'job failed; will retry'
            : byName.get(job.name)?.kind === 'handler'
              ? 'job failed for good; the outbox re-drive sweep runs it again later (docs/running.md)'
              : 'job failed for good; retry it from the dashboard or `npm run jobs -- retry`',
        ),
      )
      w.on('error', (err) => base.error({ queue: q, err: err.message }, 'worker error'))
      return w
    })

  for (const def of jobs) {
    if (!def.schedule) continue
    await services.queues[def.queue].upsertJobScheduler(def.name, def.schedule, {
      name: jobName(def),
      data: {},
    })
    if (def.runOnStart) {
      await services.queues[def.queue].add(jobName(def), {}, { removeOnComplete: true, removeOnFail: 100 })
    }
  }

  const relay = startRelay({ services, handlers })
  const redrive = startRedrive({ services, handlers })
  base.info({ queues: [...used], handlers: handlers.length, jobs: jobs.length }, 'worker started')
  return {
    relay,
    redrive,
    workers,
    async stop() {
      await Promise.all([relay.stop(), redrive.stop()])
      // close() lets active jobs finish; a job cut off by a hard kill is retried as stalled.
      await Promise.all(workers.map((w) => w.close()))
      await (workerOptions.connection as { quit(): Promise<unknown> }).quit().catch(() => {})
    },
  }
}
