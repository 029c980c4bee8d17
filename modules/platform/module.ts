import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Job } from 'bullmq'
import type { Context, MiddlewareHandler } from 'hono'
import type { Redis } from 'ioredis'
import type { z } from 'zod'
import type { Config } from './config.ts'
import type { Actor, IdempotencyClaim, RequestContext } from './context.ts'
import type { Db } from './db.ts'
import type { ModuleErrors } from './errors.ts'
import type { EventEnvelope, EventType } from './events.ts'
import type { Logger } from './logger.ts'
import type { Mailer } from './mail/mailer.ts'
import type { AnyPort, Need, Provision } from './ports.ts'
import type { QueueName, Queues } from './queues.ts'

/** The shared parts every process builds once at start-up and hands to the modules. */
export interface Services {
  config: Config
  db: Db
  redis: Redis
  queues: Queues
  mailer: Mailer
  log: Logger
}

/** Hono variables set for every API request. */
export interface AppEnv {
  Variables: {
    requestId: string
    log: Logger
    actor: Actor
    services: Services
    /** Set by the `idempotency()` middleware when the request carries an Idempotency-Key. */
    idempotencyClaim?: IdempotencyClaim
  }
}

export type ApiApp = OpenAPIHono<AppEnv>

/**
 * The command context of a request: who acts, the request id that ties logs, events and jobs
 * together, its logger, and the request's Idempotency-Key when it has one (a money-moving command
 * ties its effect to it: `committedEffect` / `recordEffect`).
 */
export const requestContext = (c: Context<AppEnv>): RequestContext => ({
  actor: c.get('actor'),
  requestId: c.get('requestId'),
  log: c.get('log'),
  idempotency: c.get('idempotencyClaim'),
})

/**
 * Reacts to one event type in one queue. `name` is stable (it keys `processed_events` and the
 * job id), so renaming a handler re-runs it for events still in flight: don't.
 */
export interface EventHandler<E extends EventType = EventType> {
  name: string
  event: E
  queue: QueueName
  handle(args: {
    event: EventEnvelope<z.output<E['schema']>>
    services: Services
    log: Logger
    job: Job
  }): Promise<void>
}

/**
 * A job not caused by an event: scheduled work (reminders due, penalties) or work put on a queue
 * directly. The payload schema is checked again when the job is picked up; `version` is part of the
 * job name so that a changed payload shape never meets an old handler.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string
  version: number
  queue: QueueName
  schema: S
  /** Repeat on a schedule (BullMQ job scheduler), e.g. `{ every: 60_000 }` or `{ pattern: '0 8 * * *' }`. */
  schedule?: { every: number } | { pattern: string }
  /**
   * Also run once whenever a worker process starts (e.g. a sweeper that rebuilds delayed jobs from
   * the database after Redis lost them), not only on the schedule's next tick.
   */
  runOnStart?: boolean
  handle(args: { data: z.output<S>; services: Services; log: Logger; job: Job }): Promise<void>
}

/**
 * What a module plugs into the platform: its HTTP routes (mounted under /api/v1), the event
 * handlers and the jobs it runs in the worker, and how it meets the other modules (ports.ts): the
 * extension points it offers, what it provides to others' and what it cannot work without. Each
 * module exports one from its `index.ts`; `resolveModules` (wiring.ts) checks and binds the wiring
 * when a process starts.
 */
export interface ModuleDefinition {
  name: string
  /** Extension points this module defines for the modules above it (their id starts with its name). */
  offers?: AnyPort[]
  /** Its contributions to other modules' (or its own) ports and hooks: `provide(port, value)`. */
  provides?: Provision[]
  /** Ports it cannot work without, with the module that fills each: `need(port, { from })`. */
  needs?: Need[]
  /**
   * Its closed lists of error reasons and field error codes (its `errors.ts`), put in the OpenAPI
   * document; each list also extends `ErrorReasons`/`FieldErrorCodes` so a reason in no list fails tsc.
   */
  errors?: ModuleErrors
  /**
   * Routes that take bodies larger than the platform's `BODY_LIMIT` (uploads), by path under
   * /api/v1 (`/feed/files`, or `/feed/uploads/*` for every path below) → the most bytes they take.
   * Every other route keeps the platform limit.
   */
  bodyLimits?: Record<string, number>
  /** Runs for every API request before any route (e.g. identity's authentication, which sets the actor). */
  middleware?: MiddlewareHandler<AppEnv>[]
  routes?: (app: ApiApp) => void
  /**
   * Routes outside /api/v1: well-known files each host answers for itself (`/robots.txt`,
   * `/sitemap.xml`), mounted before the web app. Each should also be an API route, which is what the
   * OpenAPI document lists.
   */
  rootRoutes?: (app: OpenAPIHono<AppEnv>) => void
  /**
   * The stamp of a server-rendered page built from this module's data (the web's shared render of
   * guest pages, `services/api/web.ts`): `undefined` when the page is not the module's; a string
   * that stays the same exactly while everything the page shows does (the shared HTML is then served
   * without rendering again, however old); `null` when the module cannot tell (the shared HTML then
   * serves for a second only). Asked on every shared page's request: it must be cheap.
   */
  pageStamp?: (args: { services: Services; url: URL; host: string }) => Promise<string | null | undefined>
  // biome-ignore lint/suspicious/noExplicitAny: a module lists handlers of many different event types
  handlers?: EventHandler<any>[]
  // biome-ignore lint/suspicious/noExplicitAny: a module lists jobs with many different payload schemas
  jobs?: JobDefinition<any>[]
}

export function defineModule(module: ModuleDefinition): ModuleDefinition {
  return module
}

export function defineHandler<E extends EventType>(handler: EventHandler<E>): EventHandler<E> {
  return handler
}

export function defineJob<S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> {
  return job
}

/** Queue job name of a job definition: `<name>@v<version>`. */
export const jobName = (job: Pick<JobDefinition, 'name' | 'version'>) => `${job.name}@v${job.version}`
