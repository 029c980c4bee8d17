import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedUser, signInAs } from '../../tests/support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { eventually } from '../../tests/support/smtp.ts'
import { findAccount } from './db/accounts.ts'
import { sandboxRecord } from './fixtures/sandbox-record.ts'
import { reconcilePayments } from './jobs/reconcile.ts'
import { createSandboxPayment } from './providers/sandbox/sandbox.ts'

/**
 * A payment is charged once, whatever the payer does (issue 10): the three ways payers were charged
 * two and five times, through the HTTP API, each checked against the sandbox provider's own record
 * of money taken and given back, the payment's record and the ledger.
 */

interface Payment {
  uuid: string
  status: string
  amount: number
  captured_amount: number
  refunded_amount: number
  refundable_amount: number
  attempts: { uuid: string; status: string; duplicate: boolean; method: string }[]
  refunds: { uuid: string; amount: number; status: string; kind: string }[]
}

let t: LiveTestContext
let owner: { token: string; userId: string }

beforeAll(async () => {
  t = await createLiveTestContext({ env: { PAY_LIMIT_PER_ADDRESS: '1000' } })
  owner = await signInAs(t.h, await seedUser(t, { type: 1, legal_type: 1, company_name: 'Bakkerij Jansen' }))
})
afterAll(() => t.close())

const createLink = async (amount: number) => {
  const res = await t.h.post<unknown, { uuid: string }>(
    '/api/v1/payment/payments',
    { amount, description: 'Taart' },
    { token: owner.token },
  )
  expect(res.status).toBe(201)
  return res.body.uuid
}
const payment = async (id: string) =>
  (await t.h.get<Payment>(`/api/v1/payment/payments/${id}`, { token: owner.token })).body

const card = (id: string) => ({
  order_uuid: id,
  payment_type: 'card',
  card_number: '4242 4242 4242 4242',
  exp_month: 4,
  exp_year: 31,
  cvc: '123',
})

/** Starts the hosted page with a method; answers the sandbox payment id. */
async function hosted(id: string, method: string) {
  const res = await t.h.post<unknown, { redirect_url: string }>(`/api/v1/payment/checkout/${id}`, { method })
  expect(res.status).toBe(200)
  return res.body.redirect_url.split('/').pop() as string
}

/**
 * What the sandbox itself did for this payment's attempts: money taken (paid payments) and given
 * back (succeeded refunds), in cents.
 */
const providerRecord = (paymentId: string) => sandboxRecord(t.services.db, paymentId)

/** The ledger's provider account (120) for this payment's captures and refunds, fees left out. */
async function ledgerProvider(paymentId: string) {
  const row = await t.services.db
    .selectFrom('ledger_lines')
    .innerJoin('ledger_entries', 'ledger_entries.id', 'ledger_lines.entry_id')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<bigint>('ledger_lines.debit'), sql<bigint>`0`).as('debit'),
      eb.fn.coalesce(eb.fn.sum<bigint>('ledger_lines.credit'), sql<bigint>`0`).as('credit'),
    ])
    .where('ledger_lines.account', '=', 120)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('ledger_entries.source_kind', '=', 'payment.captured'),
          eb(
            sql`ledger_entries.source_id`,
            'in',
            eb
              .selectFrom('payment_attempts')
              .select(sql`id::text`.as('id'))
              .where('payment_id', '=', paymentId),
          ),
        ]),
        eb.and([
          eb('ledger_entries.source_kind', '=', 'payment.refund'),
          eb(
            sql`ledger_entries.source_id`,
            'in',
            eb
              .selectFrom('payment_refunds')
              .select(sql`id::text`.as('id'))
              .where('payment_id', '=', paymentId),
          ),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow()
  return Number(row.debit) - Number(row.credit)
}

/** Once the queues are quiet: the payer is out the amount once, everywhere. */
async function expectChargedOnce(id: string, amount: number) {
  await eventually(
    async () => {
      const p = await providerRecord(id)
      return (
        p.kept === amount &&
        (await ledgerProvider(id)) === amount &&
        (await payment(id)).refunds.every((r) => r.status === 'succeeded')
      )
    },
    20_000,
    'the payer is out the amount once at the provider and in the ledger',
  )
  const p = await payment(id)
  expect(p.status).toBe('paid')
  expect(p.attempts.filter((a) => a.status === 'paid' && !a.duplicate)).toHaveLength(1)
  const duplicates = p.attempts.filter((a) => a.duplicate)
  expect(p.captured_amount).toBe(amount * (1 + duplicates.length))
  const givenBack = p.refunds.filter((r) => r.kind === 'duplicate' && r.status === 'succeeded')
  expect(givenBack).toHaveLength(duplicates.length)
  expect(p.captured_amount - givenBack.reduce((s, r) => s + r.amount, 0)).toBe(amount)
  expect(p.refunded_amount).toBe(0)
  expect(p.refundable_amount).toBe(amount)
  return p
}

describe('a payment is charged once', () => {
  it('iDEAL up to the bank step, then card on a second page, then the banking app approves: the late capture is given back', async () => {
    const id = await createLink(2100)
    const ideal = await hosted(id, 'ideal')
    const bank = await t.h.post<unknown, { status: string }>(`/api/v1/sandbox/checkout/${ideal}/bank`, {
      bank: 'ing',
    })
    expect(bank.body.status).toBe('requires_action')

    // The payer switches to card: the iDEAL payment is cancelled at the provider before the card page opens.
    const cardPage = await hosted(id, 'card')
    expect(cardPage).not.toBe(ideal)
    const viewed = await t.h.get<{ status: string }>(`/api/v1/sandbox/checkout/${ideal}`)
    expect(viewed.body.status).toBe('cancelled')
    const paid = await t.h.post<unknown, { status: string }>(`/api/v1/sandbox/checkout/${cardPage}/card`, {
      card_number: '4242 4242 4242 4242',
      expiry: '12 / 30',
      cvc: '737',
    })
    expect(paid.body.status).toBe('paid')
    await eventually(async () => (await payment(id)).status === 'paid', 15_000, 'paid')

    // The bank had it already: the approval goes through after the cancel, as banks do.
    const late = await t.h.post<unknown, { status: string }>(`/api/v1/sandbox/checkout/${ideal}/confirm`, {
      approve: true,
    })
    expect(late.body.status).toBe('paid')

    const p = await expectChargedOnce(id, 2100)
    const duplicate = p.attempts.find((a) => a.duplicate)
    expect(duplicate?.method).toBe('ideal')
    // The owner's list shows the duplicate and the refund that gave it back.
    const list = await t.h.get<{
      results: { kind: string; duplicate: boolean; transaction_status: string }[]
    }>(`/api/v1/payment/transactions?q=Taart`, { token: owner.token })
    const mine = list.body.results
    expect(mine.some((r) => r.kind === 'duplicate_capture')).toBe(true)
    expect(mine.some((r) => r.kind === 'refund' && r.duplicate && r.transaction_status === 'succeeded')).toBe(
      true,
    )
  })

  it('the hosted page left open, the payment paid directly, then the hosted page paid too: the page is closed', async () => {
    const id = await createLink(2200)
    const page = await hosted(id, 'card')
    const direct = await t.h.post<unknown, { status: string }>('/api/v1/payment/pay', card(id))
    expect(direct.status).toBe(200)
    expect(direct.body.status).toBe('paid')
    const again = await t.h.post<unknown, { error: { reason: string } }>(
      `/api/v1/sandbox/checkout/${page}/card`,
      { card_number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '737' },
    )
    expect(again.status).toBe(409)
    const p = await expectChargedOnce(id, 2200)
    expect(p.attempts.filter((a) => a.duplicate)).toHaveLength(0)
    expect((await providerRecord(id)).captures).toBe(1)
  })

  it('five parallel direct card payments without an Idempotency-Key charge once and all answer paid', async () => {
    const id = await createLink(2300)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.h.post<unknown, { status: string }>('/api/v1/payment/pay', card(id))),
    )
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers.map((a) => a.body.status)).toEqual(['paid', 'paid', 'paid', 'paid', 'paid'])
    expect((await providerRecord(id)).captures).toBe(1)
    const p = await expectChargedOnce(id, 2300)
    expect(p.attempts).toHaveLength(1)
  })

  it('a start on a paid payment is refused and starts nothing at the provider', async () => {
    const id = await createLink(1100)
    expect((await t.h.post('/api/v1/payment/pay', card(id))).status).toBe(200)
    const late = await t.h.post<unknown, { error: { reason: string } }>(`/api/v1/payment/checkout/${id}`, {
      method: 'ideal',
    })
    expect(late.status).toBe(409)
    expect(late.body.error.reason).toBe('already_paid')
    expect((await payment(id)).attempts).toHaveLength(1)
  })
})

describe('payments charged twice before this release', () => {
  it('are found by reconciliation, which gives the duplicate back; the owner can then refund the rest', async () => {
    const id = await createLink(2500)
    await t.stopWorker()
    // As an older version left them: two attempts paid at the provider, both kept.
    const page = await hosted(id, 'card')
    await t.h.post(`/api/v1/sandbox/checkout/${page}/card`, {
      card_number: '4242 4242 4242 4242',
      expiry: '12 / 30',
      cvc: '737',
    })
    const first = await t.services.db
      .selectFrom('payment_attempts')
      .select(['id', 'account_id'])
      .where('payment_id', '=', id)
      .executeTakeFirstOrThrow()
    const account = await findAccount(t.services.db, t.config, first.account_id)
    const secondId = crypto.randomUUID()
    const second = await createSandboxPayment(t.services.db, account?.credentials.api_key as string, {
      reference: secondId,
      amount: 2500n,
      currency: 'EUR',
      method: 'card',
      description: 'Taart',
      returnUrl: `${t.url}/checkout/${id}`,
      metadata: {},
      webhookUrl: `${t.url}/api/v1/payment/webhooks/sandbox/${first.account_id}`,
      card: { number: '4242424242424242', expMonth: 4, expYear: 2031, cvc: '123' },
    })
    await t.services.db
      .insertInto('payment_attempts')
      .values({
        id: secondId,
        payment_id: id,
        number: 2,
        account_id: first.account_id,
        provider: 'sandbox',
        method: 'card',
        provider_payment_id: second.id,
        status: 'paid',
      })
      .execute()
    await t.services.db
      .updateTable('payment_attempts')
      .set({ status: 'paid', provider_payment_id: page })
      .where('id', '=', first.id)
      .execute()
    await t.services.db
      .updateTable('payments')
      .set({ status: 'paid', paid_attempt_id: first.id, captured_amount: 5000n, paid_at: new Date() })
      .where('id', '=', id)
      .execute()
    expect((await providerRecord(id)).kept).toBe(5000)

    await reconcilePayments.handle({
      data: { older_than_ms: 0 },
      services: t.services,
      log: t.services.log,
      job: undefined as never,
    })
    await t.startWorker()
    await eventually(
      async () =>
        (await providerRecord(id)).kept === 2500 &&
        (await payment(id)).refunds.every((r) => r.status === 'succeeded'),
      20_000,
      'duplicate given back',
    )
    const p = await payment(id)
    expect(p.refunds).toMatchObject([{ kind: 'duplicate', amount: 2500, status: 'succeeded' }])
    expect(p.status).toBe('paid')
    // Running it again gives nothing more back.
    await reconcilePayments.handle({
      data: { older_than_ms: 0 },
      services: t.services,
      log: t.services.log,
      job: undefined as never,
    })
    expect((await payment(id)).refunds).toHaveLength(1)

    // Everything captured and not given back can be refunded by the owner.
    const all = await t.h.post<unknown, { payment: { status: string } }>(
      `/api/v1/payment/payments/${id}/refunds`,
      {},
      { token: owner.token, headers: { 'idempotency-key': `refund-all-${id}` } },
    )
    expect(all.status).toBe(202)
    expect(all.body.payment.status).toBe('refunded')
    expect((await providerRecord(id)).kept).toBe(0)
  })
})
