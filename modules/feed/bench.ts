import { sql } from 'kysely'
import { createUser } from '../identity/index.ts'
import type { Db } from '../platform/db.ts'
import { newId } from '../platform/ids.ts'
import { acceptorStatuses, programStatuses, programTypes } from '../programs/index.ts'

/**
 * Set-up and measurements for `npm run bench`'s feed rows (issue 17: a feed page of 20 posts with
 * authors, counts and liked-by-me, p95 time to first byte below 150 ms with 10,000 and with
 * 1,000,000 posts; a new post on an open feed within 1 s). Rows are inserted directly and set-based
 * (`generate_series`), as a bench harness may: 20 program owners with a program each, a viewer who
 * is an active acceptor in 5 of them (so their feed is the union of public posts, card-holder posts
 * of 5 programs and their own), posts one second apart going back from now (70 % public, 20 % for
 * card holders, 10 % private), and the viewer's likes on every seventh post.
 */

const password = 'Bench-Pass-1'

export interface FeedBench {
  viewerEmail: string
  authorEmail: string
  password: string
  /** A program the viewer is a member of, owned by the author. */
  programId: string
  posts: number
}

export async function prepareFeedBench(db: Db): Promise<FeedBench> {
  const authors = []
  for (let i = 0; i < 20; i++) {
    authors.push(
      await createUser(db, {
        email: `bench-feed-owner-${i}@example.com`,
        password,
        type: 1,
        first_name: 'Bench',
        last_name: `Owner ${i}`,
      }),
    )
  }
  const viewer = await createUser(db, {
    email: 'bench-feed-viewer@example.com',
    password,
    type: 2,
    first_name: 'Bench',
    last_name: 'Viewer',
  })
  const programs = authors.map((a, i) => ({
    id: newId(),
    owner_user_id: a.id,
    type: programTypes.paymentManagement,
    status: programStatuses.active,
    title: `Bench program ${i}`,
    currency: 'EUR',
    activated_at: new Date(),
  }))
  await db.insertInto('programs').values(programs).execute()
  await db
    .insertInto('program_acceptors')
    .values(
      programs.slice(0, 5).map((p) => ({
        id: newId(),
        program_id: p.id,
        email: viewer.email,
        acceptor_user_id: viewer.id,
        status: acceptorStatuses.active,
        invited_by_user_id: p.owner_user_id,
      })),
    )
    .execute()
  return {
    viewerEmail: viewer.email,
    authorEmail: authors[0]!.email,
    password,
    programId: programs[0]!.id,
    posts: 0,
  }
}

/**
 * Adds posts until the bench has `total`, older than those it has: set-based, in chunks of 250,000,
 * with the like counter trigger off while the viewer's likes go in (the counts are then set from the
 * rows in one statement, so they still equal the rows). Answers the seconds it took.
 */
export async function growFeedBench(db: Db, bench: FeedBench, total: number): Promise<number> {
  const started = performance.now()
  const chunk = 250_000
  while (bench.posts < total) {
    const from = bench.posts + 1
    const to = Math.min(total, bench.posts + chunk)
    await sql`
      with authors as (select array_agg(id order by email) as ids from users where email like 'bench-feed-owner-%'),
           programs as (select array_agg(p.id order by p.title) as ids from programs p where p.title like 'Bench program %')
      insert into feed_posts (id, url, author_user_id, program_id, audience, title, text, created_at)
      select (lpad(to_hex((extract(epoch from t.ts) * 1000)::bigint), 12, '0') || '7'
                || substr(md5(g::text), 1, 3) || '8' || substr(md5(g::text), 4, 15))::uuid,
             'bench-post-' || g,
             authors.ids[1 + g % 20],
             case when g % 10 < 9 then programs.ids[1 + g % 20] end,
             case when g % 10 < 7 then 'everyone' when g % 10 < 9 then 'cardholders' else 'private' end,
             'Bench post ' || g,
             jsonb_build_object('rows', jsonb_build_array('A post of the benchmark, number ' || g, '#bench')),
             t.ts
        from generate_series(${from}::int, ${to}::int) g, authors, programs,
             lateral (select now() - g * interval '1 second' as ts) t`.execute(db)
    await sql`alter table feed_likes disable trigger feed_likes_count`.execute(db)
    await sql`
      insert into feed_likes (post_id, user_id)
      select p.id, v.id from feed_posts p, users v
       where v.email = 'bench-feed-viewer@example.com' and p.url like 'bench-post-%'
         and substr(p.url, 12)::int between ${from}::int and ${to}::int and substr(p.url, 12)::int % 7 = 0`.execute(
      db,
    )
    await sql`alter table feed_likes enable trigger feed_likes_count`.execute(db)
    bench.posts = to
  }
  await sql`update feed_posts p set likes_count = c.n
      from (select post_id, count(*)::int as n from feed_likes group by post_id) c
     where c.post_id = p.id and p.likes_count <> c.n`.execute(db)
  await sql`analyze feed_posts`.execute(db)
  await sql`analyze feed_likes`.execute(db)
  return (performance.now() - started) / 1000
}

export interface LatencyResult {
  requests: number
  errors: number
  rps: number
  p50: number
  p95: number
  p99: number
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0

/**
 * Time to first byte of `url` (the answer's headers: `fetch` resolves on them) from `connections`
 * loops for `seconds`; each body is read to the end before the next request.
 */
export async function measureTtfb(
  url: string,
  headers: Record<string, string>,
  opts: { seconds: number; connections: number },
): Promise<LatencyResult> {
  const until = performance.now() + opts.seconds * 1000
  const times: number[] = []
  let errors = 0
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now()
        const res = await fetch(url, { headers }).catch(() => null)
        const ttfb = performance.now() - started
        if (!res?.ok) errors++
        await res?.arrayBuffer()
        times.push(ttfb)
      }
    }),
  )
  times.sort((a, b) => a - b)
  return {
    requests: times.length,
    errors,
    rps: Math.round(times.length / opts.seconds),
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    p99: Math.round(percentile(times, 99)),
  }
}

/**
 * New post → visible on an open feed: the viewer holds the event stream open, the author publishes
 * `count` posts for the card holders of the viewer's program one after another, and each is timed
 * from the start of its POST to its event on the stream.
 */
export async function measureLiveDelay(
  origin: string,
  viewerToken: string,
  authorToken: string,
  programId: string,
  count: number,
): Promise<{ p50: number; p95: number; max: number; missed: number }> {
  const controller = new AbortController()
  const res = await fetch(`${origin}/api/v1/feed/events`, {
    headers: { authorization: `Bearer ${viewerToken}` },
    signal: controller.signal,
  })
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  const seen = new Map<string, number>()
  let ready!: () => void
  const isReady = new Promise<void>((resolve) => {
    ready = resolve
  })
  void (async () => {
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += value
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (block.includes('event: ready')) ready()
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (block.includes('event: post') && data)
            seen.set((JSON.parse(data) as { uuid: string }).uuid, performance.now())
        }
      }
    } catch {
      // closed
    }
  })()
  await isReady
  const delays: number[] = []
  let missed = 0
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const created = await fetch(`${origin}/api/v1/feed/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${authorToken}` },
      body: JSON.stringify({
        title: `Live ${i}`,
        text: '',
        program_uuid: programId,
        audience: 'cardholders',
      }),
    })
    const { uuid } = (await created.json()) as { uuid: string }
    const deadline = performance.now() + 3000
    while (!seen.has(uuid) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2))
    const at = seen.get(uuid)
    if (at === undefined) missed++
    else delays.push(at - started)
  }
  controller.abort()
  delays.sort((a, b) => a - b)
  return {
    p50: Math.round(percentile(delays, 50)),
    p95: Math.round(percentile(delays, 95)),
    max: Math.round(delays.at(-1) ?? 0),
    missed,
  }
}
