import { randomBytes } from 'node:crypto'
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardProgram } from '../../tests/support/card-program.ts'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { type SignedIn, seedUser, signInAs } from '../../tests/support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { eventually } from '../../tests/support/smtp.ts'
import { findAccount, platformSandboxAccount } from './db/accounts.ts'
import {
  FakeStripe,
  type FakeStripeOptions,
  fakeStripeTestKey,
} from './providers/stripe/fake-stripe/server.ts'

/**
 * The platform's own provider account (`payment/platform-provider`): payments that belong to no
 * program (card orders, an owner's payment links) are taken on the account an admin saved, here
 * Stripe test keys against the local Stripe fake (`STRIPE_API_BASE`); a newer account replaces it
 * while payments already taken on the older one keep their webhooks and refunds. Production
 * without an account refuses such payments.
 */

interface Account {
  uuid: string
  provider: string
  mode: string
  key_hint: string
  webhook_url: string
  created: string
  updated: string
  replaced: string | null
  saved_by: { uuid: string; name: string; email: string } | null
}
interface PlatformProvider {
  result: Account | null
  previous: Account[]
  providers: string[]
  fallback: 'sandbox' | null
}
interface ErrorBody {
  error: { code: string; reason?: string; message: string; fields?: Record<string, string[]> }
}
interface Payment {
  uuid: string
  status: string
  pay_url: string
}

const secondStripeKey = 'sk_test_fake_51cardpay111111111111111111'
const whsec = 'whsec_platform_account_test_secret'

let fakeOptions: FakeStripeOptions
let fake: FakeStripe
let t: LiveTestContext
let admin: SignedIn
let owner: SignedIn
let acceptor: SignedIn
let holder: SignedIn

beforeAll(async () => {
  // The fake posts its events to whatever webhook these options name when it emits them.
  fakeOptions = { apiKeys: [fakeStripeTestKey, secondStripeKey] }
  fake = await FakeStripe.start(fakeOptions)
  t = await createLiveTestContext({ env: { STRIPE_API_BASE: fake.url, PAY_LIMIT_PER_ADDRESS: '1000' } })
  const sign = async (type: 1 | 2 | 3 | 4, extra: Record<string, unknown> = {}) => {
    const user = await seedUser(t, { type, ...extra })
    return signInAs(t.h, user)
  }
  ;[admin, owner, acceptor, holder] = await Promise.all([
    sign(4, { first_name: 'Ada', last_name: 'Admin' }),
    sign(1, { legal_type: 1, company_name: 'Drukkerij Visser' }),
    sign(2),
    sign(3),
  ])
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

const getPlatform = (token?: string) =>
  t.h.get<PlatformProvider & ErrorBody>('/api/v1/payment/platform-provider', token ? { token } : {})
const savePlatform = (body: Record<string, unknown>, token: string | undefined = admin.token) =>
  t.h.post<unknown, PlatformProvider & ErrorBody>(
    '/api/v1/payment/platform-provider',
    body,
    token ? { token } : {},
  )
const createLink = async (amount = 1500) => {
  const res = await t.h.post<unknown, Payment & ErrorBody>(
    '/api/v1/payment/payments',
    { amount, description: 'Drukwerk' },
    { token: owner.token },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}
const accountOf = async (paymentId: string) =>
  (
    await t.services.db
      .selectFrom('payments')
      .select('account_id')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow()
  ).account_id
const payment = async (id: string) =>
  (await t.h.get<Payment>(`/api/v1/payment/payments/${id}`, { token: admin.token })).body
const currentPlatformRows = () =>
  t.services.db
    .selectFrom('payment_accounts')
    .select('id')
    .where('is_platform', '=', true)
    .where('replaced_at', 'is', null)
    .execute()

describe('the platform’s provider account', () => {
  it('is none at first: payments outside programs then use the built-in sandbox outside production', async () => {
    const res = await getPlatform(admin.token)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      result: null,
      previous: [],
      providers: ['sandbox', 'ccv', 'stripe'],
      fallback: 'sandbox',
    })
    const link = await createLink()
    expect(await accountOf(link.uuid)).toBe(await platformSandboxAccount(t.services.db, t.config))
  })

  it('is for admins only', async () => {
    for (const who of [owner, acceptor, holder]) {
      expect((await getPlatform(who.token)).status).toBe(403)
      const refused = await savePlatform(
        { provider: 'stripe', mode: 'test', api_key: fakeStripeTestKey },
        who.token,
      )
      expect(refused.status).toBe(403)
    }
    expect((await getPlatform()).status).toBe(401)
    const anonymous = await savePlatform({ provider: 'stripe', mode: 'test', api_key: fakeStripeTestKey }, '')
    expect(anonymous.status).toBe(401)
    expect(await currentPlatformRows()).toEqual([])
  })

  it('refuses keys the provider refuses (422 on the field), bad input (400) and an unreachable provider (503)', async () => {
    const wrong = await savePlatform({
      provider: 'stripe',
      mode: 'test',
      api_key: 'sk_test_fake_51cardpay999999999999999999',
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error.reason).toBe('ccv_pay_key_not_valid')
    expect(wrong.body.error.fields?.api_key).toEqual(['Stripe refused the API key'])

    const liveKeyInTestMode = await savePlatform({ provider: 'stripe', mode: 'test', api_key: 'sk_live_x1' })
    expect(liveKeyInTestMode.status).toBe(422)
    expect(liveKeyInTestMode.body.error.fields).toHaveProperty('api_key')

    const badSecret = await savePlatform({
      provider: 'stripe',
      mode: 'test',
      api_key: fakeStripeTestKey,
      webhook_secret: 'nope',
    })
    expect(badSecret.status).toBe(422)
    expect(badSecret.body.error.reason).toBe('ccv_pay_key_not_valid')

    const badInput = await savePlatform({ provider: 'paypal', mode: 'demo', api_key: '' })
    expect(badInput.status).toBe(400)
    expect(Object.keys(badInput.body.error.fields ?? {}).sort()).toEqual(['api_key', 'mode', 'provider'])
    const withProgram = await savePlatform({
      provider: 'stripe',
      mode: 'test',
      api_key: fakeStripeTestKey,
      program: crypto.randomUUID(),
    })
    expect(withProgram.status).toBe(400)

    fake.failNext('network')
    const unreachable = await savePlatform({ provider: 'stripe', mode: 'test', api_key: fakeStripeTestKey })
    expect(unreachable.status).toBe(503)
    expect(Number(unreachable.headers.get('retry-after'))).toBeGreaterThan(0)

    expect(await currentPlatformRows()).toEqual([])
  })

  let firstAccount: string
  let paidLink: string

  it('takes Stripe test keys: checked at the fake, sealed, and used by payment links and card orders outside programs', async () => {
    const saved = await savePlatform({
      provider: 'stripe',
      mode: 'test',
      api_key: fakeStripeTestKey,
      webhook_secret: whsec,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    const current = saved.body.result as Account
    expect(current).toMatchObject({
      provider: 'stripe',
      mode: 'test',
      key_hint: `…${fakeStripeTestKey.slice(-4)}`,
      webhook_url: `${t.url}/api/v1/payment/webhooks/stripe/${current.uuid}`,
      replaced: null,
      saved_by: { uuid: admin.userId, name: 'Ada Admin' },
    })
    expect(saved.body.previous).toEqual([])
    expect(JSON.stringify(saved.body)).not.toContain(fakeStripeTestKey)
    expect((await getPlatform(admin.token)).body).toEqual(saved.body)
    firstAccount = current.uuid

    const row = await t.services.db
      .selectFrom('payment_accounts')
      .selectAll()
      .where('id', '=', current.uuid)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      is_platform: true,
      program_uuid: null,
      owner_user_id: null,
      saved_by: admin.userId,
    })
    expect(row.credentials).not.toContain(fakeStripeTestKey)
    expect(row.credentials).not.toContain(whsec)
    expect((await findAccount(t.services.db, t.config, current.uuid))?.credentials).toEqual({
      mode: 'test',
      api_key: fakeStripeTestKey,
      webhook_secret: whsec,
    })
    fakeOptions.webhook = { url: current.webhook_url, secret: whsec }

    // An owner's payment link outside any program: on the platform's account, paid at the fake.
    const link = await createLink(2450)
    expect(await accountOf(link.uuid)).toBe(current.uuid)
    const view = await t.h.get<{ methods: { id: string }[] }>(`/api/v1/payment/checkout/${link.uuid}`)
    expect(view.body.methods.map((m) => m.id)).toEqual(['card', 'ideal', 'paypal', 'stripe'])
    const started = await t.h.post<unknown, { redirect_url: string } & ErrorBody>(
      `/api/v1/payment/checkout/${link.uuid}`,
      { method: 'card' },
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(started.body.redirect_url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_`))
    const session = started.body.redirect_url.split('/').pop() as string
    expect(fake.payCheckout(session, { cardNumber: '4242424242424242' })).toBe('succeeded')
    await fake.flushWebhooks()
    await eventually(async () => (await payment(link.uuid)).status === 'paid', 20_000, 'link paid')
    paidLink = link.uuid

    // A card order (paid by the program's owner to the platform): on the platform's account too.
    const { program } = await cardProgram(t, owner)
    const order = await t.h.post<unknown, { result: { uuid: string } } & ErrorBody>(
      '/api/v1/payment/order',
      { program_uuid: program, quantity: 2 },
      { token: owner.token },
    )
    expect(order.status, JSON.stringify(order.body)).toBe(200)
    expect(await accountOf(order.body.result.uuid)).toBe(current.uuid)
    const orderCheckout = await t.h.post<unknown, { redirect_url: string }>(
      `/api/v1/payment/checkout/${order.body.result.uuid}`,
      { method: 'card' },
    )
    expect(orderCheckout.status).toBe(200)
    expect(orderCheckout.body.redirect_url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_`))
  })

  it('is replaced by newer keys; the older account keeps its payments’ webhooks and refunds', async () => {
    const saved = await savePlatform({ provider: 'stripe', mode: 'test', api_key: secondStripeKey })
    expect(saved.status).toBe(201)
    const current = saved.body.result as Account
    expect(current.uuid).not.toBe(firstAccount)
    expect(current.key_hint).toBe(`…${secondStripeKey.slice(-4)}`)
    expect(saved.body.previous.map((a) => [a.uuid, typeof a.replaced])).toEqual([[firstAccount, 'string']])
    expect(await currentPlatformRows()).toEqual([{ id: current.uuid }])

    const link = await createLink(300)
    expect(await accountOf(link.uuid)).toBe(current.uuid)

    // The link paid on the first account is refunded through it, and its webhook still lands there.
    const refund = await t.h.post<unknown, { status: string } & ErrorBody>(
      `/api/v1/payment/payments/${paidLink}/refunds`,
      {},
      { token: admin.token, headers: { 'idempotency-key': randomBytes(8).toString('hex') } },
    )
    expect(refund.status, JSON.stringify(refund.body)).toBe(202)
    await fake.flushWebhooks()
    await eventually(async () => (await payment(paidLink)).status === 'refunded', 20_000, 'refunded')
    const hooks = await t.services.db
      .selectFrom('provider_webhooks')
      .select(['account_id', 'outcome'])
      .where('account_id', '=', firstAccount)
      .execute()
    expect(hooks.length).toBeGreaterThan(0)
    expect(hooks.every((h) => h.outcome !== 'rejected')).toBe(true)
  })

  it('keeps exactly one current account when two admins save at once', async () => {
    const both = await Promise.all([
      savePlatform({ provider: 'sandbox', mode: 'test', api_key: 'sk_test_platformsandbox000000a1' }),
      savePlatform({ provider: 'sandbox', mode: 'test', api_key: 'sk_test_platformsandbox000000b2' }),
    ])
    expect(both.map((r) => r.status)).toEqual([201, 201])
    const current = await currentPlatformRows()
    expect(current).toHaveLength(1)
    const res = await getPlatform(admin.token)
    expect(res.body.result?.uuid).toBe(current[0]!.id)
    expect(res.body.result?.provider).toBe('sandbox')
    expect(res.body.previous).toHaveLength(3)
    const link = await createLink(100)
    expect(await accountOf(link.uuid)).toBe(current[0]!.id)
  })
})

describe('in production', () => {
  let p: TestContext
  let pAdmin: SignedIn
  let pOwner: SignedIn

  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })
    p = await createTestContext({
      env: {
        NODE_ENV: 'production',
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        TOKEN_PRIVATE_KEY: await exportPKCS8(pair.privateKey),
        TOKEN_PUBLIC_KEY: await exportSPKI(pair.publicKey),
        STRIPE_API_BASE: fake.url,
      },
    })
    pAdmin = await signInAs(p.h, await seedUser(p, { type: 4 }))
    pOwner = await signInAs(p.h, await seedUser(p, { type: 1 }))
  })
  afterAll(() => p?.close())

  const askLink = () =>
    p.h.post<unknown, Payment & ErrorBody>(
      '/api/v1/payment/payments',
      { amount: 990, description: 'Drukwerk' },
      { token: pOwner.token },
    )

  it('refuses payments outside programs until an admin saves the platform’s keys, and the sandbox', async () => {
    const refused = await askLink()
    expect(refused.status).toBe(422)
    expect(refused.body.error.reason).toBe('platform_provider_missing')
    expect(refused.body.error.message).toMatch(/administrator saves the platform’s provider keys/)

    const view = await p.h.get<PlatformProvider>('/api/v1/payment/platform-provider', { token: pAdmin.token })
    expect(view.body).toEqual({ result: null, previous: [], providers: ['ccv', 'stripe'], fallback: null })

    const sandbox = await p.h.post<unknown, ErrorBody>(
      '/api/v1/payment/platform-provider',
      { provider: 'sandbox', mode: 'test', api_key: 'sk_test_platformsandbox000000c3' },
      { token: pAdmin.token },
    )
    expect(sandbox.status).toBe(422)
    expect(sandbox.body.error.reason).toBe('sandbox_not_in_production')
    expect(sandbox.body.error.fields).toHaveProperty('provider')

    const saved = await p.h.post<unknown, PlatformProvider>(
      '/api/v1/payment/platform-provider',
      { provider: 'stripe', mode: 'test', api_key: fakeStripeTestKey },
      { token: pAdmin.token },
    )
    expect(saved.status).toBe(201)
    const link = await askLink()
    expect(link.status).toBe(201)
    const row = await p.services.db
      .selectFrom('payments')
      .select('account_id')
      .where('id', '=', link.body.uuid)
      .executeTakeFirstOrThrow()
    expect(row.account_id).toBe(saved.body.result?.uuid)
  })
})
