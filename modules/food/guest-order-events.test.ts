import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  expectStatus,
  type Member,
  payWithSandboxCard,
  seeding,
  seedMember,
} from '../../tests/support/factories.ts'
import { placeFoodOrder, seedRestaurant } from '../../tests/support/food.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'

/**
 * The guest's order page follows its order live (issue 15 item 7): `GET food/orders/{uuid}/events`
 * sends the current status first and each change after it, only with the order's own session.
 * Also: the guest restaurant page says when the kitchen paused new orders (`paused_until`).
 */

let t: LiveTestContext
let owner: Member

beforeAll(async () => {
  t = await createLiveTestContext()
  owner = await seedMember(seeding(t), 'owner', { legal_type: 1, company_name: 'Gastkeuken BV' })
}, 120_000)
afterAll(() => t?.close())

/** Opens the stream and hands each `status` event's data to `seen` until it answers true. */
async function readStatuses(url: string, seen: (status: number) => boolean | Promise<boolean>): Promise<void> {
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), 20_000)
  try {
    const res = await fetch(url, { signal: abort.signal })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) throw new Error('the stream ended')
      buffer += decoder.decode(value, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        end = buffer.indexOf('\n\n')
        if (!block.includes('event: status')) continue
        const data = JSON.parse(/data: (.*)/.exec(block)?.[1] ?? '{}') as { order_status: number }
        if (await seen(data.order_status)) return
      }
    }
  } finally {
    clearTimeout(timer)
    abort.abort()
  }
}

describe('the guest order stream', () => {
  it('sends the current status, then the kitchen’s change, to the order’s own session only', async () => {
    const restaurant = await seedRestaurant(owner)
    const guest = seeding(t).guest
    const placed = await placeFoodOrder(guest, restaurant)
    await payWithSandboxCard(guest, placed.payment)
    const url = `${t.url}/api/v1/food/orders/${placed.order}/events?session_id=${placed.session}`
    const statuses: number[] = []
    await readStatuses(url, async (status) => {
      statuses.push(status)
      // Paid reaches the order through the payment's event, just after the payment answers.
      if (status === 3) {
        expectStatus(
          await owner.api('PATCH', `/food/programs/${restaurant.uuid}/orders/${placed.order}/status`, {
            status: 'kitchen',
          }),
          200,
          'to the kitchen',
        )
      }
      return status === 5
    })
    expect(statuses.slice(-2)).toEqual([3, 5])
    expect([2, 3]).toContain(statuses[0])

    // Another session, or none: refused before any stream opens.
    const other = expectStatus(
      await guest<{ uuid: string }>('POST', '/food/session?pickup_in_restaurant=true', {}),
      201,
      'another session',
    ).uuid
    const wrong = await fetch(`${t.url}/api/v1/food/orders/${placed.order}/events?session_id=${other}`)
    expect(wrong.status).toBe(404)
    await wrong.body?.cancel()
    const none = await fetch(`${t.url}/api/v1/food/orders/${placed.order}/events`)
    expect(none.status).toBe(400)
    await none.body?.cancel()
  }, 60_000)

  it('shows the kitchen’s pause on the guest restaurant page, and its end', async () => {
    const restaurant = await seedRestaurant(owner)
    const detail = async () =>
      expectStatus(
        await seeding(t).guest<{ result: { paused_until: string | null } }>(
          'GET',
          `/food/restaurants/${restaurant.uuid}`,
        ),
        200,
        'the restaurant',
      ).result.paused_until
    expect(await detail()).toBeNull()
    const paused = expectStatus(
      await owner.api<{ paused_until: string }>('PATCH', `/food/programs/${restaurant.uuid}/pause`, {
        minutes: 30,
      }),
      200,
      'pause',
    ).paused_until
    expect(await detail()).toBe(paused)
    expectStatus(
      await owner.api('PATCH', `/food/programs/${restaurant.uuid}/pause`, { until: null }),
      200,
      'reopen',
    )
    expect(await detail()).toBeNull()
  }, 60_000)
})
