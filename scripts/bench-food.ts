/**
 * The food rows of the benchmark (issue 14), alone, for profiling the guest pages without the rest
 * of `npm run bench` (which runs the same rows among its others):
 *
 *   node scripts/bench-food.ts     its own API process on a scratch database (production mode)
 *
 * A restaurant with 200 products: the bare route, `GET /api/v1/food/restaurants/{uuid}` (brotli)
 * and, when the web is built (`npm run build`), the server-rendered `/food/place/{uuid}` (brotli,
 * as browsers ask) with its time to first byte. BENCH_SECONDS (default 10), BENCH_CONNECTIONS
 * (default 32) and BENCH_ROUNDS (default 1: each row that many times, to judge the noise).
 * BENCH_API_ROOT=dir runs the API (and its web build) of another checkout, to compare with it.
 * BENCH_DUMP=file writes the page's HTML there. BENCH_PROF=1 starts the API with `--cpu-prof` (the profile lands in .data/bench-food/).
 * BENCH_ONLY=api runs only the bare and `restaurants/{uuid}` rows (no page rows, no web build needed).
 */
import { statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { measureTtfb } from '../modules/feed/bench.ts'
import { prepareFoodBench } from '../modules/food/bench.ts'
import { createDb } from '../modules/platform/db.ts'
import { startBenchApi } from './lib/bench-api.ts'
import { ensurePostgres, ensureRedis } from './lib/services.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const rounds = Number(process.env.BENCH_ROUNDS ?? 1)
const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, '.data', 'bench-food')
const apiRoot = path.resolve(process.env.BENCH_API_ROOT ?? root)

const postgres = await ensurePostgres({ dataDir, prefer: 'local' })
const redis = await ensureRedis({ dataDir, prefer: 'local' })
const dbName = `cardpay_bench_food_${process.pid}`
const admin = new pg.Client({ connectionString: postgres.adminUrl })
await admin.connect()
await admin.query(`create database ${dbName}`)
const dbUrl = new URL(postgres.adminUrl)
dbUrl.pathname = `/${dbName}`

const { api, port, ready } = await startBenchApi({
  dbUrl: dbUrl.toString(),
  redisUrl: redis.url,
  redisPrefix: `bench_food_${process.pid}`,
  root: apiRoot,
  nodeArgs: process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${dataDir}`] : [],
  env: { DATA_DIR: dataDir },
})

async function rps(path: string, headers: Record<string, string> = {}) {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', path, headers }],
  })
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  }
}

try {
  await ready()
  const db = createDb({ url: dbUrl.toString(), max: 1 })
  const bench = await prepareFoodBench(db, { products: 200 })
  await db.destroy()
  const apiPath = `/api/v1/food/restaurants/${bench.restaurantUuid}`
  const placePath = `/food/place/${bench.restaurantUuid}`
  const placeHeaders = { 'accept-encoding': 'br, gzip', accept: 'text/html', 'accept-language': 'nl' }
  const page = await fetch(`http://127.0.0.1:${port}${placePath}`, { headers: { accept: 'text/html' } })
  const html = await page.text()
  if (process.env.BENCH_DUMP) (await import('node:fs')).writeFileSync(process.env.BENCH_DUMP, html)
  const webBuilt =
    process.env.BENCH_ONLY !== 'api' &&
    page.ok &&
    (page.headers.get('content-type') ?? '').includes('text/html')
  // A control for the page's row: a static file of the build whose brotli copy is about as large
  // as the page's brotli, served from disk with no work. The page cannot beat it; what it costs
  // on top of sending that many bytes is the gap between the two rows.
  const pageBr = webBuilt
    ? Number(
        (await fetch(`http://127.0.0.1:${port}${placePath}`, { headers: placeHeaders })).headers.get(
          'content-length',
        ),
      )
    : 0
  const assetsDir = path.join(apiRoot, 'web/dist/client/assets')
  const control = webBuilt
    ? (await readdir(assetsDir))
        .filter((f) => f.endsWith('.js.br'))
        .map((f) => ({ file: f.slice(0, -3), size: statSync(path.join(assetsDir, f)).size }))
        .sort((a, b) => Math.abs(a.size - pageBr) - Math.abs(b.size - pageBr))[0]
    : undefined
  console.log(
    `API on :${port}; ${connections} connections, ${seconds} s per row, ${rounds} round(s)` +
      (webBuilt
        ? `; the page is ${Math.round(Buffer.byteLength(html) / 1024)} KiB of HTML`
        : '; no web build'),
  )
  await autocannon({ url: `http://127.0.0.1:${port}/api/v1/health`, connections, duration: 2 })
  if (webBuilt) await autocannon({ url: `http://127.0.0.1:${port}${placePath}`, connections, duration: 2 })
  for (let round = 1; round <= rounds; round++) {
    const bare = await rps('/api/v1/health')
    const json = await rps(apiPath, { 'accept-encoding': 'br, gzip' })
    console.log(`round ${round}`)
    console.log(`  bare                         ${String(bare.rps).padStart(6)} req/s, p99 ${bare.p99} ms`)
    console.log(
      `  restaurants/{uuid} (br)      ${String(json.rps).padStart(6)} req/s = ${Math.round((json.rps / bare.rps) * 100)} % of bare, p99 ${json.p99} ms, errors ${json.errors}`,
    )
    if (!webBuilt) continue
    const place = await rps(placePath, placeHeaders)
    const ttfb = await measureTtfb(`http://127.0.0.1:${port}${placePath}`, placeHeaders, {
      seconds,
      connections,
    })
    if (control) {
      const file = await rps(`/assets/${control.file}`, { 'accept-encoding': 'br, gzip' })
      console.log(
        `  static file, ${Math.round(control.size / 1024)} KiB br        ${String(file.rps).padStart(6)} req/s = ${Math.round((file.rps / bare.rps) * 100)} % of bare, p99 ${file.p99} ms (control: the page is ${Math.round(pageBr / 1024)} KiB br)`,
      )
    }
    // One render per request (a cookie other than the language skips the shared render): what a
    // render of the page costs the process, one at a time.
    const uncached = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 1,
      duration: Math.min(seconds, 5),
      requests: [{ method: 'GET', path: placePath, headers: { ...placeHeaders, cookie: 'bench=1' } }],
    })
    const met = place.rps >= 300 && ttfb.p95 < 200 && place.errors === 0
    console.log(
      `  /food/place/{uuid} (br)      ${String(place.rps).padStart(6)} req/s = ${Math.round((place.rps / bare.rps) * 100)} % of bare, p99 ${place.p99} ms, errors ${place.errors}; TTFB p50 ${ttfb.p50} ms, p95 ${ttfb.p95} ms, p99 ${ttfb.p99} ms${met ? '' : '  (below target: ≥ 300 req/s, p95 TTFB < 200 ms)'}`,
    )
    console.log(
      `  one render each (1 conn.)    ${String(Math.round(uncached.requests.average)).padStart(6)} req/s, p50 ${uncached.latency.p50} ms, p99 ${uncached.latency.p99} ms`,
    )
  }
} finally {
  await api.stop('SIGINT', 10_000)
  await admin.query(`drop database if exists ${dbName} with (force)`)
  await admin.end()
  await redis.stop()
  await postgres.stop()
}
