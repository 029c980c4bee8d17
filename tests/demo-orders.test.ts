import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoUsers, seedDemoUsers } from '../scripts/seed-demo.ts'
import { seedDemoCourt } from '../scripts/seed-demo-court.ts'
import { seedDemoOrders } from '../scripts/seed-demo-orders.ts'
import { seedDemoRestaurant } from '../scripts/seed-demo-restaurant.ts'
import { until } from './support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from './support/live.ts'

/**
 * The demo restaurant's orders (issue 15 item 9), placed through the public API as guests would,
 * paid with the sandbox card and moved along by the demo acceptor: several states on the board.
 */
let t: LiveTestContext
let made: string[]
beforeAll(async () => {
  t = await createLiveTestContext({ env: { PAY_LIMIT_PER_ADDRESS: '1000' } })
  await seedDemoUsers(t.databaseUrl)
  await seedDemoRestaurant(t.url)
  made = await seedDemoOrders(t.url)
}, 180_000)
afterAll(() => t.close())

describe('demo orders', () => {
  it('are placed while the restaurant is open, in several states, and only once', async () => {
    if (made[0]?.includes('closed now')) return // a night run: nothing to see, by design
    expect(made[0]).toMatch(/^demo orders: 5 at Eetcafé De Hoek/)
    const statuses = await until(async () => {
      const rows = await t.services.db.selectFrom('food_orders').select('status').execute()
      const s = rows.map((r) => r.status).sort()
      return s.length === 5 && s.filter((x) => x === 2).length === 1 && s.some((x) => x >= 5) ? s : null
    }, 'the demo orders paid and moved')
    expect(statuses).toContain(2)
    expect(await seedDemoOrders(t.url)).toEqual([])
  })
})

describe('the demo data for a new user', () => {
  it('has demo users in Dutch, the product’s default language', async () => {
    const users = await t.services.db
      .selectFrom('users')
      .select(['email', 'language'])
      .where(
        'email',
        'in',
        demoUsers.map((u) => u.email),
      )
      .execute()
    expect(users).toHaveLength(demoUsers.length)
    expect(users.filter((u) => u.language !== 'nl')).toEqual([])
  })

  it('has a restaurant to order from in the evening and at night: Sushi Kade, open 00:00–24:00 every day', async () => {
    await seedDemoCourt(t.url)
    const hours = await t.services.db
      .selectFrom('food_working_hours as h')
      .innerJoin('programs as p', 'p.id', 'h.program_id')
      .select(['h.day_of_week', 'h.enabled', 'h.start_time', 'h.end_time'])
      .where('p.title', '=', 'Sushi Kade')
      .orderBy('h.day_of_week')
      .execute()
    expect(
      hours.map((h) => [h.day_of_week, h.enabled, h.start_time.slice(0, 5), h.end_time.slice(0, 5)]),
    ).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => [d, true, '00:00', '24:00']))
  }, 120_000)
})
