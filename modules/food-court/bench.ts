import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { createUser } from '../identity/index.ts'
import { insertAccount } from '../payments/index.ts'
import type { Config } from '../platform/config.ts'
import type { Db } from '../platform/db.ts'
import { newId } from '../platform/ids.ts'
import { programStatuses, programTypes } from '../programs/index.ts'

/**
 * Set-up for `npm run bench`'s court checkout row: an active court (7.5 % fee, its own sandbox
 * account: production mode has no platform sandbox) with two active, onboarded restaurants open all
 * day with pickup, and `sessions` guest sessions each with one dish of both in the basket, so each
 * checkout (two sub-orders and one split payment) has a cart of its own. Rows are inserted directly,
 * as a bench harness may; the tests build the same state through the API.
 */
export async function prepareCourtBench(
  db: Db,
  config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'DATA_DIR' | 'NODE_ENV'>,
  opts: { sessions: number },
): Promise<{ courtUuid: string; sessionIds: string[] }> {
  const owner = await createUser(db, {
    email: 'bench-court-owner@example.com',
    password: 'Bench-Pass-1',
    type: 1,
  })
  const program = async (type: number, title: string) => {
    const id = newId()
    await db
      .insertInto('programs')
      .values({
        id,
        owner_user_id: owner.id,
        type,
        status: programStatuses.active,
        title,
        description: title,
        currency: 'EUR',
        activated_at: new Date(),
      })
      .execute()
    return id
  }
  const court = await program(programTypes.foodCourtManagement, 'Bench Foodhal')
  await db
    .insertInto('food_courts')
    .values({ program_id: court, address: 'Bench 1', fee_percent_bp: 750, min_order_amount: 0n })
    .execute()
  await db
    .insertInto('program_methods')
    .values(
      ['card', 'ideal'].map((method_id) => ({
        program_id: court,
        method_id,
        provider_id: 'sandbox',
        is_used: true,
      })),
    )
    .execute()
  await insertAccount(db, config, {
    owner_user_id: owner.id,
    program_uuid: court,
    provider: 'sandbox',
    mode: 'test',
    credentials: { mode: 'test', api_key: `sk_test_${randomBytes(18).toString('base64url')}` },
  })
  const products: { restaurant: string; product: string }[] = []
  for (const title of ['Bench Pizza', 'Bench Sushi']) {
    const restaurant = await program(programTypes.foodsManagement, title)
    await db
      .insertInto('food_restaurants')
      .values({ program_id: restaurant, address: 'Bench 1', can_pickup_in_rest: true, min_order_amount: 0n })
      .execute()
    await db
      .insertInto('food_working_hours')
      .values(
        [1, 2, 3, 4, 5, 6, 7].map((day) => ({
          program_id: restaurant,
          day_of_week: day,
          enabled: true,
          start_time: '00:00',
          end_time: '23:59',
        })),
      )
      .execute()
    const category = newId()
    await db
      .insertInto('food_categories')
      .values({ id: category, program_id: restaurant, title: 'Dishes', position: 0 })
      .execute()
    const image = newId()
    await db
      .insertInto('food_images')
      .values({ id: image, uploaded_by: owner.id, kind: 'product', width: 960, height: 960, widths: [320] })
      .execute()
    const product = newId()
    await db
      .insertInto('food_products')
      .values({
        id: product,
        program_id: restaurant,
        category_id: category,
        title: `${title} dish`,
        description: 'A dish',
        price: 1295n,
        quantity: '1',
        unit: 'piece',
        image_id: image,
        position: 0,
      })
      .execute()
    await db
      .insertInto('food_court_invites')
      .values({
        id: newId(),
        court_id: court,
        restaurant_id: restaurant,
        status: 2,
        merchant_account_id: `acct_bench_${restaurant.slice(-8)}`,
        onboarding_status: 'active',
      })
      .execute()
    products.push({ restaurant, product })
  }
  const sessions = await sql<{ id: string }>`
    insert into food_sessions (id, pickup_in_restaurant)
    select gen_random_uuid(), true from generate_series(1, ${opts.sessions})
    returning id`.execute(db)
  const ids = sessions.rows.map((r) => r.id)
  for (const p of products) {
    await sql`
      insert into food_basket_lines (id, session_id, program_id, product_id, quantity, line_key)
      select gen_random_uuid(), s, ${p.restaurant}::uuid, ${p.product}::uuid, 1, ${p.product}
      from unnest(${ids}::uuid[]) as s`.execute(db)
  }
  return { courtUuid: court, sessionIds: ids }
}

/** Nearest-rank percentile of sorted numbers. */
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0

/**
 * The bench's court row: `connections` guests, each one operation after the other for `seconds`,
 * each with a cart of its own: the court checkout (two sub-orders, one payment with its split) and
 * the start of that payment at the sandbox (`POST payment/checkout/{uuid}`, card: the attempt with
 * the split routes opened at the provider, answering its hosted page). Latency is of the whole
 * operation; an answer other than 2xx (or no hosted page) counts as an error.
 */
export async function measureCourtCheckout(
  origin: string,
  bench: { courtUuid: string; sessionIds: string[] },
  opts: { seconds: number; connections: number },
) {
  const until = performance.now() + opts.seconds * 1000
  const times: number[] = []
  let errors = 0
  let next = 0
  /** Why operations failed: `<step> <status> <reason>` → count, so a row with errors says what. */
  const failures: Record<string, number> = {}
  const fail = (why: string) => {
    errors++
    failures[why] = (failures[why] ?? 0) + 1
  }
  const reasonOf = (body: unknown) =>
    (body as { error?: { reason?: string; code?: string } }).error?.reason ??
    (body as { error?: { code?: string } }).error?.code ??
    ''
  const post = (path: string, key: string, body: unknown) =>
    fetch(`${origin}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    })
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < until && next < bench.sessionIds.length) {
        const session = bench.sessionIds[next++]!
        const started = performance.now()
        try {
          const checkout = await post(`/food/court/basket/${session}/checkout`, `bench-court-${session}`, {
            court_uuid: bench.courtUuid,
            pickup_in_restaurant: true,
            name: 'Bench Guest',
            phone: '+31 6 0000 0000',
            email: 'guest@example.com',
            accept_terms: true,
            accept_privacy: true,
            payment_method: 'card',
          })
          const placed = (await checkout.json()) as { payment_uuid?: string }
          if (!checkout.ok || !placed.payment_uuid) {
            fail(`checkout ${checkout.status} ${reasonOf(placed)}`)
            continue
          }
          const start = await post(`/payment/checkout/${placed.payment_uuid}`, `bench-start-${session}`, {
            method: 'card',
          })
          const page = (await start.json()) as { redirect_url?: string | null }
          if (!start.ok || !page.redirect_url) fail(`start ${start.status} ${reasonOf(page)}`)
          else times.push(performance.now() - started)
        } catch (err) {
          fail(`network ${(err as Error).message}`)
        }
      }
    }),
  )
  times.sort((a, b) => a - b)
  return {
    operations: times.length,
    errors,
    failures,
    rps: Math.round(times.length / opts.seconds),
    p50: Math.round(percentile(times, 50)),
    p90: Math.round(percentile(times, 90)),
    p95: Math.round(percentile(times, 95)),
    p99: Math.round(percentile(times, 99)),
  }
}
