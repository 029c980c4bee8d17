import { sql } from 'kysely'
import { createUser } from '../identity/index.ts'
import type { Db } from '../platform/db.ts'
import { newId } from '../platform/ids.ts'
import { programStatuses, programTypes } from '../programs/index.ts'
import { daysOfWeek, imageWidths, units } from './shared.ts'

/**
 * Set-up for `npm run bench`'s food row: an active restaurant with `products` active products in
 * ten categories (each with an image, every third with two variants and two extras), hours every
 * day, distance delivery and an announcement. Rows are inserted directly, as a bench harness may
 * (the tests build the same state through the API); the image rows have no files, as the
 * measured route only links them.
 */
export async function prepareFoodBench(
  db: Db,
  opts: { products: number },
): Promise<{ restaurantUuid: string; ownerId: string; productUuid: string }> {
  const owner = await createUser(db, {
    email: 'bench-food-owner@example.com',
    password: 'Bench-Pass-1',
    type: 1,
    first_name: 'Bench',
    last_name: 'Restaurateur',
  })
  const programId = newId()
  await db
    .insertInto('programs')
    .values({
      id: programId,
      owner_user_id: owner.id,
      type: programTypes.foodsManagement,
      status: programStatuses.active,
      title: 'Bench Eetcafé',
      description: 'Two hundred dishes, every day',
      currency: 'EUR',
      activated_at: new Date(),
    })
    .execute()
  const image = async () => {
    const id = newId()
    await db
      .insertInto('food_images')
      .values({
        id,
        uploaded_by: owner.id,
        kind: 'product',
        width: 960,
        height: 960,
        widths: [...imageWidths],
      })
      .execute()
    return id
  }
  await db
    .insertInto('food_restaurants')
    .values({
      program_id: programId,
      image_id: await image(),
      address: 'Prinsengracht 1, 1015 DV Amsterdam',
      phone: '+31 20 555 0000',
      latitude: 52.3755,
      longitude: 4.8842,
      min_order_amount: 1500n,
    })
    .execute()
  await db
    .insertInto('food_working_hours')
    .values(
      daysOfWeek.map((day) => ({
        program_id: programId,
        day_of_week: day,
        enabled: true,
        start_time: '00:00',
        end_time: '24:00',
      })),
    )
    .execute()
  await db
    .insertInto('food_delivery_ranges')
    .values([
      { program_id: programId, position: 0, start_m: 0, end_m: 3000, cost: 250n },
      { program_id: programId, position: 1, start_m: 3000, end_m: 6000, cost: 395n },
    ])
    .execute()
  await db
    .insertInto('food_announcements')
    .values({ id: newId(), program_id: programId, announcement: 'Open every day', created_by: owner.id })
    .execute()
  const categories = Array.from({ length: 10 }, (_, i) => ({
    id: newId(),
    program_id: programId,
    title: `Category ${i + 1}`,
    position: i,
  }))
  await db.insertInto('food_categories').values(categories).execute()
  const images = await db
    .insertInto('food_images')
    .values(
      Array.from({ length: opts.products }, () => ({
        id: newId(),
        uploaded_by: owner.id,
        kind: 'product',
        width: 960,
        height: 960,
        widths: [...imageWidths],
      })),
    )
    .returning('id')
    .execute()
  const products = images.map((img, i) => ({
    id: newId(),
    program_id: programId,
    category_id: categories[i % categories.length]!.id,
    title: `Dish number ${i + 1}`,
    description: 'A plate of something good, made fresh with seasonal vegetables and a sauce of the house.',
    image_id: img.id,
    price: BigInt(500 + (i % 20) * 75),
    quantity: '1',
    unit: units[i % units.length]!,
    keywords: ['house', `dish${i}`],
    position: Math.floor(i / categories.length),
  }))
  await db.insertInto('food_products').values(products).execute()
  const options = products
    .filter((_, i) => i % 3 === 0)
    .flatMap((p) =>
      (['variant', 'variant', 'extra', 'extra'] as const).map((kind, position) => ({
        id: newId(),
        product_id: p.id,
        kind,
        title: `${kind} ${position}`,
        quantity: '1',
        unit: 'piece',
        price: BigInt(position * 50),
        position,
      })),
    )
  if (options.length) await db.insertInto('food_product_options').values(options).execute()
  return { restaurantUuid: programId, ownerId: owner.id, productUuid: products[0]!.id }
}

/**
 * Set-up for the ordering rows of `npm run bench` (issue 15): the bench restaurant also takes
 * pickup orders and card and iDEAL payments at the sandbox (its program's payment methods; the
 * sandbox account itself comes from payments' bench set-up).
 */
export async function prepareOrderingBench(db: Db, restaurantUuid: string): Promise<void> {
  await db
    .updateTable('food_restaurants')
    .set({ can_pickup_in_rest: true })
    .where('program_id', '=', restaurantUuid)
    .execute()
  await db
    .insertInto('program_methods')
    .values(
      ['card', 'ideal'].map((method_id) => ({
        program_id: restaurantUuid,
        method_id,
        provider_id: 'sandbox',
        is_used: true,
      })),
    )
    .execute()
}

export interface BoardLatency {
  orders: number
  p50: number
  p95: number
  max: number
  /** Orders paid whose board event never came within the wait. */
  missing: number
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN

/**
 * Issue 15's row "paid order (webhook accepted) → on the kitchen board": the owner's board stream
 * (`GET food/programs/{uuid}/orders/events`, SSE) is open; guests order (session, basket line,
 * checkout) and pay with the sandbox card. The clock starts when the platform has accepted the
 * provider's "paid" (the pay call answers `paid`: the payment is paid in the database, its event in
 * the outbox, exactly where a provider's webhook leaves it) and stops when the order's `order.paid`
 * event arrives on the stream (outbox → relay → payments queue → `food.order-paid` in the worker →
 * board event → Redis nudge → the stream). `concurrency` guests pay at a time.
 */
export async function measureBoardLatency(opts: {
  baseUrl: string
  ownerToken: string
  restaurantUuid: string
  productUuid: string
  orders: number
  concurrency?: number
  timeoutMs?: number
}): Promise<BoardLatency> {
  const { baseUrl, restaurantUuid } = opts
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${path} answers ${res.status}: ${await res.text()}`)
    return (await res.json()) as T
  }
  const seen = new Map<string, number>()
  const waiting = new Map<string, () => void>()
  const stream = new AbortController()
  const res = await fetch(`${baseUrl}/api/v1/food/programs/${restaurantUuid}/orders/events`, {
    headers: { authorization: `Bearer ${opts.ownerToken}`, accept: 'text/event-stream' },
    signal: stream.signal,
  })
  if (!res.ok || !res.body) throw new Error(`board stream answers ${res.status}`)
  const reading = (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
          const lines = block.split('\n')
          if (!lines.includes('event: order')) continue
          const data = lines.find((l) => l.startsWith('data:'))?.slice(5)
          if (!data) continue
          const event = JSON.parse(data) as { kind: string; order: { uuid: string } }
          if (event.kind !== 'order.paid' || seen.has(event.order.uuid)) continue
          seen.set(event.order.uuid, performance.now())
          waiting.get(event.order.uuid)?.()
        }
      }
    } catch {
      // aborted at the end
    }
  })()
  const card = {
    payment_type: 'card',
    card_number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
  }
  const latencies: number[] = []
  let missing = 0
  let next = 0
  const one = async (i: number) => {
    const session = (await call<{ uuid: string }>('POST', '/food/session?pickup_in_restaurant=true', {})).uuid
    await call('PUT', `/food/basket/${session}`, { product_id: opts.productUuid, quantity: 4 })
    const placed = await call<{ result: { uuid: string }; payment_uuid: string }>(
      'POST',
      `/food/basket/${session}/checkout`,
      {
        restaurant_uuid: restaurantUuid,
        pickup_in_restaurant: true,
        delivery_asap: true,
        name: 'Bench Guest',
        phone: '+31 6 1234 5678',
        email: 'bench-guest@example.com',
        accept_terms: true,
        accept_privacy: true,
        payment_method: 'card',
      },
      { 'idempotency-key': `bench-board-${i}-${session}` },
    )
    const order = placed.result.uuid
    const arrived = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), opts.timeoutMs ?? 30_000)
      waiting.set(order, () => {
        clearTimeout(timer)
        resolve(true)
      })
    })
    const paid = await call<{ status: string }>('POST', '/payment/pay', {
      order_uuid: placed.payment_uuid,
      ...card,
    })
    const accepted = performance.now()
    if (paid.status !== 'paid') throw new Error(`the sandbox card answers ${paid.status}`)
    if (seen.has(order)) waiting.get(order)?.()
    if (await arrived) latencies.push(Math.max(0, (seen.get(order) ?? accepted) - accepted))
    else missing++
    waiting.delete(order)
  }
  const workers = Array.from({ length: opts.concurrency ?? 4 }, async () => {
    while (next < opts.orders) await one(next++)
  })
  try {
    await Promise.all(workers)
  } finally {
    stream.abort()
    await reading
  }
  latencies.sort((a, b) => a - b)
  return {
    orders: latencies.length,
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
    max: Math.round(latencies.at(-1) ?? Number.NaN),
    missing,
  }
}

// ─── The owner's order books at size (issue 15: < 50 ms with 10,000 and with 1,000,000 orders) ───

export interface BooksBench {
  restaurantUuid: string
  /** Orders seeded so far (the newest first: order 1 is now, each next one further back). */
  orders: number
  /** Orders per local day: the same density at every size, so a day's page is the same size. */
  perDay: number
}

/** Order numbers of seeded orders count down from here (order g is `base - g`: older, smaller). */
const seededBase = 1_000_000_000

/**
 * Adds orders to the restaurant until it has `total`, each older than those before, `perDay` a day
 * (one every 86.4 s at 1,000 a day: 10,000 orders are ten days, 1,000,000 about 2.7 years). Set-based
 * and in chunks of 250,000 (`generate_series`), as the feed's bench seeds its posts: two product
 * items per order (they add up to its products), a third of them pickup, the newest 30 still in the
 * kitchen (paid, cooking, out for delivery), every 25th payment failed and every 40th awaiting
 * payment (not in the books), the rest delivered. `food_daily_totals` is kept by its triggers, one
 * aggregate per chunk. Answers the seconds it took (with `vacuum analyze` of the orders, as
 * autovacuum would leave them).
 */
export async function growOrderBooks(db: Db, bench: BooksBench, total: number): Promise<number> {
  const started = performance.now()
  const chunk = 250_000
  const spacing = 86_400 / bench.perDay
  while (bench.orders < total) {
    const from = bench.orders + 1
    const to = Math.min(total, bench.orders + chunk)
    await sql`
      insert into food_orders (id, order_id, program_id, status, pickup_in_restaurant, delivery_asap, zip_code,
        house_number, name, phone, email, currency, products_total, delivery_cost, pickup_fee, total, vat,
        payment_method, paid_at, order_date, created_at, updated_at)
      select gen_random_uuid(), ${seededBase}::bigint - g, r.program_id,
             case when g <= 30 then (array[3, 5, 6])[1 + g % 3] when g % 25 = 0 then 4 when g % 40 = 0 then 2 else 7 end,
             g % 3 = 0, true,
             case when g % 3 = 0 then null else '1015 DV' end,
             case when g % 3 = 0 then null else (1 + g % 300)::text end,
             'Guest ' || g, '+31 6 ' || lpad((g % 100000000)::text, 8, '0'), 'guest' || (g % 5000) || '@example.com',
             'EUR', m.products, m.delivery, 0, m.products + m.delivery, (m.products + m.delivery) * 9 / 109,
             'card', t.at, (t.at at time zone r.time_zone)::date, t.at, t.at
        from generate_series(${from}::int, ${to}::int) g
        join food_restaurants r on r.program_id = ${bench.restaurantUuid}
        cross join lateral (select now() - (g - 1) * ${spacing}::float8 * interval '1 second' as at) t
        cross join lateral (select 1000 + (g % 40) * 50 as products,
                                   case when g % 3 = 0 then 0 else 250 end as delivery) m`.execute(db)
    await sql`
      insert into food_order_items (id, order_id, position, kind, title, quantity, unit_price, price, vat_code,
        vat_rate_bp, vat)
      select gen_random_uuid(), o.id, k, 'product', 'Dish number ' || (1 + (o.order_id + k) % 200), 1,
             p.price, p.price, 'low', 900, p.price * 9 / 109
        from food_orders o
        cross join generate_series(0, 1) k
        cross join lateral (select case when k = 0 then o.products_total - 500 else 500 end as price) p
       where o.program_id = ${bench.restaurantUuid}
         and o.order_id between ${seededBase - to}::bigint and ${seededBase - from}::bigint`.execute(db)
    bench.orders = to
  }
  // Orders placed after the seeding get numbers above the seeded ones.
  await sql`select setval(pg_get_serial_sequence('food_orders', 'order_id'),
    greatest((select max(order_id) from food_orders), 1))`.execute(db)
  await sql`vacuum analyze food_orders`.execute(db)
  await sql`analyze food_order_items`.execute(db)
  await sql`analyze food_daily_totals`.execute(db)
  return (performance.now() - started) / 1000
}

export interface BooksTiming {
  label: string
  path: string
  p50: number
  p99: number
  /** Rows on the page and the list's count, to show what was measured. */
  rows: number
  count: number
}

/**
 * Times the owner's books through the HTTP API, one request at a time (as one owner's screen asks):
 * the active view, the date view of a full day (first page, a later page, pickup only) and the
 * daily totals (newest days, a later page, one date, one order type). `requests` each, after five
 * to warm up; milliseconds from sending to the whole answer read.
 */
export async function measureBooks(opts: {
  baseUrl: string
  ownerToken: string
  restaurantUuid: string
  /** A full local day (yesterday in the restaurant's zone). */
  day: string
  requests: number
}): Promise<BooksTiming[]> {
  const base = `/api/v1/food/programs/${opts.restaurantUuid}`
  const queries: [string, string][] = [
    ['orders, active view', `${base}/orders?active_view=true&last_known_order_id=${seededBase - 20}`],
    ['orders, date view, page 1', `${base}/orders?date=${opts.day}`],
    ['orders, date view, page 10 (size 20)', `${base}/orders?date=${opts.day}&size=20&page=10`],
    ['orders, date view, pickup, page 2', `${base}/orders?date=${opts.day}&order_type=pickup&page=2`],
    ['daily totals, page 1', `${base}/daily-totals`],
    ['daily totals, page 2 (size 5)', `${base}/daily-totals?size=5&page=2`],
    ['daily totals, one date', `${base}/daily-totals?date=${opts.day}`],
    ['daily totals, delivery only', `${base}/daily-totals?order_type=delivery`],
  ]
  const results: BooksTiming[] = []
  for (const [label, path] of queries) {
    const times: number[] = []
    let page = { count: 0, results: [] as unknown[] }
    for (let i = 0; i < opts.requests + 5; i++) {
      const started = performance.now()
      const res = await fetch(`${opts.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${opts.ownerToken}` },
      })
      const text = await res.text()
      const ms = performance.now() - started
      if (!res.ok) throw new Error(`GET ${path} answers ${res.status}: ${text}`)
      if (i >= 5) times.push(ms)
      else page = JSON.parse(text)
    }
    times.sort((a, b) => a - b)
    results.push({
      label,
      path: path.slice(base.length),
      p50: Math.round(percentile(times, 50) * 10) / 10,
      p99: Math.round(percentile(times, 99) * 10) / 10,
      rows: page.results.length,
      count: page.count,
    })
  }
  return results
}
