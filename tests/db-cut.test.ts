import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './support/context.ts'

/**
 * A PostgreSQL connection cut under a process (failover, `pg_terminate_backend`, as `npm run chaos`
 * does to every connection once) fails the transaction that held it, not the process: pg emits the
 * server's FATAL as an `error` event on a checked-out client, which without a listener is an
 * uncaught exception (the fault run saw every API and worker process exit at once).
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('a connection cut in the middle of a transaction', () => {
  it('fails that transaction; the process and the pool go on', async () => {
    const db = t.services.db
    const outcome = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)
      // Another connection ends this one while the transaction sits between two queries.
      await db
        .connection()
        .execute((other) => sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(other))
      await new Promise((r) => setTimeout(r, 300))
      await sql`select 1`.execute(trx)
    })
    await expect(outcome).rejects.toThrow()
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db)
    expect(rows[0]?.one).toBe(1)
  })
})
