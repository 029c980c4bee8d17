import { randomUUID } from 'node:crypto'
import { demoPassword, demoUsers } from './seed-demo.ts'

/**
 * Demo orders for the demo restaurant (issue 15 item 9): guests order through the public API as
 * the web does (a session, a basket with a variant and an extra, checkout) and pay with the sandbox
 * card; the demo acceptor then moves them along, so the kitchen board and the owner's books show
 * orders in several states: paid, cooking, out for delivery / ready for pickup, delivered, and one
 * left unpaid. The restaurant takes card and iDEAL at the sandbox (its payment methods).
 *
 * Orders follow every rule, so they are placed only while the restaurant is open; when it is closed
 * (a night start) this says so and leaves them for a later start. Idempotent: nothing is placed when
 * the restaurant already has orders.
 *
 *   node scripts/seed-demo-orders.ts [api origin]
 */
type Json = Record<string, unknown>

export async function seedDemoOrders(apiOrigin: string): Promise<string[]> {
  const tokens = new Map<string, string>()
  const login = async (portal: 'programs' | 'acceptor') => {
    const known = tokens.get(portal)
    if (known) return known
    const user = demoUsers.find((u) => u.portal === portal)
    const res = await fetch(`${apiOrigin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user?.email, password: demoPassword, portal, remember: false }),
    })
    if (!res.ok) throw new Error(`sign-in as ${portal} answered ${res.status}`)
    const { auth_token } = (await res.json()) as { auth_token: string }
    tokens.set(portal, auth_token)
    return auth_token
  }
  const call = async <T>(
    who: 'programs' | 'acceptor' | 'guest',
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const res = await fetch(`${apiOrigin}/api/v1${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(who === 'guest' ? {} : { authorization: `Bearer ${await login(who)}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
    return (text ? JSON.parse(text) : {}) as T
  }

  const programs = await call<{ results: { uuid: string; title: string }[] }>(
    'programs',
    'GET',
    '/food/programs',
  )
  const restaurant = programs.results.find((p) => p.title === 'Eetcafé De Hoek')
  if (!restaurant) return []
  await call('programs', 'POST', '/manager/program-methods', {
    program: restaurant.uuid,
    methods: ['card', 'ideal'].map((method_id) => ({ method_id, provider_id: 'sandbox', is_used: true })),
  })
  const known = await call<{ count: number }>(
    'programs',
    'GET',
    `/food/programs/${restaurant.uuid}/orders?active_view=true`,
  )
  const recent = await call<{ count: number }>('programs', 'GET', `/food/programs/${restaurant.uuid}/orders`)
  if (known.count > 0 || recent.count > 0) return []
  const detail = await call<{
    result: {
      closed: boolean
      categories: { title: string; products: { uuid: string; has_options: boolean }[] }[]
    }
  }>('guest', 'GET', `/food/restaurants/${restaurant.uuid}`)
  if (detail.result.closed)
    return ['demo orders: the restaurant is closed now, they are placed at a start while it is open']

  const pizza = detail.result.categories.find((c) => c.title === "Pizza's")?.products[0]
  const dishes = detail.result.categories.flatMap((c) => c.products)
  if (!pizza || dishes.length < 3) return []
  const options = await call<{ result: { variants: { uuid: string }[]; extras: { uuid: string }[] } }>(
    'guest',
    'GET',
    `/food/products/${pizza.uuid}`,
  )
  // Prinsengracht 200 area: about 400 m from the restaurant.
  const guests = [
    { name: 'Sanne Bakker', email: 'sanne@example.com', pickup: false, language: 'nl', to: 7 },
    { name: 'Lukas Weber', email: 'lukas@example.com', pickup: true, language: 'de', to: 6 },
    { name: 'Olena Koval', email: 'olena@example.com', pickup: false, language: 'uk', to: 5 },
    { name: 'Tom de Jong', email: 'tom@example.com', pickup: false, language: 'nl', to: 3 },
    { name: 'Iris Visser', email: 'iris@example.com', pickup: true, language: 'en', to: 2 },
  ]
  const placed: { order: string; to: number }[] = []
  for (const [i, g] of guests.entries()) {
    const q = g.pickup
      ? 'pickup_in_restaurant=true'
      : `zip_code=1016DX&house_number=${200 + i}&lat=52.3739&lon=4.8839`
    const session = await call<{ uuid: string }>('guest', 'POST', `/food/session?${q}`)
    await call('guest', 'PUT', `/food/basket/${session.uuid}`, {
      product_id: pizza.uuid,
      quantity: 1 + (i % 2),
      variant_uuid: options.result.variants[1]?.uuid ?? null,
      extra_uuids: options.result.extras.slice(0, 1).map((e) => e.uuid),
    })
    await call('guest', 'PUT', `/food/basket/${session.uuid}`, {
      product_id: dishes[i + 1]?.uuid,
      quantity: 1,
    })
    const order = await call<{ result: { uuid: string }; payment_uuid: string }>(
      'guest',
      'POST',
      `/food/basket/${session.uuid}/checkout`,
      {
        restaurant_uuid: restaurant.uuid,
        pickup_in_restaurant: g.pickup,
        delivery_asap: true,
        name: g.name,
        phone: `+31 6 1234 56${String(10 + i)}`,
        email: g.email,
        comment: i === 0 ? 'Graag aanbellen bij de achterdeur' : '',
        accept_terms: true,
        accept_privacy: true,
        payment_method: 'card',
        language: g.language,
      },
    )
    if (g.to >= 3)
      await call('guest', 'POST', '/payment/pay', {
        order_uuid: order.payment_uuid,
        payment_type: 'card',
        card_number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 3,
        cvc: '123',
      })
    placed.push({ order: order.result.uuid, to: g.to })
  }
  // The worker records the payments (webhooks); then the kitchen moves the orders along.
  let moved = 0
  for (const p of placed.filter((x) => x.to > 3)) {
    for (let tries = 0; tries < 50; tries++) {
      const o = await call<{ result: { order_status: number } }>(
        'acceptor',
        'GET',
        `/food/programs/${restaurant.uuid}/orders/${p.order}`,
      )
      if (o.result.order_status >= 3) break
      await new Promise((r) => setTimeout(r, 200))
    }
    try {
      for (const status of [5, 6, 7].filter((s) => s <= p.to))
        await call<Json>('acceptor', 'PATCH', `/food/programs/${restaurant.uuid}/orders/${p.order}/status`, {
          status,
        })
      moved++
    } catch {
      // Not paid yet (the worker is busy): it waits on the board as paid.
    }
  }
  return [
    `demo orders: ${placed.length} at Eetcafé De Hoek (${moved} moved along by the kitchen, one unpaid)`,
  ]
}

if (import.meta.main) {
  const origin = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`
  const made = await seedDemoOrders(origin)
  console.log(made.length ? made.join('\n') : 'the demo restaurant already has orders')
}
