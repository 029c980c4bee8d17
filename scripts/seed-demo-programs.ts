import { randomUUID } from 'node:crypto'
import { demoPassword, demoUsers } from './seed-demo.ts'
import { seedDemoCourt } from './seed-demo-court.ts'
import { seedDemoCredit } from './seed-demo-credit.ts'
import { seedDemoOrders } from './seed-demo-orders.ts'
import { seedDemoRestaurant } from './seed-demo-restaurant.ts'

/**
 * Demo programs for development, made through the public API exactly as the portals would make
 * them (so every rule applies), once the platform is up:
 *
 * - the demo owner's payment program "Koffiebar De Hoek" (card and iDEAL at the sandbox), which
 *   the demo acceptor has joined with the cashpoint "Kassa 1": the acceptor can show a QR code
 *   at once;
 * - the demo owner's card program "Cadeaubon De Hoek" (a €25 voucher, valid a year from
 *   activation) with 10 cards ordered and paid with the sandbox test card, which the demo
 *   acceptor has joined with the cashpoint "Kassa 1" too: the acceptor can take cards at once;
 * - two of those cards activated by the demo card holder, the second spent at Kassa 1 (so the
 *   holder's card history and the acceptor's redemptions are not empty), the first left to try;
 * - the demo restaurant "Eetcafé De Hoek" (seed-demo-restaurant.ts), once;
 * - the demo credit program "Contributie Tennisclub De Hoek" with two bills to the demo card holder
 *   (seed-demo-credit.ts), once.
 *
 * Idempotent: nothing is made when the demo owner already has a program. The launcher runs it
 * after the API answers (development only); by hand: `node scripts/seed-demo-programs.ts [api]`.
 */

type Json = Record<string, unknown>
type Who = 'programs' | 'acceptor' | 'cardholder'

export type DemoCall = <T = Json>(who: Who | null, method: string, path: string, body?: unknown) => Promise<T>

/** Calls of the public API as a demo user (signed in once per portal), throwing on any refusal. */
export function demoApi(apiOrigin: string): DemoCall {
  const tokens = new Map<Who, string>()
  const call = async <T = Json>(
    who: Who | null,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (who) headers.authorization = `Bearer ${await tokenOf(who)}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (method === 'POST') headers['idempotency-key'] = randomUUID()
    const res = await fetch(`${apiOrigin}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
    return (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T
  }
  const tokenOf = async (who: Who): Promise<string> => {
    const known = tokens.get(who)
    if (known) return known
    const user = demoUsers.find((u) => u.portal === who)
    if (!user) throw new Error(`no demo user for ${who}`)
    const { auth_token } = await call<{ auth_token: string }>(null, 'POST', '/auth/login', {
      email: user.email,
      password: demoPassword,
      portal: who,
      remember: false,
    })
    tokens.set(who, auth_token)
    return auth_token
  }

  return call
}

export async function seedDemoPrograms(apiOrigin: string): Promise<string[]> {
  const call = demoApi(apiOrigin)
  const mine = await call<{ count: number }>('programs', 'GET', '/manager/programs?filter=all')
  // The demo restaurant has its own check (a database seeded before it existed gets it too).
  const made: string[] = [
    ...(await seedDemoRestaurant(apiOrigin)),
    // Orders are extra: a failure there must not keep the other demo programs from being made.
    ...(await seedDemoOrders(apiOrigin).catch((err: Error) => [`demo orders not placed: ${err.message}`])),
    ...(await seedDemoCourt(apiOrigin).catch((err: Error) => [`demo food court not made: ${err.message}`])),
    ...(await seedDemoCredit(call)),
  ]
  if (mine.count > 0) return made

  // A payment program with an acceptor at a cashpoint.
  const cafe = (
    await call<{ result: { uuid: string } }>('programs', 'POST', '/manager/programs', {
      type: 3001,
      title: 'Koffiebar De Hoek',
      description: 'Koffie, taart en lunch; betaal aan de kassa met je telefoon.',
    })
  ).result.uuid
  await call('programs', 'POST', '/manager/program-methods', {
    program: cafe,
    methods: [
      { method_id: 'card', provider_id: 'sandbox', is_used: true },
      { method_id: 'ideal', provider_id: 'sandbox', is_used: true },
    ],
  })
  await walkToActive(call, cafe)
  const acceptor = demoUsers.find((u) => u.portal === 'acceptor')
  await joinAtKassa(call, cafe, acceptor?.email)
  made.push('payment program "Koffiebar De Hoek" with the demo acceptor at "Kassa 1"')

  // A card program with paid, issued cards.
  const vouchers = (
    await call<{ result: { uuid: string } }>('programs', 'POST', '/manager/programs', {
      type: 1001,
      title: 'Cadeaubon De Hoek',
      description: 'Een waardebon van € 25 voor alles bij Koffiebar De Hoek.',
    })
  ).result.uuid
  const card = (
    await call<{ result: { uuid: string } }>('programs', 'POST', '/manager/cards', {
      program: vouchers,
      type: 101,
    })
  ).result.uuid
  await call('programs', 'PATCH', `/manager/cards/${card}`, {
    title: 'Cadeaubon €25',
    description: 'Valid for a year from activation, at every counter of De Hoek.',
    values: [{ value: 2500, use_number: 1 }],
    validity: { mode: 'after_activation', expiry_type: 31, expiry_value: 1 },
  })
  await call('programs', 'PATCH', `/manager/programs/${vouchers}`, { status: 11001 })
  const till = await joinAtKassa(call, vouchers, acceptor?.email)
  const order = (
    await call<{ result: { uuid: string } }>('programs', 'POST', '/payment/order', {
      program_uuid: vouchers,
      quantity: 10,
    })
  ).result.uuid
  await call('programs', 'POST', '/payment/pay', {
    order_uuid: order,
    payment_type: 'card',
    card_number: '4242 4242 4242 4242',
    exp_month: '12',
    exp_year: String((new Date().getFullYear() + 3) % 100),
    cvc: '123',
  })
  made.push('card program "Cadeaubon De Hoek" with 10 paid vouchers, the demo acceptor at "Kassa 1"')

  // The worker issues the cards; the card holder activates the first.
  const deadline = Date.now() + 60_000
  let csv = ''
  while (Date.now() < deadline) {
    const batch = await call<{ result: { status: string } }>(
      'programs',
      'GET',
      `/payment/order?program_uuid=${vouchers}`,
    )
    if (batch.result.status === 'paid') {
      csv = await call<string>('programs', 'GET', `/card/batches/${order}/cards.csv`)
      if (csv.trim().split('\n').length > 1) break
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  const [token, spent] = csv
    .trim()
    .split('\n')
    .slice(1, 3)
    .map((line) => line.split(',')[0])
  if (!token || !spent) throw new Error('the demo vouchers were not issued within a minute')
  await call('cardholder', 'POST', '/card/active', { token })
  await call('cardholder', 'POST', '/card/active', { token: spent })
  await call('acceptor', 'POST', '/card/redemptions', { cashpoint: till, token: spent, amount: 2500 })
  made.push(`vouchers ${token} and ${spent} activated by the demo card holder, ${spent} spent at Kassa 1`)
  return made
}

/** The demo acceptor accepts the owner's invitation to a program and opens "Kassa 1" in it. */
async function joinAtKassa(
  call: <T = Json>(who: Who, method: string, path: string, body?: unknown) => Promise<T>,
  program: string,
  email: string | undefined,
): Promise<string> {
  await call('programs', 'POST', '/manager/program-acceptors', { program, email })
  const invitations = await call<{ results: { uuid: string }[] }>(
    'acceptor',
    'GET',
    `/manager/program-acceptors?program=${program}&status=21002`,
  )
  const invitation = invitations.results[0]
  if (!invitation) throw new Error('the demo acceptor has no invitation to accept')
  await call('acceptor', 'POST', `/manager/program-acceptors/${invitation.uuid}/accept`, {})
  const cashpoint = await call<{ result: { uuid: string } }>('acceptor', 'POST', '/manager/cashpoints', {
    program,
    title: 'Kassa 1',
  })
  return cashpoint.result.uuid
}

async function walkToActive(
  call: (who: Who, method: string, path: string, body?: unknown) => Promise<unknown>,
  program: string,
): Promise<void> {
  for (const status of [11003, 11004, 11001]) {
    await call('programs', 'PATCH', `/manager/programs/${program}`, { status })
  }
}

if (import.meta.main) {
  const origin = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`
  const made = await seedDemoPrograms(origin)
  console.log(made.length ? made.join('\n') : 'the demo owner already has programs')
}
