import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'kysely'
import { newRouter } from '../../modules/platform/http.ts'
import type { Services } from '../../modules/platform/module.ts'

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['platform'],
  summary: 'The process is alive',
  responses: {
    200: {
      description: 'Alive',
      content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } },
    },
  },
})

const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ postgres: z.boolean(), redis: z.boolean() }),
})

const ready = createRoute({
  method: 'get',
  path: '/ready',
  tags: ['platform'],
  summary: 'PostgreSQL and Redis are reachable',
  responses: {
    200: { description: 'Ready to serve', content: { 'application/json': { schema: readiness } } },
    503: {
      description: 'A dependency is unreachable',
      content: { 'application/json': { schema: readiness } },
    },
  },
})

export function healthRoutes(services: Services) {
  return newRouter()
    .openapi(health, (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(ready, async (c) => {
      const checks = await checkDependencies(services)
      const ok = checks.postgres && checks.redis
      c.header('Cache-Control', 'no-store')
      return c.json({ status: ok ? ('ready' as const) : ('unavailable' as const), checks }, ok ? 200 : 503)
    })
}

/** Readiness probes, shared with the worker's own check. */
export async function checkDependencies(services: Services): Promise<{ postgres: boolean; redis: boolean }> {
  const within = <T>(p: Promise<T>, ms: number) =>
    Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))])
  const [postgres, redis] = await Promise.all([
    within(sql`select 1`.execute(services.db), 2000).then(
      () => true,
      () => false,
    ),
    within(services.redis.ping(), 2000).then(
      (r) => r === 'PONG',
      () => false,
    ),
  ])
  return { postgres, redis }
}
