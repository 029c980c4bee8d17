import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPassword, demoUsers, seedDemoUsers } from '../scripts/seed-demo.ts'
import { seedDemoPosts } from '../scripts/seed-demo-posts.ts'
import { seedDemoPrograms } from '../scripts/seed-demo-programs.ts'
import { seeding, seedMember } from './support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from './support/live.ts'

/**
 * The demo data `npm start` makes in development, through the API of a running platform: the demo
 * users, their programs (cards issued by the worker) and the demo owner's posts.
 */
let t: LiveTestContext
beforeAll(async () => {
  t = await createLiveTestContext()
  await t.startWorker()
  await seedDemoUsers(t.databaseUrl)
  await seedDemoPrograms(t.url)
}, 120_000)
afterAll(() => t.close())

async function feedOf(email: string | null) {
  let token: string | undefined
  if (email) {
    const login = await t.h.post<unknown, { auth_token: string }>('/api/v1/auth/login', {
      email,
      password: demoPassword,
    })
    token = login.body.auth_token
  }
  const res = await t.h.get<{
    data: {
      title: string
      audience: string
      tags: string[]
      likes_count: number
      comments_count: number
      images: unknown[]
    }[]
  }>('/api/v1/feed/posts', token ? { token } : {})
  expect(res.status).toBe(200)
  return res.body.data
}

describe('demo posts', () => {
  it('are made once: a picture, tags, a like and comments; the card-holder post only for card holders', async () => {
    const made = await seedDemoPosts(t.url)
    expect(made).toHaveLength(3)
    expect(await seedDemoPosts(t.url)).toEqual([])

    const holder = demoUsers.find((u) => u.portal === 'cardholder')!
    const seenByHolder = await feedOf(holder.email)
    expect(seenByHolder.map((p) => p.title).sort()).toEqual([
      'Appeltaart-dinsdag bij De Hoek',
      'Nieuwe openingstijden',
      'Voor kaarthouders: twee koffie voor de prijs van één',
    ])
    const pie = seenByHolder.find((p) => p.title.startsWith('Appeltaart'))!
    expect(pie).toMatchObject({ likes_count: 1, comments_count: 2 })
    expect(pie.tags.sort()).toEqual(['appeltaart', 'koffie'])
    expect(pie.images).toHaveLength(1)

    const newcomer = await seedMember(seeding(t), 'holder')
    const seenByNewcomer = await feedOf(newcomer.email)
    expect(seenByNewcomer.map((p) => p.audience)).toEqual(['everyone', 'everyone'])
    expect((await feedOf(null)).length).toBe(2)
  })
})
