/**
 * The feed rows of the benchmark (issue 17), run by `npm run bench` after its other rows, or alone:
 *
 *   node scripts/bench-feed.ts     its own API process on a scratch database (production mode)
 *
 * `GET /api/v1/feed/posts?size=20` as a signed-in acceptor who is a member of 5 programs (each page:
 * 20 posts with their authors, programs, counts and liked-by-me), time to first byte p50/p95/p99
 * with 10,000 posts and again after growing to 1,000,000 (set-based inserts; BENCH_FEED_POSTS
 * changes the steps, e.g. `10000`); then new post → event on the viewer's open stream.
 * BENCH_SECONDS (default 10) and BENCH_FEED_CONNECTIONS (default 8) set the load.
 */
import path from 'node:path'
import pg from 'pg'
import { growFeedBench, measureLiveDelay, measureTtfb, prepareFeedBench } from '../modules/feed/bench.ts'
import { createDb } from '../modules/platform/db.ts'
import { startBenchApi } from './lib/bench-api.ts'
import { ensurePostgres, ensureRedis } from './lib/services.ts'

const steps = (process.env.BENCH_FEED_POSTS ?? '10000,1000000').split(',').map(Number)

async function signIn(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`sign-in of ${email} answers ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { auth_token: string }).auth_token
}

/** Seeds the feed on the API's database and prints its rows. Answers false when a target is missed. */
export async function runFeedBench(
  origin: string,
  databaseUrl: string,
  opts: { seconds: number; connections: number },
): Promise<boolean> {
  const db = createDb({ url: databaseUrl, max: 2 })
  let ok = true
  try {
    const bench = await prepareFeedBench(db)
    const viewer = await signIn(origin, bench.viewerEmail, bench.password)
    const author = await signIn(origin, bench.authorEmail, bench.password)
    console.log(
      `\nfeed: GET /api/v1/feed/posts?size=20 as a member of 5 programs, ${opts.connections} connections, ${opts.seconds} s`,
    )
    for (const total of steps) {
      const seeded = await growFeedBench(db, bench, total)
      const probe = await fetch(`${origin}/api/v1/feed/posts?size=20`, {
        headers: { authorization: `Bearer ${viewer}` },
      })
      const page = (await probe.json()) as { data: { is_liked_by_user: boolean }[] }
      if (!probe.ok || page.data.length !== 20)
        throw new Error(`the feed answers ${probe.status} with ${page.data?.length} posts`)
      // Warm-up, then the measured run.
      await measureTtfb(
        `${origin}/api/v1/feed/posts?size=20`,
        { authorization: `Bearer ${viewer}` },
        { seconds: 2, connections: opts.connections },
      )
      const r = await measureTtfb(
        `${origin}/api/v1/feed/posts?size=20`,
        { authorization: `Bearer ${viewer}` },
        { seconds: opts.seconds, connections: opts.connections },
      )
      const met = r.p95 < 150 && r.errors === 0
      ok &&= met
      console.log(
        `  ${String(total).padStart(9)} posts (seeded in ${seeded.toFixed(1)} s): ${String(r.rps).padStart(5)} req/s, TTFB p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, errors ${r.errors} ${met ? '(p95 < 150 ms: yes)' : '(p95 < 150 ms: NO)'}`,
      )
    }
    const live = await measureLiveDelay(origin, viewer, author, bench.programId, 50)
    const liveMet = live.p95 < 1000 && live.missed === 0
    ok &&= liveMet
    console.log(
      `  new post → event on an open feed, 50 posts: p50 ${live.p50} ms, p95 ${live.p95} ms, max ${live.max} ms, missed ${live.missed} ${liveMet ? '(p95 < 1 s: yes)' : '(p95 < 1 s: NO)'}`,
    )
  } finally {
    await db.destroy()
  }
  return ok
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..')
  const dataDir = path.join(root, '.data', 'bench')
  const postgres = await ensurePostgres({ dataDir, prefer: 'local' })
  const redis = await ensureRedis({ dataDir, prefer: 'local' })
  const dbName = `cardpay_bench_feed_${process.pid}`
  const admin = new pg.Client({ connectionString: postgres.adminUrl })
  await admin.connect()
  await admin.query(`create database ${dbName}`)
  const dbUrl = new URL(postgres.adminUrl)
  dbUrl.pathname = `/${dbName}`
  const { api, port, ready } = await startBenchApi({
    dbUrl: dbUrl.toString(),
    redisUrl: redis.url,
    redisPrefix: `bench_feed_${process.pid}`,
  })
  const origin = `http://127.0.0.1:${port}`
  try {
    await ready()
    const ok = await runFeedBench(origin, dbUrl.toString(), {
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
      connections: Number(process.env.BENCH_FEED_CONNECTIONS ?? 8),
    })
    if (!ok) process.exitCode = 1
  } finally {
    await api.stop('SIGTERM', 10_000)
    await admin.query(`drop database if exists ${dbName} with (force)`)
    await admin.end()
    await redis.stop()
    await postgres.stop()
  }
}
