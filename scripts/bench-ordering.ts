/**
 * `node scripts/bench-ordering.ts` (also the last part of `npm run bench`): issue 15's ordering
 * rows on an API and a worker process of their own (production mode, a scratch database):
 *
 * - the bare route, for scale (the shared 2-core machine is noisy: read the ratios);
 * - `PUT basket/{session}` at a fixed rate of 300 req/s (autocannon `overallRate`, 200 sessions in
 *   turn), its p50 and p99 against the target p99 < 25 ms;
 * - paid order (the platform accepted the provider's "paid") → on the kitchen board's SSE stream:
 *   p50 and p95 against the target p95 < 1 s (`measureBoardLatency`, modules/food/bench.ts);
 * - the owner's order books with 10,000 and with 1,000,000 orders of the restaurant (seeded
 *   set-based, `growOrderBooks`): the order list (active view, date view with paging and type) and
 *   the daily totals (newest days, paging, one date, one type), one request at a time, p50 and p99
 *   against the target < 50 ms at both sizes (`measureBooks`).
 *
 * `--basket`, `--board`, `--books` run only those rows (any combination); none runs them all.
 * BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32), BENCH_BOARD_ORDERS (default 100),
 * BENCH_BOOKS_ORDERS (default `10000,1000000`), BENCH_BOOKS_REQUESTS (default 100 per query),
 * BENCH_CPU_PROF (a folder: the API process writes a V8 CPU profile there when it stops),
 * BENCH_NODE_ARGS (more of Node's flags for the API process, space-separated: `--trace-gc`, say),
 * BENCH_KEEP_DB (keep the scratch database to read its plans afterwards; drop it yourself),
 * BENCH_TAG (a word in the scratch database's name and Redis prefix, for runs side by side).
 */
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import {
  type BooksBench,
  growOrderBooks,
  measureBoardLatency,
  measureBooks,
  prepareFoodBench,
  prepareOrderingBench,
} from '../modules/food/bench.ts'
import { prepareSandboxAccount } from '../modules/payments/bench.ts'
import { zonedDate } from '../modules/platform/dates.ts'
import { createDb } from '../modules/platform/db.ts'
import { startBenchApi } from './lib/bench-api.ts'
import { startChild } from './lib/process.ts'
import { ensurePostgres, ensureRedis } from './lib/services.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const boardOrders = Number(process.env.BENCH_BOARD_ORDERS ?? 100)
const booksSteps = (process.env.BENCH_BOOKS_ORDERS ?? '10000,1000000').split(',').map(Number)
const booksRequests = Number(process.env.BENCH_BOOKS_REQUESTS ?? 100)
const basketRate = 300
const flags = new Set(process.argv.slice(2).filter((a) => a.startsWith('--')))
const runs = (part: string) => flags.size === 0 || flags.has(`--${part}`)
const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, '.data', 'bench-ordering')

const postgres = await ensurePostgres({ dataDir, prefer: 'local' })
const redis = await ensureRedis({ dataDir, prefer: 'local' })
const tag = process.env.BENCH_TAG ? `${process.env.BENCH_TAG}_` : ''
const dbName = `cardpay_bench_ordering_${tag}${process.pid}`
const admin = new pg.Client({ connectionString: postgres.adminUrl })
await admin.connect()
await admin.query(`create database ${dbName}`)
const dbUrl = new URL(postgres.adminUrl)
dbUrl.pathname = `/${dbName}`

const started = await startBenchApi({
  dbUrl: dbUrl.toString(),
  redisUrl: redis.url,
  redisPrefix: `bench_ordering_${tag}${process.pid}`,
  nodeArgs: [
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ],
  env: { DATA_DIR: dataDir },
})
const { api, port, env } = started
const dataEncryptionKey = env.DATA_ENCRYPTION_KEY
let worker: ReturnType<typeof startChild> | undefined
const base = `http://127.0.0.1:${port}`
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')

/** The API process's CPU time so far (Linux: /proc) and the scratch database's committed transactions. */
/**
 * `count` requests at evenly spaced instants, `rate` a second, none waiting for another's answer;
 * each is timed from the instant it was due. p50 and p99 in ms, the rate reached, the failures, and
 * how late this process itself sent (p99 of send instant − due: a timer or a pause of the client,
 * which the latencies include; the bare route's row in the same run shows the machine's share).
 */
async function evenlySpaced(count: number, rate: number, send: () => Promise<number>) {
  const latencies: number[] = []
  const late: number[] = []
  let errors = 0
  const start = performance.now()
  const pending: Promise<void>[] = []
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait > 1) await new Promise((r) => setTimeout(r, wait))
    late.push(Math.max(0, performance.now() - due))
    pending.push(
      send().then(
        (status) => {
          if (status < 200 || status > 299) errors++
          latencies.push(performance.now() - due)
        },
        () => {
          errors++
        },
      ),
    )
  }
  await Promise.all(pending)
  const took = (performance.now() - start) / 1000
  const at = (list: number[], q: number) =>
    list.sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0
  return {
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    sentLateP99: at(late, 0.99),
    errors,
    rate: count / took,
  }
}

/**
 * The open-model rows' client: Node's own `http` over kept-alive connections, much lighter than
 * `fetch` (no WHATWG Request, Headers and streams per call), so that the client's own pauses on
 * this shared 2-core machine stay out of the API's latencies. Asks for compression as a browser
 * does; the answer's bytes are read to their end, not decoded. Answers the status.
 */
const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 64 })
function request(method: string, route: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent: keptAlive,
        host: '127.0.0.1',
        port,
        path: `/api/v1${route}`,
        method,
        headers: {
          'accept-encoding': 'br, gzip',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        res.on('error', reject)
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.resume()
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function costSoFar(): Promise<{ cpuMs: number; transactions: number }> {
  const stat = await readFile(`/proc/${api.pid}/stat`, 'utf8').catch(() => '')
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  const { rows } = await admin.query<{ n: string }>(
    'select xact_commit as n from pg_stat_database where datname = $1',
    [dbName],
  )
  return { cpuMs, transactions: Number(rows[0]?.n ?? 0) }
}

try {
  await started.ready()
  worker = startChild({
    name: 'worker',
    command: process.execPath,
    args: [path.join(root, 'services/worker/main.ts')],
    cwd: root,
    env: { ...env, MIGRATE_ON_START: 'false' },
  })
  const db = createDb({ url: dbUrl.toString(), max: 1 })
  const bench = await prepareFoodBench(db, { products: 200 })
  await prepareOrderingBench(db, bench.restaurantUuid)
  await prepareSandboxAccount(
    db,
    { DATA_ENCRYPTION_KEY: dataEncryptionKey, DATA_DIR: dataDir, NODE_ENV: 'production' },
    { uuid: bench.restaurantUuid, owner_user_id: bench.ownerId },
  )
  await db.destroy()
  const call = async <T>(method: string, route: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${route}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    })
    if (!res.ok) throw new Error(`${method} ${route} answers ${res.status}: ${await res.text()}`)
    return (await res.json()) as T
  }
  const sessions: string[] = []
  for (let i = 0; i < 200; i++) {
    const { uuid } = await call<{ uuid: string }>('POST', '/food/session?pickup_in_restaurant=true')
    await call('PUT', `/food/basket/${uuid}`, { product_id: bench.productUuid, quantity: 4 })
    sessions.push(uuid)
  }
  const ownerToken = (
    await call<{ auth_token: string }>('POST', '/auth/login', {
      email: 'bench-food-owner@example.com',
      password: 'Bench-Pass-1',
    })
  ).auth_token
  console.log(`API and worker on :${port}; ${connections} connections, ${seconds} s per row; load ${load()}`)
  if (runs('basket')) {
    await autocannon({ url: `${base}/api/v1/health`, connections, duration: 2 })

    const bare = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [{ method: 'GET', path: '/api/v1/health' }],
    })
    console.log(
      `  bare GET /health (as fast as it goes)   ${String(Math.round(bare.requests.average)).padStart(6)} req/s, p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms; load ${load()}`,
    )
    const bareFixed = await autocannon({
      url: base,
      connections,
      duration: seconds,
      overallRate: basketRate,
      requests: [{ method: 'GET', path: '/api/v1/health' }],
    })
    console.log(
      `  bare GET /health at ${basketRate} req/s         ${String(Math.round(bareFixed.requests.average)).padStart(6)} req/s, p50 ${bareFixed.latency.p50} ms, p99 ${bareFixed.latency.p99} ms; load ${load()}`,
    )
    let n = 0
    const before = await costSoFar()
    const basket = await autocannon({
      url: base,
      connections,
      duration: seconds,
      overallRate: basketRate,
      requests: [
        {
          method: 'PUT',
          path: '/api/v1/food/basket',
          setupRequest: (req) => {
            const i = n++
            return {
              ...req,
              path: `/api/v1/food/basket/${sessions[i % sessions.length]}`,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ product_id: bench.productUuid, quantity: 4 + (i % 5) }),
            }
          },
        },
      ],
    })
    const basketErrors = basket.errors + basket.timeouts + basket.non2xx
    const basketMet = basket.latency.p99 < 25 && basketErrors === 0
    if (!basketMet) process.exitCode = 1
    console.log(
      `  PUT basket/{session} at ${basketRate} req/s     ${String(Math.round(basket.requests.average)).padStart(6)} req/s, p50 ${basket.latency.p50} ms, p99 ${basket.latency.p99} ms, errors ${basketErrors}${basketMet ? '' : '  (target p99 < 25 ms not met)'}; load ${load()}`,
    )
    // What a PUT costs whatever else loads the machine: the API process's CPU time and the
    // scratch database's transactions (each statement outside a transaction is one: a round trip;
    // the worker's polling adds a few).
    await new Promise((r) => setTimeout(r, 2500)) // PostgreSQL publishes its counters about a second after a connection idles
    const after = await costSoFar()
    const count = basket.requests.total
    console.log(
      `    per PUT: API CPU ${((after.cpuMs - before.cpuMs) / count).toFixed(2)} ms, database transactions ${((after.transactions - before.transactions) / count).toFixed(2)} (${count} PUTs)`,
    )
    // autocannon's overallRate gives each connection its share of the rate on timers that start
    // together: 32 connections send 32 PUTs in the same instant every 107 ms, and the last of
    // them waits for the 31 before it on the API's one thread (p50 ≈ half a burst × 0.6 ms). The
    // same rate with requests at evenly spaced instants (an open model, each timed from when it was
    // due, so a late sender does not hide its own delay):
    const bareSpaced = await evenlySpaced(basketRate * seconds, basketRate, () => request('GET', '/health'))
    console.log(
      `  bare GET /health, ${basketRate} req/s evenly spaced ${String(Math.round(bareSpaced.rate)).padStart(5)} req/s, p50 ${bareSpaced.p50.toFixed(1)} ms, p99 ${bareSpaced.p99.toFixed(1)} ms, sent late p99 ${bareSpaced.sentLateP99.toFixed(1)} ms; load ${load()}`,
    )
    let m = 0
    const spaced = await evenlySpaced(basketRate * seconds, basketRate, () => {
      const i = m++
      return request(
        'PUT',
        `/food/basket/${sessions[i % sessions.length]}`,
        JSON.stringify({ product_id: bench.productUuid, quantity: 4 + (i % 5) }),
      )
    })
    console.log(
      `  PUT basket, ${basketRate} req/s evenly spaced      ${String(Math.round(spaced.rate)).padStart(6)} req/s, p50 ${spaced.p50.toFixed(1)} ms, p99 ${spaced.p99.toFixed(1)} ms (×${(spaced.p99 / bareSpaced.p99).toFixed(1)} bare), sent late p99 ${spaced.sentLateP99.toFixed(1)} ms, errors ${spaced.errors}${spaced.p99 < 25 && spaced.errors === 0 ? '' : '  (target p99 < 25 ms not met)'}; load ${load()}`,
    )
  }
  if (runs('board')) {
    // Warm the payment and board path once, then measure.
    await measureBoardLatency({
      baseUrl: base,
      ownerToken,
      restaurantUuid: bench.restaurantUuid,
      productUuid: bench.productUuid,
      orders: 4,
      timeoutMs: 60_000,
    })
    const board = await measureBoardLatency({
      baseUrl: base,
      ownerToken,
      restaurantUuid: bench.restaurantUuid,
      productUuid: bench.productUuid,
      orders: boardOrders,
    })
    const boardMet = board.p95 < 1000 && board.missing === 0
    if (!boardMet) process.exitCode = 1
    console.log(
      `  paid order → kitchen board (SSE)        ${board.orders} orders: p50 ${board.p50} ms, p95 ${board.p95} ms, max ${board.max} ms, missing ${board.missing}${boardMet ? '' : '  (target p95 < 1 s not met)'}; load ${load()}`,
    )
  }
  if (runs('books')) {
    const booksDb = createDb({ url: dbUrl.toString(), max: 2 })
    try {
      const { time_zone } = await booksDb
        .selectFrom('food_restaurants')
        .select('time_zone')
        .where('program_id', '=', bench.restaurantUuid)
        .executeTakeFirstOrThrow()
      const day = zonedDate(new Date(Date.now() - 86_400_000), time_zone)
      const books: BooksBench = { restaurantUuid: bench.restaurantUuid, orders: 0, perDay: 1000 }
      console.log(
        `  owner's books: one request at a time, ${booksRequests} per query, ${books.perDay} orders a day, the date view on ${day}`,
      )
      for (const total of booksSteps) {
        const seeded = await growOrderBooks(booksDb, books, total)
        console.log(
          `  ${total.toLocaleString('en')} orders (seeded in ${seeded.toFixed(1)} s); load ${load()}`,
        )
        for (const r of await measureBooks({
          baseUrl: base,
          ownerToken,
          restaurantUuid: bench.restaurantUuid,
          day,
          requests: booksRequests,
        })) {
          const met = r.p99 < 50
          if (!met) process.exitCode = 1
          console.log(
            `    ${r.label.padEnd(38)} p50 ${String(r.p50).padStart(5)} ms, p99 ${String(r.p99).padStart(5)} ms (${r.rows} of ${r.count})${met ? '' : '  (target < 50 ms not met)'}`,
          )
        }
        console.log(`    load ${load()}`)
      }
    } finally {
      await booksDb.destroy()
    }
  }
} finally {
  await worker?.stop('SIGTERM', 10_000)
  await api.stop('SIGINT', 10_000)
  if (process.env.BENCH_KEEP_DB) console.log(`  database kept: ${dbName}`)
  else await admin.query(`drop database if exists ${dbName} with (force)`)
  await admin.end()
  // The run's queued jobs (payouts, e-mails) stay under its own prefix otherwise.
  const { Redis } = await import('ioredis')
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 })
  const keys = await client.keys(`${env.REDIS_PREFIX}:*`).catch(() => [])
  if (keys.length > 0) await client.del(...keys)
  client.disconnect()
  await redis.stop()
  await postgres.stop()
}
