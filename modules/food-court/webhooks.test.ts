import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectStatus, type Member, payWithSandboxCard, until } from '../../tests/support/factories.ts'
import { type SeededRestaurant, startFoodSession, uploadFoodImage } from '../../tests/support/food.ts'
import {
  activateCourt,
  type CourtWorld,
  courtGuest,
  courtWorld,
  fillBasket,
  onboardAtSandbox,
} from '../../tests/support/food-court.ts'

/**
 * The sandbox provider itself sends its webhooks again (issue 16: "payout exactly once under
 * duplicated and reordered provider webhooks"): after a court order across two restaurants was
 * paid and both parts were paid out, every webhook the sandbox sent about it (the payment, its
 * transfers to the restaurants, the restaurants' onboarding) is queued again twice, the second
 * round in reverse order and interleaved with the first, and delivered by the sandbox's own
 * sender through HTTP to the platform's webhook endpoint, signed as the first time. Afterwards:
 * one payment, paid once; one payout per restaurant; the parts and sub-orders as they were; the
 * ledger with one capture and one payout entry each, every entry balanced.
 */

let world: CourtWorld

beforeAll(async () => {
  world = await courtWorld(['Pizza BV', 'Sushi BV'])
}, 240_000)
afterAll(async () => {
  await world?.t.close()
})

const sandboxEvent = 'payments.sandbox-event.created'

describe('food court under re-sent provider webhooks', () => {
  it('the sandbox sends every webhook again, twice and out of order: one payment, one payout each', async () => {
    const { t, guest, courtOwner } = world
    const [ownerA, ownerB] = world.owners as [Member, Member]
    const [A, B] = world.restaurants as [SeededRestaurant, SeededRestaurant]
    const { db } = t.services
    const image = await uploadFoodImage(courtOwner, 'programs')
    const court = expectStatus(
      await courtOwner.api<{ result: { uuid: string } }>('POST', '/food/courts', {
        title: 'De Hallen',
        description: 'Kitchens',
        image,
        address: 'Bellamyplein 51, Amsterdam',
        split_payment_fee_percent: 10,
      }),
      201,
      'court',
    ).result.uuid
    await activateCourt(courtOwner, court, ['card'])
    for (const [owner, r] of [
      [ownerA, A],
      [ownerB, B],
    ] as const) {
      expectStatus(
        await courtOwner.api('POST', '/food/invite', { program_uuid: court, restaurant_uuid: r.uuid }),
        200,
        'invite',
      )
      expect((await onboardAtSandbox(guest, owner, court, r.uuid)).ccvpay_status).toBe('active')
    }

    // A guest orders from both and pays once; both deliver; both parts are paid out.
    const session = await startFoodSession(guest)
    await fillBasket(guest, session, [
      [A, 2],
      [B, 2],
    ])
    const placed = expectStatus(
      await guest<{
        payment_uuid: string
        result: { uuid: string; food_court_suborders: { uuid: string; restaurant_uuid: string }[] }
      }>('POST', `/food/court/basket/${session}/checkout`, { court_uuid: court, ...courtGuest }),
      201,
      'checkout',
    )
    await payWithSandboxCard(guest, placed.payment_uuid)
    const order = placed.result
    for (const [owner, r] of [
      [ownerA, A],
      [ownerB, B],
    ] as const) {
      const sub = order.food_court_suborders.find((s) => s.restaurant_uuid === r.uuid)!
      await until(async () => {
        const o = await db
          .selectFrom('food_orders')
          .select('status')
          .where('id', '=', sub.uuid)
          .executeTakeFirstOrThrow()
        return o.status === 3
      }, 'sub-order paid')
      for (const status of [5, 6, 7])
        expectStatus(
          await owner.api('PATCH', `/food/programs/${r.uuid}/orders/${sub.uuid}/status`, { status }),
          200,
          `sub-order ${status}`,
        )
    }
    const parts = () =>
      db
        .selectFrom('food_court_parts')
        .select(['id', 'status', 'payout_id', 'amount', 'merchant_account_id'])
        .where('court_order_id', '=', order.uuid)
        .orderBy('position')
        .execute()
    await until(async () => (await parts()).every((p) => p.status === 'paid_out'), 'both parts paid out')
    const before = await parts()

    // Every webhook the sandbox has sent in this test, and the deliveries we received so far.
    const sent = await db
      .selectFrom('outbox')
      .select(['name', 'payload', 'created_at'])
      .where('name', '=', sandboxEvent)
      .orderBy('created_at')
      .execute()
    const types = sent.map((e) => (e.payload as { type: string }).type)
    expect(types).toContain('payment.paid')
    expect(types.filter((x) => x === 'transfer.paid')).toHaveLength(2)
    const quiet = () =>
      until(
        async () => {
          const open = await db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('sent_at', 'is', null)
            .executeTakeFirstOrThrow()
          if (Number(open.n) > 0) return false
          for (const q of Object.values(t.services.queues)) {
            const c = await q.getJobCounts('waiting', 'active', 'prioritized')
            if (Object.values(c).some((n) => n > 0)) return false
          }
          return true
        },
        'outbox sent and queues idle',
        90_000,
      )
    const requeue = async (payloads: unknown[]) => {
      for (const payload of payloads)
        await db
          .insertInto('outbox')
          .values({ id: sql`gen_random_uuid()`, name: sandboxEvent, payload: JSON.stringify(payload) })
          .execute()
    }
    await quiet()

    // 1. The same events again (a provider retrying): twice, the second round reversed, interleaved.
    await requeue(sent.flatMap((e, i) => [e.payload, sent[sent.length - 1 - i]!.payload]))
    await quiet()
    // 2. The same news under new event ids (a provider that numbers each delivery), newest first:
    // the endpoint cannot tell them from news, so each is accepted and processed again.
    const fresh = [...sent].reverse().map((e, i) => ({
      ...(e.payload as Record<string, unknown>),
      event_id: `evt_again_${i}_${Date.now()}`,
    }))
    await requeue(fresh)
    const freshIds = fresh.map((f) => f.event_id)
    await until(
      async () => {
        const n = await db
          .selectFrom('provider_webhooks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('provider_event_id', 'in', freshIds)
          .where('outcome', '=', 'accepted')
          .executeTakeFirstOrThrow()
        return Number(n.n) === freshIds.length
      },
      'the sandbox delivered the re-sent webhooks over HTTP and they were accepted',
      90_000,
    )
    await quiet()

    const payments = await db
      .selectFrom('payments')
      .select(['id', 'status', 'amount', 'refunded_amount'])
      .where('payable_id', '=', order.uuid)
      .execute()
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatchObject({ id: placed.payment_uuid, status: 'paid' })
    expect(Number(payments[0]!.refunded_amount)).toBe(0)
    const paidAttempts = await db
      .selectFrom('payment_attempts')
      .select('id')
      .where('payment_id', '=', placed.payment_uuid)
      .where('status', '=', 'paid')
      .execute()
    expect(paidAttempts).toHaveLength(1)
    const payouts = await db
      .selectFrom('payment_payouts')
      .select(['id', 'merchant_account_id', 'amount', 'status'])
      .where('payment_id', '=', placed.payment_uuid)
      .execute()
    expect(payouts).toHaveLength(2)
    for (const p of before) {
      const mine = payouts.filter((x) => x.merchant_account_id === p.merchant_account_id)
      expect(mine).toHaveLength(1)
      expect(BigInt(mine[0]!.amount)).toBe(BigInt(p.amount))
      expect(mine[0]!.id).toBe(p.payout_id)
    }
    expect(await parts()).toEqual(before)
    // The sandbox, too, moved each restaurant's part once.
    const transfers = await db
      .selectFrom('sandbox_transfers')
      .select(['id'])
      .where(
        'merchant_id',
        'in',
        before.map((p) => p.merchant_account_id),
      )
      .execute()
    expect(transfers).toHaveLength(2)
    // The ledger: one capture, one payout entry per part; every entry balanced.
    const entries = await db
      .selectFrom('ledger_entries')
      .select(['source_kind', (eb) => eb.fn.countAll<number>().as('n')])
      .where('source_kind', 'in', ['payment.captured', 'payment.payout', 'food_court_part.paid'])
      .groupBy('source_kind')
      .execute()
    expect(Object.fromEntries(entries.map((e) => [e.source_kind, Number(e.n)]))).toEqual({
      'payment.captured': 1,
      'payment.payout': 2,
      'food_court_part.paid': 2,
    })
    const unbalanced = await db
      .selectFrom('ledger_lines')
      .select(['entry_id'])
      .groupBy(['entry_id', 'currency'])
      .having((eb) => eb(eb.fn.sum('debit'), '!=', eb.fn.sum('credit')))
      .execute()
    expect(unbalanced).toEqual([])
  }, 300_000)
})
