import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Api,
  expectStatus,
  joinProgram,
  type Member,
  payWithSandboxCard,
  sandboxCard,
  seeding,
  seedMember,
  signInAs,
  until,
} from '../../tests/support/factories.ts'
import {
  placeFoodOrder,
  type SeededRestaurant,
  seedRestaurant,
  uploadFoodImage,
} from '../../tests/support/food.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { pdfText } from '../../tests/support/pdf-text.ts'

/**
 * The staff side of issue 15 through HTTP against real PostgreSQL, Redis, the sandbox and the
 * worker: counter orders (cash and the payment QR) reaching the kitchen board, the receipt PDF for
 * staff and for the guest's session, a product's VAT code in the menu API, and the pause read back.
 * Another tenant, another role and no token: security.test.ts (the shared harness).
 */

let t: LiveTestContext
let owner: Member
let acceptor: Member
let stranger: Member
let guest: Api
let place: SeededRestaurant
let other: SeededRestaurant
let variant: string
let extra: string

type ErrorBody = { error: { code: string; reason?: string; fields?: Record<string, unknown> } }
interface CounterAnswer {
  result: {
    uuid: string
    order_id: number
    order_status: number
    source: string
    eat_in: boolean
    name: string
    total: number
    vat: number
    payment_method: string
    items_detail: { title: string; total: number; vat: number; vat_percentage: number | null }[]
  }
  payment_url: string | null
  session_id: string
}

beforeAll(async () => {
  t = await createLiveTestContext({ env: { PAY_LIMIT_PER_ADDRESS: '1000' } })
  const s = seeding(t)
  ;[owner, acceptor, stranger] = await Promise.all([
    seedMember(s, 'owner', { legal_type: 1, company_name: 'Trattoria BV' }),
    seedMember(s, 'acceptor', { legal_type: 1, company_name: 'Keuken BV' }),
    seedMember(s, 'owner', { legal_type: 1, company_name: 'Elders BV' }),
  ])
  guest = s.guest
  place = await seedRestaurant(owner)
  other = await seedRestaurant(stranger)
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
})

const refusal = (res: { status: number; body: unknown }, status: number, reason?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  if (reason) expect((res.body as ErrorBody).error.reason, JSON.stringify(res.body)).toBe(reason)
  return (res.body as ErrorBody).error
}

const counter = (body: Record<string, unknown>, as: Member = acceptor, key?: string) =>
  as.api<CounterAnswer>(
    'POST',
    `/food/programs/${place.uuid}/counter-orders`,
    body,
    key ? { 'idempotency-key': key } : {},
  )

const activeOrders = async () =>
  expectStatus(
    await acceptor.api<{ results: { uuid: string; source: string; eat_in: boolean }[] }>(
      'GET',
      `/food/programs/${place.uuid}/orders?active_view=true&size=200`,
    ),
    200,
    'active view',
  ).results

async function pdfOf(
  path: string,
  as?: Member,
): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const headers: Record<string, string> = {}
  if (as) headers.authorization = `Bearer ${(await signInAs(t.h, as)).token}`
  const res = await t.app.request(`/api/v1${path}`, { headers })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  }
}

describe('a product’s VAT code in the menu API', () => {
  it('is read and written, only with the codes the platform knows, and prices orders at its rate', async () => {
    const products = expectStatus(
      await owner.api<{ results: { uuid: string; vat_code: string }[] }>(
        'GET',
        `/food/products?program_uuid=${place.uuid}`,
      ),
      200,
      'products',
    ).results
    expect(products.find((p) => p.uuid === place.product)?.vat_code).toBe('low')
    const bad = refusal(
      await owner.api('PATCH', `/food/products/${place.product}`, { vat_code: 'medium' }),
      400,
    )
    expect(Object.keys(bad.fields ?? {})).toContain('vat_code')
    const wine = expectStatus(
      await owner.api<{ result: { uuid: string; vat_code: string } }>('POST', '/food/products', {
        category_uuid: place.category,
        title: 'Red wine',
        description: 'A glass',
        image: await uploadFoodImage(owner),
        price: 605,
        quantity: 150,
        unit: 'milliliter',
        vat_code: 'high',
      }),
      201,
      'a drink at the high rate',
    )
    expect(wine.result.vat_code).toBe('high')
    const changed = expectStatus(
      await acceptor.api<{ result: { vat_code: string } }>('PATCH', `/food/products/${wine.result.uuid}`, {
        vat_code: 'zero',
      }),
      200,
      'staff change the code',
    )
    expect(changed.result.vat_code).toBe('zero')
    expectStatus(
      await owner.api('PATCH', `/food/products/${wine.result.uuid}`, { vat_code: 'high' }),
      200,
      'back to high',
    )
    // 605 gross at 21 %: 105 VAT (half up), taken out per line.
    const order = expectStatus(
      await counter({ lines: [{ product_id: wine.result.uuid, quantity: 1 }], payment: 'cash' }),
      201,
      'a counter order of wine',
    ).result
    expect(order.items_detail[0]).toMatchObject({ total: 605, vat: 105, vat_percentage: 21 })
  })
})

describe('the pause, read back', () => {
  it('says until when new orders are paused, and null once reopened', async () => {
    const read = async () =>
      expectStatus(
        await acceptor.api<{ paused_until: string | null }>('GET', `/food/programs/${place.uuid}/pause`),
        200,
        'pause',
      ).paused_until
    expect(await read()).toBeNull()
    const set = expectStatus(
      await acceptor.api<{ paused_until: string }>('PATCH', `/food/programs/${place.uuid}/pause`, {
        minutes: 20,
      }),
      200,
      'pause',
    ).paused_until
    expect(await read()).toBe(set)
    expect(
      expectStatus(
        await owner.api<{ paused_until: string | null }>('GET', `/food/programs/${place.uuid}/pause`),
        200,
        'owner reads',
      ).paused_until,
    ).toBe(set)
    expectStatus(
      await acceptor.api('PATCH', `/food/programs/${place.uuid}/pause`, { until: null }),
      200,
      'reopen',
    )
    expect(await read()).toBeNull()
  })
})

describe('counter orders', () => {
  it('in cash: paid at once, priced from the menu, on the kitchen board', async () => {
    const answer = expectStatus(
      await counter({
        lines: [
          { product_id: place.product, quantity: 2, variant_uuid: variant, extra_uuids: [extra] },
          { product_id: place.product, quantity: 1 },
        ],
        eat_in: true,
        name: 'Table 4',
        payment: 'cash',
      }),
      201,
      'counter order in cash',
    )
    expect(answer.payment_url).toBeNull()
    // (950 + 1250 + 100) × 2 + 950: the menu's prices.
    expect(answer.result).toMatchObject({
      order_status: 3,
      source: 'counter',
      eat_in: true,
      name: 'Table 4',
      total: 5550,
      payment_method: 'cash',
    })
    const listed = (await activeOrders()).find((o) => o.uuid === answer.result.uuid)
    expect(listed).toMatchObject({ source: 'counter', eat_in: true })
    const events = await t.services.db
      .selectFrom('food_board_events')
      .select(['kind'])
      .where('order_id', '=', answer.result.uuid)
      .execute()
    expect(events.map((e) => e.kind)).toEqual(['order.paid'])
    const history = await t.services.db
      .selectFrom('food_order_history')
      .select(['to_status', 'actor_kind', 'actor_user_id'])
      .where('order_id', '=', answer.result.uuid)
      .orderBy('created_at')
      .execute()
    expect(history.map((h) => h.to_status)).toEqual([1, 3])
    expect(history[1]).toMatchObject({ actor_kind: 'user', actor_user_id: acceptor.id })
  })

  it('by the payment QR: awaiting payment until the customer pays, then on the board', async () => {
    const answer = expectStatus(
      await counter({ lines: [{ product_id: place.product, quantity: 1 }], payment: 'terminal' }, owner),
      201,
      'counter order by QR',
    )
    expect(answer.result.order_status).toBe(2)
    expect(answer.payment_url).toMatch(/\/checkout\/[0-9a-f-]{36}$/)
    expect((await activeOrders()).some((o) => o.uuid === answer.result.uuid)).toBe(false)
    const payment = answer.payment_url!.split('/').pop()!
    await payWithSandboxCard(guest, payment)
    await until(
      async () => (await activeOrders()).some((o) => o.uuid === answer.result.uuid),
      'the paid counter order on the board',
    )
    // The customer's phone is sent to the order's own session: its order page and receipt.
    const outcome = expectStatus(
      await guest<{ outcome: string; next: string }>('GET', `/food/orders/payment/${answer.session_id}`),
      200,
      'outcome',
    )
    expect(outcome).toMatchObject({ outcome: 'paid', next: `/orders/${answer.result.uuid}` })
  })

  it('answers a retry with the same Idempotency-Key with the same order', async () => {
    const key = `counter-${randomUUID()}`
    const body = { lines: [{ product_id: place.product, quantity: 1 }], payment: 'cash' }
    const first = expectStatus(await counter(body, acceptor, key), 201, 'first')
    const again = expectStatus(await counter(body, acceptor, key), 201, 'retry')
    expect(again.result.uuid).toBe(first.result.uuid)
    const count = await t.services.db
      .selectFrom('food_orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('refuses an empty order, a foreign variant or extra, another restaurant’s dish and bad input', async () => {
    refusal(await counter({ lines: [], payment: 'cash' }), 422, 'basket_is_empty')
    refusal(
      await counter({
        lines: [{ product_id: place.product, quantity: 1, variant_uuid: extra }],
        payment: 'cash',
      }),
      422,
      'not_valid_variants',
    )
    refusal(
      await counter({
        lines: [{ product_id: place.product, quantity: 1, extra_uuids: [variant] }],
        payment: 'cash',
      }),
      422,
      'not_valid_extras',
    )
    refusal(await counter({ lines: [{ product_id: other.product, quantity: 1 }], payment: 'cash' }), 404)
    refusal(await counter({ lines: [{ product_id: place.product, quantity: 0 }], payment: 'cash' }), 400)
    refusal(await counter({ lines: [{ product_id: place.product, quantity: 1 }], payment: 'cheque' }), 400)
    refusal(
      await counter({ lines: [{ product_id: place.product, quantity: 1, price: 1 }], payment: 'cash' }),
      400,
    )
  })
})

describe('a counter order whose QR payment did not go through', () => {
  const declinedCard = { ...sandboxCard, card_number: '4000 0000 0000 0002' }
  const paymentOf = (url: string | null) => url!.split('/').pop()!
  const orderRow = (id: string) =>
    t.services.db.selectFrom('food_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const ledgerLines = (orderId: string) =>
    t.services.db
      .selectFrom('ledger_entries')
      .select(['id', 'source_kind'])
      .where('source_id', '=', orderId)
      .execute()
  const again = (order: string, what: 'payment' | 'cash', as: Member = acceptor) =>
    as.api<CounterAnswer>('POST', `/food/programs/${place.uuid}/counter-orders/${order}/${what}`)
  const qrOrder = async () =>
    expectStatus(
      await counter({ lines: [{ product_id: place.product, quantity: 1 }], payment: 'terminal' }),
      201,
      'counter order by QR',
    )
  const failed = async (answer: CounterAnswer) => {
    const declined = await guest<{ status: string }>('POST', '/payment/pay', {
      order_uuid: paymentOf(answer.payment_url),
      ...declinedCard,
    })
    expect(declined.status, JSON.stringify(declined.body)).toBeLessThan(500)
    await until(async () => (await orderRow(answer.result.uuid)).status === 4, 'payment_failed')
  }

  it('gets a new QR (the same one when asked twice) and is paid by it once, with its ledger entry', async () => {
    const answer = await qrOrder()
    await failed(answer)
    const first = expectStatus(await again(answer.result.uuid, 'payment'), 200, 'new QR')
    expect(first.payment_url).toMatch(/\/checkout\/[0-9a-f-]{36}$/)
    expect(first.payment_url).not.toBe(answer.payment_url)
    expect(first.session_id).toBe(answer.session_id)
    expect(first.result.order_status).toBe(2)
    const second = expectStatus(await again(answer.result.uuid, 'payment', owner), 200, 'asked again')
    expect(second.payment_url).toBe(first.payment_url)
    await payWithSandboxCard(guest, paymentOf(first.payment_url))
    await until(
      async () => (await activeOrders()).some((o) => o.uuid === answer.result.uuid),
      'on the board after the new QR',
    )
    const entries = await until(async () => {
      const rows = await ledgerLines(answer.result.uuid)
      return rows.length ? rows : null
    }, 'the ledger entry')
    expect(entries.map((e) => e.source_kind)).toEqual(['food_order.paid'])
    const payments = await t.services.db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('payable_id', '=', answer.result.uuid)
      .execute()
    expect(payments.map((p) => p.status).sort()).toEqual(['cancelled', 'paid'])
    // Paid: a new QR answers the paid payment, cash is refused.
    expect(expectStatus(await again(answer.result.uuid, 'payment'), 200, 'paid').payment_url).toBe(
      first.payment_url,
    )
    refusal(await again(answer.result.uuid, 'cash'), 422, 'order_not_payable')
  })

  it('takes cash instead: the payment closed, paid at once, on the board, no ledger entry', async () => {
    const answer = await qrOrder()
    await failed(answer)
    const cash = expectStatus(await again(answer.result.uuid, 'cash'), 200, 'cash instead')
    expect(cash.payment_url).toBeNull()
    expect(cash.result).toMatchObject({ order_status: 3, payment_method: 'cash' })
    const twice = expectStatus(await again(answer.result.uuid, 'cash', owner), 200, 'cash again')
    expect(twice.result.order_status).toBe(3)
    const history = await t.services.db
      .selectFrom('food_order_history')
      .select(['to_status', 'actor_user_id'])
      .where('order_id', '=', answer.result.uuid)
      .orderBy('created_at')
      .execute()
    expect(history.map((h) => h.to_status)).toEqual([1, 2, 4, 3])
    expect(history[3]?.actor_user_id).toBe(acceptor.id)
    await until(
      async () => (await activeOrders()).some((o) => o.uuid === answer.result.uuid),
      'on the board in cash',
    )
    refusal(await again(answer.result.uuid, 'payment'), 422, 'order_not_payable')
    expect(await ledgerLines(answer.result.uuid)).toEqual([])
    // The failed payment was closed: paying its old QR now takes no money.
    const late = await guest('POST', '/payment/pay', {
      order_uuid: paymentOf(answer.payment_url),
      ...sandboxCard,
    })
    expect(late.status).toBeGreaterThanOrEqual(400)
  })

  it('closes a QR nobody paid yet before taking cash, so its money can no longer come', async () => {
    const answer = await qrOrder()
    const cash = expectStatus(await again(answer.result.uuid, 'cash'), 200, 'cash before paying')
    expect(cash.result.order_status).toBe(3)
    const payment = await t.services.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', paymentOf(answer.payment_url))
      .executeTakeFirstOrThrow()
    expect(payment.status).toBe('cancelled')
    const late = await guest('POST', '/payment/pay', {
      order_uuid: paymentOf(answer.payment_url),
      ...sandboxCard,
    })
    expect(late.status).toBeGreaterThanOrEqual(400)
    expect((await orderRow(answer.result.uuid)).payment_method).toBe('cash')
    expect(await ledgerLines(answer.result.uuid)).toEqual([])
  })

  it('refuses an online order, and another restaurant’s staff', async () => {
    const online = await placeFoodOrder(guest, place)
    refusal(await again(online.order, 'payment'), 422, 'not_counter_order')
    refusal(await again(online.order, 'cash'), 422, 'not_counter_order')
    const answer = await qrOrder()
    refusal(
      await stranger.api('POST', `/food/programs/${place.uuid}/counter-orders/${answer.result.uuid}/cash`),
      404,
    )
    refusal(
      await stranger.api('POST', `/food/programs/${other.uuid}/counter-orders/${answer.result.uuid}/cash`),
      404,
    )
    expect((await orderRow(answer.result.uuid)).status).toBe(2)
  })
})

describe('the receipt PDF', () => {
  it('gives staff the order’s receipt: restaurant, number, items with VAT, totals and payment', async () => {
    const answer = expectStatus(
      await counter({
        lines: [{ product_id: place.product, quantity: 2, variant_uuid: variant }],
        name: 'Bram',
        payment: 'cash',
      }),
      201,
      'an order',
    )
    const res = await pdfOf(
      `/food/programs/${place.uuid}/orders/${answer.result.uuid}/receipt?language=en`,
      owner,
    )
    expect(res.status).toBe(200)
    expect(res.type).toContain('application/pdf')
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = pdfText(res.bytes)
    expect(text).toContain(`Receipt of order #${answer.result.order_id}`)
    expect(text).toContain(`Order number: #${answer.result.order_id}`)
    expect(text).toContain('Trattoria')
    expect(text).toContain('2 × Margherita (Large)')
    expect(text).toContain('€44.00')
    expect(text).toContain('Paid with cash')
    expect(text).toMatch(/VAT 9% on €40\.37/)
    // In Dutch for the acceptor: the order's language by default.
    const dutch = pdfText(
      (await pdfOf(`/food/programs/${place.uuid}/orders/${answer.result.uuid}/receipt`, acceptor)).bytes,
    )
    expect(dutch).toContain(`Bon van bestelling #${answer.result.order_id}`)
    expect(dutch).toContain('Betaald met contant')
    // Another restaurant's order through this one: 404.
    const theirs = expectStatus(
      await stranger.api<CounterAnswer>('POST', `/food/programs/${other.uuid}/counter-orders`, {
        lines: [{ product_id: other.product, quantity: 1 }],
        payment: 'cash',
      }),
      201,
      'their order',
    )
    expect(
      (await pdfOf(`/food/programs/${place.uuid}/orders/${theirs.result.uuid}/receipt`, owner)).status,
    ).toBe(404)
  })

  it('gives the guest their own receipt through the order’s session, and nobody else', async () => {
    const placed = await placeFoodOrder(guest, place)
    await payWithSandboxCard(guest, placed.payment)
    await until(async () => {
      const row = await t.services.db
        .selectFrom('food_orders')
        .select(['status', 'order_id'])
        .where('id', '=', placed.order)
        .executeTakeFirstOrThrow()
      return row.status === 3 ? row : null
    }, 'paid')
    const res = await pdfOf(`/food/orders/${placed.order}/receipt?session_id=${placed.session}`)
    expect(res.status).toBe(200)
    const text = pdfText(res.bytes)
    // The guest ordered in German (checkoutBody): their receipt is in German.
    expect(text).toContain('Beleg der Bestellung')
    expect(text).toContain('Lieferung')
    expect((await pdfOf(`/food/orders/${placed.order}/receipt?session_id=${randomUUID()}`)).status).toBe(404)
    expect((await pdfOf(`/food/orders/${placed.order}/receipt`)).status).toBe(400)
  })

  it('calls the pickup fee by the restaurant’s own name, as the cart did, on the order and its receipt', async () => {
    const patch = (body: Record<string, unknown>) =>
      owner.api('PATCH', `/food/programs/${place.uuid}`, body).then((r) => expectStatus(r, 200, 'restaurant'))
    await patch({ can_pickup_in_rest: true, pickup_fee_heading: 'Verpakking', pickup_fee: '0,50' })
    const placed = await placeFoodOrder(guest, place, { body: { pickup_in_restaurant: true } })
    // Renamed afterwards: the order keeps the name it was placed with.
    await patch({ pickup_fee_heading: 'Tasje' })
    await payWithSandboxCard(guest, placed.payment)
    await until(async () => {
      const row = await t.services.db
        .selectFrom('food_orders')
        .select(['status'])
        .where('id', '=', placed.order)
        .executeTakeFirstOrThrow()
      return row.status === 3 ? row : null
    }, 'paid')
    const order = expectStatus(
      await guest<{ result: { pickup_fee_heading: string; pickup_fee: number } }>(
        'GET',
        `/food/orders/${placed.order}?session_id=${placed.session}`,
      ),
      200,
      'the order',
    ).result
    expect(order).toMatchObject({ pickup_fee_heading: 'Verpakking', pickup_fee: 50 })
    const staff = expectStatus(
      await owner.api<{ result: { pickup_fee_heading: string } }>(
        'GET',
        `/food/programs/${place.uuid}/orders/${placed.order}`,
      ),
      200,
      'the staff order',
    ).result
    expect(staff.pickup_fee_heading).toBe('Verpakking')
    const text = pdfText(
      (await pdfOf(`/food/orders/${placed.order}/receipt?session_id=${placed.session}`)).bytes,
    )
    expect(text).toContain('Verpakking')
    expect(text).not.toContain('Abholgebühr')
    await patch({ can_pickup_in_rest: false, pickup_fee_heading: '', pickup_fee: null })
  })
})
