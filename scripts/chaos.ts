/**
 * `npm run chaos`: the platform as it runs in production (three API processes on one port, three
 * worker processes, one PostgreSQL, one Redis), under a mixed load through the public HTTP API,
 * while a process is killed with SIGKILL every few seconds and started again, Redis is restarted
 * once, every PostgreSQL connection is cut once, the provider's webhooks are delivered a second
 * time in shuffled order, and ten waiting handler jobs are removed from Redis (for the outbox
 * re-drive to queue again). After the load it waits for the queues to drain and every sent event
 * to be seen handled, and checks that nothing committed was lost or doubled (issue 18). The last
 * line:
 *
 *   chaos: <kills> kills, <requests> requests, <violations> violations
 *
 * followed, when a check failed, by one line naming every failed check:
 *
 *   chaos: FAILED checks: <check>; <check>
 *
 * When the run itself breaks down (an error, the drain's deadline, the run's own time limit) rather
 * than a check failing, its last line says so and in which phase, with exit code 2:
 *
 *   chaos: CRASHED in <phase> (not a check that failed): <error>
 *   chaos: TIMED OUT in <phase> (not a check that failed): <what was still going on>
 *
 *   node scripts/chaos.ts            the long run (10 minutes, ≥ 200 kills)
 *   node scripts/chaos.ts --short    the short one (40 s, ≥ 20 kills)
 *
 * CHAOS_SECONDS, CHAOS_KILL_EVERY_MS and CHAOS_CLIENTS change the run; CHAOS_RECONCILE_AFTER_MS
 * (5000) is the age at which the drain has the reconciliation ask the provider about attempts a
 * killed process left unfinished (the platform's own is 2 minutes). The API processes share a
 * port with SO_REUSEPORT (`REUSE_PORT=true`): the kernel spreads new connections over the live
 * ones, a dead one's connections are reset, and the clients retry, as clients behind a load
 * balancer do: a request without an answer is sent again with the same Idempotency-Key.
 * Redis is a `redis-server` of this run (append-only file, so a restart keeps the queues); the
 * database is a scratch database on the local PostgreSQL. Loopback only. Exit code 1 on a violation
 * or when fewer processes were killed than the run promises, 2 when the run broke down.
 *
 * The load: sign-ins, card payments at the sandbox and card redemptions at a cashpoint (with their
 * ledger postings, outbox events and webhooks), bill reminders coming due all through the run (each
 * e-mailed exactly once), food orders (a guest's session, basket, checkout, paid at the sandbox,
 * then moved by the kitchen to cooking, ready and picked up), court orders (a cart of two
 * restaurants, one split payment, both parts delivered and paid out, or one part rejected and
 * refunded), and feed posts, comments and likes. The kitchens work as staff do: a loop that looks
 * at each paid order and moves it one step at a time, during the load and the drain.
 */
import { randomInt } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose'
import { sql } from 'kysely'
import pg from 'pg'
import { startSmtpCapture } from '../tests/support/smtp.ts'
import { type Child, freePort, startChild, tcpOf, tcpSockets } from './lib/process.ts'
import { ensurePostgres, ensureRedis, type ServiceHandle } from './lib/services.ts'

const { values: flags } = parseArgs({ options: { short: { type: 'boolean', default: false } } })
const short = flags.short ?? false
const seconds = Number(process.env.CHAOS_SECONDS ?? (short ? 40 : 600))
const killEveryMs = Number(process.env.CHAOS_KILL_EVERY_MS ?? (short ? 1500 : 2500))
const clients = Number(process.env.CHAOS_CLIENTS ?? 12)
const reconcileAfterMs = Number(process.env.CHAOS_RECONCILE_AFTER_MS ?? 5000)
const minKills = short ? 20 : 200
const processesOfEachKind = 3

const root = path.resolve(import.meta.dirname, '..')
const runDir = path.join(root, '.data', `chaos-${process.pid}`)
mkdirSync(runDir, { recursive: true })
const say = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`)

/**
 * What the run is doing, for the last line when it breaks down: CI shows only the tail of its
 * output, so a breakdown must be told from a failed check there. An error anywhere (thrown at the
 * top level, or a promise nobody waited for yet such as a kitchen's) ends the run with exit code 2
 * and says where; so does the run's own time limit, set at the start of each phase.
 */
let phase = 'setting up services'
/** Processes that died by themselves (not killed by the run), with their last lines. */
const exits: string[] = []
let phaseTimer: NodeJS.Timeout | undefined
function enterPhase(name: string, limitMs: number) {
  phase = name
  clearTimeout(phaseTimer)
  phaseTimer = setTimeout(() => breakDown('TIMED OUT', `${name} took more than ${limitMs / 1000} s`), limitMs)
  phaseTimer.unref()
}
function breakDown(how: 'CRASHED' | 'TIMED OUT', why: string): never {
  for (const e of exits) say(`died by itself: ${e}`)
  console.log(`chaos: ${how} in ${phase} (not a check that failed): ${why.split('\n')[0]?.slice(0, 500)}`)
  process.exit(2)
}
process.on('uncaughtException', (err) => {
  console.error(err)
  breakDown('CRASHED', err instanceof Error ? err.message : String(err))
})
process.on('exit', (code) => {
  // Node's own code for a top-level await that can never go on (nothing left to wake it).
  if (code === 13)
    console.log(`chaos: CRASHED in ${phase} (not a check that failed): stuck, nothing left to run`)
})
enterPhase('setting up services', 5 * 60_000)

// ------------------------------------------------------------------------------------------------
// Services: the local PostgreSQL (a scratch database), a Redis of this run, an SMTP capture.

const postgres = await ensurePostgres({ dataDir: path.join(root, '.data', 'bench'), prefer: 'local' })
const redisOptions = { dataDir: runDir, prefer: 'embedded' as const, env: {}, log: say }
let redis: ServiceHandle = await ensureRedis(redisOptions)
const smtp = await startSmtpCapture()
const dbName = `cardpay_chaos_${process.pid}`
const admin = new pg.Client({ connectionString: postgres.adminUrl })
await admin.connect()
await admin.query(`create database ${dbName}`)
const dbUrl = new URL(postgres.adminUrl)
dbUrl.pathname = `/${dbName}`

const { createDb } = await import('../modules/platform/db.ts')
const { migrateToLatest } = await import('../modules/platform/migrate.ts')
const db = createDb({ url: dbUrl.toString(), max: 4 })
await migrateToLatest(db)

const keys = await generateKeyPair('EdDSA', { extractable: true })
const dataEncryptionKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')
const port = await freePort()
const redisPrefix = `chaos_${process.pid}`
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  REUSE_PORT: 'true',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL: redis.url,
  REDIS_PREFIX: redisPrefix,
  SMTP_URL: smtp.url,
  MIGRATE_ON_START: 'false',
  LOG_LEVEL: 'error',
  TOKEN_PRIVATE_KEY: await exportPKCS8(keys.privateKey),
  TOKEN_PUBLIC_KEY: await exportSPKI(keys.publicKey),
  DATA_ENCRYPTION_KEY: dataEncryptionKey,
  DATA_DIR: runDir,
  // A killed worker's jobs go back to the queue after 15 s rather than BullMQ's 30, looked for every
  // 5 s. Not shorter: a live worker renews its jobs' locks every half lock, and on a busy machine a
  // freshly started one (compiling, loading its mail templates) can miss a 5 s lock's renewal, so its
  // jobs counted as stalled and, stalled six times, failed for good although no process had died.
  WORKER_LOCK_MS: '15000',
  WORKER_STALLED_MS: '5000',
  // A killed worker's reminder claims lapse after 5 s rather than 2 minutes.
  REMINDER_CLAIM_MS: '5000',
  // The outbox re-drive looks at an event 5 s after sending rather than a minute, every 2 s, and
  // re-drives a job that failed for good or vanished up to 5 times 2, 4, 8, 16 s apart (not 1 to
  // 16 minutes), so the drain waits for it without outlasting the run.
  OUTBOX_REDRIVE_MS: '2000',
  OUTBOX_REDRIVE_AFTER_MS: '5000',
  OUTBOX_REDRIVE_BACKOFF_MS: '2000',
  OUTBOX_REDRIVE_MAX: '5',
  // All load comes from one address, one device and the sandbox's one test card.
  PAY_LIMIT_PER_ADDRESS: '100000000',
  PAY_LIMIT_PER_PAYMENT: '100000000',
  PAY_LIMIT_PER_CARD: '100000000',
  PAY_LIMIT_PER_DEVICE: '100000000',
}

// ------------------------------------------------------------------------------------------------
// Data: a payment program with orders to pay, a card program with activated cards and an acceptor
// at a cashpoint, a user who signs in (the same set-ups as `npm run bench`).

enterPhase('preparing data', 5 * 60_000)
say('preparing data')
const config = { DATA_ENCRYPTION_KEY: dataEncryptionKey, DATA_DIR: runDir, NODE_ENV: 'production' as const }
const { preparePaymentBench } = await import('../modules/payments/bench.ts')
const payments = await preparePaymentBench(db, config, { orders: 20_000 })
const { benchIssuing, cardTotals, prepareCardBench, prepareRedemptionBench } = await import(
  '../modules/cards/bench.ts'
)
const cardBench = await prepareCardBench(db, config, { quantity: 1000 })
await benchIssuing(db, cardBench)
const redemptions = await prepareRedemptionBench(db, cardBench, { cards: 500 })
const cardsBefore = await cardTotals(db, cardBench)
const { planChaosReminders, prepareBillBench } = await import('../modules/credit/bench.ts')
const billBench = await prepareBillBench(db, { bills: short ? 160 : 800 })
const { createUser } = await import('../modules/identity/index.ts')
await createUser(db, { email: 'chaos@example.com', password: 'Chaos-Pass-1', type: 3 })

// Food: a restaurant taking pickup orders paid at the sandbox (the bench's, with 10 dishes), and a
// food court of two restaurants. The court bench's restaurants carry made-up merchant accounts; here
// their invitations go back to pending and are onboarded at the sandbox through the API once the
// processes are up, so that their payouts reach real (sandbox) merchants.
const { prepareFoodBench, prepareOrderingBench } = await import('../modules/food/bench.ts')
const { prepareSandboxAccount } = await import('../modules/payments/bench.ts')
const food = await prepareFoodBench(db, { products: 10 })
await prepareOrderingBench(db, food.restaurantUuid)
await prepareSandboxAccount(db, config, { uuid: food.restaurantUuid, owner_user_id: food.ownerId })
const foodOwner = { email: 'bench-food-owner@example.com', password: 'Bench-Pass-1' }
const { prepareCourtBench } = await import('../modules/food-court/bench.ts')
const court = await prepareCourtBench(db, config, { sessions: 0 })
const courtOwner = { email: 'bench-court-owner@example.com', password: 'Bench-Pass-1' }
await db
  .updateTable('food_court_invites')
  .set({ status: 1, merchant_account_id: null, onboarding_status: 'none' })
  .where('court_id', '=', court.courtUuid)
  .execute()
const courtDishes = await db
  .selectFrom('food_court_invites as i')
  .innerJoin('food_products as p', 'p.program_id', 'i.restaurant_id')
  .select(['i.restaurant_id as restaurant', 'p.id as product'])
  .where('i.court_id', '=', court.courtUuid)
  .orderBy('i.restaurant_id')
  .execute()

// Feed: an owner who writes, card holders who like and comment.
await createUser(db, { email: 'chaos-author@example.com', password: 'Chaos-Pass-1', type: 1 })
const readers = await Promise.all(
  Array.from({ length: 8 }, (_, i) =>
    createUser(db, { email: `chaos-reader-${i}@example.com`, password: 'Chaos-Pass-1', type: 3 }),
  ),
)

// ------------------------------------------------------------------------------------------------
// Processes

interface Running {
  kind: 'api' | 'worker'
  child: Child
  startedAt: number
  /** When it was seen up: an API listening on the port, a worker connected to Redis for its jobs. */
  upAt?: number
}
const running = new Set<Running>()
let started = 0
let kills = 0

function start(kind: Running['kind']) {
  const file = kind === 'api' ? 'services/api/main.ts' : 'services/worker/main.ts'
  const child = startChild({
    name: `${kind}-${++started}`,
    command: process.execPath,
    args: [path.join(root, file)],
    cwd: root,
    env,
    keepLines: 30,
  })
  const entry: Running = { kind, child, startedAt: Date.now() }
  running.add(entry)
  void child.exited.then((how) => {
    // Not one the run killed (killOne takes its victim out first) nor stopped at the end: the
    // process died of the faults by itself. Say how, and start another, as a supervisor would.
    if (stopped || !running.delete(entry)) return
    exits.push(
      `${child.name} exited (${how.signal ?? how.code}): ${child.lastOutput().split('\n').slice(-3).join(' | ').slice(0, 600)}`,
    )
    say(`${exits.at(-1)}`)
    if (!stopped) start(kind)
  })
}
let stopped = false

/**
 * Only a process that is up is killed, and only once it has been up for as long as its start took
 * (at least 4 s): one still starting would die before it ever served or ran a job, and the platform
 * would be down rather than failing over. Up is what the process's own sockets say (Linux /proc):
 * an API listens on the port (each has a listening socket of its own with SO_REUSEPORT), a worker
 * has its job connections to Redis open (more than the one every process opens first). Loading the
 * modules is most of a start: 2 to 3 s on a quiet machine, 10 to 20 s on a busy one, where jobs run
 * as much slower. The rule was 4 s after the start. On a busy machine that killed processes before
 * they were up (every API down for minutes, until the clients' requests gave up); killing them 4 s
 * after they came up instead killed the few workers that were up so soon after they took a job that
 * jobs stalled more often than BullMQ allows (maxStalledCount 5) and failed. Up for as long as the
 * start took keeps the kills in step with the machine's speed; the load goes on until the run has
 * made the kills it promises (`loadGoesOn`). Where /proc cannot tell, a process is up at its start.
 */
const upForMs = 4000
/** Ticks of the killer that found no process up long enough to kill. */
let killsWaiting = 0
/** Milliseconds from start to up, of every process seen up, by kind. */
const startDurations = { api: [] as number[], worker: [] as number[] }

function markUp() {
  const sockets = tcpSockets()
  const redisPort = Number(new URL(redis.url).port)
  for (const r of running) {
    if (r.upAt !== undefined) continue
    if (sockets === undefined) {
      r.upAt = r.startedAt
      continue
    }
    // Undefined: gone (its exit is on its way to `start`'s handler).
    const tcp = tcpOf(r.child.pid, r.kind === 'api' ? port : redisPort, sockets)
    if (!tcp || !(r.kind === 'api' ? tcp.listens : tcp.connections >= 2)) continue
    r.upAt = Date.now()
    startDurations[r.kind].push(r.upAt - r.startedAt)
  }
}
const watchUp = setInterval(markUp, 200)

function killOne() {
  markUp()
  const now = Date.now()
  const all = [...running].filter(
    (r) =>
      r.upAt !== undefined && now - r.upAt >= Math.max(upForMs, r.upAt - r.startedAt) && r.child.running(),
  )
  const victim = all[randomInt(all.length || 1)]
  if (!victim) {
    killsWaiting++
    return
  }
  running.delete(victim)
  try {
    process.kill(victim.child.pid, 'SIGKILL')
    kills++
  } catch {}
  start(victim.kind)
}

enterPhase('starting the processes', 8 * 60_000)
for (let i = 0; i < processesOfEachKind; i++) {
  start('api')
  start('worker')
}
const base = `http://127.0.0.1:${port}`
for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/api/v1/ready`).then(
    (r) => r.ok,
    () => false,
  )
  if (ok) break
  if (i > 600) throw new Error('the API did not become ready in 90 s')
  await new Promise((r) => setTimeout(r, 150))
}

// ------------------------------------------------------------------------------------------------
// Clients: each request is sent again (same body, same Idempotency-Key) until it gets an answer
// that is not a server error, as a client behind a load balancer would.

const counts = { requests: 0, answered: 0, gaveUp: 0, inProgress: 0 }
/** Milliseconds from sending to an answer, of every try that was answered. */
const latencies: number[] = []
const accepted = {
  signIns: 0,
  paid: new Set<string>(),
  redemptions: new Map<string, number>(),
  /** Checkouts answered: Idempotency-Key → the order answered. */
  foodOrders: new Map<string, string>(),
  courtOrders: new Map<string, string>(),
  /** Food and court orders whose payment was answered paid: the kitchen must deliver them. */
  foodPaid: new Set<string>(),
  courtPaid: new Set<string>(),
  posts: new Map<string, string>(),
  comments: new Map<string, string>(),
  /** `post:user` of every like answered. */
  likes: new Set<string>(),
}

type Answer = { status: number; body: Record<string, unknown> | null }
type Init = { body?: unknown; headers?: Record<string, string> }

async function send(pathName: string, init: Init): Promise<Answer | undefined> {
  return call('POST', pathName, init)
}

async function call(method: string, pathName: string, init: Init = {}): Promise<Answer | undefined> {
  for (let attempt = 1; attempt <= 80; attempt++) {
    counts.requests++
    const sentAt = performance.now()
    try {
      const res = await fetch(`${base}${pathName}`, {
        method,
        headers: { 'content-type': 'application/json', ...init.headers },
        ...(method === 'GET' ? {} : { body: JSON.stringify(init.body ?? {}) }),
        signal: AbortSignal.timeout(20_000),
      })
      const body = (await res.json().catch(() => null)) as Record<string, unknown> | null
      // The first try's process died while it held the key: the key is free again after a minute.
      const inProgress =
        res.status === 409 &&
        (body?.error as { reason?: string } | undefined)?.reason === 'idempotency_key_in_progress'
      if (res.status < 500 && !inProgress) {
        latencies.push(performance.now() - sentAt)
        counts.answered++
        return { status: res.status, body }
      }
      if (inProgress) {
        counts.inProgress++
        await new Promise((r) => setTimeout(r, 3000))
        continue
      }
    } catch {}
    await new Promise((r) => setTimeout(r, Math.min(2000, 100 * attempt)))
  }
  counts.gaveUp++
  return undefined
}

/** A user's access token; undefined when the sign-in got no answer in 80 tries. A refusal throws. */
async function signInAs(email: string, password: string): Promise<string | undefined> {
  const res = await send('/api/v1/auth/login', { body: { email, password } })
  if (res === undefined) return undefined
  const token = res.body?.auth_token
  if (res.status !== 200 || typeof token !== 'string')
    throw new Error(`sign-in of ${email} refused: ${res.status} ${JSON.stringify(res.body)}`)
  return token
}
const acceptorToken = await signInAs(redemptions.acceptorEmail, redemptions.acceptorPassword)
if (!acceptorToken) throw new Error('the sign-in of the acceptor got no answer in 80 tries')

/**
 * Bearer headers of a user, signed in again before the 15-minute access token runs out. A sign-in
 * without an answer is an unanswered request like any other: the request it was for goes without
 * (and is refused), the next one signs in again.
 */
function session(email: string, password: string) {
  let token = ''
  let at = 0
  return async (): Promise<Record<string, string>> => {
    if (Date.now() - at > 10 * 60_000) {
      const fresh = await signInAs(email, password)
      if (fresh === undefined) return {}
      token = fresh
      at = Date.now()
    }
    return { authorization: `Bearer ${token}` }
  }
}
const asFoodOwner = session(foodOwner.email, foodOwner.password)
const asCourtOwner = session(courtOwner.email, courtOwner.password)
const asAuthor = session('chaos-author@example.com', 'Chaos-Pass-1')
const asReaders = readers.map((r) => ({ id: r.id, auth: session(r.email, 'Chaos-Pass-1') }))

// The court's two restaurants onboard at the sandbox, as their owner does in the programs portal:
// start the onboarding, approve it on the provider's page, ask until it is active.
for (const restaurant of new Set(courtDishes.map((d) => d.restaurant))) {
  const started = await send('/api/v1/food/ccv-onboarding', {
    headers: await asCourtOwner(),
    body: { food_court: court.courtUuid, restaurant_uuid: restaurant },
  })
  const url = (started?.body?.result as { ccvpay_url?: string } | undefined)?.ccvpay_url
  if (!url)
    throw new Error(`onboarding of ${restaurant}: ${started?.status} ${JSON.stringify(started?.body)}`)
  await send(`/api/v1/sandbox/onboarding/${url.split('/').pop()}`, { body: { approve: true } })
  for (let i = 0; ; i++) {
    const now = await call(
      'GET',
      `/api/v1/food/ccv-onboarding?food_court=${court.courtUuid}&restaurant_uuid=${restaurant}`,
      { headers: await asCourtOwner() },
    )
    if ((now?.body?.result as { ccvpay_status?: string } | undefined)?.ccvpay_status === 'active') break
    if (i > 100) throw new Error(`onboarding of ${restaurant} did not become active`)
    await new Promise((r) => setTimeout(r, 300))
  }
}

let nextOrder = 0
let nextRedemption = 0
let nextFood = 0
let nextPost = 0
const deadline = Date.now() + seconds * 1000
/**
 * The load lasts `seconds` and then, while fewer processes were killed than the run promises (a
 * machine so busy that processes take long to come up, and only those up are killed), goes on
 * until they were, for at most `overtimeMs` more: a run that killed fewer has tested less, so the
 * check of the kills stays, but a slow machine gets the time to make them.
 */
const overtimeMs = (short ? 4 : 10) * 60_000
let overtime = false
function loadGoesOn(): boolean {
  const now = Date.now()
  if (now < deadline) return true
  if (kills >= minKills || now >= deadline + overtimeMs) return false
  if (!overtime) {
    overtime = true
    say(
      `load: ${kills} kills in ${seconds} s, fewer than ${minKills}; going on until there are (at most ${overtimeMs / 60_000} minutes)`,
    )
  }
  return true
}

/** Pays an order's payment with the sandbox's test card; true when it is answered paid. */
async function payOrder(payment: string): Promise<boolean> {
  const res = await send('/api/v1/payment/pay', {
    headers: { 'idempotency-key': `chaos-pay-${payment}` },
    body: {
      order_uuid: payment,
      payment_type: 'card',
      card_number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    },
  })
  return res?.status === 200 && res.body?.status === 'paid'
}

/** A guest's pickup session with `lines` in its basket; undefined when it was refused. */
async function guestBasket(lines: { product: string; quantity: number }[]): Promise<string | undefined> {
  const started = await send('/api/v1/food/session?pickup_in_restaurant=true', {})
  const session = started?.status === 201 ? (started.body?.uuid as string | undefined) : undefined
  if (!session) return undefined
  for (const line of lines) {
    const put = await call('PUT', `/api/v1/food/basket/${session}`, {
      body: { product_id: line.product, quantity: line.quantity },
    })
    if (put?.status !== 200) return undefined
  }
  return session
}

const guestDetails = {
  pickup_in_restaurant: true,
  name: 'Chaos Guest',
  phone: '+31 6 1234 5678',
  email: 'chaos-guest@example.com',
  accept_terms: true,
  accept_privacy: true,
  payment_method: 'card',
}

/** A food order: session, basket, checkout, paid; the kitchen takes it from its board. */
async function foodOrder() {
  const session = await guestBasket([{ product: food.productUuid, quantity: 4 }])
  if (!session) return
  const key = `chaos-food-${process.pid}-${nextFood++}`
  const placed = await send(`/api/v1/food/basket/${session}/checkout`, {
    headers: { 'idempotency-key': key },
    body: { restaurant_uuid: food.restaurantUuid, delivery_asap: true, ...guestDetails },
  })
  if (placed?.status !== 201) return
  const order = (placed.body?.result as { uuid?: string } | undefined)?.uuid as string
  accepted.foodOrders.set(key, order)
  if (await payOrder(placed.body?.payment_uuid as string)) accepted.foodPaid.add(order)
}

/** Court sub-orders the restaurant rejects (refunded to the guest) rather than cooks. */
const toReject = new Set<string>()

/** A court order: one cart of both restaurants, one split payment; each part on its kitchen's board. */
async function courtOrder() {
  const session = await guestBasket(courtDishes.map((d) => ({ product: d.product, quantity: 1 })))
  if (!session) return
  const n = nextFood++
  const key = `chaos-court-${process.pid}-${n}`
  const placed = await send(`/api/v1/food/court/basket/${session}/checkout`, {
    headers: { 'idempotency-key': key },
    body: { court_uuid: court.courtUuid, ...guestDetails },
  })
  if (placed?.status !== 201) return
  const result = placed.body?.result as { uuid: string; food_court_suborders: { uuid: string }[] }
  accepted.courtOrders.set(key, result.uuid)
  // One order in four: its second restaurant rejects its part instead of cooking it.
  const second = result.food_court_suborders[1]
  if (n % 4 === 0 && second) toReject.add(second.uuid)
  if (await payOrder(placed.body?.payment_uuid as string)) accepted.courtPaid.add(result.uuid)
}

/**
 * The kitchens work their boards as staff do: the paid orders still to do (whether or not the
 * guest heard that the payment went through), each moved one step per look; the court's parts
 * to reject are rejected instead. Until the drain is over.
 */
let kitchenOpen = true
const rejected = new Set<string>()
const kitchens = [
  { restaurant: food.restaurantUuid, staff: asFoodOwner, steps: [5, 6, 7] },
  ...[...new Set(courtDishes.map((d) => d.restaurant))].map((restaurant) => ({
    restaurant,
    staff: asCourtOwner,
    steps: [5, 7],
  })),
]

async function kitchen(k: (typeof kitchens)[number]) {
  while (kitchenOpen) {
    const headers = await k.staff()
    const board = await call('GET', `/api/v1/food/programs/${k.restaurant}/orders?active_view=true`, {
      headers,
    })
    const orders = (board?.body?.results ?? []) as { uuid: string; order_status: number }[]
    for (const o of orders) {
      if (!kitchenOpen || rejected.has(o.uuid)) continue
      if (toReject.has(o.uuid)) {
        const res = await send(`/api/v1/food/programs/${k.restaurant}/court-orders/${o.uuid}/reject`, {
          headers: { ...headers, 'idempotency-key': `chaos-reject-${o.uuid}` },
        })
        // 409: an earlier try rejected it (its answer lost with its process).
        if (res?.status === 200 || res?.status === 409) rejected.add(o.uuid)
        continue
      }
      const next = k.steps.find((step) => step > o.order_status)
      // A retry of a move that was made is refused (409, not forward); the next look sees it made.
      if (next !== undefined)
        await call('PATCH', `/api/v1/food/programs/${k.restaurant}/orders/${o.uuid}/status`, {
          headers,
          body: { status: next },
        })
    }
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** A post by the owner; its readers like it and comment on it. */
const postIds: string[] = []
async function writePost() {
  const key = `chaos-post-${process.pid}-${nextPost++}`
  const res = await send('/api/v1/feed/posts', {
    headers: { ...(await asAuthor()), 'idempotency-key': key },
    body: { title: `Chaos ${nextPost}`, text: 'Written under load' },
  })
  if (res?.status !== 201) return
  accepted.posts.set(key, res.body?.uuid as string)
  postIds.push(res.body?.uuid as string)
}

async function likeOrComment(comment: boolean) {
  const post = postIds[randomInt(postIds.length || 1)]
  if (!post) return writePost()
  const reader = asReaders[randomInt(asReaders.length)] as (typeof asReaders)[number]
  if (comment) {
    const key = `chaos-comment-${process.pid}-${nextPost++}`
    const res = await send(`/api/v1/feed/posts/${post}/comments`, {
      headers: { ...(await reader.auth()), 'idempotency-key': key },
      body: { text: 'Seen under load' },
    })
    if (res?.status === 201) accepted.comments.set(key, res.body?.uuid as string)
    return
  }
  const res = await send(`/api/v1/feed/posts/${post}/like`, {
    headers: await reader.auth(),
    body: { liked: true },
  })
  if (res?.status === 200) accepted.likes.add(`${post}:${reader.id}`)
}

async function client() {
  while (loadGoesOn()) {
    const pick = randomInt(20)
    if (pick === 12 || pick === 13) {
      await foodOrder()
      continue
    }
    if (pick === 14) {
      await courtOrder()
      continue
    }
    if (pick === 15) {
      await writePost()
      continue
    }
    if (pick >= 16) {
      await likeOrComment(pick === 19)
      continue
    }
    if (pick < 3) {
      const res = await send('/api/v1/auth/login', {
        body: { email: 'chaos@example.com', password: 'Chaos-Pass-1' },
      })
      if (res?.status === 200) accepted.signIns++
    } else if (pick < 7) {
      const order = payments.orderIds[nextOrder++ % payments.orderIds.length] as string
      const res = await send('/api/v1/payment/pay', {
        headers: { 'idempotency-key': `chaos-pay-${order}` },
        body: {
          order_uuid: order,
          payment_type: 'card',
          card_number: '4242 4242 4242 4242',
          exp_month: 12,
          exp_year: 2030,
          cvc: '123',
        },
      })
      if (res && res.status < 300) accepted.paid.add(order)
    } else {
      const i = nextRedemption++
      const key = `chaos-redeem-${process.pid}-${i}`
      const amount = 100 + (i % 900)
      const res = await send('/api/v1/card/redemptions', {
        headers: { authorization: `Bearer ${acceptorToken}`, 'idempotency-key': key },
        body: {
          cashpoint: redemptions.cashpointId,
          token: redemptions.tokens[i % redemptions.tokens.length],
          amount,
        },
      })
      if (res && res.status < 300) accepted.redemptions.set(key, amount)
    }
  }
}

// ------------------------------------------------------------------------------------------------
// Faults

const faults: string[] = []
async function faultPlan() {
  const at = (share: number) => new Promise((r) => setTimeout(r, seconds * 1000 * share))
  await Promise.all([
    at(0.3).then(async () => {
      // The provider's webhooks again, each a second time and in shuffled order.
      const copied = await sql<{ n: number }>`
        with copies as (
          insert into outbox (id, name, payload)
          select gen_random_uuid(), name, payload from outbox
          where name = 'payments.sandbox-event.created' order by random()
          returning 1)
        select count(*)::int as n from copies`.execute(db)
      faults.push(`${copied.rows[0]?.n ?? 0} provider webhooks queued a second time, shuffled`)
    }),
    at(0.55).then(async () => {
      // Handler jobs lost before they ran, as a Redis that lost its data loses them: the outbox
      // re-drive (modules/platform/redrive.ts) must queue each again, and each event be handled.
      const { queueNames } = await import('../modules/platform/queues.ts')
      const connection = new Redis(redis.url, { maxRetriesPerRequest: null })
      const waiting = queueNames.map((name) => new Queue(name, { connection, prefix: redisPrefix }))
      for (let tries = 0; tries < 40 && lostJobs.size < 10; tries++) {
        for (const q of waiting)
          for (const j of await q.getWaiting(0, 50)) {
            const eventId = /^([0-9a-f-]{36})\./.exec(j.id ?? '')?.[1]
            if (!eventId || lostJobs.size >= 10) continue
            if (
              await j.remove().then(
                () => true,
                () => false,
              )
            )
              lostJobs.add(eventId)
          }
        if (lostJobs.size < 10) await new Promise((r) => setTimeout(r, 250))
      }
      await Promise.all(waiting.map((q) => q.close()))
      connection.disconnect()
      faults.push(`${lostJobs.size} waiting handler jobs removed from Redis`)
    }),
    at(0.45).then(async () => {
      await redis.stop()
      await new Promise((r) => setTimeout(r, 1000))
      redis = await ensureRedis(redisOptions)
      if (redis.url !== env.REDIS_URL) throw new Error(`Redis came back on another address: ${redis.url}`)
      faults.push('Redis restarted')
    }),
    at(0.65).then(async () => {
      // Every connection to the run's database at once; again a moment later should the processes
      // have had none open (all of them starting after kills).
      for (let tries = 0; tries < 120; tries++) {
        const cut = await admin.query(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [dbName],
        )
        pgCut = cut.rows[0].n
        if (pgCut > 0 || tries === 119) {
          faults.push(`${cut.rows[0].n} PostgreSQL connections terminated`)
          break
        }
        await new Promise((r) => setTimeout(r, 500))
      }
    }),
  ])
}

let pgCut = 0
/** Events whose waiting handler job the fault plan removed from Redis. */
const lostJobs = new Set<string>()
// Bill reminders come due all through the load, one per unpaid bill, each to be e-mailed once.
const reminders = await planChaosReminders(db, billBench, {
  reminders: short ? 120 : 600,
  from: new Date(Date.now() + 3000),
  to: new Date(Date.now() + seconds * 900),
})
const startedAt = new Date()
// The clients' requests give up after 80 tries of up to 20 s; a run is far shorter than this.
enterPhase('the load', seconds * 1000 + overtimeMs + 15 * 60_000)
const killer = setInterval(killOne, killEveryMs)
say(`load: ${clients} clients for ${seconds} s; a process killed every ${killEveryMs} ms`)
const kitchensWorking = Promise.all(kitchens.map(kitchen))
await Promise.all([...Array.from({ length: clients }, client), faultPlan()])
clearInterval(killer)
const loadEndedAt = new Date()
while ([...running].filter((r) => r.kind === 'worker').length < processesOfEachKind) start('worker')
const loadSeconds = (loadEndedAt.getTime() - startedAt.getTime()) / 1000
say(`load done: ${counts.requests} requests, ${kills} kills; draining`)

// ------------------------------------------------------------------------------------------------
// Drain: the outbox sent, no job waiting, running or waiting for a retry.

const { queueNames } = await import('../modules/platform/queues.ts')
const connection = new Redis(redis.url, { maxRetriesPerRequest: null })
const queues = queueNames.map((name) => new Queue(name, { connection, prefix: redisPrefix }))
/** What is still under way, by kind (all zero when drained). */
async function busy(): Promise<Record<string, number>> {
  const unsent = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow()
  // Sent events some handler of which has not been seen done, while they have re-drives left: the
  // sweep settles them or queues their failed or vanished jobs again.
  const unsettled = await sql<{ n: number }>`
    select count(*)::int as n from outbox
    where sent_at is not null and settled_at is null and redrives < ${Number(env.OUTBOX_REDRIVE_MAX)}`.execute(
    db,
  )
  let jobs = 0
  for (const q of queues) {
    const c = await q.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children')
    jobs += Object.values(c).reduce((a, b) => a + b, 0)
    jobs += (await q.getDelayed()).filter((j) => j.attemptsMade > 0).length
  }
  // Attempts a killed process left unfinished, until the reconciliation has asked the provider
  // about them since the load ended (an attempt the provider too holds open, as a payer who never
  // paid leaves it, is then known and settled as open).
  const unfinished = await db
    .selectFrom('payment_attempts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'creating'),
        eb.and([eb('status', 'in', ['open', 'requires_action']), eb('updated_at', '<', loadEndedAt)]),
      ]),
    )
    .executeTakeFirstOrThrow()
  // Reminders due and not yet sent (a killed worker's claim lapses after REMINDER_CLAIM_MS).
  const reminding = await db
    .selectFrom('credit_reminders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('step_id', '=', reminders.stepId)
    .where('status', 'in', ['planned', 'sending'])
    .executeTakeFirstOrThrow()
  // Court parts on their way: a payout or refund under way, or a delivered part not yet released;
  // payouts sent and not yet confirmed.
  const parts = await sql<{ n: number }>`
    select count(*)::int as n from food_court_parts p join food_orders o on o.id = p.food_order_id
    where p.status in ('releasing', 'refunding') or (p.status = 'held' and o.status >= 7)`.execute(db)
  const payouts = await sql<{ n: number }>`
    select count(*)::int as n from payment_payouts where status not in ('paid', 'failed')`.execute(db)
  // Paid orders the kitchens have still to deliver (a rejected part's sub-order stays paid).
  const boards = await sql<{ n: number }>`
    select count(*)::int as n from food_orders o
    where o.program_id = any(${kitchens.map((k) => k.restaurant)}::uuid[]) and o.status in (3, 5, 6)
      and not exists (select 1 from food_court_parts p where p.food_order_id = o.id and p.status in ('refunding', 'refunded'))`.execute(
    db,
  )
  return {
    'outbox events unsent': Number(unsent.n),
    'outbox events not yet seen handled': unsettled.rows[0]?.n ?? 0,
    jobs,
    'payment attempts unfinished': Number(unfinished.n),
    'reminders unsent': Number(reminding.n),
    "orders on the kitchens' boards": boards.rows[0]?.n ?? 0,
    'court parts on their way': parts.rows[0]?.n ?? 0,
    'payouts unconfirmed': payouts.rows[0]?.n ?? 0,
  }
}
const stillBusy = (left: Record<string, number>) =>
  Object.entries(left)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${what} ${n}`)
    .join(', ')
// The reconciliation runs every minute for attempts older than 2 minutes; with the load over, the
// drain asks it at once for attempts older than a few seconds (the same job, a shorter threshold),
// so a run does not sit out two minutes waiting for it.
const paymentsQueue = queues[queueNames.indexOf('payments')] as Queue
const drainMs = 10 * 60_000
const drainDeadline = Date.now() + drainMs
enterPhase('the drain', drainMs + 5 * 60_000)
let nudged = 0
let told = Date.now()
for (let quiet = 0; quiet < 3; ) {
  const busyNow = await busy()
  const left = Object.values(busyNow).reduce((a, b) => a + b, 0)
  if (left > 0 && Date.now() > drainDeadline)
    breakDown('TIMED OUT', `not drained ${drainMs / 60_000} minutes after the load: ${stillBusy(busyNow)}`)
  if (left > 0 && Date.now() - told >= 30_000) {
    told = Date.now()
    say(`draining for ${((Date.now() - loadEndedAt.getTime()) / 1000).toFixed(0)} s: ${stillBusy(busyNow)}`)
  }
  quiet = left === 0 ? quiet + 1 : 0
  if (left > 0 && Date.now() - nudged > reconcileAfterMs) {
    nudged = Date.now()
    await paymentsQueue.add('payments.reconcile@v1', { older_than_ms: reconcileAfterMs })
  }
  await new Promise((r) => setTimeout(r, 1000))
}

const drainSeconds = (Date.now() - loadEndedAt.getTime()) / 1000
kitchenOpen = false
await kitchensWorking

// ------------------------------------------------------------------------------------------------
// Checks

enterPhase('the checks', 5 * 60_000)
const violations: string[] = []
const check = (ok: boolean, what: string) => {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) violations.push(what)
}

// Ledger: every entry balanced.
const unbalanced = await sql<{ n: number }>`
  select count(*)::int as n from (
    select entry_id from ledger_lines group by entry_id, currency having sum(debit) <> sum(credit)) x`.execute(
  db,
)
check(unbalanced.rows[0]?.n === 0, `every ledger entry balanced (${unbalanced.rows[0]?.n} not)`)

// Payments: every accepted payment paid once; nothing charged twice; captured = the ledger's bank.
const paid = await sql<{ paid: number; over: number; kept: string; sandbox: string }>`
  select
    count(*) filter (where status = 'paid' and id = any(${[...accepted.paid]}::uuid[]))::int as paid,
    count(*) filter (where captured_amount - refunded_amount > amount)::int as over,
    (select coalesce(sum(captured_amount - refunded_amount), 0) from payments)::text as kept,
    (select coalesce(sum(s.amount), 0) - coalesce((select sum(r.amount) from sandbox_refunds r), 0)
       from sandbox_payments s where s.status in ('paid', 'refunded'))::text as sandbox
  from payments where program_uuid = ${payments.programUuid}::uuid`.execute(db)
const p = paid.rows[0]
check(p?.paid === accepted.paid.size, `accepted payments paid: ${p?.paid} of ${accepted.paid.size}`)
check(p?.over === 0, `payments holding more than their amount: ${p?.over}`)
check(p?.kept === p?.sandbox, `kept by all payments ${p?.kept} = kept at the sandbox ${p?.sandbox}`)
const bank = await sql<{ captured: string; fees: string; payouts: string; ledger: string }>`
  select
    (select coalesce(sum(captured_amount - refunded_amount), 0) from payments)::text as captured,
    (select coalesce(sum(fee_amount), 0) from payments)::text as fees,
    (select coalesce(sum(amount), 0) from payment_payouts where status = 'paid')::text as payouts,
    -- The platform's own provider account: 120's general sub-account (a court part paid out moves on
    -- to the restaurant's connected account, 120 acceptor <court>/<restaurant>; docs/food-court.md).
    (select coalesce(sum(l.debit - l.credit), 0) from ledger_lines l join ledger_sub_accounts s on s.id = l.sub_account_id
      where l.account = 120 and s.kind = 'general')::text as ledger`.execute(db)
const b = bank.rows[0]
check(
  b !== undefined && BigInt(b.captured) - BigInt(b.fees) - BigInt(b.payouts) === BigInt(b.ledger),
  `captured ${b?.captured} - provider fees ${b?.fees} - payouts ${b?.payouts} = ledger bank (120) ${b?.ledger}`,
)

// Card redemptions: each accepted one recorded; none without its own key (a key spent twice would
// leave one of its two redemptions without a key naming it); the cards' balance dropped by as much.
const cardsAfter = await cardTotals(db, cardBench)
const keyed = await sql<{ recorded: number; keyed: number; accepted: number }>`
  select count(*)::int as recorded,
    count(*) filter (where exists (select 1 from idempotency_keys k where k.effect_id = r.id::text))::int as keyed,
    count(*) filter (where r.id::text in (
      select k.effect_id from idempotency_keys k where k.key = any(${[...accepted.redemptions.keys()]}::text[])))::int as accepted
  from card_redemptions r where r.program_id = ${cardBench.programId}::uuid and r.created_at >= ${startedAt}`.execute(
  db,
)
const k = keyed.rows[0]
check(k?.recorded === k?.keyed, `redemptions ${k?.recorded}, each of its own Idempotency-Key: ${k?.keyed}`)
check(
  k?.accepted === accepted.redemptions.size,
  `accepted redemptions recorded: ${k?.accepted} of ${accepted.redemptions.size}`,
)
const drop = cardsBefore.balance - cardsAfter.balance
const taken = cardsAfter.redeemed - cardsBefore.redeemed + (cardsAfter.forfeited - cardsBefore.forfeited)
check(drop === taken, `cards' balance dropped ${drop} = redeemed and forfeited ${taken}`)

// Food and court orders: each accepted checkout's key names exactly one order, the one answered;
// no order without a key (every checkout of the run sends one); every paid order delivered.
async function ordersByKey(table: 'food_orders' | 'food_court_orders', where: ReturnType<typeof sql>) {
  const rows = await sql<{ id: string; key: string | null; status: number }>`
    select id, idempotency_key as key, status from ${sql.table(table)} where ${where}`.execute(db)
  return rows.rows
}
for (const [what, rows, answered, paidOrders] of [
  [
    'food orders',
    await ordersByKey('food_orders', sql`program_id = ${food.restaurantUuid}::uuid`),
    accepted.foodOrders,
    accepted.foodPaid,
  ],
  [
    'court orders',
    await ordersByKey('food_court_orders', sql`court_id = ${court.courtUuid}::uuid`),
    accepted.courtOrders,
    accepted.courtPaid,
  ],
] as const) {
  const byKey = new Map<string, string[]>()
  for (const r of rows) byKey.set(r.key ?? '', [...(byKey.get(r.key ?? '') ?? []), r.id])
  const twice = [...byKey.values()].filter((ids) => ids.length > 1).length
  const found = [...answered].filter(
    ([key, id]) => byKey.get(key)?.length === 1 && byKey.get(key)?.[0] === id,
  )
  check(
    found.length === answered.size && twice === 0 && !byKey.has(''),
    `accepted ${what} recorded once: ${found.length} of ${answered.size}; keys with two orders ${twice}; ${rows.length} in all`,
  )
  const status = new Map(rows.map((r) => [r.id, r.status]))
  const unpaid = [...paidOrders].filter((id) => (status.get(id) ?? 0) < 3).length
  check(unpaid === 0, `${what} answered paid and not paid: ${unpaid} of ${paidOrders.size}`)
}
const kitchenDone = await sql<{ paid: number; done: number }>`
  select count(*)::int as paid,
    count(*) filter (where o.status >= 7 or exists (select 1 from food_court_parts p
      where p.food_order_id = o.id and p.status = 'refunded'))::int as done
  from food_orders o where o.program_id = any(${kitchens.map((k) => k.restaurant)}::uuid[]) and o.paid_at is not null`.execute(
  db,
)
const kd = kitchenDone.rows[0]
check(
  kd?.paid === kd?.done,
  `paid orders and court sub-orders through the kitchens to picked up (or rejected and refunded): ${kd?.done} of ${kd?.paid}`,
)

// Court: every part of a paid order paid out once (one payout at payments and one transfer at the
// sandbox, of the part's amount) or refunded; payouts + fees kept + refunds = charges.
const parts = await sql<{
  status: string
  amount: string
  payouts: number
  paid_out: string
  transfers: number
}>`
  select p.status, p.amount::text,
    (select count(*)::int from payment_payouts x where x.payment_id = c.payment_id
       and x.merchant_account_id = p.merchant_account_id and x.status <> 'failed') as payouts,
    (select coalesce(sum(x.amount), 0)::text from payment_payouts x where x.payment_id = c.payment_id
       and x.merchant_account_id = p.merchant_account_id and x.status = 'paid') as paid_out,
    (select count(*)::int from sandbox_transfers t join payment_attempts a on a.provider_payment_id = t.payment_id
       where a.payment_id = c.payment_id and t.merchant_id = p.merchant_account_id) as transfers
  from food_court_parts p join food_court_orders c on c.id = p.court_order_id
  where c.court_id = ${court.courtUuid}::uuid and c.paid_at is not null`.execute(db)
const settled = parts.rows.filter((p) => p.status === 'paid_out' || p.status === 'refunded').length
check(
  settled === parts.rows.length,
  `parts of paid court orders paid out or refunded: ${settled} of ${parts.rows.length}`,
)
const badPayouts = parts.rows.filter((p) =>
  p.status === 'paid_out'
    ? p.payouts !== 1 || p.transfers !== 1 || p.paid_out !== p.amount
    : p.payouts !== 0 || p.transfers !== 0,
).length
check(
  badPayouts === 0,
  `court payouts made once (${parts.rows.filter((p) => p.status === 'paid_out').length} parts paid out, ${parts.rows.filter((p) => p.status === 'refunded').length} refunded): ${badPayouts} wrong`,
)
const courtMoney = await sql<{ charges: string; payouts: string; fees: string; refunds: string }>`
  select
    coalesce(sum(c.total), 0)::text as charges,
    (select coalesce(sum(x.amount), 0) from payment_payouts x join food_court_orders o on o.payment_id = x.payment_id
       where o.court_id = ${court.courtUuid}::uuid and x.status = 'paid')::text as payouts,
    (select coalesce(sum(p.fee), 0) from food_court_parts p join food_court_orders o on o.id = p.court_order_id
       where o.court_id = ${court.courtUuid}::uuid and o.paid_at is not null and p.status <> 'refunded')::text as fees,
    (select coalesce(sum(r.amount), 0) from payment_refunds r join food_court_orders o on o.payment_id = r.payment_id
       where o.court_id = ${court.courtUuid}::uuid and r.status <> 'failed')::text as refunds
  from food_court_orders c where c.court_id = ${court.courtUuid}::uuid and c.paid_at is not null`.execute(db)
const cm = courtMoney.rows[0]
check(
  cm !== undefined && BigInt(cm.payouts) + BigInt(cm.fees) + BigInt(cm.refunds) === BigInt(cm.charges),
  `court payouts ${cm?.payouts} + fees ${cm?.fees} + refunds ${cm?.refunds} = charges ${cm?.charges}`,
)

// Feed: every post and comment of its own key (a key that wrote twice leaves one of the two without
// a key naming it), each accepted one there; every like answered there, and each post's count its
// likes' rows.
for (const [what, table, answered] of [
  ['posts', 'feed_posts', accepted.posts],
  ['comments', 'feed_comments', accepted.comments],
] as const) {
  const r = await sql<{ made: number; keyed: number; found: number }>`
    select count(*)::int as made,
      count(*) filter (where exists (select 1 from idempotency_keys k where k.effect_id = x.id::text))::int as keyed,
      count(*) filter (where x.id = any(${[...answered.values()]}::uuid[]))::int as found
    from ${sql.table(table)} x where x.created_at >= ${startedAt}`.execute(db)
  const f = r.rows[0]
  check(
    f?.made === f?.keyed && f?.found === answered.size,
    `${what} ${f?.made}, each of its own Idempotency-Key: ${f?.keyed}; accepted ones there: ${f?.found} of ${answered.size}`,
  )
}
const likeRows = await db.selectFrom('feed_likes').select(['post_id', 'user_id']).execute()
const liked = new Set(likeRows.map((l) => `${l.post_id}:${l.user_id}`))
const likesMissing = [...accepted.likes].filter((l) => !liked.has(l)).length
const miscounted = await sql<{ n: number }>`
  select count(*)::int as n from feed_posts p
  where p.likes_count <> (select count(*) from feed_likes l where l.post_id = p.id)`.execute(db)
check(
  likesMissing === 0 && miscounted.rows[0]?.n === 0,
  `likes answered and missing: ${likesMissing} of ${accepted.likes.size}; posts whose count is not their likes: ${miscounted.rows[0]?.n}`,
)

// Outbox: everything sent; every event handled by each of its handlers that record themselves.
const { modules } = await import('../modules/index.ts')
const handlersOf = new Map<string, string[]>()
for (const m of modules)
  for (const h of m.handlers ?? [])
    handlersOf.set(h.event.name, [...(handlersOf.get(h.event.name) ?? []), h.name])
// Handlers that record themselves in processed_events (through `once()`) and handled an event of
// the type in this run: some handlers pass over events that are not theirs (a payment of another
// kind) without a record.
const recordingFor = async (event: string, handler: string) =>
  (
    await sql<{
      n: number
    }>`select count(*)::int as n from processed_events p join outbox o on o.id = p.event_id
      where p.handler = ${handler} and o.name = ${event}`.execute(db)
  ).rows[0]?.n
// Handlers that pass over some events of their type before `once()` (so without a record): the
// events they act on (read from their code; a handler that starts doing so belongs here too).
const actsOn: Record<string, ReturnType<typeof sql>> = {
  // e-mails the guest at paid, out for delivery / ready, delivered / picked up (mailedStatuses)
  'food.send-order-email': sql`(o.payload->>'to')::int in (3, 6, 7)`,
  // court sub-orders only
  'food-court.payout-on-status': sql`exists (select 1 from food_court_parts x where x.food_order_id = (o.payload->>'order_id')::uuid)`,
  // food orders' payments only
  'food.order-paid': sql`o.payload->>'payable_kind' = 'food_order'`,
  'food.order-payment-ended': sql`o.payload->>'payable_kind' = 'food_order'`,
  // court orders' payments only
  'food-court.order-paid': sql`o.payload->>'payable_kind' = 'food_court_order'`,
  'food-court.order-payment-ended': sql`o.payload->>'payable_kind' = 'food_court_order'`,
}
let missing = 0
const missingBy: string[] = []
for (const [event, handlers] of handlersOf)
  for (const handler of handlers) {
    if (!(await recordingFor(event, handler))) continue
    const r = await sql<{ n: number }>`
      select count(*)::int as n from outbox o
      where o.name = ${event} and ${actsOn[handler] ?? sql`true`}
        and not exists (select 1 from processed_events p where p.event_id = o.id and p.handler = ${handler})`.execute(
      db,
    )
    missing += r.rows[0]?.n ?? 0
    if (r.rows[0]?.n) missingBy.push(`${event} → ${handler}: ${r.rows[0].n}`)
  }
check(missing === 0, `outbox events not handled by a handler of theirs: ${missing}`)
for (const d of missingBy) say(`     ${d}`)
// Re-drives (modules/platform/redrive.ts): handler jobs that failed for good or vanished were
// queued again; none may be left unhandled after every re-drive.
const redriven = await sql<{ events: number; redrives: number; stuck: number }>`
  select count(*)::int as events, coalesce(sum(redrives), 0)::int as redrives,
    count(*) filter (where settled_at is null)::int as stuck
  from outbox where redrives > 0`.execute(db)
const rd = redriven.rows[0]
say(`     ${rd?.events ?? 0} events re-driven (${rd?.redrives ?? 0} re-drives)`)
check(rd?.stuck === 0, `outbox events unhandled after every re-drive: ${rd?.stuck}`)
const lostRedriven = await sql<{ n: number }>`
  select count(*)::int as n from outbox where id = any(${[...lostJobs]}::uuid[]) and redrives > 0`.execute(db)
check(
  lostRedriven.rows[0]?.n === lostJobs.size,
  `events whose job was removed from Redis re-driven: ${lostRedriven.rows[0]?.n} of ${lostJobs.size}`,
)
for (const e of await sql<{ name: string; last_error: string | null }>`
  select name, last_error from outbox where redrives > 0 and settled_at is null limit 20`
  .execute(db)
  .then((r) => r.rows))
  say(`     ${e.name}: ${e.last_error}`)

// Jobs: none failed for good.
let failed = 0
const failedWhy = new Map<string, number>()
for (const q of queues) {
  failed += await q.getFailedCount()
  for (const j of await q.getFailed(0, 200)) {
    const why = `${q.name} ${j.name}: ${j.failedReason.slice(0, 160)}`
    failedWhy.set(why, (failedWhy.get(why) ?? 0) + 1)
  }
}
check(failed === 0, `jobs failed for good: ${failed}`)
for (const [why, n] of failedWhy) say(`     ${n} × ${why}`)
// Reminders: every one due sent, and e-mailed exactly once (the capture's Message-IDs).
const reminderRows = await db
  .selectFrom('credit_reminders')
  .select(['bill_id', 'status'])
  .where('step_id', '=', reminders.stepId)
  .execute()
const reminderSent = reminderRows.filter((r) => r.status === 'sent').length
check(
  reminderRows.length === reminders.planned && reminderSent === reminders.planned,
  `reminders due sent: ${reminderSent} of ${reminders.planned}`,
)
const reminderMails = smtp.messages
  .map((m) => m.messageId ?? '')
  .filter((id) => id.includes(`.${reminders.stepId}`))
const reminderTwice = reminderMails.length - new Set(reminderMails).size
check(
  reminderTwice === 0 && new Set(reminderMails).size === reminders.planned,
  `reminder e-mails: ${reminderMails.length} for ${reminders.planned} reminders, ${reminderTwice} twice`,
)

check(kills >= minKills, `processes killed: ${kills} (at least ${minKills})`)
check(pgCut > 0, `PostgreSQL connections cut during the load: ${pgCut}`)
for (const f of faults) say(`fault: ${f}`)
say(`processes that died by themselves and were started again: ${exits.length}`)
const upAfter = (kind: Running['kind']) => {
  const d = startDurations[kind].sort((x, y) => x - y)
  const inSeconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(1)
  return `${kind}s ${inSeconds(d[Math.floor(d.length / 2)])} s (longest ${inSeconds(d.at(-1))} s, ${d.length} seen up)`
}
say(
  `up after their start, median: ${upAfter('api')}, ${upAfter('worker')}; the killer found none up long enough ${killsWaiting} times`,
)

say(
  `answered ${counts.answered}, unanswered ${counts.gaveUp}; sign-ins ${accepted.signIns}, paid ${accepted.paid.size}, redemptions ${accepted.redemptions.size}, food orders ${accepted.foodOrders.size} (paid ${accepted.foodPaid.size}), court orders ${accepted.courtOrders.size} (paid ${accepted.courtPaid.size}), posts ${accepted.posts.size}, comments ${accepted.comments.size}, likes ${accepted.likes.size}; e-mails ${smtp.messages.length}`,
)
latencies.sort((a, b) => a - b)
const pct = (q: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0)
say(
  `held ${(counts.requests / loadSeconds).toFixed(1)} requests/s over ${loadSeconds.toFixed(0)} s of kills; answered tries p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms; drained ${drainSeconds.toFixed(1)} s after the last kill`,
)

// ------------------------------------------------------------------------------------------------

enterPhase('stopping', 2 * 60_000)
stopped = true
clearInterval(watchUp)
await Promise.all([...running].map((r) => r.child.stop('SIGTERM', 10_000)))
await Promise.all(queues.map((q) => q.close()))
connection.disconnect()
await db.destroy()
if (!process.env.CHAOS_KEEP) await admin.query(`drop database ${dbName} with (force)`)
await admin.end()
await redis.stop()
await smtp.close()
rmSync(runDir, { recursive: true, force: true })
clearTimeout(phaseTimer)
console.log(`chaos: ${kills} kills, ${counts.requests} requests, ${violations.length} violations`)
// One line naming every failed check, last, where CI's tail shows it.
if (violations.length) console.log(`chaos: FAILED checks: ${violations.join('; ')}`)
process.exit(violations.length ? 1 : 0)
