import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  expectStatus,
  type Member,
  payWithSandboxCard,
  seeding,
  seedMember,
  until,
} from '../../tests/support/factories.ts'
import { placeFoodOrder, seedRestaurant } from '../../tests/support/food.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'

/**
 * The kitchen board cannot fail silently (issue 15 item 5): its stream is cut a hundred times
 * while orders are being paid, and every paid order still appears on it exactly once, because each
 * reconnect names the last event it got (`Last-Event-ID`) and is sent exactly what came after.
 */

let t: LiveTestContext
let owner: Member

beforeAll(async () => {
  t = await createLiveTestContext({ env: { PAY_LIMIT_PER_ADDRESS: '1000' } })
  owner = await seedMember(seeding(t), 'owner', { legal_type: 1, company_name: 'Keuken BV' })
}, 120_000)
afterAll(() => t?.close())

interface Received {
  id: number
  event: string
  data: { seq: number; kind: string; order: { uuid: string } }
}

/** Reads one connection until `cutAfterMs` and answers the complete events it got (as EventSource would). */
async function readFor(
  url: string,
  token: string,
  lastId: number | null,
  cutAfterMs: number,
): Promise<{ events: Received[]; heartbeats: number }> {
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), cutAfterMs)
  const events: Received[] = []
  let heartbeats = 0
  let buffer = ''
  try {
    const res = await fetch(lastId === null ? `${url}?last_event_id=0` : url, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(lastId === null ? {} : { 'last-event-id': String(lastId) }),
      },
      signal: abort.signal,
    })
    expect(res.status).toBe(200)
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((l) => l && !l.startsWith(':'))
            .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trimStart()]),
        )
        if (fields.event === 'heartbeat') heartbeats++
        if (fields.event === 'order')
          events.push({ id: Number(fields.id), event: fields.event, data: JSON.parse(fields.data ?? '{}') })
        end = buffer.indexOf('\n\n')
      }
    }
  } catch (err) {
    if ((err as Error).name !== 'AbortError') throw err
  } finally {
    clearTimeout(timer)
  }
  return { events, heartbeats }
}

describe('the kitchen board stream', () => {
  it('shows every order paid while it is cut 100 times exactly once', async () => {
    const restaurant = await seedRestaurant(owner)
    const url = `${t.url}/api/v1/food/programs/${restaurant.uuid}/orders/events`
    const token = owner.api.token as string
    const guest = seeding(t).guest
    const placed = []
    for (let i = 0; i < 12; i++) placed.push(await placeFoodOrder(guest, restaurant))

    const seen: Received[] = []
    let lastId: number | null = null
    let paying = true
    const payAll = (async () => {
      for (const p of placed) await payWithSandboxCard(guest, p.payment)
      paying = false
    })()
    let cuts = 0
    while (cuts < 100 || paying) {
      const { events } = await readFor(url, token, lastId, 20 + Math.floor(Math.random() * 120))
      for (const e of events) {
        seen.push(e)
        lastId = e.id
      }
      cuts++
    }
    await payAll
    // After the last payment, reconnect until every order has been paid and seen.
    await until(
      async () => {
        const { events } = await readFor(url, token, lastId, 1500)
        for (const e of events) {
          seen.push(e)
          lastId = e.id
        }
        return seen.filter((e) => e.data.kind === 'order.paid').length >= placed.length
      },
      'every paid order on the board',
      60_000,
    )

    expect(cuts).toBeGreaterThanOrEqual(100)
    const ids = seen.map((e) => e.id)
    expect(new Set(ids).size, 'no event twice').toBe(ids.length)
    expect(ids, 'in order').toEqual([...ids].sort((a, b) => a - b))
    const paidOrders = seen.filter((e) => e.data.kind === 'order.paid').map((e) => e.data.order.uuid)
    expect(paidOrders.sort()).toEqual(placed.map((p) => p.order).sort())
  }, 180_000)

  it('sends heartbeats, starts after the newest event without an id, and polls for clients without streams', async () => {
    const restaurant = await seedRestaurant(owner)
    const url = `${t.url}/api/v1/food/programs/${restaurant.uuid}/orders/events`
    const guest = seeding(t).guest
    const first = await placeFoodOrder(guest, restaurant)
    await payWithSandboxCard(guest, first.payment)
    await until(
      async () =>
        (
          await t.services.db
            .selectFrom('food_orders')
            .select('status')
            .where('id', '=', first.order)
            .executeTakeFirstOrThrow()
        ).status === 3,
      'paid',
    )
    const res = await fetch(url, { headers: { authorization: `Bearer ${owner.api.token}` } })
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    let text = ''
    const end = Date.now() + 6000
    while (Date.now() < end && (text.match(/event: heartbeat/g)?.length ?? 0) < 2) {
      const { value } = await reader.read()
      text += new TextDecoder().decode(value)
    }
    await reader.cancel()
    expect(text.match(/event: heartbeat/g)?.length ?? 0).toBeGreaterThanOrEqual(2)
    expect(text).not.toContain('event: order')
    const polled = expectStatus(
      await owner.api<{ new_orders: { count: number }; last_known_order_id: number; results: unknown[] }>(
        'GET',
        `/food/programs/${restaurant.uuid}/orders?active_view=true&last_known_order_id=0`,
      ),
      200,
      'polling',
    )
    expect(polled.new_orders.count).toBe(1)
    expect(polled.results).toHaveLength(1)
  }, 60_000)
})
