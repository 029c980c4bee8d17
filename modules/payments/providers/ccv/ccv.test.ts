import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CreatePaymentInput,
  InvalidCredentials,
  type ProviderContext,
  ProviderError,
  type WebhookDelivery,
  WebhookRejected,
} from '../provider.ts'
import { ccvSupportsCurrency, fromCcvAmount, parseExactJson, toCcvAmount } from './amount.ts'
import { CcvProvider, ccvApiBase, ccvProvider } from './ccv.ts'
import { FakeCcv } from './fake-ccv/server.ts'

let fake: FakeCcv
const ccv = new CcvProvider({ timeoutMs: 5_000 })
let seq = 0

beforeAll(async () => {
  fake = await FakeCcv.start()
})
afterAll(async () => {
  await fake.close()
})

function testCtx(overrides: Partial<ProviderContext['credentials']> = {}): ProviderContext {
  return {
    credentials: { mode: 'test', api_key: fake.testKey, api_base: fake.url, ...overrides },
    webhookUrl: 'https://platform.example/api/v1/payment/webhooks/ccv',
  }
}

function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  seq += 1
  return {
    reference: `019a0000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    amount: 1250n,
    currency: 'EUR',
    method: 'ideal',
    description: `Order ${seq}`,
    returnUrl: 'https://platform.example/return',
    metadata: { program: 'p1' },
    locale: 'nl',
    ...overrides,
  }
}

function delivery(d: { headers: Record<string, string>; rawBody: string }): WebhookDelivery {
  return { ...d, now: new Date() }
}

function lastRequest(path: string) {
  const found = fake.requests.filter((r) => r.path === path).at(-1)
  if (!found) throw new Error(`no request to ${path}`)
  return found
}

describe('CCV amounts are exact decimal strings', () => {
  it('writes minor units as two-decimal strings', () => {
    expect(toCcvAmount(1n, 'EUR')).toBe('0.01')
    expect(toCcvAmount(10n, 'EUR')).toBe('0.10')
    expect(toCcvAmount(0n, 'EUR')).toBe('0.00')
    expect(toCcvAmount(1250n, 'EUR')).toBe('12.50')
    expect(toCcvAmount(123456n, 'EUR')).toBe('1234.56')
    expect(toCcvAmount(12345678901234567891n, 'EUR')).toBe('123456789012345678.91')
  })

  it('reads decimals without a float', () => {
    expect(fromCcvAmount('9.99', 'EUR')).toBe(999n)
    expect(fromCcvAmount('0.1', 'EUR')).toBe(10n)
    expect(fromCcvAmount('12', 'EUR')).toBe(1200n)
    expect(fromCcvAmount('9.990', 'EUR')).toBe(999n)
    expect(fromCcvAmount('1e2', 'EUR')).toBe(10000n)
    expect(fromCcvAmount('1.5E-1', 'EUR')).toBe(15n)
    expect(fromCcvAmount('123456789012345678.91', 'EUR')).toBe(12345678901234567891n)
    // 0.29 as a float times 100 is 28.999999999999996: the text route gets it right.
    expect(fromCcvAmount('0.29', 'EUR')).toBe(29n)
  })

  it('refuses fractions of a cent and text that is not a number, instead of rounding', () => {
    expect(() => fromCcvAmount('9.991', 'EUR')).toThrow(RangeError)
    expect(() => fromCcvAmount('abc', 'EUR')).toThrow(RangeError)
    expect(() => fromCcvAmount('', 'EUR')).toThrow(RangeError)
  })

  it('round-trips every amount exactly', () => {
    for (const cents of [0n, 1n, 7n, 99n, 100n, 101n, 2999n, 10_000_000_07n, 2n ** 63n - 1n]) {
      expect(fromCcvAmount(toCcvAmount(cents, 'EUR'), 'EUR')).toBe(cents)
    }
  })

  it('refuses currencies without two decimals (JPY, KWD) and negative amounts', () => {
    expect(ccvSupportsCurrency('EUR')).toBe(true)
    expect(ccvSupportsCurrency('JPY')).toBe(false)
    expect(() => toCcvAmount(1000n, 'JPY')).toThrow(RangeError)
    expect(() => toCcvAmount(1000n, 'KWD')).toThrow(RangeError)
    expect(() => toCcvAmount(-1n, 'EUR')).toThrow(RangeError)
  })

  it('keeps the source text of JSON numbers', () => {
    expect(parseExactJson('{"amount": 123456789012345678.91, "n": [0.29]}')).toEqual({
      amount: '123456789012345678.91',
      n: ['0.29'],
    })
  })
})

describe('CCV credentials', () => {
  it('accepts the test key in test mode and the live key in live mode', async () => {
    await expect(ccv.verifyCredentials(testCtx())).resolves.toBeUndefined()
    await expect(
      ccv.verifyCredentials(testCtx({ mode: 'live', api_key: fake.liveKey })),
    ).resolves.toBeUndefined()
    const req = lastRequest('/api/v1/method')
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.liveKey}:`).toString('base64')}`)
  })

  it('turns a refused key into InvalidCredentials (ccv_pay_key_not_valid)', async () => {
    await expect(ccv.verifyCredentials(testCtx({ api_key: 't_not-a-real-key' }))).rejects.toBeInstanceOf(
      InvalidCredentials,
    )
    await expect(
      ccv.createPayment(testCtx({ api_key: 't_not-a-real-key' }), paymentInput()),
    ).rejects.toBeInstanceOf(InvalidCredentials)
  })

  it('never uses a test key in live mode, nor a live key in test mode', async () => {
    const before = fake.requests.length
    await expect(ccv.verifyCredentials(testCtx({ mode: 'live' }))).rejects.toBeInstanceOf(InvalidCredentials)
    await expect(ccv.verifyCredentials(testCtx({ api_key: fake.liveKey }))).rejects.toBeInstanceOf(
      InvalidCredentials,
    )
    expect(fake.requests.length).toBe(before)
  })

  it("defaults to CCV's documented API host and offers its hosted-page methods", () => {
    expect(ccvApiBase).toBe('https://api.psp.ccv.eu')
    expect(ccvProvider.id).toBe('ccv')
    expect(ccvProvider.methods).toEqual(['ideal', 'card', 'paypal'])
  })
})

describe('CCV payments', () => {
  it('creates a hosted-page payment, and reads it as paid once the payer paid', async () => {
    const input = paymentInput({ method: 'card', amount: 1250n })
    const created = await ccv.createPayment(testCtx(), input)
    expect(created.status).toBe('open')
    expect(created.amount).toBe(1250n)
    expect(created.currency).toBe('EUR')
    expect(created.checkoutUrl).toBe(`${fake.url}/pay/${encodeURIComponent(created.providerPaymentId)}`)

    const req = lastRequest('/api/v1/payment')
    expect(JSON.parse(req.body)).toMatchObject({
      amount: '12.50',
      currency: 'eur',
      method: 'card',
      merchantOrderReference: input.reference,
      returnUrl: input.returnUrl,
      webhookUrl: 'https://platform.example/api/v1/payment/webhooks/ccv',
      language: 'nld',
      description: input.description,
      metadata: 'program:p1',
    })
    expect(req.headers['idempotency-reference']).toBe(input.reference)

    expect((await ccv.getPayment(testCtx(), created.providerPaymentId)).status).toBe('open')
    fake.complete(created.providerPaymentId, { brand: 'mastercard', maskedPan: '5555XXXXXXXX4444' })
    const paid = await ccv.getPayment(testCtx(), created.providerPaymentId)
    expect(paid).toMatchObject({ status: 'paid', amount: 1250n, currency: 'EUR', refunds: [] })
    expect(paid.card).toEqual({ brand: 'mastercard', last4: '4444' })
    expect(paid.paidAt).toBeInstanceOf(Date)
    expect(paid.checkoutUrl).toBeUndefined()
  })

  it('finishes through the hosted page and sends the payer back to the return URL', async () => {
    const created = await ccv.createPayment(testCtx(), paymentInput())
    const res = await fetch(created.checkoutUrl!, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('https://platform.example/return')
    expect((await ccv.getPayment(testCtx(), created.providerPaymentId)).status).toBe('paid')
  })

  it('is idempotent on our reference: a retried create returns the same CCV payment', async () => {
    const input = paymentInput()
    const first = await ccv.createPayment(testCtx(), input)
    const again = await ccv.createPayment(testCtx(), input)
    expect(again.providerPaymentId).toBe(first.providerPaymentId)
    const long = paymentInput({ reference: 'x'.repeat(80) })
    await ccv.createPayment(testCtx(), long)
    expect(lastRequest('/api/v1/payment').headers['idempotency-reference']).toHaveLength(43)
  })

  it('maps failures to failed, expired and cancelled with the reason', async () => {
    const refused = await ccv.createPayment(testCtx(), paymentInput({ method: 'card' }))
    fake.fail(refused.providerPaymentId, 'card_refused')
    expect(await ccv.getPayment(testCtx(), refused.providerPaymentId)).toMatchObject({
      status: 'failed',
      failure: { code: 'card_refused', message: 'The card was refused.' },
    })

    const expired = await ccv.createPayment(testCtx(), paymentInput())
    fake.fail(expired.providerPaymentId, 'expired')
    expect((await ccv.getPayment(testCtx(), expired.providerPaymentId)).status).toBe('expired')

    const cancelled = await ccv.createPayment(testCtx(), paymentInput({ method: 'paypal' }))
    fake.fail(cancelled.providerPaymentId, 'cancelled')
    expect((await ccv.getPayment(testCtx(), cancelled.providerPaymentId)).status).toBe('cancelled')
  })

  it('keeps a payment in manual intervention open', async () => {
    const created = await ccv.createPayment(testCtx(), paymentInput())
    fake.needManualIntervention(created.providerPaymentId)
    expect((await ccv.getPayment(testCtx(), created.providerPaymentId)).status).toBe('open')
  })

  it('refuses a direct card payment without echoing any card detail', async () => {
    const before = fake.requests.length
    const err = await ccv
      .createPayment(
        testCtx(),
        paymentInput({
          method: 'card',
          card: { number: '4111111111111111', expMonth: 12, expYear: 2030, cvc: '737' },
        }),
      )
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderError)
    expect((err as ProviderError).retryable).toBe(false)
    expect((err as ProviderError).message).toMatch(/hosted payment page/)
    expect(JSON.stringify(err) + String(err)).not.toMatch(/4111|737/)
    expect(fake.requests.length).toBe(before)
  })

  it('refuses methods and currencies CCV cannot take', async () => {
    await expect(ccv.createPayment(testCtx(), paymentInput({ method: 'stripe' }))).rejects.toMatchObject({
      name: 'ProviderError',
      retryable: false,
    })
    await expect(
      ccv.createPayment(testCtx(), paymentInput({ currency: 'JPY', amount: 1000n })),
    ).rejects.toMatchObject({ name: 'ProviderError', retryable: false })
    await expect(ccv.createPayment(testCtx(), paymentInput({ amount: 0n }))).rejects.toBeInstanceOf(
      ProviderError,
    )
  })

  it('leaves out a webhook URL that is not https, which CCV does not call', async () => {
    const ctx = { ...testCtx(), webhookUrl: 'http://localhost:3000/api/v1/payment/webhooks/ccv' }
    await ccv.createPayment(ctx, paymentInput())
    expect(JSON.parse(lastRequest('/api/v1/payment').body)).not.toHaveProperty('webhookUrl')
  })
})

describe('CCV cancelPayment (CCV cannot cancel an open hosted payment)', () => {
  const postsSince = (before: number) =>
    fake.requests.slice(before).filter((r) => r.method !== 'GET' || r.path !== '/api/v1/transaction')

  it('answers an open payment unchanged, sends no request that changes anything, and can be repeated', async () => {
    const created = await ccv.createPayment(testCtx(), paymentInput({ method: 'card' }))
    const before = fake.requests.length
    const answered = await ccv.cancelPayment(testCtx(), created.providerPaymentId)
    expect(answered).toEqual(created)
    expect(answered).toMatchObject({ status: 'open', checkoutUrl: created.checkoutUrl })
    expect(await ccv.cancelPayment(testCtx(), created.providerPaymentId)).toEqual(created)
    expect(postsSince(before)).toEqual([])
    expect(fake.transactions.get(created.providerPaymentId)?.status).toBe('pending')

    // The page stays payable; a later payment is answered as paid (the platform refunds the duplicate).
    fake.complete(created.providerPaymentId, { brand: 'visa', maskedPan: '4111XXXXXXXX1111' })
    expect(await ccv.cancelPayment(testCtx(), created.providerPaymentId)).toMatchObject({
      status: 'paid',
      card: { brand: 'visa', last4: '1111' },
    })
  })

  it('answers a paid payment as paid with its refunds, also twice', async () => {
    const created = await ccv.createPayment(testCtx(), paymentInput())
    fake.complete(created.providerPaymentId)
    await ccv.refund(testCtx(), {
      providerPaymentId: created.providerPaymentId,
      amount: 250n,
      currency: 'EUR',
      reference: `refund-${created.providerPaymentId}`,
    })
    const paid = await ccv.getPayment(testCtx(), created.providerPaymentId)
    expect(paid).toMatchObject({ status: 'paid', refunds: [{ amount: 250n, status: 'succeeded' }] })
    expect(await ccv.cancelPayment(testCtx(), created.providerPaymentId)).toEqual(paid)
    expect(await ccv.cancelPayment(testCtx(), created.providerPaymentId)).toEqual(paid)
  })

  it('answers a finished unpaid payment as it is: cancelled, expired or failed', async () => {
    for (const [code, status] of [
      ['cancelled', 'cancelled'],
      ['expired', 'expired'],
      ['card_refused', 'failed'],
    ] as const) {
      const created = await ccv.createPayment(testCtx(), paymentInput())
      fake.fail(created.providerPaymentId, code)
      expect(await ccv.cancelPayment(testCtx(), created.providerPaymentId)).toMatchObject({
        status,
        failure: { code },
      })
    }
  })

  it("passes on an unknown payment and CCV's outages", async () => {
    await expect(ccv.cancelPayment(testCtx(), 'C000000000000000000000.X')).rejects.toMatchObject({
      name: 'ProviderError',
      status: 404,
    })
    const created = await ccv.createPayment(testCtx(), paymentInput())
    fake.failNext(503)
    await expect(ccv.cancelPayment(testCtx(), created.providerPaymentId)).rejects.toMatchObject({
      retryable: true,
    })
  })
})

describe('CCV provider errors (ccv_response_invalid)', () => {
  it('makes a 5xx a retryable ProviderError', async () => {
    fake.failNext(503)
    const err = await ccv.getPayment(testCtx(), 'anything').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderError)
    expect(err).toMatchObject({ retryable: true, status: 503 })
  })

  it('makes a body that is not JSON, or not a transaction, a non-retryable ProviderError', async () => {
    fake.failNext(200, '<html>maintenance</html>')
    await expect(ccv.getPayment(testCtx(), 'x')).rejects.toMatchObject({
      name: 'ProviderError',
      retryable: false,
    })
    fake.failNext(200, '{"reference":"X1","status":"weird","amount":1,"currency":"eur"}')
    await expect(ccv.getPayment(testCtx(), 'x')).rejects.toThrow(/CCV response invalid/)
    fake.failNext(200, '{"reference":"X1","status":"pending","amount":1.001,"currency":"eur"}')
    await expect(ccv.getPayment(testCtx(), 'x')).rejects.toThrow(/fraction of a cent/)
  })

  it("passes CCV's message on for a refused request and an unknown payment", async () => {
    await expect(ccv.getPayment(testCtx(), 'C-unknown')).rejects.toMatchObject({
      name: 'ProviderError',
      retryable: false,
      status: 404,
      message: expect.stringMatching(/Transaction not found/),
    })
  })

  it('makes an unreachable CCV a retryable ProviderError', async () => {
    const server = createServer()
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as AddressInfo).port
    await new Promise<void>((r) => server.close(() => r()))
    const err = await ccv
      .getPayment(testCtx({ api_base: `http://127.0.0.1:${port}` }), 'x')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderError)
    expect((err as ProviderError).retryable).toBe(true)
    expect(String(err)).not.toContain(fake.testKey)
  })
})

describe('CCV refunds', () => {
  async function paidPayment(amount = 2000n) {
    const created = await ccv.createPayment(testCtx(), paymentInput({ amount }))
    fake.complete(created.providerPaymentId)
    return created.providerPaymentId
  }

  it('refunds partially and then the rest, and lists the refunds on the payment', async () => {
    const id = await paidPayment(2000n)
    const first = await ccv.refund(testCtx(), {
      providerPaymentId: id,
      amount: 500n,
      currency: 'EUR',
      reference: 'refund-1',
    })
    expect(first).toMatchObject({ amount: 500n, status: 'succeeded', reference: 'refund-1' })
    expect(JSON.parse(lastRequest('/api/v1/refund').body)).toMatchObject({ reference: id, amount: '5.00' })
    expect(lastRequest('/api/v1/refund').headers['idempotency-reference']).toBe('refund-1')

    const rest = await ccv.refund(testCtx(), {
      providerPaymentId: id,
      amount: 1500n,
      currency: 'EUR',
      reference: 'refund-2',
    })
    expect(rest.amount).toBe(1500n)

    const payment = await ccv.getPayment(testCtx(), id)
    expect(payment.status).toBe('paid')
    expect(payment.refunds.map((r) => [r.providerRefundId, r.amount, r.status])).toEqual([
      [first.providerRefundId, 500n, 'succeeded'],
      [rest.providerRefundId, 1500n, 'succeeded'],
    ])
  })

  it('does not refund twice when a refund is retried', async () => {
    const id = await paidPayment()
    const input = { providerPaymentId: id, amount: 700n, currency: 'EUR', reference: 'refund-retry' }
    const a = await ccv.refund(testCtx(), input)
    const b = await ccv.refund(testCtx(), input)
    expect(b.providerRefundId).toBe(a.providerRefundId)
    expect((await ccv.getPayment(testCtx(), id)).refunds).toHaveLength(1)
  })

  it("passes CCV's refusal of a too large refund on", async () => {
    const id = await paidPayment(1000n)
    const err = await ccv
      .refund(testCtx(), { providerPaymentId: id, amount: 1300n, currency: 'EUR', reference: 'too-much' })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderError)
    expect(err).toMatchObject({ retryable: false, status: 400 })
    expect((err as Error).message).toMatch(/refund_limit.*Maximum Refundable Amount: 12.00/)
  })

  it('refuses a refund in another currency than the payment', async () => {
    const id = await paidPayment()
    await expect(
      ccv.refund(testCtx(), { providerPaymentId: id, amount: 100n, currency: 'USD', reference: 'usd' }),
    ).rejects.toThrow(/currency/)
  })

  it('reports a refund that finishes later as pending, then as its outcome', async () => {
    const slow = await FakeCcv.start({ refundStatus: 'pending', apiKeys: [fake.testKey] })
    try {
      const ctx = testCtx({ api_base: slow.url })
      const created = await ccv.createPayment(ctx, paymentInput())
      slow.complete(created.providerPaymentId)
      const refund = await ccv.refund(ctx, {
        providerPaymentId: created.providerPaymentId,
        amount: 100n,
        currency: 'EUR',
        reference: 'slow',
      })
      expect(refund.status).toBe('pending')
      slow.settleRefund(refund.providerRefundId, 'failed')
      expect((await ccv.getPayment(ctx, created.providerPaymentId)).refunds[0]?.status).toBe('failed')
    } finally {
      await slow.close()
    }
  })
})

describe('CCV webhooks', () => {
  it('accepts the unsigned webhook CCV documents, naming the payment; the id changes with the status', async () => {
    const created = await ccv.createPayment(testCtx(), paymentInput())
    const hook = delivery(fake.webhookDelivery(created.providerPaymentId))
    const pending = await ccv.verifyWebhook(testCtx(), hook)
    expect(pending).toMatchObject({ type: 'payment.pending', providerPaymentId: created.providerPaymentId })
    expect(pending.eventId).toMatch(/^ccv_[0-9a-f]{64}$/)
    expect((await ccv.verifyWebhook(testCtx(), hook)).eventId).toBe(pending.eventId)

    fake.complete(created.providerPaymentId)
    const paid = await ccv.verifyWebhook(testCtx(), hook)
    expect(paid.type).toBe('payment.success')
    expect(paid.eventId).not.toBe(pending.eventId)
    expect(paid.occurredAt).toBeInstanceOf(Date)
  })

  it('accepts a delivery signed with the API key or the webhook secret', async () => {
    const created = await ccv.createPayment(testCtx(), paymentInput())
    const byKey = delivery(fake.webhookDelivery(created.providerPaymentId, { signingKey: fake.testKey }))
    await expect(ccv.verifyWebhook(testCtx(), byKey)).resolves.toMatchObject({
      providerPaymentId: created.providerPaymentId,
    })
    const bySecret = delivery(fake.webhookDelivery(created.providerPaymentId, { signingKey: 'whsec-ccv' }))
    await expect(
      ccv.verifyWebhook(testCtx({ webhook_secret: 'whsec-ccv' }), bySecret),
    ).resolves.toMatchObject({
      providerPaymentId: created.providerPaymentId,
    })
  })

  it('rejects a tampered body, a wrong key and a missing signature where one is expected', async () => {
    const a = await ccv.createPayment(testCtx(), paymentInput())
    const b = await ccv.createPayment(testCtx(), paymentInput())
    const signed = fake.webhookDelivery(a.providerPaymentId, { signingKey: fake.testKey })
    const tampered = delivery({ ...signed, rawBody: JSON.stringify({ id: b.providerPaymentId }) })
    await expect(ccv.verifyWebhook(testCtx(), tampered)).rejects.toMatchObject({ reason: 'bad_signature' })

    const wrongKey = delivery(fake.webhookDelivery(a.providerPaymentId, { signingKey: fake.liveKey }))
    await expect(ccv.verifyWebhook(testCtx(), wrongKey)).rejects.toMatchObject({ reason: 'bad_signature' })

    const unsigned = delivery(fake.webhookDelivery(a.providerPaymentId))
    await expect(ccv.verifyWebhook(testCtx({ webhook_secret: 'whsec-ccv' }), unsigned)).rejects.toMatchObject(
      {
        reason: 'missing_signature',
      },
    )
  })

  it('rejects a malformed delivery and a reference this account does not have', async () => {
    for (const rawBody of ['not json', '{}', '{"id": 12}', '[]']) {
      await expect(ccv.verifyWebhook(testCtx(), delivery({ headers: {}, rawBody }))).rejects.toMatchObject({
        reason: 'malformed',
      })
    }
    const unknown = delivery(fake.webhookDelivery('C0000FORGED.F'))
    const err = await ccv.verifyWebhook(testCtx(), unknown).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(WebhookRejected)
    expect(err).toMatchObject({ reason: 'unknown_event' })

    // Another account's payment is unknown to this one.
    const live = { ...testCtx({ mode: 'live', api_key: fake.liveKey }) }
    const theirs = await ccv.createPayment(live, paymentInput())
    await expect(
      ccv.verifyWebhook(testCtx(), delivery(fake.webhookDelivery(theirs.providerPaymentId))),
    ).rejects.toMatchObject({ reason: 'unknown_event' })
  })

  it('points a refund webhook at its payment', async () => {
    const created = await ccv.createPayment(testCtx(), paymentInput())
    fake.complete(created.providerPaymentId)
    const refund = await ccv.refund(testCtx(), {
      providerPaymentId: created.providerPaymentId,
      amount: 100n,
      currency: 'EUR',
      reference: 'refund-hook',
    })
    const verified = await ccv.verifyWebhook(
      testCtx(),
      delivery(fake.webhookDelivery(refund.providerRefundId)),
    )
    expect(verified).toMatchObject({ type: 'refund.success', providerPaymentId: created.providerPaymentId })
  })

  it('delivers a webhook over HTTP that verifies on arrival', async () => {
    const created = await ccv.createPayment(testCtx(), paymentInput())
    const received: WebhookDelivery[] = []
    const receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8')
      })
      req.on('end', () => {
        received.push({
          headers: Object.fromEntries(
            Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'),
          ),
          rawBody: body,
          now: new Date(),
        })
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
      expect(await fake.sendWebhook(created.providerPaymentId, { url, signingKey: fake.testKey })).toBe(204)
      expect(received).toHaveLength(1)
      await expect(ccv.verifyWebhook(testCtx(), received[0]!)).resolves.toMatchObject({
        providerPaymentId: created.providerPaymentId,
      })
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()))
    }
  })
})

describe('CCV merchant onboarding and split payouts (food courts)', () => {
  it('onboards a merchant, idempotently, and reads it active once CCV boarded it', async () => {
    const input = {
      reference: 'restaurant-1',
      email: 'owner@restaurant.example',
      name: 'Restaurant One',
      country: 'NL',
      returnUrl: 'https://platform.example/ccv-onboarding/done',
    }
    const pending = await ccv.onboardMerchant(testCtx(), input)
    expect(pending.status).toBe('pending')
    expect(pending.onboardingUrl).toMatch(/^https:\/\//)
    expect((await ccv.onboardMerchant(testCtx(), input)).merchantAccountId).toBe(pending.merchantAccountId)

    fake.setMerchantStatus(pending.merchantAccountId, 'active')
    const active = await ccv.getMerchant(testCtx(), pending.merchantAccountId)
    expect(active).toEqual({ merchantAccountId: pending.merchantAccountId, status: 'active' })
    await expect(ccv.getMerchant(testCtx(), 'M-unknown')).rejects.toMatchObject({ status: 404 })
  })

  async function activeMerchant(reference: string) {
    const m = await ccv.onboardMerchant(testCtx(), {
      reference,
      email: `${reference}@example.com`,
      name: reference,
      country: 'NL',
      returnUrl: 'https://platform.example/back',
    })
    fake.setMerchantStatus(m.merchantAccountId, 'active')
    return m.merchantAccountId
  }

  it('splits a payment into payout instructions and reports the payout once CCV paid it out', async () => {
    const a = await activeMerchant('court-a')
    const b = await activeMerchant('court-b')
    const created = await ccv.createPayment(
      testCtx(),
      paymentInput({
        amount: 3000n,
        splits: [
          { merchantAccountId: a, amount: 1800n },
          { merchantAccountId: b, amount: 900n },
        ],
      }),
    )
    expect(JSON.parse(lastRequest('/api/v1/payment').body).payoutInstructions).toEqual([
      expect.objectContaining({ externalReference: a, amount: '18.00' }),
      expect.objectContaining({ externalReference: b, amount: '9.00' }),
    ])
    fake.complete(created.providerPaymentId)

    const payout = {
      providerPaymentId: created.providerPaymentId,
      merchantAccountId: a,
      amount: 1800n,
      currency: 'EUR',
      reference: 'payout-a',
    }
    const before = await ccv.releasePayout(testCtx(), payout)
    expect(before).toEqual({ providerTransferId: `${created.providerPaymentId}:${a}`, status: 'pending' })
    fake.markPaidOut(created.providerPaymentId)
    expect((await ccv.releasePayout(testCtx(), payout)).status).toBe('paid')

    await expect(ccv.releasePayout(testCtx(), { ...payout, merchantAccountId: 'M-other' })).rejects.toThrow(
      /no payout instruction/,
    )
    await expect(ccv.releasePayout(testCtx(), { ...payout, amount: 1801n })).rejects.toBeInstanceOf(
      ProviderError,
    )
  })

  it('spreads a refund of a split payment over the merchants in proportion', async () => {
    const a = await activeMerchant('court-c')
    const b = await activeMerchant('court-d')
    const created = await ccv.createPayment(
      testCtx(),
      paymentInput({
        amount: 1000n,
        splits: [
          { merchantAccountId: a, amount: 600n },
          { merchantAccountId: b, amount: 300n },
        ],
      }),
    )
    fake.complete(created.providerPaymentId)
    await ccv.refund(testCtx(), {
      providerPaymentId: created.providerPaymentId,
      amount: 500n,
      currency: 'EUR',
      reference: 'split-refund',
    })
    expect(JSON.parse(lastRequest('/api/v1/refund').body).payoutInstructions).toEqual([
      expect.objectContaining({ externalReference: a, amount: '3.00' }),
      expect.objectContaining({ externalReference: b, amount: '1.50' }),
    ])
  })

  it('refuses splits larger than the payment, and merchants CCV has not linked', async () => {
    const a = await activeMerchant('court-e')
    await expect(
      ccv.createPayment(
        testCtx(),
        paymentInput({ amount: 100n, splits: [{ merchantAccountId: a, amount: 101n }] }),
      ),
    ).rejects.toThrow(/more than the payment/)
    await expect(
      ccv.createPayment(
        testCtx(),
        paymentInput({ splits: [{ merchantAccountId: 'M-unlinked', amount: 100n }] }),
      ),
    ).rejects.toMatchObject({ name: 'ProviderError', retryable: false, status: 400 })
  })
})
