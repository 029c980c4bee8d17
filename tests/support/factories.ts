/**
 * Test data factories shared by Vitest and Playwright. Users are created straight in the
 * database of the platform under test; everything else goes through the API as the portals do it,
 * so the same factory runs against the in-process app (Vitest: bearer tokens) and against the
 * running platform (Playwright: a signed-in page's cookies, tests/browser/seeding.ts). Every name,
 * e-mail address and title is unique, so tests never meet each other's data.
 *
 *   const s = seeding(t)                                   // Vitest; browserSeeding(browser) in Playwright
 *   const owner = await seedMember(s, 'owner')
 *   const program = await seedProgram(owner, 'payment')    // active, card at the sandbox
 *   const acceptor = await seedAcceptor(s, owner, program.uuid)
 *   const cashpoint = await seedCashpoint(acceptor, program.uuid)
 *   const paid = await seedPaidPayment(owner, { program: program.uuid, amount: 1250 })
 *
 * This file imports no test runner, only types of the Vitest context.
 */
import { randomBytes } from 'node:crypto'
import { createUser } from '../../modules/identity/index.ts'
import { type UserType, type UserTypeName, userTypes } from '../../modules/platform/access.ts'
import type { Db } from '../../modules/platform/db.ts'
import type { Harness, TestContext } from './context.ts'

export const testPassword = 'Correct-Horse-9'

/** A short random tag for unique names: `unique('Market')` → `Market 3f9a0c1b2d`. */
export const unique = (prefix: string) => `${prefix} ${randomBytes(5).toString('hex')}`

/** An answer of the API: its status and its body (parsed JSON, else text). */
export interface ApiAnswer<T> {
  status: number
  body: T
}

/** The API as one caller; paths are under `/api/v1` (`/manager/programs`). */
export interface Api {
  <T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer<T>>
  /** The bearer token behind the calls (Vitest); none for a browser page, which uses its cookies. */
  readonly token?: string | undefined
}

/** Where factories seed: the platform's database (users) and its API. */
export interface Seeding {
  db: Db
  /** The API signed in as the user. */
  signIn(user: SeededUser): Promise<Api>
  /** The API without a user: public routes such as paying a payment. */
  guest: Api
}

/** A user as created in the database, with the password to sign in with. */
export interface SeededUser {
  id: string
  email: string
  password: string
  type: UserType
  first_name: string
  last_name: string
}

/** A signed-in user: who they are and the API as them. */
export interface Member extends SeededUser {
  api: Api
}

/** Anyone who calls the API: a `Member`, or `{ api }` made from a page or a token. */
export interface Caller {
  api: Api
}

/** The answer's body when it has the expected status; else an error naming the step. */
export function expectStatus<T>(res: ApiAnswer<T>, status: number, what: string): T {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

type SeedTarget = TestContext | { db: Db }
const dbOf = (target: SeedTarget): Db => ('services' in target ? target.services.db : target.db)
const typeOf = (type: UserType | UserTypeName): UserType =>
  typeof type === 'string' ? userTypes[type] : type

/**
 * A user of the given type with a unique e-mail (overrides win), created in the database. Answers
 * the user's row with the password.
 */
export async function seedUser(
  target: SeedTarget,
  overrides: { type: UserType | UserTypeName } & Record<string, unknown>,
) {
  const type = typeOf(overrides.type)
  const email = (overrides.email as string | undefined) ?? `u-${randomBytes(5).toString('hex')}@example.com`
  const user = await createUser(dbOf(target), {
    first_name: 'Test',
    last_name: `User ${type}`,
    password: testPassword,
    ...overrides,
    type,
    email,
  })
  return { ...user, password: (overrides.password as string | undefined) ?? testPassword }
}

/** A new user of the type, signed in: `seedMember(s, 'owner', { company_name: 'Markt BV' })`. */
export async function seedMember(
  s: Seeding,
  type: UserTypeName,
  fields: Record<string, unknown> = {},
): Promise<Member> {
  const user = await seedUser(s, { ...fields, type })
  const seeded: SeededUser = {
    id: user.id,
    email: user.email,
    password: user.password,
    type: userTypes[type],
    first_name: user.first_name,
    last_name: user.last_name,
  }
  return { ...seeded, api: await s.signIn(seeded) }
}

export interface SignedIn {
  token: string
  refresh: string
  userId: string
}

/** Signs the user in through the API (bearer mode) and returns its tokens. */
export async function signInAs(h: Harness, user: { email: string; password: string }): Promise<SignedIn> {
  const res = await h.post<unknown, { auth_token: string; refresh_token: string; user: { uuid: string } }>(
    '/api/v1/auth/login',
    { email: user.email, password: user.password },
  )
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`)
  return { token: res.body.auth_token, refresh: res.body.refresh_token, userId: res.body.user.uuid }
}

/** The API through a Vitest harness, as a bearer token's holder (or a guest without one). */
export function harnessApi(h: Harness, token?: string): Api {
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    // A FormData body is sent as multipart (uploads), anything else as JSON.
    const form = body instanceof FormData
    const res = await h.request<T>(method, `/api/v1${path}`, {
      headers: body === undefined || form ? headers : { 'content-type': 'application/json', ...headers },
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { raw: form ? body : JSON.stringify(body) }),
    })
    return { status: res.status, body: res.body }
  }
  return Object.assign(call, { token })
}

/** Factories over a Vitest test context: users in its database, calls through its in-process app. */
export function seeding(t: TestContext): Seeding {
  return {
    db: t.services.db,
    async signIn(user) {
      return harnessApi(t.h, (await signInAs(t.h, user)).token)
    },
    guest: harnessApi(t.h),
  }
}

/** The program types of the API by name. */
export const programTypeIds = {
  card: 1001,
  credit: 2001,
  payment: 3001,
  food: 4001,
  foodCourt: 5001,
} as const
export type ProgramKind = keyof typeof programTypeIds

const statuses = { active: 11001, draftStep2: 11003, draftStep3: 11004 } as const

/** A card's settings as `PATCH /manager/cards/{uuid}` takes them (defaults: one use of €25). */
export interface CardSettings {
  /** 101 voucher, 201 gift card. */
  type?: 101 | 201
  title?: string
  description?: string
  values?: { value: number; use_number: number | null }[]
  validity?: Record<string, unknown>
  expiry_date?: string | null
}

export interface SeededProgram {
  uuid: string
  type: number
  /** A card program's card. */
  card?: string
}

/**
 * A program of the owner's, made as the owner portal's wizard makes it. `active` (the default)
 * goes all the way: a payment program with a method at the sandbox (`card` unless `method` says
 * otherwise), a card program with its card (`card` settings), other types through their draft
 * steps. `draft` stops at draftStep1 (a card program: with its card set up when `card` is given).
 */
export async function seedProgram(
  owner: Caller,
  kind: ProgramKind,
  opts: {
    title?: string
    status?: 'active' | 'draft'
    /** The payment program's method at the sandbox (card by default), or `methods` for several. */
    method?: 'card' | 'ideal'
    methods?: ('card' | 'ideal')[]
    card?: CardSettings
    currency?: string
  } = {},
): Promise<SeededProgram> {
  const type = programTypeIds[kind]
  if (kind === 'food' && (opts.status ?? 'active') === 'active') {
    // A food program's steps are its restaurant's and menu's (modules/food): made as its wizard makes them.
    const { seedRestaurant } = await import('./food.ts')
    const restaurant = await seedRestaurant(owner, {
      restaurant: {
        ...(opts.title ? { title: opts.title } : {}),
        ...(opts.currency ? { currency: opts.currency } : {}),
      },
    })
    return { uuid: restaurant.uuid, type }
  }
  const created = expectStatus(
    await owner.api<{ result: { uuid: string } }>('POST', '/manager/programs', {
      type,
      title: opts.title ?? unique(`Program ${kind}`),
      ...(opts.currency ? { currency: opts.currency } : {}),
    }),
    201,
    `create a ${kind} program`,
  )
  const uuid = created.result.uuid
  const active = (opts.status ?? 'active') === 'active'
  const patchStatus = async (status: number) =>
    expectStatus(
      await owner.api('PATCH', `/manager/programs/${uuid}`, { status }),
      200,
      `program ${uuid} to status ${status}`,
    )

  if (kind === 'card') {
    if (!active && !opts.card) return { uuid, type }
    const settings = opts.card ?? {}
    const card = expectStatus(
      await owner.api<{ result: { uuid: string } }>('POST', '/manager/cards', {
        program: uuid,
        type: settings.type ?? 101,
      }),
      201,
      'choose the card type',
    ).result.uuid
    expectStatus(
      await owner.api('PATCH', `/manager/cards/${card}`, {
        title: settings.title ?? 'Test voucher',
        ...(settings.description !== undefined ? { description: settings.description } : {}),
        values: settings.values ?? [{ value: 2500, use_number: 1 }],
        validity: settings.validity ?? { mode: 'program' },
        ...(settings.expiry_date !== undefined ? { expiry_date: settings.expiry_date } : {}),
      }),
      200,
      'card settings',
    )
    if (active) await patchStatus(statuses.active)
    return { uuid, type, card }
  }
  if (!active) return { uuid, type }
  if (kind === 'payment') {
    expectStatus(
      await owner.api('POST', '/manager/program-methods', {
        program: uuid,
        methods: (opts.methods ?? [opts.method ?? 'card']).map((method_id) => ({
          method_id,
          provider_id: 'sandbox',
          is_used: true,
        })),
      }),
      200,
      'payment methods',
    )
  }
  // A credit program is activated only with a reminder switched on (modules/credit): one that never
  // comes in a test's time, ten years after the due date.
  if (kind === 'credit') await addFarReminder(owner, uuid)
  await activateDraft(owner, uuid)
  return { uuid, type }
}

/** A credit program's reminder ten years after the due date: a valid ladder that sends nothing in a test. */
export async function addFarReminder(owner: Caller, program: string): Promise<void> {
  expectStatus(
    await owner.api('POST', '/manager/reminders', {
      program,
      title: 'Final notice',
      subject: 'Invoice {invoice_number}',
      text: 'Dear {name}, please pay {amount}: {pay_link}',
      time: { sender_type: 2, value: 3650 },
    }),
    201,
    'a reminder of the credit program',
  )
}

/** Moves a draft through its steps to active, as the wizard's last step does. */
export async function activateDraft(owner: Caller, uuid: string): Promise<void> {
  for (const status of [statuses.draftStep2, statuses.draftStep3, statuses.active]) {
    expectStatus(
      await owner.api('PATCH', `/manager/programs/${uuid}`, { status }),
      200,
      `program ${uuid} to status ${status}`,
    )
  }
}

/** The owner invites an acceptor (by e-mail) and the acceptor accepts: answers their place's uuid. */
export async function joinProgram(
  owner: Caller,
  program: string,
  acceptor: Caller & { email: string },
): Promise<string> {
  const place = expectStatus(
    await owner.api<{ result: { uuid: string } }>('POST', '/manager/program-acceptors', {
      program,
      email: acceptor.email,
    }),
    201,
    'invite the acceptor',
  ).result.uuid
  expectStatus(
    await acceptor.api('POST', `/manager/program-acceptors/${place}/accept`, {}),
    200,
    'accept the invitation',
  )
  return place
}

/** A new acceptor taking part in the owner's program (invited and accepted): with their place. */
export async function seedAcceptor(
  s: Seeding,
  owner: Caller,
  program: string,
  fields: Record<string, unknown> = {},
): Promise<Member & { place: string }> {
  const acceptor = await seedMember(s, 'acceptor', fields)
  return { ...acceptor, place: await joinProgram(owner, program, acceptor) }
}

/** A cashpoint the acceptor opens in a program they take part in: its uuid. */
export async function seedCashpoint(acceptor: Caller, program: string, title = unique('Counter')) {
  return expectStatus(
    await acceptor.api<{ result: { uuid: string } }>('POST', '/manager/cashpoints', { program, title }),
    201,
    'open a cashpoint',
  ).result.uuid
}

/** The sandbox provider's good test card. */
export const sandboxCard = {
  payment_type: 'card',
  card_number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
} as const

/** Pays a payment or a card order with the sandbox's good test card (public `payment/pay`). */
export async function payWithSandboxCard(payer: Api, uuid: string): Promise<void> {
  const paid = expectStatus(
    await payer<{ status: string }>('POST', '/payment/pay', { order_uuid: uuid, ...sandboxCard }),
    200,
    'pay with the sandbox card',
  )
  if (paid.status !== 'paid') throw new Error(`pay with the sandbox card: ${paid.status}`)
}

/**
 * A payment link made by `by` (an owner, an acceptor of the program, an admin), optionally in a
 * program, and paid with the sandbox card (from `by`'s own API unless a `payer` is given: a card
 * holder's API makes them its payer). Answers its uuid.
 */
export async function seedPaidPayment(
  by: Caller,
  opts: { program?: string; amount?: number; currency?: string; description?: string; payer?: Api } = {},
): Promise<{ uuid: string; amount: number }> {
  const amount = opts.amount ?? 1250
  const uuid = expectStatus(
    await by.api<{ uuid: string }>('POST', '/payment/payments', {
      amount,
      currency: opts.currency ?? 'EUR',
      description: opts.description ?? unique('Test payment'),
      ...(opts.program ? { program_uuid: opts.program } : {}),
    }),
    201,
    'create the payment',
  ).uuid
  await payWithSandboxCard(opts.payer ?? by.api, uuid)
  return { uuid, amount }
}

/** Polls `check` until it answers something truthy (every 200 ms, up to `timeoutMs`). */
export async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Card tokens as printed: four groups of four, without 0, O, 1 and I. */
export const cardTokenPattern = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/

/**
 * `quantity` cards of an active card program, as an owner gets them: ordered, paid with the
 * sandbox card and issued by the worker (Vitest: a live context with its worker). Answers the
 * order (as `POST payment/order` answered it) and the cards' tokens in the order's CSV.
 */
export async function seedIssuedCards<O extends { uuid: string } = { uuid: string }>(
  owner: Caller,
  program: string,
  quantity: number,
  opts: { payer?: Api } = {},
): Promise<{ order: O; tokens: string[] }> {
  const placed = expectStatus(
    await owner.api<{ result: O }>('POST', '/payment/order', { program_uuid: program, quantity }),
    200,
    `order ${quantity} cards`,
  ).result
  const order = placed.uuid
  await payWithSandboxCard(opts.payer ?? owner.api, order)
  await until(async () => {
    const batches = await owner.api<{ results?: { uuid: string; cards_issued: number }[] }>(
      'GET',
      `/card/batches?program=${program}`,
    )
    return batches.body.results?.find((b) => b.uuid === order)?.cards_issued === quantity
  }, `${quantity} cards issued`)
  const csv = expectStatus(
    await owner.api<string>('GET', `/card/batches/${order}/cards.csv`),
    200,
    'the cards as CSV',
  )
  const tokens = csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => (line.split(',')[0] ?? '').replace(/"/g, ''))
  if (tokens.length !== quantity || !tokens.every((token) => cardTokenPattern.test(token))) {
    throw new Error(`the cards as CSV: ${csv.slice(0, 200)}`)
  }
  return { order: placed, tokens }
}

/** A card holder activates cards by their tokens (10 a minute per holder). */
export async function activateCards(holder: Caller, tokens: readonly string[]): Promise<void> {
  for (const token of tokens) {
    expectStatus(await holder.api('POST', '/card/active', { token }), 200, `activate ${token}`)
  }
}
