import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardNumbersIn, scanDatabaseForCardData } from '../../tests/support/card-data-scan.ts'
import {
  joinProgram,
  seedPaidPayment,
  seedProgram,
  seedUser,
  signInAs,
} from '../../tests/support/factories.ts'
import { loseAnswer } from '../../tests/support/idempotency.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { type RouteRule, runRouteSecurityTests, type Tenants } from '../../tests/support/route-security.ts'
import { eventually } from '../../tests/support/smtp.ts'
import { modules } from '../index.ts'
import type { Listed } from '../platform/errors.ts'
import { defineModule } from '../platform/module.ts'
import { provide } from '../platform/ports.ts'
import { closePayment } from './commands/close-payment.ts'
import { createPayment } from './commands/create-payment.ts'
import { merchantStatus, onboardMerchant } from './commands/onboard-merchant.ts'
import { releaseSplit } from './commands/release-split.ts'
import { saveProviderAccount } from './commands/save-provider-account.ts'
import { findAccount, platformSandboxAccount } from './db/accounts.ts'
import { paymentsModule } from './index.ts'
import { reconcilePayments } from './jobs/reconcile.ts'
import { payableRefunds } from './ports.ts'
import { webhookSecretOf } from './providers/sandbox/sandbox.ts'
import { signSandboxPayload } from './providers/sandbox/signature.ts'

interface Payment {
  uuid: string
  reference: string
  status: string
  amount: number
  refunded_amount: number
  fee_amount: number
  pay_url: string
  card_last4: string | null
  failure_message: string | null
}
interface ErrorBody {
  error: { code: string; reason?: string; message: string; fields?: Record<string, string[]> }
}

let t: LiveTestContext

/** A module these tests stand in for: its voucher batches are not refunded once issued. */
let issuedVoucherBatch: string | undefined
const voucherReasons = ['voucher_batch_issued'] as const
declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof voucherReasons> {}
}
const voucherModule = defineModule({
  name: 'test-vouchers',
  errors: { reasons: voucherReasons },
  provides: [
    provide(payableRefunds, {
      kind: 'test_voucher_batch',
      rule: async (_db, payableId) =>
        payableId === issuedVoucherBatch
          ? { reason: 'voucher_batch_issued', message: 'the vouchers are issued' }
          : null,
    }),
  ],
})
let owner: { token: string; userId: string }
let otherOwner: { token: string }
let holder: { token: string; userId: string }
let admin: { token: string }

beforeAll(async () => {
  // Every request here comes from one address: the per-address limit is tested on its own below.
  t = await createLiveTestContext({
    modules: [...modules, voucherModule],
    env: { PAY_LIMIT_PER_ADDRESS: '1000' },
  })
  owner = await signInAs(t.h, await seedUser(t, { type: 1, legal_type: 1, company_name: 'Bakkerij Jansen' }))
  otherOwner = await signInAs(t.h, await seedUser(t, { type: 1 }))
  holder = await signInAs(t.h, await seedUser(t, { type: 3 }))
  admin = await signInAs(t.h, await seedUser(t, { type: 4 }))
})
afterAll(() => t.close())

const createLink = async (amount = 1250, key?: string) => {
  const res = await t.h.post<unknown, Payment>(
    '/api/v1/payment/payments',
    { amount, description: 'Taart voor 8 personen' },
    { token: owner.token, headers: key ? { 'idempotency-key': key } : {} },
  )
  expect(res.status).toBe(201)
  return res.body
}

const payment = async (id: string, token = owner.token) =>
  (
    await t.h.get<Payment & { attempts: unknown[]; refunds: { status: string }[] }>(
      `/api/v1/payment/payments/${id}`,
      { token },
    )
  ).body

const waitFor = async (id: string, status: string) => {
  await eventually(async () => (await payment(id)).status === status, 15_000, `payment ${status}`)
  return payment(id)
}

const ledgerEntries = (kind: string, sourceIds: string[]) =>
  t.services.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('source_kind', '=', kind)
    .where('source_id', 'in', sourceIds)
    .execute()

const attemptIds = async (paymentId: string) =>
  (
    await t.services.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('payment_id', '=', paymentId)
      .execute()
  ).map((a) => a.id)

/** Starts the hosted checkout and answers the sandbox payment id from the redirect URL. */
async function startCheckout(id: string, token?: string) {
  const res = await t.h.post<unknown, { redirect_url: string; status: string }>(
    `/api/v1/payment/checkout/${id}`,
    { method: 'card' },
    token ? { token } : {},
  )
  expect(res.status).toBe(200)
  expect(res.body.redirect_url).toMatch(/\/sandbox\/checkout\/pay_/)
  return res.body.redirect_url.split('/').pop() as string
}

const hostedCard = (sandboxId: string, card_number: string) =>
  t.h.post<unknown, { status: string; failure_message: string | null; return_url: string | null }>(
    `/api/v1/sandbox/checkout/${sandboxId}/card`,
    { card_number, expiry: '12 / 30', cvc: '737' },
  )

describe('paying a payment link on the sandbox hosted page', () => {
  it('declines a declined test card with the provider’s message, then takes a good card, posts to the ledger and tells the payer', async () => {
    const link = await createLink(1250)
    expect(link.status).toBe('created')
    expect(link.pay_url).toBe(`${t.url}/checkout/${link.uuid}`)

    const view = await t.h.get<{ merchant: string; amount: number; methods: { id: string }[] }>(
      `/api/v1/payment/checkout/${link.uuid}`,
    )
    expect(view.body).toMatchObject({ merchant: 'Bakkerij Jansen', amount: 1250 })
    expect(view.body.methods.map((m) => m.id)).toEqual(expect.arrayContaining(['card', 'ideal']))

    const sandboxId = await startCheckout(link.uuid, holder.token)
    // A second click opens the same hosted page instead of another attempt.
    expect(await startCheckout(link.uuid, holder.token)).toBe(sandboxId)

    const declined = await hostedCard(sandboxId, '4000 0000 0000 0002')
    expect(declined.status).toBe(200)
    expect(declined.body).toMatchObject({
      status: 'open',
      failure_message: 'Your card was declined.',
      return_url: null,
    })

    const paid = await hostedCard(sandboxId, '4242 4242 4242 4242')
    expect(paid.body.status).toBe('paid')
    expect(paid.body.return_url).toContain(`/checkout/${link.uuid}?returned=1`)

    // The sandbox's signed webhook reaches our endpoint, the worker reads the payment back and applies it.
    const done = await waitFor(link.uuid, 'paid')
    expect(done.card_last4).toBe('4242')
    expect(done.fee_amount).toBe(25 + 18) // 25 cents + 1.4 % of 12.50, rounded

    const [attempt] = await attemptIds(link.uuid)
    const captured = await eventually(async () => {
      const rows = await ledgerEntries('payment.captured', [attempt as string])
      return rows.length === 1 ? rows : undefined
    })
    expect(captured?.[0]?.journal).toBe('sales')
    await eventually(async () => (await ledgerEntries('payment.fee', [attempt as string])).length === 1)

    // The holder who paid sees it; the money sits on the owner's sub-account, minus the fee.
    expect((await payment(link.uuid, holder.token)).status).toBe('paid')
    const balance = await t.services.db
      .selectFrom('ledger_lines')
      .innerJoin('ledger_sub_accounts', 'ledger_sub_accounts.id', 'ledger_lines.sub_account_id')
      .select((eb) => [
        eb.fn.sum<bigint>('ledger_lines.credit').as('credit'),
        eb.fn.sum<bigint>('ledger_lines.debit').as('debit'),
      ])
      .where('ledger_sub_accounts.kind', '=', 'owner')
      .where('ledger_sub_accounts.external_id', '=', owner.userId)
      .executeTakeFirstOrThrow()
    expect(BigInt(balance.credit) - BigInt(balance.debit)).toBe(1250n - 43n)

    // Paying again is refused.
    const again = await t.h.post<unknown, ErrorBody>(`/api/v1/payment/checkout/${link.uuid}`, {
      method: 'card',
    })
    expect(again.status).toBe(409)
    expect(again.body.error.reason).toBe('already_paid')
  })

  it('refunds partly and then the rest, never more than paid, and posts each refund once', async () => {
    const link = await createLink(2000)
    const sandboxId = await startCheckout(link.uuid)
    await hostedCard(sandboxId, '5555 5555 5555 4444')
    await waitFor(link.uuid, 'paid')

    const part = await t.h.post<unknown, { uuid: string; status: string; payment: Payment }>(
      `/api/v1/payment/payments/${link.uuid}/refunds`,
      { amount: 500, reason: 'one slice missing' },
      { token: owner.token, headers: { 'idempotency-key': `refund-${link.uuid}-1` } },
    )
    expect(part.status).toBe(202)
    expect(part.body.payment).toMatchObject({ status: 'partially_refunded', refunded_amount: 500 })

    // A retry with the same key refunds nothing more.
    const retry = await t.h.post<unknown, { uuid: string }>(
      `/api/v1/payment/payments/${link.uuid}/refunds`,
      { amount: 500, reason: 'one slice missing' },
      { token: owner.token, headers: { 'idempotency-key': `refund-${link.uuid}-1` } },
    )
    expect(retry.status).toBe(202)
    expect(retry.body.uuid).toBe(part.body.uuid)

    const tooMuch = await t.h.post<unknown, ErrorBody>(
      `/api/v1/payment/payments/${link.uuid}/refunds`,
      { amount: 1501 },
      { token: owner.token, headers: { 'idempotency-key': `refund-${link.uuid}-2` } },
    )
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.error.fields?.amount?.[0]).toContain('1500')

    const rest = await t.h.post<unknown, { payment: Payment }>(
      `/api/v1/payment/payments/${link.uuid}/refunds`,
      {},
      {
        token: owner.token,
        headers: { 'idempotency-key': `refund-${link.uuid}-3` },
      },
    )
    expect(rest.body.payment).toMatchObject({ status: 'refunded', refunded_amount: 2000 })

    const refunds = await t.services.db
      .selectFrom('payment_refunds')
      .select('id')
      .where('payment_id', '=', link.uuid)
      .execute()
    expect(refunds).toHaveLength(2)
    await eventually(
      async () =>
        (
          await ledgerEntries(
            'payment.refund',
            refunds.map((r) => r.id),
          )
        ).length === 2,
    )

    // Only the owner it pays (or an admin) may refund.
    const holderRefund = await t.h.post(
      `/api/v1/payment/payments/${link.uuid}/refunds`,
      {},
      {
        token: holder.token,
        headers: { 'idempotency-key': `refund-${link.uuid}-4` },
      },
    )
    expect(holderRefund.status).toBe(403)
  })

  it('refunds once when the process died after the refund committed and before it answered', async () => {
    const link = await createLink(1800)
    await hostedCard(await startCheckout(link.uuid), '5555 5555 5555 4444')
    await waitFor(link.uuid, 'paid')
    const key = `refund-${link.uuid}-lost`
    const refund = () =>
      t.h.post<unknown, { uuid: string; payment: Payment }>(
        `/api/v1/payment/payments/${link.uuid}/refunds`,
        { amount: 300 },
        { token: owner.token, headers: { 'idempotency-key': key } },
      )
    const first = await refund()
    expect(first.status).toBe(202)
    await loseAnswer(t.services.db, key)
    const retry = await refund()
    expect(retry.status).toBe(202)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(retry.body.uuid).toBe(first.body.uuid)
    expect(retry.body.payment.refunded_amount).toBe(300)
    const rows = await t.services.db
      .selectFrom('payment_refunds')
      .select('id')
      .where('payment_id', '=', link.uuid)
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('makes one payment link when the process died after it committed and before it answered', async () => {
    const key = `link-${randomUUID()}`
    const first = await createLink(990, key)
    await loseAnswer(t.services.db, key)
    const retry = await t.h.post<unknown, Payment>(
      '/api/v1/payment/payments',
      { amount: 990, description: 'Taart voor 8 personen' },
      { token: owner.token, headers: { 'idempotency-key': key } },
    )
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(retry.body.uuid).toBe(first.uuid)
  })
})

describe('POST payment/pay (direct card payment)', () => {
  it('checks card number, expiry and CVC with the specification’s messages and changes nothing', async () => {
    const link = await createLink(700)
    const res = await t.h.post<unknown, ErrorBody>('/api/v1/payment/pay', {
      order_uuid: link.uuid,
      payment_type: 'card',
      card_number: '4242 4242 4242 4241',
      exp_month: 13,
      exp_year: 30,
      cvc: '12',
    })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({
      card_number: ['The card number is not valid'],
      exp_month: ['The expiration date is not valid'],
      cvc: ['The cvc code is not valid'],
    })
    expect(await attemptIds(link.uuid)).toHaveLength(0)
  })

  it('answers a declined card with the provider’s message, then pays with a good one and keeps only brand and last four', async () => {
    const link = await createLink(990)
    const declined = await t.h.post<unknown, ErrorBody>('/api/v1/payment/pay', {
      order_uuid: link.uuid,
      payment_type: 'card',
      card_number: '4000 0000 0000 9995',
      exp_month: '04',
      exp_year: '2031',
      cvc: '123',
    })
    expect(declined.status).toBe(400)
    expect(declined.body.error).toMatchObject({
      message: 'Your card has insufficient funds.',
      reason: 'insufficient_funds',
    })
    expect((await payment(link.uuid)).status).toBe('failed')

    const ok = await t.h.post<unknown, { status: string; card_brand: string; card_last4: string }>(
      '/api/v1/payment/pay',
      {
        order_uuid: link.uuid,
        payment_type: 'card',
        card_number: '4242 4242 4242 4242',
        exp_month: 4,
        exp_year: 31,
        cvc: '123',
      },
      { token: holder.token },
    )
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ status: 'paid', card_brand: 'visa', card_last4: '4242' })
  })

  it('sends a 3-D Secure card to the confirmation step', async () => {
    const link = await createLink(1500)
    const res = await t.h.post<unknown, { status: string; redirect_url: string }>('/api/v1/payment/pay', {
      order_uuid: link.uuid,
      payment_type: 'card',
      card_number: '4000 0027 6000 3184',
      exp_month: 4,
      exp_year: 31,
      cvc: '123',
    })
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('pending')
    const sandboxId = res.body.redirect_url.split('/').pop() as string
    const confirmed = await t.h.post<unknown, { status: string }>(
      `/api/v1/sandbox/checkout/${sandboxId}/confirm`,
      {
        approve: true,
      },
    )
    expect(confirmed.body.status).toBe('paid')
    await waitFor(link.uuid, 'paid')
  })

  it('charges once when the same Idempotency-Key is sent many times at once', async () => {
    const link = await createLink(4200)
    const body = {
      order_uuid: link.uuid,
      payment_type: 'card',
      card_number: '4242 4242 4242 4242',
      exp_month: 4,
      exp_year: 31,
      cvc: '123',
    }
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.h.post<unknown, { status: string }>('/api/v1/payment/pay', body, {
          headers: { 'idempotency-key': `pay-${link.uuid}` },
        }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1)
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true)
    expect(await attemptIds(link.uuid)).toHaveLength(1)
    const sandboxPayments = await t.services.db
      .selectFrom('sandbox_payments')
      .select('id')
      .where('reference', 'in', await attemptIds(link.uuid))
      .execute()
    expect(sandboxPayments).toHaveLength(1)
  })
})

describe('Idempotency-Key on creating a payment', () => {
  it('answers the same payment for the same key and body, and 409 for another body', async () => {
    const a = await createLink(300, 'link-key-000001')
    const b = await createLink(300, 'link-key-000001')
    expect(b.uuid).toBe(a.uuid)
    const other = await t.h.post<unknown, ErrorBody>(
      '/api/v1/payment/payments',
      { amount: 301, description: 'Taart voor 8 personen' },
      { token: owner.token, headers: { 'idempotency-key': 'link-key-000001' } },
    )
    expect(other.status).toBe(409)
    expect(other.body.error.reason).toBe('idempotency_key_reused')
  })
})

describe('inbound provider webhooks', () => {
  const post = (accountId: string, body: string, signature?: string) =>
    t.h.request<ErrorBody>('POST', `/api/v1/payment/webhooks/sandbox/${accountId}`, {
      raw: body,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'sandbox-signature': signature } : {}),
      },
    })

  it('refuses tampered, unsigned, stale and replayed deliveries and records each', async () => {
    const accountId = await platformSandboxAccount(t.services.db, t.config)
    const account = await findAccount(t.services.db, t.config, accountId)
    const secret = webhookSecretOf(account?.credentials.api_key as string)
    const body = JSON.stringify({
      id: 'evt_test_replay_0001',
      type: 'payment.paid',
      created: 1,
      data: { object: 'payment', id: 'pay_unknown000001' },
    })

    const sentAt = new Date()
    const goodSignature = signSandboxPayload(secret, body, sentAt)
    const good = await post(accountId, body, goodSignature)
    expect(good.status).toBe(200)
    // The provider's retry, signed anew: answered 200 so it stops, and without effect.
    // Two whole seconds apart: signatures carry whole seconds, so one second could sign the same.
    const retrySignature = signSandboxPayload(secret, body, new Date(sentAt.getTime() - 2000))
    const retry = await post(accountId, body, retrySignature)
    expect(retry.status).toBe(200)
    expect((retry.body as unknown as { duplicate: boolean }).duplicate).toBe(true)
    // The very same signed request again: a replay, refused.
    expect((await post(accountId, body, retrySignature)).status).toBe(409)
    const replay = await post(accountId, body, goodSignature)
    expect(replay.status).toBe(409)
    expect(replay.body.error.reason).toBe('webhook_replayed')

    const tampered = await post(
      accountId,
      body.replace('payment.paid', 'payment.failed'),
      signSandboxPayload(secret, body, new Date()),
    )
    expect(tampered.status).toBe(400)
    expect(tampered.body.error.reason).toBe('webhook_bad_signature')
    const unsigned = await post(accountId, body)
    expect(unsigned.body.error.reason).toBe('webhook_missing_signature')
    const stale = await post(
      accountId,
      body,
      signSandboxPayload(secret, body, new Date(Date.now() - 6 * 60 * 1000)),
    )
    expect(stale.body.error.reason).toBe('webhook_stale')
    const wrongSecret = await post(accountId, body, signSandboxPayload('whsec_other', body, new Date()))
    expect(wrongSecret.body.error.reason).toBe('webhook_bad_signature')
    const unknownAccount = await post(
      '00000000-0000-4000-8000-000000000000',
      body,
      signSandboxPayload(secret, body, new Date()),
    )
    expect(unknownAccount.status).toBe(404)

    const log = await t.services.db
      .selectFrom('provider_webhooks')
      .select(['outcome', 'reason'])
      .where('body', 'like', '%evt_test_replay_0001%')
      .execute()
    expect(log.filter((l) => l.outcome === 'accepted')).toHaveLength(1)
    expect(log.filter((l) => l.outcome === 'duplicate')).toHaveLength(1)
    expect(
      log
        .filter((l) => l.outcome === 'rejected')
        .map((l) => l.reason)
        .sort(),
    ).toEqual(
      [
        'bad_signature',
        'bad_signature',
        'missing_signature',
        'replayed',
        'replayed',
        'stale',
        'unknown_account',
      ].sort(),
    )
  })
})

describe('who may see payments', () => {
  it('hides a payment from another owner, a card holder who did not pay it and callers without a token', async () => {
    const link = await createLink(100)
    expect((await t.h.get(`/api/v1/payment/payments/${link.uuid}`, { token: otherOwner.token })).status).toBe(
      404,
    )
    expect((await t.h.get(`/api/v1/payment/payments/${link.uuid}`, { token: holder.token })).status).toBe(404)
    expect((await t.h.get(`/api/v1/payment/payments/${link.uuid}`)).status).toBe(401)
    expect((await t.h.get(`/api/v1/payment/payments/${link.uuid}`, { token: admin.token })).status).toBe(200)
    const refund = await t.h.post(
      `/api/v1/payment/payments/${link.uuid}/refunds`,
      {},
      {
        token: otherOwner.token,
        headers: { 'idempotency-key': `other-refund-${link.uuid}` },
      },
    )
    expect(refund.status).toBe(404)
    const holderCreates = await t.h.post(
      '/api/v1/payment/payments',
      { amount: 100, description: 'x' },
      { token: holder.token },
    )
    expect(holderCreates.status).toBe(403)
  })
})

describe('card data', () => {
  it('leaves no card number or CVC anywhere in the database', async () => {
    // The scanner itself finds what it looks for.
    expect(cardNumbersIn('{"n": "4242 4242 4242 4242", "m": "4000000000000002"}')).toHaveLength(2)
    expect(cardNumbersIn('order 2026-11-22 id 0190f8a4-1234-7abc-8def-012345678901')).toEqual([])
    const findings = await scanDatabaseForCardData(t.databaseUrl, { cvcs: ['737', '123'] })
    expect(findings).toEqual([])
  })
})

describe('reconciliation', () => {
  // Everything open counts as left too long: the clocks of the database and of this process may
  // differ by a few milliseconds, so the rows are dated a minute back first.
  const reconcile = async () => {
    await t.services.db
      .updateTable('payment_attempts')
      .set({ updated_at: new Date(Date.now() - 60_000) })
      .where('status', 'in', ['creating', 'open', 'requires_action'])
      .execute()
    await reconcilePayments.handle({
      data: { older_than_ms: 0 },
      services: t.services,
      log: t.services.log,
      job: undefined as never,
    })
  }

  it('finishes an attempt whose create call never got an answer, and a payment whose webhooks were lost', async () => {
    await t.stopWorker()
    try {
      // A crash between our commit and the provider's answer leaves an attempt `creating`.
      const link = await createLink(650)
      const account = await t.services.db
        .selectFrom('payments')
        .select('account_id')
        .where('id', '=', link.uuid)
        .executeTakeFirstOrThrow()
      const attemptId = randomUUID()
      await t.services.db
        .insertInto('payment_attempts')
        .values({
          id: attemptId,
          payment_id: link.uuid,
          number: 1,
          account_id: account.account_id,
          provider: 'sandbox',
          method: 'card',
          status: 'creating',
        })
        .execute()
      await reconcile()
      const attempt = await t.services.db
        .selectFrom('payment_attempts')
        .selectAll()
        .where('id', '=', attemptId)
        .executeTakeFirstOrThrow()
      expect(attempt.status).toBe('open')
      expect(attempt.provider_payment_id).toMatch(/^pay_/)

      // The payer pays, but every webhook about it is lost.
      const paid = await hostedCard(attempt.provider_payment_id as string, '4242 4242 4242 4242')
      expect(paid.body.status).toBe('paid')
      await t.services.db.deleteFrom('outbox').where('name', '=', 'payments.sandbox-event.created').execute()
      expect((await payment(link.uuid)).status).toBe('pending')
      await reconcile()
      expect((await payment(link.uuid)).status).toBe('paid')
      // Reconciling again changes nothing.
      await reconcile()
      const captured = await t.services.db
        .selectFrom('outbox')
        .select('id')
        .where('name', '=', 'ledger.entry.requested')
        .where(sql<boolean>`payload->'source'->>'id' = ${attemptId}`)
        .execute()
      expect(captured).toHaveLength(2) // the capture and the fee, once each
    } finally {
      await t.startWorker()
    }
  })

  it('expires a payment nobody started paying, and says so to its payable', async () => {
    const link = await createLink(300)
    await t.services.db
      .updateTable('payments')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', link.uuid)
      .execute()
    await reconcile()
    expect((await payment(link.uuid)).status).toBe('expired')
    const ended = await t.services.db
      .selectFrom('outbox')
      .select('payload')
      .where('name', '=', 'payments.payment.ended')
      .where(sql<boolean>`payload->>'payment_id' = ${link.uuid}`)
      .execute()
    expect(ended).toHaveLength(1)
    const start = await t.h.post<unknown, ErrorBody>(`/api/v1/payment/checkout/${link.uuid}`, {
      method: 'card',
    })
    expect(start.status).toBe(409)
  })
})

describe('what payables decide', () => {
  const payCard = (id: string) =>
    t.h.post<unknown, ErrorBody & { status: string }>('/api/v1/payment/pay', {
      order_uuid: id,
      payment_type: 'card',
      card_number: '4242 4242 4242 4242',
      exp_month: 4,
      exp_year: 31,
      cvc: '123',
    })

  it('closes a payment its payable no longer wants, so that it can no longer be paid, and says so once', async () => {
    const link = await createLink(410)
    expect(await closePayment(t.services.db, link.uuid)).toBe('closed')
    expect(await closePayment(t.services.db, link.uuid)).toBe('closed')
    expect((await payment(link.uuid)).status).toBe('cancelled')
    const refused = await payCard(link.uuid)
    expect(refused.status).toBe(409)
    expect(refused.body.error.reason).toBe('payment_expired')
    const ended = await t.services.db
      .selectFrom('outbox')
      .select('payload')
      .where('name', '=', 'payments.payment.ended')
      .where(sql<boolean>`payload->>'payment_id' = ${link.uuid}`)
      .execute()
    expect(ended).toHaveLength(1)

    const paid = await createLink(420)
    expect((await payCard(paid.uuid)).body.status).toBe('paid')
    expect(await closePayment(t.services.db, paid.uuid)).toBe('paid')
    expect((await payment(paid.uuid)).status).toBe('paid')
  })

  it('sends the payer back to the payable’s own page when the payment names one', async () => {
    const id = randomUUID()
    const back = 'http://programs.localhost:3000/programs/0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d/order'
    await createPayment(
      t.services,
      { actor: { kind: 'user', user_id: owner.userId, user_type: 1 } },
      {
        id,
        payable: { kind: 'test_return', id },
        amount: 700n,
        currency: 'EUR',
        description: 'Cards',
        payer_user_id: owner.userId,
        return_url: back,
      },
    )
    const sandboxId = await startCheckout(id, owner.token)
    const paid = await hostedCard(sandboxId, '4242 4242 4242 4242')
    expect(paid.body).toMatchObject({ status: 'paid', return_url: back })

    // Without one, the payer comes back to the checkout.
    const link = await createLink(710)
    const other = await hostedCard(await startCheckout(link.uuid), '4242 4242 4242 4242')
    expect(other.body.return_url).toBe(`${t.url}/checkout/${link.uuid}?returned=1`)
  })

  it('takes the uuid a payable gives, and refuses a refund its payable rule refuses', async () => {
    const id = randomUUID()
    issuedVoucherBatch = id
    await createPayment(
      t.services,
      { actor: { kind: 'user', user_id: owner.userId, user_type: 1 } },
      {
        id,
        payable: { kind: 'test_voucher_batch', id },
        amount: 800n,
        currency: 'EUR',
        description: 'Vouchers',
        owner_user_id: owner.userId,
      },
    )
    expect((await payCard(id)).body.status).toBe('paid')
    const refund = await t.h.post<unknown, ErrorBody>(
      `/api/v1/payment/payments/${id}/refunds`,
      {},
      {
        token: owner.token,
        headers: { 'idempotency-key': randomUUID() },
      },
    )
    expect(refund.status).toBe(422)
    expect(refund.body.error).toMatchObject({
      reason: 'voucher_batch_issued',
      message: 'the vouchers are issued',
    })
    expect((await payment(id)).refunded_amount).toBe(0)
  })
})

describe('program owners and the ledger', () => {
  it('shows an owner the entries and balances of their own payments only', async () => {
    const link = await createLink(800)
    const sandboxId = await startCheckout(link.uuid)
    await hostedCard(sandboxId, '4242 4242 4242 4242')
    await waitFor(link.uuid, 'paid')
    const [attempt] = await attemptIds(link.uuid)
    const rows = await eventually(async () => {
      const found = await ledgerEntries('payment.captured', [attempt as string])
      return found.length ? found : undefined
    })
    const entryId = rows?.[0]?.id as string

    type Journal = { count: number; results: { uuid: string }[] }
    const mine = await t.h.get<Journal>('/api/v1/payment/journals?journal=sales&size=100', {
      token: owner.token,
    })
    expect(mine.status).toBe(200)
    expect(mine.body.results.map((e) => e.uuid)).toContain(entryId)
    expect((await t.h.get(`/api/v1/payment/journals/${entryId}`, { token: owner.token })).status).toBe(200)
    const ledgers = await t.h.get<{ results: { number: number; balances: { balance: number }[] }[] }>(
      '/api/v1/payment/ledgers',
      { token: owner.token },
    )
    expect(ledgers.body.results.find((a) => a.number === 230)?.balances[0]?.balance).toBeLessThan(0)
    // Only their own sub-accounts: nothing of the platform's provider account.
    expect(ledgers.body.results.find((a) => a.number === 120)?.balances).toEqual([])

    // Another owner sees none of it; other portals and no token are refused.
    const theirs = await t.h.get<Journal>('/api/v1/payment/journals?journal=sales&size=100', {
      token: otherOwner.token,
    })
    expect(theirs.body.results.map((e) => e.uuid)).not.toContain(entryId)
    expect((await t.h.get(`/api/v1/payment/journals/${entryId}`, { token: otherOwner.token })).status).toBe(
      404,
    )
    expect(
      (await t.h.get('/api/v1/payment/ledgers/230/journals', { token: otherOwner.token })).body,
    ).toMatchObject({ count: 0 })
    expect((await t.h.get(`/api/v1/payment/journals/${entryId}`, { token: holder.token })).status).toBe(403)
    expect((await t.h.get('/api/v1/payment/ledgers/trial-balance', { token: owner.token })).status).toBe(403)
    expect((await t.h.get(`/api/v1/payment/journals/${entryId}`)).status).toBe(401)
    expect((await t.h.get(`/api/v1/payment/journals/${entryId}`, { token: admin.token })).status).toBe(200)
  })
})

/** An active payment management program of the owner (iDEAL at the sandbox), through the manager API. */
async function activePaymentProgram(token: string): Promise<string> {
  const created = await t.h.post<unknown, { result: { uuid: string } }>(
    '/api/v1/manager/programs',
    { type: 3001, title: 'Bakery terminal' },
    { token },
  )
  const uuid = created.body.result.uuid
  await t.h.post(
    '/api/v1/manager/program-methods',
    { program: uuid, methods: [{ method_id: 'ideal', provider_id: 'sandbox', is_used: true }] },
    { token },
  )
  for (const status of [11003, 11004, 11001]) {
    const res = await t.h.patch(`/api/v1/manager/programs/${uuid}`, { status }, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
  return uuid
}

describe('payments in a program', () => {
  it('take the program’s own provider account; its keys are checked with the provider and sealed at rest', async () => {
    const program = await activePaymentProgram(owner.token)
    const bad = saveProviderAccount(t.services, {
      owner_user_id: owner.userId,
      program_uuid: program,
      provider: 'sandbox',
      credentials: { mode: 'test', api_key: 'not-a-key' },
    })
    await expect(bad).rejects.toMatchObject({
      reason: 'ccv_pay_key_not_valid',
      fields: { api_key: expect.any(Array) },
    })
    const live = saveProviderAccount(t.services, {
      owner_user_id: owner.userId,
      program_uuid: program,
      provider: 'sandbox',
      credentials: { mode: 'live', api_key: 'sk_test_abcdefghijklmnopqrstuv' },
    })
    await expect(live).rejects.toMatchObject({ reason: 'ccv_pay_key_not_valid' })

    const key = 'sk_test_programkey0123456789'
    const id = await saveProviderAccount(t.services, {
      owner_user_id: owner.userId,
      program_uuid: program,
      provider: 'sandbox',
      credentials: { mode: 'test', api_key: key },
    })
    const row = await t.services.db
      .selectFrom('payment_accounts')
      .select('credentials')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.credentials).not.toContain(key)
    expect((await findAccount(t.services.db, t.config, id))?.credentials.api_key).toBe(key)

    const res = await t.h.post<unknown, Payment>(
      '/api/v1/payment/payments',
      { amount: 500, description: 'Program sale', program_uuid: program },
      { token: owner.token },
    )
    expect(res.status).toBe(201)
    const p = await t.services.db
      .selectFrom('payments')
      .select(['account_id', 'owner_user_id'])
      .where('id', '=', res.body.uuid)
      .executeTakeFirstOrThrow()
    expect(p).toEqual({ account_id: id, owner_user_id: owner.userId })
  })

  it('are refused in another owner’s program, an unknown one, and once the program is blocked', async () => {
    const program = await activePaymentProgram(owner.token)
    const ask = (token: string, program_uuid: string) =>
      t.h.post<unknown, ErrorBody>(
        '/api/v1/payment/payments',
        { amount: 500, description: 'x', program_uuid },
        { token },
      )
    expect((await ask(otherOwner.token, program)).status).toBe(404)
    // An unknown program answers as another owner's: 404, not a field error.
    const unknown = await ask(owner.token, randomUUID())
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('not_found')

    const link = await ask(owner.token, program)
    expect(link.status).toBe(201)
    const blocked = await t.h.patch(
      `/api/v1/manager/programs/${program}`,
      { status: 11007 },
      { token: owner.token },
    )
    expect(blocked.status).toBe(202)
    expect((await ask(owner.token, program)).body.error.reason).toBe('program_not_active')
    const pay = await t.h.post<unknown, ErrorBody>(
      `/api/v1/payment/checkout/${(link.body as unknown as Payment).uuid}`,
      {
        method: 'ideal',
      },
    )
    expect(pay.status).toBe(422)
    expect(pay.body.error.reason).toBe('program_not_active')
  })
})

describe('the sandbox hosted page', () => {
  it('names the merchant, and takes PayPal after approval in its window', async () => {
    const link = await createLink(990)
    const res = await t.h.post<unknown, { redirect_url: string }>(`/api/v1/payment/checkout/${link.uuid}`, {
      method: 'paypal',
    })
    const sandboxId = res.body.redirect_url.split('/').pop() as string
    const view = await t.h.get<{ merchant: string; method: string }>(`/api/v1/sandbox/checkout/${sandboxId}`)
    expect(view.body).toMatchObject({ merchant: 'Bakkerij Jansen', method: 'paypal' })
    const refused = await t.h.post<unknown, { status: string; failure_message: string }>(
      `/api/v1/sandbox/checkout/${sandboxId}/confirm`,
      { approve: false },
    )
    expect(refused.body).toMatchObject({
      status: 'open',
      failure_message: 'The payment was not approved in PayPal.',
    })
    const approved = await t.h.post<unknown, { status: string }>(
      `/api/v1/sandbox/checkout/${sandboxId}/confirm`,
      {
        approve: true,
      },
    )
    expect(approved.body.status).toBe('paid')
    const done = await waitFor(link.uuid, 'paid')
    expect(done.fee_amount).toBe(35 + 34) // 35 cents + 3.4 % of 9.90, rounded
  })
})

describe('rate limits on paying', () => {
  it('refuses the 21st try on one payment within the hour with 429 and Retry-After', async () => {
    const link = await createLink(100)
    // A card tester tries a new number each time: the payment's own limit stops them.
    const attempt = (n: number) =>
      t.h.post<unknown, ErrorBody>('/api/v1/payment/pay', {
        order_uuid: link.uuid,
        payment_type: 'card',
        card_number: `4242 4242 4242 ${String(5000 + n)}`,
        exp_month: 4,
        exp_year: 31,
        cvc: '123',
      })
    for (let i = 0; i < 20; i++) expect((await attempt(i)).status).toBe(400)
    const limited = await attempt(20)
    expect(limited.status).toBe(429)
    expect(limited.body.error.reason).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('a program’s methods and provider keys', () => {
  it('offers only the methods the program uses, and refuses another', async () => {
    const program = await activePaymentProgram(owner.token)
    const link = await t.h.post<unknown, Payment>(
      '/api/v1/payment/payments',
      { amount: 700, description: 'iDEAL only', program_uuid: program },
      { token: owner.token },
    )
    const view = await t.h.get<{ methods: { id: string }[] }>(`/api/v1/payment/checkout/${link.body.uuid}`)
    expect(view.body.methods.map((m) => m.id)).toEqual(['ideal'])
    const card = await t.h.post<unknown, ErrorBody>(`/api/v1/payment/checkout/${link.body.uuid}`, {
      method: 'card',
    })
    expect(card.status).toBe(400)
    expect(card.body.error.reason).toBe('payment_method_is_not_supported')
    const ideal = await t.h.post<unknown, { redirect_url: string }>(
      `/api/v1/payment/checkout/${link.body.uuid}`,
      {
        method: 'ideal',
      },
    )
    expect(ideal.status).toBe(200)
  })

  it('lets the owner save keys (checked, masked in answers) and refuses other owners and portals', async () => {
    const program = await activePaymentProgram(owner.token)
    const save = (token: string, api_key: string) =>
      t.h.post<unknown, { key_hint: string; webhook_url: string } & ErrorBody>(
        '/api/v1/manager/program-providers',
        { program, provider: 'sandbox', mode: 'test', api_key },
        { token },
      )
    const saved = await save(owner.token, 'sk_test_ownerkey00000000wxyz')
    expect(saved.status).toBe(201)
    expect(saved.body.key_hint).toBe('…wxyz')
    expect(saved.body.webhook_url).toMatch(/\/api\/v1\/payment\/webhooks\/sandbox\//)
    const bad = await save(owner.token, 'nope')
    expect(bad.status).toBe(422)
    expect(bad.body.error.reason).toBe('ccv_pay_key_not_valid')
    expect((await save(otherOwner.token, 'sk_test_ownerkey00000000wxyz')).status).toBe(404)
    expect((await save(holder.token, 'sk_test_ownerkey00000000wxyz')).status).toBe(403)
    const list = await t.h.get<{ results: { key_hint: string }[] }>(
      `/api/v1/manager/program-providers?program=${program}`,
      {
        token: owner.token,
      },
    )
    expect(list.body.results.map((r) => r.key_hint)).toEqual(['…wxyz'])
    expect(JSON.stringify(list.body)).not.toContain('sk_test_ownerkey')
    expect(
      (await t.h.get(`/api/v1/manager/program-providers?program=${program}`, { token: otherOwner.token }))
        .status,
    ).toBe(404)
  })

  it('does not let a payment program use CCV or Stripe without keys', async () => {
    const created = await t.h.post<unknown, { result: { uuid: string } }>(
      '/api/v1/manager/programs',
      { type: 3001, title: 'Needs keys' },
      { token: owner.token },
    )
    const uuid = created.body.result.uuid
    await t.h.post(
      '/api/v1/manager/program-methods',
      { program: uuid, methods: [{ method_id: 'card', provider_id: 'stripe', is_used: true }] },
      { token: owner.token },
    )
    await t.h.patch(`/api/v1/manager/programs/${uuid}`, { status: 11003 }, { token: owner.token })
    const step3 = await t.h.patch<unknown, ErrorBody>(
      `/api/v1/manager/programs/${uuid}`,
      { status: 11004 },
      { token: owner.token },
    )
    expect(step3.status).toBe(422)
    expect(step3.body.error.reason).toBe('no_validated_method')
  })
})

describe('split payments and payouts', () => {
  it('routes a part to an onboarded merchant, holds it until released, and posts capture and payout once', async () => {
    const program = await activePaymentProgram(owner.token)
    await t.h.post(
      '/api/v1/manager/program-methods',
      { program, methods: [{ method_id: 'card', provider_id: 'sandbox', is_used: true }] },
      { token: owner.token },
    )
    const restaurant = randomUUID()
    const merchant = await onboardMerchant(t.services, {
      program_uuid: program,
      provider: 'sandbox',
      reference: restaurant,
      email: 'pizza@example.com',
      name: 'Pizzeria Uno',
      country: 'NL',
      returnUrl: `${t.url}/done`,
    })
    expect(merchant).toMatchObject({
      status: 'pending',
      onboardingUrl: expect.stringContaining('/sandbox/onboarding/'),
    })
    // The merchant finishes on the provider's onboarding page.
    const done = await t.h.post<unknown, { status: string }>(
      `/api/v1/sandbox/onboarding/${merchant.merchantAccountId}`,
      {
        approve: true,
      },
    )
    expect(done.body.status).toBe('active')
    expect(
      await merchantStatus(t.services, {
        program_uuid: program,
        provider: 'sandbox',
        merchant_account_id: merchant.merchantAccountId,
      }),
    ).toMatchObject({ status: 'active' })

    const receiver = { kind: 'acceptor' as const, external_id: restaurant }
    const id = await createPayment(
      t.services,
      { actor: { kind: 'system', name: 'test' } },
      {
        payable: { kind: 'food_order' },
        amount: 1000n,
        currency: 'EUR',
        description: 'Food court order',
        program_uuid: program,
        owner_user_id: owner.userId,
        splits: [{ merchant_account_id: merchant.merchantAccountId, receiver, amount: 700n }],
      },
    )
    const sandboxId = await startCheckout(id)
    await hostedCard(sandboxId, '4242 4242 4242 4242')
    await waitFor(id, 'paid')
    const [attempt] = await attemptIds(id)
    const capture = await eventually(async () => {
      const rows = await ledgerEntries('payment.captured', [attempt as string])
      return rows[0]
    })
    const lines = await t.services.db
      .selectFrom('ledger_lines')
      .innerJoin('ledger_sub_accounts', 'ledger_sub_accounts.id', 'ledger_lines.sub_account_id')
      .select([
        'ledger_lines.account',
        'ledger_sub_accounts.kind',
        'ledger_sub_accounts.external_id',
        'ledger_lines.credit',
      ])
      .where('ledger_lines.entry_id', '=', capture?.id as string)
      .where('ledger_lines.credit', '>', 0n)
      .execute()
    expect(lines.map((l) => [l.kind, l.credit]).sort()).toEqual([
      ['acceptor', 700n],
      ['program', 300n],
    ])

    const released = await releaseSplit(
      t.services,
      { actor: { kind: 'system', name: 'test' }, requestId: 'r' },
      id,
      merchant.merchantAccountId,
    )
    expect(released.status).toBe('paid')
    await expect(
      releaseSplit(
        t.services,
        { actor: { kind: 'system', name: 'test' }, requestId: 'r' },
        id,
        merchant.merchantAccountId,
      ),
    ).rejects.toMatchObject({ reason: 'released' })
    await eventually(async () => (await ledgerEntries('payment.payout', [released.payout_id])).length === 1)
  })

  it('refuses parts that add up to more than the payment', async () => {
    const receiver = { kind: 'acceptor' as const, external_id: 'x' }
    await expect(
      createPayment(
        t.services,
        { actor: { kind: 'system', name: 'test' } },
        {
          payable: { kind: 'food_order' },
          amount: 100n,
          currency: 'EUR',
          description: 'x',
          splits: [{ merchant_account_id: 'acct_1', receiver, amount: 101n }],
        },
      ),
    ).rejects.toMatchObject({ fields: { splits: expect.any(Array) } })
  })
})

/**
 * Tenant A's payment objects for the route security harness: a payment program tenant A's acceptor
 * takes part in, and a payment paid in it by tenant A's card holder.
 */
interface PaymentObjects {
  program: string
  payment: string
}
async function paymentObjects({ a }: Tenants): Promise<PaymentObjects> {
  const program = (await seedProgram(a.owner, 'payment')).uuid
  await joinProgram(a.owner, program, a.acceptor)
  const { uuid } = await seedPaidPayment(a.owner, { program, amount: 900, payer: a.holder.api })
  return { program, payment: uuid }
}
/** A list narrowed to tenant A's program: another tenant's caller is told it does not exist. */
const byProgram = (as: 'owner' | 'acceptor' | 'holder') =>
  ({ as, request: (o: PaymentObjects) => ({ query: { program: o.program } }) }) as const
const thePayment = (as: 'owner' | 'holder') =>
  ({ as, request: (o: PaymentObjects) => ({ params: { uuid: o.payment } }) }) as const
const payIn = (as: 'owner' | 'acceptor') =>
  ({
    as,
    request: (o: PaymentObjects) => ({ body: { amount: 100, description: 'x', program_uuid: o.program } }),
  }) as const
const paymentRoutes: Record<string, RouteRule<PaymentObjects>> = {
  'POST /payment/payments': {
    roles: ['owner', 'acceptor', 'admin'],
    foreign: [payIn('owner'), payIn('acceptor')],
  },
  'GET /payment/payments/{uuid}': { roles: 'any', foreign: [thePayment('owner'), thePayment('holder')] },
  'POST /payment/payments/{uuid}/refunds': { roles: ['owner', 'admin'], foreign: thePayment('owner') },
  'GET /payment/methods': { roles: 'any' },
  'GET /payment/platform-provider': { roles: ['admin'] },
  'POST /payment/platform-provider': { roles: ['admin'] },
  'GET /manager/program-providers': {
    roles: ['owner', 'admin'],
    foreign: { as: 'owner', request: (o) => ({ query: { program: o.program } }) },
  },
  'POST /manager/program-providers': {
    roles: ['owner'],
    foreign: {
      as: 'owner',
      request: (o) => ({
        body: {
          program: o.program,
          provider: 'sandbox',
          mode: 'test',
          api_key: 'sk_test_theirs0000000000wxyz',
        },
      }),
    },
  },
  'GET /payment/transactions': {
    roles: 'any',
    foreign: [byProgram('owner'), byProgram('acceptor'), byProgram('holder')],
  },
  'GET /payment/transactions/{uuid}': { roles: 'any', foreign: [thePayment('owner'), thePayment('holder')] },
  'GET /payment/transactions/{uuid}/receipt': { roles: 'any', foreign: thePayment('owner') },
  'GET /payment/helpers/vat': { roles: 'any' },
}

runRouteSecurityTests({
  context: () => t,
  module: paymentsModule,
  setup: paymentObjects,
  routes: paymentRoutes,
})
