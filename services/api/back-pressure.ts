import { createMiddleware } from 'hono/factory'
import { poolLoad } from '../../modules/platform/db.ts'
import { AppError } from '../../modules/platform/errors.ts'
import type { AppEnv, Services } from '../../modules/platform/module.ts'

/** The refusal of an overloaded process: nothing was done, the same request may be sent again. */
export const overloaded = () =>
  new AppError('service_unavailable', 'the server is busy: try again in a moment', {
    reason: 'overloaded',
    retryAfter: 1,
  })

/**
 * Load shedding for one API process (issue 18, docs/running.md "Back-pressure"). Past
 * `API_MAX_IN_FLIGHT` requests in progress, or with `API_MAX_DB_WAITING` queries already waiting
 * for a pooled PostgreSQL connection, a new request is answered 503 `overloaded` with
 * `Retry-After: 1` before it does anything: under overload callers learn at once to come back (a
 * load balancer tries another process) instead of every request queueing until it times out, and
 * the pool's queue stays short. A request counts until its answer starts: a stream (SSE) that is
 * open does not hold a place. Health and readiness are never shed.
 */
export function shedLoad(services: Services, exempt: readonly string[]) {
  const { API_MAX_IN_FLIGHT: maxInFlight, API_MAX_DB_WAITING: maxWaiting } = services.config
  let inFlight = 0
  return createMiddleware<AppEnv>(async (c, next) => {
    if (exempt.includes(c.req.path)) return next()
    const waiting = poolLoad(services.db)?.waiting ?? 0
    if (inFlight >= maxInFlight || waiting > maxWaiting) {
      c.get('log').warn({ in_flight: inFlight, db_waiting: waiting }, 'overloaded: answered 503')
      throw overloaded()
    }
    inFlight++
    try {
      await next()
    } finally {
      inFlight--
    }
  })
}
