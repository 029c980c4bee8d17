import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueBill, seedCreditProgram } from '../../tests/support/credit.ts'
import {
  activateCards,
  expectStatus,
  joinProgram,
  type Member,
  type Seeding,
  seedIssuedCards,
  seeding,
  seedMember,
  seedProgram,
} from '../../tests/support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { type Audience, canSee, type PostStatus, type Viewer } from './rules/audience.ts'

/**
 * The generated visibility test (issue 17): random posts by owners, acceptors and an admin across
 * programs (card, payment and credit), audiences and moderation states; holders are members by an
 * active card or by a bill that is not archived (the credit module's audience source). Then at
 * least 10,000 (viewer, post, route) triples, each viewer of every role asking for each post by every route that reveals a post: by uuid, by
 * url, its comments, its image, a like, and its presence in the main feed and in the program,
 * author and tag feeds. The expected answer of each comes from the pure rule (`canSee`) over
 * memberships known from the seeding itself (not read back from the system); every triple must
 * match: 0 leaks and 0 wrong refusals. FEED_VISIBILITY_SEED replays a run.
 */

const seed = Number(process.env.FEED_VISIBILITY_SEED ?? Date.now() % 1_000_000)
function mulberry32(a: number) {
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = mulberry32(seed)
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!

let t: LiveTestContext
let s: Seeding

interface Person {
  name: string
  member: Member | null
  viewer: Viewer | null
}

interface SeededPost {
  uuid: string
  url: string
  author: string
  program: string | null
  audience: Audience
  status: PostStatus
  tag: string
  image: string | null
}

const people: Person[] = []
const posts: SeededPost[] = []

beforeAll(async () => {
  t = await createLiveTestContext()
  await t.startWorker()
  s = seeding(t)
  const m = (type: 'owner' | 'acceptor' | 'holder' | 'admin', name: string) =>
    seedMember(s, type, { first_name: name, last_name: 'Visibility' })
  const [o1, o2, a1, a2, a3, a4, h1, h2, h3, h4, h5, h6, admin] = await Promise.all([
    m('owner', 'O1'),
    m('owner', 'O2'),
    m('acceptor', 'A1'),
    m('acceptor', 'A2'),
    m('acceptor', 'A3'),
    m('acceptor', 'A4'),
    m('holder', 'H1'),
    m('holder', 'H2'),
    m('holder', 'H3'),
    m('holder', 'H4'),
    m('holder', 'H5'),
    m('holder', 'H6'),
    m('admin', 'Admin'),
  ])
  const [c1, p1, c2, p2, k1] = await Promise.all([
    seedProgram(o1, 'card').then((p) => p.uuid),
    seedProgram(o1, 'payment').then((p) => p.uuid),
    seedProgram(o2, 'card').then((p) => p.uuid),
    seedProgram(o2, 'payment').then((p) => p.uuid),
    seedCreditProgram(o1).then((p) => p.uuid),
  ])

  // Acceptors: A1 in C1 and P1, A2 in C2, A3 blocked in P1 (a former place counts for nothing), A4 nowhere.
  await Promise.all([
    joinProgram(o1, c1, a1),
    joinProgram(o1, p1, a1),
    joinProgram(o2, c2, a2),
    joinProgram(o1, p1, a3).then((place) =>
      o1.api('PATCH', `/manager/program-acceptors/${place}`, { status: 21005 }),
    ),
  ])
  // Card holders: H1 a card of C1, H2 of C2, H3 of both, H4 none (cards issued by the worker).
  const [cards1, cards2] = await Promise.all([seedIssuedCards(o1, c1, 3), seedIssuedCards(o2, c2, 3)])
  await Promise.all([
    activateCards(h1, [cards1.tokens[0]!]),
    activateCards(h2, [cards2.tokens[0]!]),
    activateCards(h3, [cards1.tokens[1]!, cards2.tokens[1]!]),
  ])
  // Bills of the credit program K1: H5 holds an open one, H1 one beside its card, H6 only an
  // archived one (which counts for nothing).
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  const [, , archived] = await Promise.all([
    issueBill(o1, k1, h5.id, { due_date: due }),
    issueBill(o1, k1, h1.id, { due_date: due }),
    issueBill(o1, k1, h6.id, { due_date: due }),
  ])
  expectStatus(
    await o1.api('POST', `/manager/bills/${archived.uuid}/archive`, { reason: 'Sent in error' }),
    200,
    'archive a bill',
  )
  // Who is a member of which program, as the seeding made it.
  const members: [Member | null, string, string[]][] = [
    [o1, 'owner O1', [c1, p1, k1]],
    [o2, 'owner O2', [c2, p2]],
    [a1, 'acceptor A1', [c1, p1]],
    [a2, 'acceptor A2', [c2]],
    [a3, 'acceptor A3 (blocked)', []],
    [a4, 'acceptor A4', []],
    [h1, 'holder H1 (card, bill)', [c1, k1]],
    [h2, 'holder H2', [c2]],
    [h3, 'holder H3', [c1, c2]],
    [h4, 'holder H4', []],
    [h5, 'holder H5 (bill)', [k1]],
    [h6, 'holder H6 (archived bill)', []],
    [admin, 'admin', []],
    [null, 'guest', []],
  ]
  for (const [member, name, programsOf] of members) {
    people.push({
      name,
      member,
      viewer: member && { user_id: member.id, user_type: member.type, members: new Set(programsOf) },
    })
  }

  // Posts: each author in a program they may post in (or none), any audience, some moderated or deleted.
  const authors: [Member, (string | null)[]][] = [
    [o1, [c1, p1, k1, null]],
    [o2, [c2, p2, null]],
    [a1, [c1, p1, null]],
    [a2, [c2, null]],
    [admin, [c1, p2, k1, null]],
  ]
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4d7cfe' } })
    .png()
    .toBuffer()
  const tags = ['koffie', 'taart', 'nieuws', 'actie']
  const planned = Array.from({ length: 130 }, () => {
    const [author, allowed] = pick(authors)
    const program = pick(allowed)
    const audience: Audience = program
      ? pick(['everyone', 'cardholders', 'private'] as const)
      : pick(['everyone', 'private'] as const)
    const roll = random()
    const status: PostStatus =
      roll < 0.75 ? 'published' : roll < 0.85 ? 'hidden' : roll < 0.93 ? 'removed' : 'deleted'
    return { author, program, audience, status, tag: pick(tags), withImage: random() < 0.25 }
  })
  for (const chunk of chunks(planned, 8)) {
    const made = await Promise.all(
      chunk.map(async (p) => {
        let imageId: string | null = null
        if (p.withImage) {
          const form = new FormData()
          form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'pixel.png')
          const up = await t.h.request<{ uuid: string }>('POST', '/api/v1/feed/upload', {
            raw: form,
            token: p.author.api.token!,
          })
          imageId = expectStatus(up, 201, 'upload').uuid
        }
        const created = expectStatus(
          await p.author.api<{ uuid: string; url: string }>('POST', '/feed/posts', {
            title: `Post ${p.audience}`,
            text: `About #${p.tag}`,
            program_uuid: p.program,
            audience: p.audience,
            images: imageId ? [imageId] : [],
          }),
          201,
          'post',
        )
        if (p.status === 'hidden' || p.status === 'removed') {
          expectStatus(
            await admin.api('POST', `/feed/admin/posts/${created.uuid}/moderation`, {
              action: p.status === 'hidden' ? 'hide' : 'remove',
              reason: 'Test',
            }),
            200,
            'moderate',
          )
        }
        if (p.status === 'deleted')
          expectStatus(await p.author.api('DELETE', `/feed/posts/${created.uuid}`), 204, 'delete')
        return {
          uuid: created.uuid,
          url: created.url,
          author: p.author.id,
          program: p.program,
          audience: p.audience,
          status: p.status,
          tag: p.tag,
          image: imageId,
        } satisfies SeededPost
      }),
    )
    posts.push(...made)
  }
}, 300_000)
afterAll(() => t.close())

function* chunks<T>(list: readonly T[], size: number) {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size)
}

/** Runs `jobs` with at most `limit` at once. */
async function pool<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length)
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < jobs.length) {
        const i = next++
        results[i] = await jobs[i]!()
      }
    }),
  )
  return results
}

const request = (who: Person, method: string, path: string, body?: unknown) =>
  t.h.request<unknown>(method, `/api/v1${path}`, {
    ...(who.member ? { token: who.member.api.token! } : {}),
    ...(body === undefined
      ? {}
      : { raw: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  })

/** Every post a viewer finds in a feed, all pages followed. */
const listings = new Map<string, Promise<Set<string>>>()
function listing(who: Person, query: string): Promise<Set<string>> {
  const key = `${who.name}|${query}`
  let found = listings.get(key)
  if (!found) {
    found = (async () => {
      const ids = new Set<string>()
      let before = ''
      for (;;) {
        const res = await request(who, 'GET', `/feed/posts?size=50${query}${before}`)
        const page = expectStatus(
          res as {
            status: number
            body: { data: { uuid: string }[]; pagination: { next_cursor: string | null } }
          },
          200,
          `${who.name} lists ${query}`,
        )
        for (const p of page.data) ids.add(p.uuid)
        if (!page.pagination.next_cursor) return ids
        before = `&before=${page.pagination.next_cursor}`
      }
    })()
    listings.set(key, found)
  }
  return found
}

type Route =
  | 'by-uuid'
  | 'by-url'
  | 'comments'
  | 'image'
  | 'like'
  | 'feed'
  | 'program-feed'
  | 'author-feed'
  | 'tag-feed'
const routes: Route[] = [
  'by-uuid',
  'by-url',
  'comments',
  'image',
  'like',
  'feed',
  'program-feed',
  'author-feed',
  'tag-feed',
]

/** What the answer to one triple says: whether the post was revealed to the viewer. */
async function revealed(
  who: Person,
  post: SeededPost,
  route: Route,
): Promise<{ seen: boolean; status?: number }> {
  switch (route) {
    case 'by-uuid':
    case 'by-url':
    case 'comments': {
      const path =
        route === 'by-uuid'
          ? `/feed/posts/${post.uuid}`
          : route === 'by-url'
            ? `/feed/posts/${post.url}`
            : `/feed/posts/${post.uuid}/comments`
      const res = await request(who, 'GET', path)
      return { seen: res.status === 200, status: res.status }
    }
    case 'image': {
      const res = await request(who, 'GET', `/feed/images/${post.image}/small`)
      return { seen: res.status === 200, status: res.status }
    }
    case 'like': {
      const res = await request(who, 'POST', `/feed/posts/${post.uuid}/like`, { liked: true })
      // 200 liked, 422 "hidden by an admin" (seen, read-only): both reveal the post; 404 does not.
      return { seen: res.status === 200 || res.status === 422, status: res.status }
    }
    case 'feed':
      return { seen: (await listing(who, '')).has(post.uuid) }
    case 'program-feed':
      return { seen: (await listing(who, `&program=${post.program}`)).has(post.uuid) }
    case 'author-feed':
      return { seen: (await listing(who, `&user=${post.author}`)).has(post.uuid) }
    case 'tag-feed':
      return { seen: (await listing(who, `&tag=${post.tag}`)).has(post.uuid) }
  }
}

describe('the generated visibility test', () => {
  it('answers ≥ 10,000 (viewer, post, route) triples as the audience rule says: 0 leaks', async () => {
    const triples: [Person, SeededPost, Route][] = []
    for (const who of people)
      for (const post of posts)
        for (const route of routes) {
          if (route === 'image' && !post.image) continue
          if (route === 'program-feed' && !post.program) continue
          // Likes are for signed-in users (a guest is told 401 before anything): their own triple below.
          if (route === 'like' && !who.member) continue
          triples.push([who, post, route])
        }
    // Random order, so caches and listings are met in every order.
    for (let i = triples.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[triples[i], triples[j]] = [triples[j]!, triples[i]!]
    }
    const started = Date.now()
    const answers = await pool(
      triples.map(([who, post, route]) => async () => {
        const expected = canSee(who.viewer, {
          author_user_id: post.author,
          program_id: post.program,
          audience: post.audience,
          status: post.status,
        })
        const got = await revealed(who, post, route)
        return { who: who.name, post, route, expected, ...got }
      }),
      12,
    )
    const leaks = answers.filter((a) => a.seen && !a.expected)
    const wrongRefusals = answers.filter((a) => !a.seen && a.expected)
    const summary = (list: typeof answers) =>
      list
        .slice(0, 10)
        .map((a) => `${a.who} ${a.route} ${a.post.audience}/${a.post.status} (${a.status ?? 'list'})`)
        .join('\n')
    console.log(
      `visibility: ${answers.length} triples (${people.length} viewers, ${posts.length} posts, ${routes.length} routes) in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${seed}: ${leaks.length} leaks, ${wrongRefusals.length} wrong refusals`,
    )
    expect(answers.length).toBeGreaterThanOrEqual(10_000)
    expect(leaks.length, `leaks (seed ${seed}):\n${summary(leaks)}`).toBe(0)
    expect(wrongRefusals.length, `wrong refusals (seed ${seed}):\n${summary(wrongRefusals)}`).toBe(0)
    // A refusal is a 404, as for a post that does not exist (never a 403 that tells it exists).
    for (const a of answers.filter((x) => x.status !== undefined && !x.expected)) expect(a.status).toBe(404)
    // Guests are asked to sign in before a like.
    expect((await request(people.at(-1)!, 'POST', `/feed/posts/${posts[0]!.uuid}/like`)).status).toBe(401)
  }, 240_000)

  it('counts only what the viewer sees: a post’s counts equal its rows', async () => {
    const admin = people.find((p) => p.name === 'admin')!
    const db = t.services.db
    for (const post of posts.filter((p) => p.status !== 'deleted').slice(0, 30)) {
      const res = await request(admin, 'GET', `/feed/posts/${post.uuid}`)
      const body = res.body as { likes_count: number; comments_count: number }
      const likes = await db
        .selectFrom('feed_likes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('post_id', '=', post.uuid)
        .executeTakeFirstOrThrow()
      expect(body.likes_count).toBe(Number(likes.n))
    }
  })
})
