import { randomUUID } from 'node:crypto'
import { demoPassword, demoUsers } from './seed-demo.ts'
import { dishPicture } from './seed-demo-restaurant.ts'

/**
 * The demo food court (issue 16 item 7): the demo owner's "Foodhal De Hallen" with two of the demo
 * restaurants invited: Eetcafé De Hoek, which accepted and finished its onboarding at the sandbox
 * (its dishes are in the court's cart), and a second demo restaurant, Sushi Kade (open every day
 * 00:00–24:00, so a guest can order in the evening and at night), which accepted but has not finished
 * onboarding (hidden from the court's guests; the court owner sees the note; its own page takes
 * orders). Through the
 * public API, as the web does. Idempotent: nothing is made when the owner has a court.
 *
 *   node scripts/seed-demo-court.ts [api origin]
 */
export async function seedDemoCourt(apiOrigin: string): Promise<string[]> {
  const user = demoUsers.find((u) => u.portal === 'programs')
  const login = await fetch(`${apiOrigin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user?.email, password: demoPassword, portal: 'programs', remember: false }),
  })
  if (!login.ok) throw new Error(`sign-in as the demo owner answered ${login.status}`)
  const { auth_token } = (await login.json()) as { auth_token: string }
  const call = async <T>(method: string, path: string, body?: unknown, guest = false): Promise<T> => {
    const form = body instanceof FormData
    const res = await fetch(`${apiOrigin}/api/v1${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(guest ? {} : { authorization: `Bearer ${auth_token}` }),
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
      },
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
    return (text ? JSON.parse(text) : {}) as T
  }
  const image = async (kind: 'programs' | 'products', title: string, color: string) => {
    const form = new FormData()
    form.append(
      'image',
      new Blob([new Uint8Array(await dishPicture(title, color))], { type: 'image/jpeg' }),
      'dish.jpg',
    )
    return (await call<{ result: { uuid: string } }>('POST', `/food/${kind}/images`, form)).result.uuid
  }
  const methods = (program: string) =>
    call('POST', '/manager/program-methods', {
      program,
      methods: ['card', 'ideal'].map((method_id) => ({ method_id, provider_id: 'sandbox', is_used: true })),
    })
  const activate = async (program: string) => {
    for (const status of [11004, 11001]) await call('PATCH', `/manager/programs/${program}`, { status })
  }

  if ((await call<{ count: number }>('GET', '/food/courts')).count > 0) return []
  const restaurants = await call<{ results: { uuid: string; title: string }[] }>(
    'GET',
    '/food/programs?size=100',
  )
  const hoek = restaurants.results.find((r) => r.title === 'Eetcafé De Hoek')
  if (!hoek) return ['demo food court not made: the demo restaurant is missing']

  // A second demo restaurant for the court, open day and night: 00:00–24:00 every day (24:00 is the
  // end of the day, so each day runs on into the next without a gap; modules/food/shared.ts). De
  // Hoek keeps a café's hours, so the demo has a restaurant to order from in the evening and at
  // night too (modules/food/ordering.test.ts orders at 23:30 and 00:30 with these hours).
  let sushi = restaurants.results.find((r) => r.title === 'Sushi Kade')?.uuid
  if (!sushi) {
    const all = [1, 2, 3, 4, 5, 6, 7].map((day_of_week) => ({
      day_of_week,
      start_time: '00:00',
      end_time: '24:00',
    }))
    sushi = (
      await call<{ result: { uuid: string } }>('POST', '/food/programs', {
        title: 'Sushi Kade',
        description: 'Verse sushi en poke bowls, dag en nacht: elke dag 24 uur open.',
        image: await image('programs', 'Sushi Kade', '#b23a48'),
        address: 'Bellamyplein 51, 1053 AT Amsterdam',
        min_order_amount: 1000,
        latitude: 52.3667,
        longitude: 4.8685,
        can_pickup_in_rest: true,
        type_of_delivery: 2,
        delivery_ranges: [{ range_start: 0, range_end: 5, cost: '2,95' }],
        working_hours: all,
      })
    ).result.uuid
    const category = (
      await call<{ result: { uuid: string } }>('POST', '/food/categories', {
        program_uuid: sushi,
        title: 'Sushi',
      })
    ).result.uuid
    for (const [title, price] of [
      ['Zalm maki (8 st.)', 750],
      ['California roll (8 st.)', 850],
      ['Poke bowl zalm', 1350],
      ['Edamame', 450],
    ] as const) {
      await call('POST', '/food/products', {
        category_uuid: category,
        title,
        description: `${title}, vers bereid.`,
        image: await image('products', title, '#b23a48'),
        price,
        quantity: 1,
        unit: 'piece',
      })
    }
    await methods(sushi)
    await activate(sushi)
  }

  const court = (
    await call<{ result: { uuid: string } }>('POST', '/food/courts', {
      title: 'Foodhal De Hallen',
      description:
        'Eén bestelling, meerdere keukens: kies uit de restaurants van de foodhal en betaal één keer.',
      image: await image('programs', 'De Hallen', '#4d7cfe'),
      address: 'Bellamyplein 51, 1053 AT Amsterdam',
      can_pickup_in_rest: true,
      domain_name: 'hallen.localhost',
      food_court_min_order_amount: 1500,
      split_payment_fee_percent: 7.5,
      external_reference: 'DEMO-HALLEN',
    })
  ).result.uuid
  await methods(court)
  await activate(court)
  for (const restaurant of [hoek.uuid, sushi])
    await call('POST', '/food/invite', { program_uuid: court, restaurant_uuid: restaurant })
  // De Hoek (the same demo owner) accepts and completes the sandbox onboarding; Sushi Kade only accepts.
  const started = await call<{ result: { ccvpay_url: string | null } }>('POST', '/food/ccv-onboarding', {
    food_court: court,
    restaurant_uuid: hoek.uuid,
  })
  const merchant = started.result.ccvpay_url?.split('/').pop()
  if (merchant) await call('POST', `/sandbox/onboarding/${merchant}`, { approve: true }, true)
  await call('GET', `/food/ccv-onboarding?food_court=${court}&restaurant_uuid=${hoek.uuid}`)
  await call('POST', '/food/ccv-onboarding', { food_court: court, restaurant_uuid: sushi })
  return [
    'food court "Foodhal De Hallen" on hallen.localhost (fee 7.5 %): Eetcafé De Hoek onboarded, Sushi Kade invited and still onboarding',
  ]
}

if (import.meta.main) {
  const origin = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`
  const made = await seedDemoCourt(origin)
  for (const line of made) console.log(line)
}
