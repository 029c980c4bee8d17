import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  type Api,
  expectStatus,
  joinProgram,
  type Member,
  payWithSandboxCard,
  seeding,
  seedMember,
  until,
} from '../../tests/support/factories.ts'
import {
  checkoutBody,
  placeFoodOrder,
  pointNorth,
  type SeededRestaurant,
  seedRestaurant,
  startFoodSession,
  upload,
  uploadFoodImage,
} from '../../tests/support/food.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { type SmtpCapture, startSmtpCapture } from '../../tests/support/smtp.ts'
import { system } from '../platform/context.ts'
import { localDateTime, zonedDate } from '../platform/dates.ts'
import { applyOrderPaid } from './orders/life.ts'

/**
 * Ordering through HTTP against real PostgreSQL, Redis, the sandbox provider and the worker: the
 * session and its area, the basket priced by the server, every refusal code of checkout, the
 * payment started once, paid exactly once with its ledger entry, the order's life with its
 * history and e-mails, the owner's books, and the guest's order readable only with its session.
 */

let t: LiveTestContext
let smtp: SmtpCapture
let owner: Member
let acceptor: Member
let guest: Api
let place: SeededRestaurant
let variant: string
let extra: string

type ErrorBody = {
  error: { code: string; reason?: string; params?: Record<string, unknown>; message: string }
}

beforeAll(async () => {
  smtp = await startSmtpCapture()
  t = await createLiveTestContext({ env: { SMTP_URL: smtp.url, PAY_LIMIT_PER_ADDRESS: '1000' } })
  const s = seeding(t)
  ;[owner, acceptor] = await Promise.all([
    seedMember(s, 'owner', { legal_type: 1, company_name: 'Trattoria BV' }),
    seedMember(s, 'acceptor', { legal_type: 1, company_name: 'Keuken BV' }),
  ])
  guest = s.guest
  place = await seedRestaurant(owner)
  await joinProgram(owner, place.uuid, acceptor)
  const product = expectStatus(
    await guest<{ result: { variants: { uuid: string }[]; extras: { uuid: string }[] } }>(
      'GET',
      `/food/products/${place.product}`,
    ),
    200,
    'product',
  ).result
  variant = product.variants[0]!.uuid
  extra = product.extras[0]!.uuid
}, 180_000)
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const refusal = (res: { status: number; body: unknown }, status: number, reason: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  expect((res.body as ErrorBody).error.reason, JSON.stringify(res.body)).toBe(reason)
  return (res.body as ErrorBody).error
}

const titleOf = async (program: string) =>
  (
    await t.services.db
      .selectFrom('programs')
      .select('title')
      .where('id', '=', program)
      .executeTakeFirstOrThrow()
  ).title

const orderRow = (id: string) =>
  t.services.db.selectFrom('food_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

async function paid(placed: { order: string; payment: string }) {
  await payWithSandboxCard(guest, placed.payment)
  return until(async () => {
    const row = await orderRow(placed.order)
    return row.status === 3 ? row : null
  }, 'the order to be paid')
}

describe('the food session', () => {
  it('is created once, switches to pickup (clearing the address) and back', async () => {
    const id = await startFoodSession(guest)
    const read = expectStatus(
      await guest<{ result: { zip_code: string; house_number: string; orders: unknown[] } }>(
        'GET',
        `/food/session?session_id=${id}`,
      ),
      200,
      'session',
    ).result
    expect(read).toMatchObject({ zip_code: '1012 LG', house_number: '1', orders: [] })
    const pickup = expectStatus(
      await guest<{ pickup_in_restaurant: boolean; zip_code: string | null; lat: number | null }>(
        'PATCH',
        `/food/session/${id}?pickup_in_restaurant=true`,
      ),
      200,
      'pickup',
    )
    expect(pickup).toMatchObject({ pickup_in_restaurant: true, zip_code: null, lat: null })
    const back = expectStatus(
      await guest<{ pickup_in_restaurant: boolean; zip_code: string }>(
        'PATCH',
        `/food/session/${id}?pickup_in_restaurant=false&zip_code=1013ab&house_number=12`,
      ),
      200,
      'delivery',
    )
    expect(back).toMatchObject({ pickup_in_restaurant: false, zip_code: '1013 AB' })
    refusal(await guest('GET', `/food/session?session_id=${randomUUID()}`), 404, 'invalid_session')
  })

  it('answers restaurant_available by distance ranges and by zip code rows', async () => {
    const near = await startFoodSession(guest)
    const far = await startFoodSession(guest, {
      lat: String(pointNorth(7000).lat),
      lon: String(pointNorth(7000).lon),
    })
    const at = (s: string, restaurant: string, zip = '') =>
      guest<{ restaurant_available: boolean; delivery_cost: number | null; reason: string | null }>(
        'GET',
        `/food/session/${s}?restaurant_id=${restaurant}${zip ? `&zip_code=${zip}` : ''}`,
      )
    expect((await at(near, place.uuid)).body).toMatchObject({
      restaurant_available: true,
      delivery_cost: 250,
    })
    expect((await at(far, place.uuid)).body).toMatchObject({
      restaurant_available: false,
      reason: 'outside_delivery_area',
    })
    const zipPlace = await seedRestaurant(owner, {
      restaurant: {
        type_of_delivery: 1,
        delivery_ranges: [],
        delivery_range_zip_codes: [
          { zip_code: '1012', cost: 300 },
          { zip_code: '1013 AB', cost: 500 },
        ],
      },
    })
    expect((await at(near, zipPlace.uuid, '1012XY')).body).toMatchObject({
      restaurant_available: true,
      delivery_cost: 300,
    })
    expect((await at(near, zipPlace.uuid, '1013 AB')).body).toMatchObject({ delivery_cost: 500 })
    expect((await at(near, zipPlace.uuid, '1014')).body).toMatchObject({ restaurant_available: false })
  })
})

describe('the basket', () => {
  it('keeps a line per product × variant × extras, prices it from the menu, ignores a sent price', async () => {
    const s = await startFoodSession(guest)
    const put = (body: Record<string, unknown>) =>
      guest<{
        restaurants: {
          products: { quantity: number; unit_price: number; price: number }[]
          order: { products: number; delivery: number; total: number; can_order: boolean }
        }[]
      }>('PUT', `/food/basket/${s}`, body)
    await put({ product_id: place.product, quantity: 1 })
    const tampered = expectStatus(
      await put({
        product_id: place.product,
        quantity: 2,
        variant_uuid: variant,
        extra_uuids: [extra],
        price: 1,
        total: 1,
      }),
      200,
      'tampered',
    )
    const block = tampered.restaurants[0]!
    // 950 base; Large adds 1250, cheese 100: 2300 a piece.
    expect(block.products.map((p) => [p.quantity, p.unit_price, p.price])).toEqual([
      [1, 950, 950],
      [2, 2300, 4600],
    ])
    expect(block.order).toMatchObject({ products: 5550, delivery: 250, total: 5800, can_order: true })
    const changed = expectStatus(await put({ product_id: place.product, quantity: 3 }), 200, 'count')
    expect(changed.restaurants[0]!.products.map((p) => p.quantity)).toEqual([3, 2])
    const removed = expectStatus(
      await put({ product_id: place.product, quantity: 0, variant_uuid: variant, extra_uuids: [extra] }),
      200,
      'remove',
    )
    expect(removed.restaurants[0]!.products).toHaveLength(1)
    // Slim: what the cart and checkout read (spec section 7's fields), nothing of the session's
    // address, no VAT codes or option prices per line.
    const answer = expectStatus(
      await guest<Record<string, unknown>>('PUT', `/food/basket/${s}`, {
        product_id: place.product,
        quantity: 1,
        variant_uuid: variant,
        extra_uuids: [extra],
      }),
      200,
      'slim answer',
    )
    expect(answer).toEqual({
      session: { uuid: s, pickup_in_restaurant: false },
      restaurants: [
        {
          details: {
            uuid: place.uuid,
            title: expect.any(String),
            address: expect.any(String),
            currency: 'EUR',
            can_pickup_in_rest: expect.any(Boolean),
            pickup_fee_heading: expect.any(String),
            pickup_fee: null,
            min_order_amount: 1500,
            privacy_pdf_url: null,
            tc_pdf_url: null,
            closed: false,
            closed_message: null,
            closed_at: expect.toBeOneOf([expect.any(String), null]),
            next_opening: expect.toBeOneOf([expect.any(String), null]),
            time_zone: 'Europe/Amsterdam',
          },
          products: [
            expect.objectContaining({ quantity: 3 }),
            {
              line_id: expect.any(String),
              product_id: place.product,
              title: 'Margherita',
              quantity: 1,
              product_variant: { uuid: variant, title: 'Large' },
              product_extras: [{ uuid: extra, title: 'Extra cheese', checked: true }],
              unit_price: 2300,
              price: 2300,
            },
          ],
          order: {
            can_order: true,
            refusal: null,
            products: 5150,
            delivery: 250,
            pickup_fee: 0,
            total: 5400,
            vat: expect.any(Number),
          },
        },
      ],
    })
    expect(
      expectStatus(await guest<Record<string, unknown>>('GET', `/food/basket/${s}`), 200, 'GET').restaurants,
    ).toEqual((answer as { restaurants: unknown }).restaurants)
    refusal(
      await put({ product_id: place.product, quantity: 1, variant_uuid: randomUUID() }),
      422,
      'not_valid_variants',
    )
    refusal(
      await put({ product_id: place.product, quantity: 1, extra_uuids: [variant] }),
      422,
      'not_valid_extras',
    )
    refusal(
      await guest('PUT', `/food/basket/${randomUUID()}`, { product_id: place.product, quantity: 1 }),
      404,
      'invalid_session',
    )
    const cleared = expectStatus(
      await guest<{ restaurants: unknown[] }>('POST', `/food/basket/${s}`),
      200,
      'clear',
    )
    expect(cleared.restaurants).toEqual([])
  })

  it('prices from the menu as it is now: a changed price, a removed variant, a new or switched-off dish', async () => {
    // The basket reads a restaurant's menu from the process's copy (ordering-facts.ts): each
    // change through the owner's calls must be seen by the very next basket call.
    const menu = await seedRestaurant(owner)
    const options = expectStatus(
      await guest<{ result: { variants: { uuid: string }[] } }>('GET', `/food/products/${menu.product}`),
      200,
      'product',
    ).result
    const large = options.variants[0]!.uuid
    const s = await startFoodSession(guest, { pickup_in_restaurant: 'true' })
    type Basket = { restaurants: { products: { product_id: string; unit_price: number; price: number }[] }[] }
    const put = (body: Record<string, unknown>) => guest<Basket>('PUT', `/food/basket/${s}`, body)
    const prices = (b: Basket) => b.restaurants.flatMap((r) => r.products.map((p) => [p.unit_price, p.price]))
    expect(
      prices(
        expectStatus(await put({ product_id: menu.product, quantity: 1, variant_uuid: large }), 200, 'put'),
      ),
    ).toEqual([[2200, 2200]])

    expectStatus(
      await owner.api('PATCH', `/food/products/${menu.product}`, { price: 1000 }),
      200,
      'new price',
    )
    expect(prices(expectStatus(await guest<Basket>('GET', `/food/basket/${s}`), 200, 'get'))).toEqual([
      [2250, 2250],
    ])
    expect(
      prices(
        expectStatus(await put({ product_id: menu.product, quantity: 2, variant_uuid: large }), 200, 'put'),
      ),
    ).toEqual([[2250, 4500]])

    expectStatus(
      await owner.api('PATCH', `/food/products/${menu.product}`, { variants: [] }),
      200,
      'no variants',
    )
    expect(expectStatus(await guest<Basket>('GET', `/food/basket/${s}`), 200, 'get').restaurants).toEqual([])
    refusal(
      await put({ product_id: menu.product, quantity: 1, variant_uuid: large }),
      422,
      'not_valid_variants',
    )

    const added = expectStatus(
      await owner.api<{ result: { uuid: string } }>('POST', '/food/products', {
        category_uuid: menu.category,
        title: 'Marinara',
        description: 'Tomato, garlic',
        image: await uploadFoodImage(owner),
        price: 800,
        quantity: 1,
        unit: 'piece',
      }),
      201,
      'a new dish',
    ).result.uuid
    expect(prices(expectStatus(await put({ product_id: added, quantity: 1 }), 200, 'new dish'))).toEqual([
      [800, 800],
    ])
    expectStatus(
      await owner.api('PATCH', `/food/products/${added}`, { is_active: false }),
      200,
      'switched off',
    )
    expect((await put({ product_id: added, quantity: 2 })).status).toBe(404)
    expect(expectStatus(await guest<Basket>('GET', `/food/basket/${s}`), 200, 'get').restaurants).toEqual([])
    expect((await put({ product_id: randomUUID(), quantity: 1 })).status).toBe(404)
  })
})

describe('checkout refusals', () => {
  it('refuses with the specification’s codes', async () => {
    const checkout = (s: string, overrides: Record<string, unknown> = {}, restaurant = place.uuid) =>
      guest('POST', `/food/basket/${s}/checkout`, checkoutBody(restaurant, overrides))
    refusal(await checkout(randomUUID()), 404, 'invalid_session')
    const s = await startFoodSession(guest)
    refusal(await checkout(s), 422, 'basket_is_empty')
    await guest('PUT', `/food/basket/${s}`, { product_id: place.product, quantity: 1 })
    const min = refusal(await checkout(s), 422, 'min_order_amount')
    expect(min.params).toMatchObject({ amount: 1500, currency: 'EUR' })
    expect(min.message).toBe('minimum order amount is 15.00 EUR')
    await guest('PUT', `/food/basket/${s}`, { product_id: place.product, quantity: 2 })
    refusal(await checkout(s, { accept_privacy: false }), 422, 'terms_not_accepted')
    refusal(await checkout(s, { payment_method: 'bitcoin' }), 422, 'payment_method_is_not_supported')
    refusal(await checkout(s, { pickup_in_restaurant: true }), 422, 'pickup_not_available')
    refusal(
      await checkout(s, { delivery_asap: false, requested_time: '04:17' }),
      422,
      'requested_time_not_available',
    )

    const far = pointNorth(9000)
    await guest('PATCH', `/food/session/${s}?lat=${far.lat}&lon=${far.lon}`)
    refusal(await checkout(s), 422, 'outside_delivery_area')
    await guest('PATCH', `/food/session/${s}?zip_code=1017AA`)
    refusal(await checkout(s), 422, 'delivery_address_required')
    const near = pointNorth(500)
    await guest('PATCH', `/food/session/${s}?zip_code=1012AB&lat=${near.lat}&lon=${near.lon}`)

    const patch = async (body: Record<string, unknown>) =>
      expectStatus(await owner.api('PATCH', `/food/programs/${place.uuid}`, body), 200, 'restaurant')
    await patch({ read_only_mode: true, order_limit_message: 'Back at six' })
    expect(refusal(await checkout(s), 422, 'restaurant_read_only').params).toMatchObject({
      message: 'Back at six',
    })
    await patch({ read_only_mode: false, disable_online_ordering: true })
    refusal(await checkout(s), 422, 'ordering_disabled')
    await patch({ disable_online_ordering: false, default_asap: true })
    refusal(
      await checkout(s, { delivery_asap: false, requested_time: '18:00' }),
      422,
      'requested_time_not_available',
    )
    await patch({ default_asap: false })
    // Closed today and tomorrow: a run that crosses midnight here finds it closed all the same.
    const closedDays = [0, 1].map((days) =>
      zonedDate(new Date(Date.now() + days * 86_400_000), 'Europe/Amsterdam'),
    )
    await patch({ working_hours_exceptions: closedDays.map((date) => ({ date, closed: true })) })
    refusal(await checkout(s), 422, 'restaurant_closed')
    // The cart says so up front, with when it opens next (after the two closed days).
    const closedCart = expectStatus(
      await guest<{ restaurants: { details: Record<string, unknown>; order: { refusal: string } }[] }>(
        'GET',
        `/food/basket/${s}`,
      ),
      200,
      'closed basket',
    ).restaurants[0]!
    expect(closedCart.order.refusal).toBe('closed_today')
    expect(closedCart.details).toMatchObject({ closed: true, time_zone: 'Europe/Amsterdam' })
    const opens = Date.parse(String(closedCart.details.next_opening))
    expect(opens).toBeGreaterThan(Date.now() + 86_400_000)
    expect(zonedDate(new Date(opens), 'Europe/Amsterdam') > closedDays[1]!).toBe(true)
    await patch({ working_hours_exceptions: [] })
    expectStatus(
      await acceptor.api('PATCH', `/food/programs/${place.uuid}/pause`, { minutes: 20 }),
      200,
      'pause',
    )
    refusal(await checkout(s), 422, 'ordering_paused')
    expectStatus(
      await acceptor.api('PATCH', `/food/programs/${place.uuid}/pause`, { until: null }),
      200,
      'reopen',
    )

    // The order limit counts paid orders not yet delivered, under the restaurant's lock.
    const limited = await seedRestaurant(owner, {
      restaurant: { order_limit: 1, order_limit_message: 'Full, sorry' },
    })
    await paid(await placeFoodOrder(guest, limited))
    const s2 = await startFoodSession(guest)
    await guest('PUT', `/food/basket/${s2}`, { product_id: limited.product, quantity: 2 })
    const full = refusal(await checkout(s2, {}, limited.uuid), 422, 'order_limit_reached')
    expect(full.message).toBe('Full, sorry')
  }, 120_000)
})

describe('an order from checkout to delivered', () => {
  it('starts its payment once, is paid exactly once with its ledger entry, and moves forward only', async () => {
    const s = await startFoodSession(guest)
    await guest('PUT', `/food/basket/${s}`, {
      product_id: place.product,
      quantity: 1,
      variant_uuid: variant,
      extra_uuids: [extra],
    })
    const key = `checkout-${randomUUID()}`
    const email = `anna.${randomUUID().slice(0, 8)}@example.com`
    const first = expectStatus(
      await guest<{
        result: {
          uuid: string
          total: number
          vat: number
          items_detail: { vat: number; vat_percentage: number }[]
        }
        payment_uuid: string
      }>('POST', `/food/basket/${s}/checkout`, checkoutBody(place.uuid, { email }), {
        'idempotency-key': key,
      }),
      201,
      'checkout',
    )
    // 2300 + 250 delivery; VAT 9 % per line: 190 + 21.
    expect(first.result.total).toBe(2550)
    expect(first.result.items_detail.map((i) => [i.vat, i.vat_percentage])).toEqual([
      [190, 9],
      [21, 9],
    ])
    expect(first.result.vat).toBe(211)
    const again = expectStatus(
      await guest<{ result: { uuid: string }; payment_uuid: string }>(
        'POST',
        `/food/basket/${s}/checkout`,
        checkoutBody(place.uuid, { email }),
        { 'idempotency-key': key },
      ),
      201,
      'same checkout',
    )
    expect(again.result.uuid).toBe(first.result.uuid)
    expect(again.payment_uuid).toBe(first.payment_uuid)
    // The payment page reads the order in the payer's words: a code and its number, not English.
    const page = expectStatus(
      await guest<{ description_code: string | null; description_params: unknown }>(
        'GET',
        `/payment/checkout/${first.payment_uuid}`,
      ),
      200,
      'payment page',
    )
    expect(page).toMatchObject({
      description_code: 'food_order',
      description_params: { number: expect.any(Number) },
    })
    const starts = await Promise.all(
      [1, 2, 3].map(() =>
        guest<{ payment_uuid: string }>('POST', `/food/orders/${first.result.uuid}/payment?session_id=${s}`),
      ),
    )
    expect(new Set(starts.map((r) => r.body.payment_uuid))).toEqual(new Set([first.payment_uuid]))
    const payments = await t.services.db
      .selectFrom('payments')
      .select('id')
      .where('payable_id', '=', first.result.uuid)
      .execute()
    expect(payments).toHaveLength(1)
    const pending = expectStatus(
      await guest<{ outcome: string }>('GET', `/food/orders/payment/${s}`),
      200,
      'outcome before paying',
    )
    expect(pending.outcome).toBe('pending')

    const order = await paid({ order: first.result.uuid, payment: first.payment_uuid })
    expect(order.paid_at).not.toBeNull()
    // The provider's page names the restaurant once: its name leads, the order follows.
    const sandbox = await t.services.db
      .selectFrom('sandbox_payments')
      .select('description')
      .where(
        'reference',
        'in',
        t.services.db
          .selectFrom('payment_attempts')
          .select(sql<string>`id::text`.as('id'))
          .where('payment_id', '=', first.payment_uuid),
      )
      .executeTakeFirstOrThrow()
    // Whom they pay and what, in the payer's language (the start said none: Dutch, the default).
    expect(sandbox.description).toBe(`${await titleOf(place.uuid)}: Bestelling #${order.order_id}`)
    expect(
      expectStatus(
        await guest<{ outcome: string; next: string }>('GET', `/food/orders/payment/${s}`),
        200,
        'outcome',
      ),
    ).toEqual(expect.objectContaining({ outcome: 'paid', next: `/orders/${order.id}` }))
    // The paid lines left the basket.
    expect(
      expectStatus(await guest<{ restaurants: unknown[] }>('GET', `/food/basket/${s}`), 200, 'basket')
        .restaurants,
    ).toEqual([])

    // A second paid event (a replayed webhook, a second capture) changes nothing.
    const again2 = await t.services.db
      .transaction()
      .execute((trx) =>
        applyOrderPaid(
          trx,
          order.id,
          first.payment_uuid,
          { actor: system('test'), requestId: 'r' },
          'Europe/Amsterdam',
        ),
      )
    expect(again2).toEqual({ kind: 'none' })
    const paidRows = await t.services.db
      .selectFrom('food_order_history')
      .select('id')
      .where('order_id', '=', order.id)
      .where('to_status', '=', 3)
      .execute()
    expect(paidRows).toHaveLength(1)

    const entry = await until(async () => {
      const lines = await t.services.db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
        .select(['e.source_kind', 'l.account', 'l.debit', 'l.credit'])
        .where('e.source_kind', '=', 'food_order.paid')
        .where('e.source_id', '=', order.id)
        .orderBy('l.line_no')
        .execute()
      return lines.length ? lines : null
    }, 'the ledger entry')
    expect(entry.map((l) => [l.account, Number(l.debit), Number(l.credit)])).toEqual([
      [230, 2550, 0],
      [410, 0, 2339],
      [210, 0, 211],
    ])

    // The kitchen moves it; back or sideways is 409; every change has its history row.
    const move = (status: number | string) =>
      acceptor.api('PATCH', `/food/programs/${place.uuid}/orders/${order.id}/status`, { status })
    expect((await move('kitchen')).status).toBe(200)
    refusal(await move(3), 409, 'order_transition_not_allowed')
    refusal(await move(8), 409, 'order_transition_not_allowed')
    expect((await move(6)).status).toBe(200)
    const done = expectStatus(
      await owner.api<{
        result: {
          order_status: number
          history: { to_status: number; user_uuid: string | null }[]
          transactions: { transaction_status: string; amount: number }[]
        }
      }>('PATCH', `/food/programs/${place.uuid}/orders/${order.id}/status`, { status: 'delivered' }),
      200,
      'delivered',
    ).result
    expect(done.order_status).toBe(7)
    expect(done.history.map((h) => h.to_status)).toEqual([1, 2, 3, 5, 6, 7])
    expect(done.history.slice(3).map((h) => h.user_uuid)).toEqual([acceptor.id, acceptor.id, owner.id])
    expect(done.transactions).toEqual([expect.objectContaining({ transaction_status: 'paid', amount: 2550 })])

    // The customer heard of paid, out for delivery and delivered, in German.
    const mails = await smtp.waitFor((m) => m.envelope.to.includes(email), 3)
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        `Ihre Bestellung #${order.order_id} bei ${await titleOf(place.uuid)} ist bezahlt`,
        `Ihre Bestellung #${order.order_id} ist unterwegs`,
        `Ihre Bestellung #${order.order_id} wurde geliefert`,
      ].sort(),
    )
    // It lists the dishes; the delivery cost is in the total, not a "1 × Delivery" line.
    const paidMail = mails.find((m) => m.subject?.endsWith('ist bezahlt'))
    expect(paidMail?.text).toMatch(/1 × /)
    expect(paidMail?.text).not.toMatch(/× Delivery/)

    // Another owner, naming this order under their own restaurant: 404.
    const other = await seedMember(seeding(t), 'owner', { legal_type: 1, company_name: 'Concurrent BV' })
    const theirs = await seedRestaurant(other)
    expect((await other.api('GET', `/food/programs/${theirs.uuid}/orders/${order.id}`)).status).toBe(404)
    expect(
      (await other.api('PATCH', `/food/programs/${theirs.uuid}/orders/${order.id}/status`, { status: 7 }))
        .status,
    ).toBe(404)

    // The guest reads it with its session only.
    expect((await guest('GET', `/food/orders/${order.id}?session_id=${s}`)).status).toBe(200)
    expect(
      (await guest('GET', `/food/orders/${order.id}?session_id=${await startFoodSession(guest)}`)).status,
    ).toBe(404)
  }, 120_000)
})

describe('the way back after paying', () => {
  it('returns the guest to the host they ordered on: the brand’s domain or the platform’s, nothing else', async () => {
    const port = new URL(t.services.config.PUBLIC_URL).port
    const domain = `${randomUUID().slice(0, 8)}.dehoek.example`
    expectStatus(
      await upload(owner.api, '/food/branding', { program_uuid: place.uuid, domain_name: domain }),
      200,
      'brand domain',
    )
    const stranger = await seedMember(seeding(t), 'owner', { legal_type: 1, company_name: 'Elders BV' })
    const theirs = await seedRestaurant(stranger)
    const theirDomain = `${randomUUID().slice(0, 8)}.elders.example`
    expectStatus(
      await upload(stranger.api, '/food/branding', { program_uuid: theirs.uuid, domain_name: theirDomain }),
      200,
      'their brand domain',
    )
    const returnUrlOf = async (host: string) => {
      const s = await startFoodSession(guest)
      await guest('PUT', `/food/basket/${s}`, { product_id: place.product, quantity: 2 })
      const res = expectStatus(
        await guest<{ payment_uuid: string }>(
          'POST',
          `/food/basket/${s}/checkout`,
          checkoutBody(place.uuid),
          {
            host,
          },
        ),
        201,
        `checkout on ${host}`,
      )
      const row = await t.services.db
        .selectFrom('payments')
        .select('return_url')
        .where('id', '=', res.payment_uuid)
        .executeTakeFirstOrThrow()
      return { url: row.return_url, session: s }
    }
    const brand = await returnUrlOf(`${domain.toUpperCase()}:${port}`)
    expect(brand.url).toBe(`http://${domain}:${port}/orders/payment/${brand.session}`)
    const platform = await returnUrlOf(`localhost:${port}`)
    expect(platform.url).toBe(`http://localhost:${port}/orders/payment/${platform.session}`)
    for (const host of [
      `${theirDomain}:${port}`,
      `evil.example:${port}`,
      `${domain}:1`,
      `${domain}@evil.example`,
      `evil.example/${domain}`,
    ]) {
      const other = await returnUrlOf(host)
      expect(other.url, host).toBe(`${t.services.config.PUBLIC_URL}/orders/payment/${other.session}`)
    }
  }, 120_000)

  it('links the order in its e-mail on the host it was ordered on', async () => {
    // The guest's session lives on the restaurant's domain: a link to the platform's host opened
    // "follow this order on the device you ordered with" instead of the order.
    const port = new URL(t.services.config.PUBLIC_URL).port
    const domain = `${randomUUID().slice(0, 8)}.hoekmail.example`
    expectStatus(
      await upload(owner.api, '/food/branding', { program_uuid: place.uuid, domain_name: domain }),
      200,
      'brand domain',
    )
    const email = `mail-${randomUUID().slice(0, 8)}@example.com`
    const s = await startFoodSession(guest)
    await guest('PUT', `/food/basket/${s}`, { product_id: place.product, quantity: 2 })
    const placed = expectStatus(
      await guest<{ result: { uuid: string }; payment_uuid: string }>(
        'POST',
        `/food/basket/${s}/checkout`,
        checkoutBody(place.uuid, { email }),
        { host: `${domain}:${port}` },
      ),
      201,
      'checkout on the brand domain',
    )
    await payWithSandboxCard(guest, placed.payment_uuid)
    const [paid] = await smtp.waitFor((m) => m.envelope.to.includes(email), 1)
    expect(paid?.text).toContain(`http://${domain}:${port}/orders/${placed.result.uuid}`)
    expect(paid?.text).not.toContain(`${t.services.config.PUBLIC_URL}/orders/`)
  }, 120_000)

  it('keeps the host for a new payment after a failed one (pay again)', async () => {
    const port = new URL(t.services.config.PUBLIC_URL).port
    const { order, session, payment } = await placeFoodOrder(guest, place)
    const declined = await guest('POST', '/payment/pay', {
      order_uuid: payment,
      payment_type: 'card',
      card_number: '4000 0000 0000 0002',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    })
    expect(declined.status).toBeLessThan(500)
    await until(async () => (await orderRow(order)).status === 4, 'payment failed')
    const again = expectStatus(
      await guest<{ payment_uuid: string }>(
        'POST',
        `/food/orders/${order}/payment?session_id=${session}`,
        undefined,
        { host: `app.localhost:${port}` },
      ),
      200,
      'pay again',
    )
    expect(again.payment_uuid).not.toBe(payment)
    const row = await t.services.db
      .selectFrom('payments')
      .select('return_url')
      .where('id', '=', again.payment_uuid)
      .executeTakeFirstOrThrow()
    expect(row.return_url).toBe(`http://app.localhost:${port}/orders/payment/${session}`)
  })
})

describe('the owner’s books', () => {
  it('lists the active and date views, counts new orders, sums the day and exports CSV', async () => {
    const restaurant = await seedRestaurant(owner)
    const one = await paid(await placeFoodOrder(guest, restaurant))
    const two = await paid(await placeFoodOrder(guest, restaurant, { quantity: 3 }))
    await placeFoodOrder(guest, restaurant) // not paid: not in the books
    type Listed = {
      count: number
      results: { uuid: string; order_id: number }[]
      new_orders: { count: number }
      last_known_order_id: number
    }
    // An acceptor with no place in this restaurant: 404.
    expect(
      (await acceptor.api('GET', `/food/programs/${restaurant.uuid}/orders?active_view=true`)).status,
    ).toBe(404)
    const list = expectStatus(
      await owner.api<Listed>(
        'GET',
        `/food/programs/${restaurant.uuid}/orders?active_view=true&last_known_order_id=${one.order_id}`,
      ),
      200,
      'active view',
    )
    expect(list.results.map((r) => r.uuid)).toEqual([one.id, two.id])
    expect(list.new_orders.count).toBe(1)
    expect(list.last_known_order_id).toBe(Number(two.order_id))
    // The day the orders were placed on the restaurant's clock (not the day now: the wait for the
    // payments may have crossed midnight).
    const today = zonedDate(one.created_at, 'Europe/Amsterdam')
    const dated = expectStatus(
      await owner.api<Listed>('GET', `/food/programs/${restaurant.uuid}/orders?date=${today}&size=1&page=2`),
      200,
      'date view',
    )
    expect(dated.count).toBe(2)
    expect(dated.results.map((r) => r.uuid)).toEqual([one.id])
    const totals = expectStatus(
      await owner.api<{ results: Record<string, unknown>[] }>(
        'GET',
        `/food/programs/${restaurant.uuid}/daily-totals?date=${today}`,
      ),
      200,
      'totals',
    )
    expect(totals.results).toEqual([
      expect.objectContaining({
        order_date: today,
        orders_count: 2,
        products_total: 1900 + 2850,
        fees_total: 500,
        overall: 5250,
        revenue: 5250 - Number(one.vat) - Number(two.vat),
      }),
    ])
    // The totals are kept per day and type by triggers (food_daily_totals): after the kitchen's
    // moves and a payout they still equal the sums over the orders themselves.
    expectStatus(
      await owner.api('PATCH', `/food/programs/${restaurant.uuid}/orders/${two.id}/status`, { status: 5 }),
      200,
      'cooking',
    )
    await t.services.db
      .updateTable('food_orders')
      .set({ status: 8, payout_amount: 1000n })
      .where('id', '=', one.id)
      .execute()
    const kept =
      await sql`select order_date::text, pickup_in_restaurant, orders_count, products_total, fees_total,
        overall, vat, payouts from food_daily_totals where program_id = ${restaurant.uuid}
       order by order_date, pickup_in_restaurant`.execute(t.services.db)
    const summed = await sql`select order_date::text, pickup_in_restaurant, count(*) as orders_count,
        sum(products_total)::bigint as products_total, sum(delivery_cost + pickup_fee)::bigint as fees_total,
        sum(total)::bigint as overall, sum(vat)::bigint as vat, sum(coalesce(payout_amount, 0))::bigint as payouts
        from food_orders where program_id = ${restaurant.uuid} and status in (3, 5, 6, 7, 8)
       group by 1, 2 order by 1, 2`.execute(t.services.db)
    expect(kept.rows).toEqual(summed.rows)
    expect(kept.rows).toHaveLength(1)
    const afterPayout = expectStatus(
      await owner.api<{ count: number; results: Record<string, unknown>[] }>(
        'GET',
        `/food/programs/${restaurant.uuid}/daily-totals`,
      ),
      200,
      'totals after a payout',
    )
    expect(afterPayout.count).toBe(1)
    expect(afterPayout.results[0]).toMatchObject({ orders_count: 2, overall: 5250, payouts: 1000 })
    const pickups = expectStatus(
      await owner.api<{ count: number; results: unknown[] }>(
        'GET',
        `/food/programs/${restaurant.uuid}/daily-totals?order_type=pickup`,
      ),
      200,
      'pickup totals',
    )
    expect(pickups).toMatchObject({ count: 0, results: [] })

    const csv = await t.h.request(
      'GET',
      `/api/v1/food/programs/${restaurant.uuid}/orders.csv?start_date=${today}&end_date=${today}`,
      {
        token: owner.api.token as string,
      },
    )
    expect(csv.status).toBe(200)
    const text = csv.body as string
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toMatch(/^order_id,status,date/)
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(`${one.order_id},paid_out,${today}`)
    expect(lines[1]).toContain('2 x Margherita')
    // Created on the restaurant's clock (`2026-11-29 03:04`), not an instant in UTC.
    expect(lines[1]).toContain(`,${localDateTime(one.created_at, 'Europe/Amsterdam')},`)
    expect(list.results[0]).toMatchObject({ time_zone: 'Europe/Amsterdam' })
  }, 120_000)
})

describe('a restaurant open day and night', () => {
  it('takes an order at 23:30 and at 00:30 Amsterdam time with 00:00–24:00 every day (the demo’s Sushi Kade)', async () => {
    const allDay = await seedRestaurant(owner, { restaurant: { time_zone: 'Europe/Amsterdam' } })
    const evenings = await seedRestaurant(owner, {
      restaurant: {
        time_zone: 'Europe/Amsterdam',
        working_hours: [1, 2, 3, 4, 5, 6, 7].map((day_of_week) => ({
          day_of_week,
          start_time: '11:00',
          end_time: '23:00',
        })),
      },
    })
    // Friday 4 December 2026 23:30 and Saturday 00:30 in Amsterdam (UTC+1).
    for (const [at, day] of [
      ['2026-12-04T22:30:00Z', '2026-12-04'],
      ['2026-12-04T23:30:00Z', '2026-12-05'],
    ] as const) {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(at), shouldAdvanceTime: true })
      try {
        const placed = await placeFoodOrder(guest, allDay)
        // Counted on the restaurant's day: the evening's, then the night's new one.
        const { rows } = await sql<{ order_date: string }>`
          select order_date::text from food_orders where id = ${placed.order}`.execute(t.services.db)
        expect(rows[0]?.order_date, at).toBe(day)
        // A restaurant that closes at 23:00 is closed at both times: the rule is the hours, not the clock.
        const session = await startFoodSession(guest)
        expectStatus(
          await guest('PUT', `/food/basket/${session}`, { product_id: evenings.product, quantity: 2 }),
          200,
          'fill the basket',
        )
        refusal(
          await guest('POST', `/food/basket/${session}/checkout`, checkoutBody(evenings.uuid)),
          422,
          'restaurant_closed',
        )
      } finally {
        vi.useRealTimers()
      }
    }
  })
})
