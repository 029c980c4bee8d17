/**
 * The food court checkout row of the benchmark (issue 16) alone:
 *
 *   node scripts/bench-court.ts     its own API process on a scratch database (production mode)
 *
 * Each operation is a guest's "pay": `POST food/court/basket/{session}/checkout` (two restaurants:
 * two sub-orders, one payment split into their parts and the court fee) then `POST
 * payment/checkout/{uuid}` (the attempt opened at the sandbox with the split routes). First one
 * connection (sequential), then each count of BENCH_COURT_CONNECTIONS (default `8,32`) under load,
 * BENCH_SECONDS (default 10) each; every row prints p50/p95/p99, the errors by step, status and
 * reason, and the load average. BENCH_TAG names the scratch database and Redis prefix.
 */
import { loadavg } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { measureCourtCheckout, prepareCourtBench } from '../modules/food-court/bench.ts'
import { createDb } from '../modules/platform/db.ts'
import { startBenchApi } from './lib/bench-api.ts'
import { ensurePostgres, ensureRedis } from './lib/services.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const counts = (process.env.BENCH_COURT_CONNECTIONS ?? '8,32').split(',').map(Number)
const tag = process.env.BENCH_TAG ?? `court_${process.pid}`

const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, '.data', 'bench')
const postgres = await ensurePostgres({ dataDir, prefer: 'local' })
const redis = await ensureRedis({ dataDir, prefer: 'local' })
const dbName = `cardpay_bench_${tag}`
const admin = new pg.Client({ connectionString: postgres.adminUrl })
await admin.connect()
await admin.query(`drop database if exists ${dbName} with (force)`)
await admin.query(`create database ${dbName}`)
const dbUrl = new URL(postgres.adminUrl)
dbUrl.pathname = `/${dbName}`
const { api, port, env, ready } = await startBenchApi({
  dbUrl: dbUrl.toString(),
  redisUrl: redis.url,
  redisPrefix: `bench_${tag}`,
})
const origin = `http://127.0.0.1:${port}`
try {
  await ready()
  const db = createDb({ url: dbUrl.toString(), max: 2 })
  const bench = await prepareCourtBench(
    db,
    { DATA_ENCRYPTION_KEY: env.DATA_ENCRYPTION_KEY, DATA_DIR: dataDir, NODE_ENV: 'production' },
    { sessions: 20_000 },
  )
  await db.destroy()
  let used = 0
  const run = async (connections: number, secs: number) => {
    // Each run takes carts no run before it checked out.
    const r = await measureCourtCheckout(
      origin,
      { ...bench, sessionIds: bench.sessionIds.slice(used) },
      { seconds: secs, connections },
    )
    used += r.operations + r.errors
    return r
  }
  await run(4, 2) // warm-up
  console.log(
    `food court: checkout of 2 restaurants + split payment start at the sandbox, ${seconds} s per row`,
  )
  for (const connections of [1, ...counts]) {
    const r = await run(connections, seconds)
    console.log(
      `  ${String(connections).padStart(3)} connection(s): ${r.rps} checkouts/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.operations} operations, errors ${r.errors}${r.errors ? ` ${JSON.stringify(r.failures)}` : ''}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    )
  }
} finally {
  await api.stop('SIGTERM', 10_000)
  await admin.query(`drop database if exists ${dbName} with (force)`)
  await admin.end()
  await redis.stop()
  await postgres.stop()
}
