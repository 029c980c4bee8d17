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
