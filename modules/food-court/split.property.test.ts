import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { prepareCourtBench } from './bench.ts'
import { allocate } from './shared.ts'

/**
 * A sample of random carts through the database (the 12 000-cart property is pure, in
 * allocation.property.test.ts): random quantities, a random percent or fixed fee on the court, and
 * checkout through the API. The payment's split parts, the parts and the sub-orders must agree to
 * the cent with the allocation: Σ parts + fee = charge = Σ sub-order totals.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
}, 60_000)
afterAll(async () => t?.close())

it('random carts through checkout: the split adds up to the charge to the cent', async () => {
  const runs = 25
  const bench = await prepareCourtBench(t.services.db, t.config, { sessions: runs })
  let seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 100_000)
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n
  }
  for (const session of bench.sessionIds) {
    const percent = rnd(2) === 0
    await t.services.db
      .updateTable('food_courts')
      .set(
        percent
          ? { fee_percent_bp: rnd(10001), fee_fixed: null }
          : { fee_percent_bp: null, fee_fixed: BigInt(rnd(3000)) },
      )
      .where('program_id', '=', bench.courtUuid)
      .execute()
    const lines = await t.services.db
      .selectFrom('food_basket_lines')
      .select('id')
      .where('session_id', '=', session)
      .execute()
    for (const l of lines)
      await t.services.db
        .updateTable('food_basket_lines')
        .set({ quantity: 1 + rnd(9) })
        .where('id', '=', l.id)
        .execute()
    const res = await t.h.post<unknown, { result: { uuid: string; total: number } }>(
      `/api/v1/food/court/basket/${session}/checkout`,
      {
        court_uuid: bench.courtUuid,
        pickup_in_restaurant: true,
        name: 'Guest',
        phone: '+31 6 0000 0000',
        email: 'guest@example.com',
        accept_terms: true,
        accept_privacy: true,
        payment_method: 'card',
      },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const order = await t.services.db
      .selectFrom('food_court_orders')
      .selectAll()
      .where('id', '=', res.body.result.uuid)
      .executeTakeFirstOrThrow()
    const parts = await t.services.db
      .selectFrom('food_court_parts')
      .selectAll()
      .where('court_order_id', '=', order.id)
      .orderBy('position')
      .execute()
    const subs = await t.services.db
      .selectFrom('food_orders')
      .select(['id', 'total'])
      .where(
        'id',
        'in',
        parts.map((p) => p.food_order_id),
      )
      .execute()
    const payment = await t.services.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', order.payment_id!)
      .executeTakeFirstOrThrow()
    const expected = allocate(
      parts.map((p) => BigInt(subs.find((s) => s.id === p.food_order_id)!.total)),
      { percent_bp: order.fee_percent_bp, fixed: order.fee_fixed === null ? null : BigInt(order.fee_fixed) },
    )
    expect(BigInt(payment.amount)).toBe(expected.charge)
    expect(BigInt(order.total)).toBe(expected.charge)
    expect(BigInt(order.fee)).toBe(expected.fee)
    parts.forEach((p, i) => {
      expect(BigInt(p.fee)).toBe(expected.parts[i]!.fee)
      expect(BigInt(p.amount)).toBe(expected.parts[i]!.amount)
    })
    const routed = (payment.splits as { amount: string }[]).reduce((s, sp) => s + BigInt(sp.amount), 0n)
    expect(routed + expected.fee).toBe(expected.charge)
  }
}, 180_000)
