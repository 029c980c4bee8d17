import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './support/context.ts'

/**
 * Back-pressure (issue 18, services/api/back-pressure.ts): an overloaded API process answers 503
 * `overloaded` with Retry-After at once, rather than letting requests queue until they time out.
 */

let t: TestContext | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

/** Holds every connection of the pool until `release()`; the database does nothing meanwhile. */
async function holdPool(ctx: TestContext, connections: number) {
  let release!: () => void
  const held = new Promise<void>((r) => {
    release = r
  })
  let started = 0
  const holders = Array.from({ length: connections }, () =>
    ctx.services.db.connection().execute(async (conn) => {
      await sql`select 1`.execute(conn)
      started++
      await held
    }),
  )
  while (started < connections) await new Promise((r) => setTimeout(r, 10))
  return async () => {
    release()
    await Promise.all(holders)
  }
}

const signIn = (ctx: TestContext) =>
  ctx.h.post<unknown, { error: { code: string; reason?: string } }>('/api/v1/auth/login', {
    email: 'nobody@example.test',
    password: 'Wrong-Pass-1',
    portal: 'cardholder',
  })

describe('back-pressure', () => {
  it('answers 503 overloaded with Retry-After when no database connection comes free in time', async () => {
    t = await createTestContext({
      env: { DB_POOL_MAX: '2', DB_POOL_WAIT_MS: '300', API_MAX_DB_WAITING: '100' },
    })
    const free = await holdPool(t, 2)
    const started = performance.now()
    const res = await signIn(t)
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(res.body.error).toMatchObject({ code: 'service_unavailable', reason: 'overloaded' })
    expect(performance.now() - started).toBeLessThan(3000)
    // Health is never shed; readiness says what it finds.
    expect((await t.h.get('/api/v1/health')).status).toBe(200)
    await free()
    expect((await signIn(t)).status).toBe(401)
  })

  it('refuses at once while queries already wait for a connection, without joining the queue', async () => {
    t = await createTestContext({
      env: { DB_POOL_MAX: '1', DB_POOL_WAIT_MS: '2000', API_MAX_DB_WAITING: '0' },
    })
    const free = await holdPool(t, 1)
    const waiting = signIn(t)
    await new Promise((r) => setTimeout(r, 100))
    const started = performance.now()
    const shed = await signIn(t)
    expect(shed.status).toBe(503)
    expect(shed.body.error.reason).toBe('overloaded')
    expect(performance.now() - started).toBeLessThan(500)
    await free()
    expect((await waiting).status).toBe(401)
  })

  it('refuses past API_MAX_IN_FLIGHT requests in progress, and serves again when they end', async () => {
    t = await createTestContext({
      env: { DB_POOL_MAX: '1', DB_POOL_WAIT_MS: '5000', API_MAX_DB_WAITING: '100', API_MAX_IN_FLIGHT: '2' },
    })
    const free = await holdPool(t, 1)
    const slow = [signIn(t), signIn(t)]
    await new Promise((r) => setTimeout(r, 100))
    const shed = await signIn(t)
    expect(shed.status).toBe(503)
    expect(shed.headers.get('retry-after')).toBe('1')
    await free()
    for (const r of await Promise.all(slow)) expect(r.status).toBe(401)
    expect((await signIn(t)).status).toBe(401)
  })
})
