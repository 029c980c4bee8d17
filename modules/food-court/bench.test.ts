import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { createLiveTestContext } from '../../tests/support/live.ts'
import { measureCourtCheckout, prepareCourtBench } from './bench.ts'

/** The bench's court set-up answers a checkout (what `npm run bench` loads), and a small timing. */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
}, 60_000)
afterAll(async () => t?.close())

/** The guest's checkout of the bench's court (pickup, card), as the bench row sends it. */
const checkoutOf = (court: string) => ({
  court_uuid: court,
  pickup_in_restaurant: true,
  name: 'Bench Guest',
  phone: '+31 6 0000 0000',
  email: 'guest@example.com',
  accept_terms: true,
  accept_privacy: true,
  payment_method: 'card',
})

it('court checkout of the bench set-up: two sub-orders, one split payment', async () => {
  const bench = await prepareCourtBench(t.services.db, t.config, { sessions: 40 })
  const times: number[] = []
  for (const session of bench.sessionIds) {
    const started = performance.now()
    const res = await t.h.post<
      unknown,
      { result: { food_court_suborders: unknown[]; food_court_fee: number; total: number } }
    >(`/api/v1/food/court/basket/${session}/checkout`, checkoutOf(bench.courtUuid))
    times.push(performance.now() - started)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.result.food_court_suborders).toHaveLength(2)
    expect(res.body.result.total).toBe(2590)
    expect(res.body.result.food_court_fee).toBe(194)
  }
  times.sort((a, b) => a - b)
  console.log(`court checkout, sequential: p50 ${times[20]?.toFixed(1)} ms, p95 ${times[37]?.toFixed(1)} ms`)
  const splits = await t.services.db
    .selectFrom('payments')
    .select('splits')
    .where('payable_kind', '=', 'food_court_order')
    .execute()
  expect(splits).toHaveLength(40)
}, 120_000)

it('the bench row: checkout and the split payment started at the sandbox, with p95', async () => {
  const live = await createLiveTestContext({ worker: false })
  try {
    const bench = await prepareCourtBench(live.services.db, live.config, { sessions: 30 })
    const row = await measureCourtCheckout(live.url, bench, { seconds: 3, connections: 2 })
    expect(row.errors).toBe(0)
    expect(row.operations).toBeGreaterThan(0)
    expect(row.p95).toBeGreaterThanOrEqual(row.p50)
    // Each measured payment has its attempt at the sandbox, carrying the restaurants' split routes.
    const attempts = await live.services.db
      .selectFrom('payment_attempts as a')
      .innerJoin('payments as p', 'p.id', 'a.payment_id')
      .select(['p.splits'])
      .where('p.payable_kind', '=', 'food_court_order')
      .execute()
    expect(attempts.length).toBeGreaterThanOrEqual(row.operations)
    for (const a of attempts) expect(a.splits as unknown[]).toHaveLength(2)
  } finally {
    await live.close()
  }
}, 120_000)

it('concurrent checkouts on a small pool: none starves waiting for a second connection', async () => {
  // The bench's 503 `overloaded` under load: createPayment asked the pool for a connection of its
  // own while the checkout's transaction held one, so as many checkouts as connections each waited
  // for another until DB_POOL_WAIT_MS ran out. With two connections and four checkouts at once,
  // every one must get through.
  const small = await createTestContext({ env: { DB_POOL_MAX: '2', DB_POOL_WAIT_MS: '2000' } })
  try {
    const bench = await prepareCourtBench(small.services.db, small.config, { sessions: 4 })
    const answers = await Promise.all(
      bench.sessionIds.map((session) =>
        small.h.post<unknown, { error?: { reason?: string } }>(
          `/api/v1/food/court/basket/${session}/checkout`,
          checkoutOf(bench.courtUuid),
        ),
      ),
    )
    expect(answers.map((a) => `${a.status} ${a.body.error?.reason ?? ''}`.trim())).toEqual([
      '201',
      '201',
      '201',
      '201',
    ])
  } finally {
    await small.close()
  }
}, 120_000)
