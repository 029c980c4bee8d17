import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'kysely'
import { newRouter } from '../../modules/platform/http.ts'
import type { Services } from '../../modules/platform/module.ts'
import { outboxRedriveCounts } from '../../modules/platform/redrive.ts'

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
  outbox: z
    .object({
      redriving: z.number().int().openapi({
        description: 'Events whose handler job failed for good or vanished, re-driven and not yet handled',
      }),
      stuck: z.number().int().openapi({
        description:
          'Events still unhandled after every re-drive (OUTBOX_REDRIVE_MAX): for a person to look at, `npm run jobs -- outbox`',
      }),
    })
    .nullable()
    .openapi({
      description:
        'The outbox re-drive (docs/running.md, "Events that failed for good"); null without PostgreSQL',
    }),
})

const ready = createRoute({
  method: 'get',
  path: '/ready',
  tags: ['platform'],
  summary: 'PostgreSQL and Redis are reachable; events the outbox re-drives',
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
      // Informational: stuck events need a person, not a restart, so they never make this 503.
      const outbox = checks.postgres
        ? await outboxRedriveCounts(services.db, services.config.OUTBOX_REDRIVE_MAX).catch(() => null)
        : null
      c.header('Cache-Control', 'no-store')
      return c.json(
        { status: ok ? ('ready' as const) : ('unavailable' as const), checks, outbox },
        ok ? 200 : 503,
      )
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
