import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  type CreatePaymentInput,
  InvalidCredentials,
  type ProviderContext,
  ProviderError,
  WebhookRejected,
} from '../provider.ts'
import { stripeApiVersion } from './api.ts'
import { FakeStripe, type StripeEvent, signStripePayload } from './fake-stripe/server.ts'
import { decodeForm, encodeForm } from './form.ts'
import { StripeProvider } from './stripe.ts'

/**
 * The Stripe adapter against the local fake of Stripe's API: every call goes over HTTP, with the
 * fake checking keys, versions, parameters and idempotency keys as Stripe does. No database needed.
 */

const whsec = 'whsec_test_fake_secret_for_cardpay'
const logLines: string[] = []
const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) })
const provider = new StripeProvider({ logger })
let fake: FakeStripe
let ctx: ProviderContext
let seq = 0
const ref = (what = 'pay') => `${what}_${Date.now().toString(36)}_${++seq}`

const pans = [
  '4242424242424242',
  '4000000000000002',
  '4000002760003184',
  '4000000000009995',
  '4242424242424241',
]

beforeAll(async () => {
  fake = await FakeStripe.start()
  ctx = {
    credentials: { mode: 'test', api_key: fake.apiKey, api_base: fake.url, webhook_secret: whsec },
    webhookUrl: 'http://127.0.0.1/api/v1/payment/webhooks/stripe',
  }
})
afterAll(() => fake?.close())

const hosted = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  reference: ref(),
  amount: 1250n,
  currency: 'EUR',
  method: 'stripe',
  description: 'Order 42',
  returnUrl: 'http://localhost:3000/pay/return',
  metadata: { program: 'prog_1' },
  locale: 'nl',
  ...over,
})

const byCard = (number: string, over: Partial<CreatePaymentInput> = {}): CreatePaymentInput =>
  hosted({
    method: 'card',
    card: { number, expMonth: 12, expYear: 2034, cvc: '123', holder: 'A. Payer' },
    ...over,
  })

const lastRequest = () => fake.requests.at(-1)!

describe('hosted payment (Checkout Session)', () => {
  it('opens a Checkout Session and follows it through a decline, 3-D Secure and payment', async () => {
    const input = hosted()
    const created = await provider.createPayment(ctx, input)
    expect(created).toMatchObject({ status: 'open', amount: 1250n, currency: 'EUR', refunds: [] })
    expect(created.providerPaymentId).toMatch(/^cs_test_/)
    expect(created.checkoutUrl).toBe(`${fake.url}/c/pay/${created.providerPaymentId}`)
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: input.reference,
      stripeVersion: stripeApiVersion,
    })
    const session = fake.object(created.providerPaymentId)!
    expect(session).toMatchObject({ client_reference_id: input.reference, locale: 'nl', amount_total: 1250 })

    // The payer's card is declined on the page: still open, with Stripe's words, and may try again.
    expect(fake.payCheckout(created.providerPaymentId, { cardNumber: '4000000000000002' })).toBe(
      'requires_payment_method',
    )
    const declined = await provider.getPayment(ctx, created.providerPaymentId)
    expect(declined).toMatchObject({
      status: 'open',
      failure: { code: 'generic_decline', message: 'Your card was declined.' },
      checkoutUrl: created.checkoutUrl,
    })

    // Next card needs 3-D Secure.
    fake.payCheckout(created.providerPaymentId, { cardNumber: '4000002760003184' })
    expect((await provider.getPayment(ctx, created.providerPaymentId)).status).toBe('requires_action')

    const intentId = String(fake.object(created.providerPaymentId)!.payment_intent)
    fake.authenticate(intentId, 'succeed')
    const paid = await provider.getPayment(ctx, created.providerPaymentId)
    expect(paid).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      status: 'paid',
      amount: 1250n,
      currency: 'EUR',
      card: { brand: 'visa', last4: '3184' },
      fee: 44n, // the fake's 1.5 % + 25
      refunds: [],
    })
    expect(paid.failure).toBeUndefined()
    expect(paid.checkoutUrl).toBeUndefined()
    expect(paid.paidAt).toBeInstanceOf(Date)

    // Our reference and the flow travel in the PaymentIntent's metadata; splits use it as transfer group.
    expect(fake.object(intentId)).toMatchObject({
      metadata: { program: 'prog_1', cardpay_reference: input.reference, cardpay_flow: 'checkout' },
      transfer_group: input.reference,
      description: 'Order 42',
    })
  })

  it('offers only the chosen method, and speaks the payer language where Checkout can', async () => {
    const ideal = await provider.createPayment(ctx, hosted({ method: 'ideal', locale: 'uk' }))
    expect(fake.object(ideal.providerPaymentId)).toMatchObject({
      payment_method_types: ['ideal'],
      locale: 'auto',
    })
    const err = await provider
      .createPayment(ctx, hosted({ method: 'ideal', currency: 'USD' }))
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderError)
    expect((err as ProviderError).retryable).toBe(false)
    expect((err as ProviderError).message).toContain(
      'Payments with ideal support the following currencies: eur',
    )
    await expect(provider.createPayment(ctx, hosted({ method: 'ccv' }))).rejects.toThrow(/does not take/)
  })

  it('is expired when the session runs out, cancelled attempts included', async () => {
    const p = await provider.createPayment(ctx, hosted())
    fake.payCheckout(p.providerPaymentId, { cardNumber: '4000002760003184' })
    fake.expireCheckout(p.providerPaymentId)
    const expired = await provider.getPayment(ctx, p.providerPaymentId)
    expect(expired.status).toBe('expired')
    expect(expired.checkoutUrl).toBeUndefined()

    const untouched = await provider.createPayment(ctx, hosted())
    fake.expireCheckout(untouched.providerPaymentId)
    expect((await provider.getPayment(ctx, untouched.providerPaymentId)).status).toBe('expired')
  })

  it('is failed when a delayed method fails after the page closed, paid via iDEAL otherwise', async () => {
    const p = await provider.createPayment(ctx, hosted({ method: 'ideal' }))
    fake.payCheckout(p.providerPaymentId, { method: 'ideal', outcome: 'fail' })
    expect((await provider.getPayment(ctx, p.providerPaymentId)).status).toBe('open')
    fake.payCheckout(p.providerPaymentId, { method: 'ideal' })
    const paid = await provider.getPayment(ctx, p.providerPaymentId)
    expect(paid).toMatchObject({ status: 'paid', fee: 29n })
    expect(paid.card).toBeUndefined()
  })

  it('the hosted page works in a browser: pay, and come back to the return URL', async () => {
    const input = hosted()
    const p = await provider.createPayment(ctx, input)
    const page = await fetch(p.checkoutUrl!)
    expect(page.status).toBe(200)
    const res = await fetch(p.checkoutUrl!, {
      method: 'POST',
      body: new URLSearchParams({ method: 'card', card_number: '4242 4242 4242 4242', action: 'pay' }),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(input.returnUrl)
    expect((await provider.getPayment(ctx, p.providerPaymentId)).status).toBe('paid')
  })
})

describe('direct card payment (PaymentIntent)', () => {
  it('is paid with a good card', async () => {
    const p = await provider.createPayment(ctx, byCard('4242424242424242'))
    expect(p).toMatchObject({ status: 'paid', card: { brand: 'visa', last4: '4242' }, fee: 44n })
    expect(p.providerPaymentId).toMatch(/^pi_/)
    expect(await provider.getPayment(ctx, p.providerPaymentId)).toEqual(p)
  })

  it('fails with Stripe message on a decline, and stays failed', async () => {
    const p = await provider.createPayment(ctx, byCard('4000000000000002'))
    expect(p).toMatchObject({
      status: 'failed',
      failure: { code: 'generic_decline', message: 'Your card was declined.' },
    })
    expect(lastRequest().status).toBe(402)
    expect((await provider.getPayment(ctx, p.providerPaymentId)).status).toBe('failed')
  })

  it('asks for 3-D Secure, then is paid after the payer confirms at the bank', async () => {
    const input = byCard('4000002760003184')
    const p = await provider.createPayment(ctx, input)
    expect(p.status).toBe('requires_action')
    expect(p.checkoutUrl).toBe(`${fake.url}/3ds/${p.providerPaymentId}`)
    const back = await fetch(`${p.checkoutUrl}?outcome=succeed`, { redirect: 'manual' })
    expect(back.headers.get('location')).toContain(`${input.returnUrl}?payment_intent=${p.providerPaymentId}`)
    expect(await provider.getPayment(ctx, p.providerPaymentId)).toMatchObject({
      status: 'paid',
      card: { last4: '3184' },
    })
  })

  it('fails with the reason when 3-D Secure fails', async () => {
    const p = await provider.createPayment(ctx, byCard('4000002760003184'))
    fake.authenticate(p.providerPaymentId, 'fail')
    expect(await provider.getPayment(ctx, p.providerPaymentId)).toMatchObject({
      status: 'failed',
      failure: { code: 'payment_intent_authentication_failure' },
    })
  })

  it('refuses a mistyped number with Stripe words, before any payment exists', async () => {
    const err = await provider.createPayment(ctx, byCard('4242424242424241')).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderError)
    expect(err).toMatchObject({ message: 'Your card number is incorrect.', retryable: false, status: 402 })
  })

  it('refuses card details for another method', async () => {
    await expect(
      provider.createPayment(ctx, byCard('4242424242424242', { method: 'ideal' })),
    ).rejects.toThrow(/card details were given/)
  })
})

describe('cancelling (cancelPayment)', () => {
  const requestsTo = (path: string) => fake.requests.filter((r) => r.path === path)

  it('expires an open Checkout Session, once, with cancel-<id> as Idempotency-Key', async () => {
    const p = await provider.createPayment(ctx, hosted())
    const cancelled = await provider.cancelPayment(ctx, p.providerPaymentId)
    expect(cancelled).toMatchObject({
      providerPaymentId: p.providerPaymentId,
      status: 'expired',
      amount: 1250n,
      currency: 'EUR',
      refunds: [],
    })
    expect(cancelled.checkoutUrl).toBeUndefined()
    const expire = `/v1/checkout/sessions/${p.providerPaymentId}/expire`
    expect(requestsTo(expire)).toEqual([
      expect.objectContaining({
        method: 'POST',
        status: 200,
        idempotencyKey: `cancel-${p.providerPaymentId}`,
      }),
    ])
    expect(fake.object(p.providerPaymentId)).toMatchObject({ status: 'expired', url: null })
    expect(fake.events.filter((e) => e.type === 'checkout.session.expired').at(-1)?.data.object.id).toBe(
      p.providerPaymentId,
    )

    // Again: the same answer (Stripe replays the first one under the same key), nothing else changes.
    expect(await provider.cancelPayment(ctx, p.providerPaymentId)).toEqual(cancelled)
    expect(requestsTo(expire).at(-1)).toMatchObject({ status: 200, replayed: true })
    expect(await provider.getPayment(ctx, p.providerPaymentId)).toEqual(cancelled)
  })

  it('expires a session whose payer is in 3-D Secure, and cancels its PaymentIntent with it', async () => {
    const p = await provider.createPayment(ctx, hosted())
    fake.payCheckout(p.providerPaymentId, { cardNumber: '4000002760003184' })
    const intentId = String(fake.object(p.providerPaymentId)!.payment_intent)
    const cancelled = await provider.cancelPayment(ctx, p.providerPaymentId)
    expect(cancelled).toMatchObject({ providerPaymentId: p.providerPaymentId, status: 'expired' })
    expect(fake.object(intentId)).toMatchObject({ status: 'canceled' })
    // The payer can no longer finish 3-D Secure on it.
    expect(() => fake.authenticate(intentId, 'succeed')).toThrow(/canceled/)
  })

  it('answers a paid hosted payment as paid, also when cancelled twice', async () => {
    const p = await provider.createPayment(ctx, hosted())
    fake.payCheckout(p.providerPaymentId)
    const paid = await provider.getPayment(ctx, p.providerPaymentId)
    expect(paid.status).toBe('paid')

    expect(await provider.cancelPayment(ctx, p.providerPaymentId)).toEqual(paid)
    // Stripe refused to expire a session that is no longer open; the payment was read instead.
    const expire = requestsTo(`/v1/checkout/sessions/${p.providerPaymentId}/expire`)
    expect(expire.at(-1)).toMatchObject({ status: 400 })
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/refunds' })
    expect(await provider.cancelPayment(ctx, p.providerPaymentId)).toEqual(paid)
    expect(fake.object(p.providerPaymentId)).toMatchObject({ status: 'complete', payment_status: 'paid' })
  })

  it('answers paid when the payer pays while the cancel is under way', async () => {
    const p = await provider.createPayment(ctx, hosted())
    // The payer submits the page just before Stripe gets our expire.
    const racing = new StripeProvider({
      fetch: (input, init) => {
        if (String(input).endsWith('/expire')) fake.payCheckout(p.providerPaymentId)
        return fetch(input, init)
      },
    })
    expect(await racing.cancelPayment(ctx, p.providerPaymentId)).toMatchObject({
      status: 'paid',
      card: { brand: 'visa', last4: '4242' },
      fee: 44n,
    })
  })

  it('cancels a direct card payment waiting for 3-D Secure, once', async () => {
    const p = await provider.createPayment(ctx, byCard('4000002760003184'))
    expect(p.status).toBe('requires_action')
    const cancelled = await provider.cancelPayment(ctx, p.providerPaymentId)
    expect(cancelled).toMatchObject({
      providerPaymentId: p.providerPaymentId,
      status: 'cancelled',
      refunds: [],
    })
    expect(cancelled.checkoutUrl).toBeUndefined()
    const path = `/v1/payment_intents/${p.providerPaymentId}/cancel`
    expect(requestsTo(path)).toEqual([
      expect.objectContaining({
        method: 'POST',
        status: 200,
        idempotencyKey: `cancel-${p.providerPaymentId}`,
      }),
    ])
    expect(fake.object(p.providerPaymentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
      next_action: null,
    })
    expect(fake.events.at(-1)).toMatchObject({ type: 'payment_intent.canceled' })

    expect(await provider.cancelPayment(ctx, p.providerPaymentId)).toEqual(cancelled)
    expect(await provider.getPayment(ctx, p.providerPaymentId)).toEqual(cancelled)
  })

  it('answers a paid direct payment as paid, with its refunds', async () => {
    const p = await provider.createPayment(ctx, byCard('4242424242424242'))
    await provider.refund(ctx, {
      providerPaymentId: p.providerPaymentId,
      amount: 250n,
      currency: 'EUR',
      reference: ref('refund'),
    })
    const cancelled = await provider.cancelPayment(ctx, p.providerPaymentId)
    expect(cancelled).toMatchObject({
      status: 'paid',
      fee: 44n,
      refunds: [{ amount: 250n, status: 'succeeded' }],
    })
    expect(requestsTo(`/v1/payment_intents/${p.providerPaymentId}/cancel`).at(-1)).toMatchObject({
      status: 400,
    })
    expect(await provider.cancelPayment(ctx, p.providerPaymentId)).toEqual(cancelled)
    expect(fake.object(p.providerPaymentId)).toMatchObject({ status: 'succeeded' })
  })

  it('passes on what is not a refusal to cancel: unknown payments, outages, foreign ids', async () => {
    await expect(provider.cancelPayment(ctx, 'pi_unknown000000000000000')).rejects.toMatchObject({
      name: 'StripeApiError',
      status: 404,
      retryable: false,
    })
    const p = await provider.createPayment(ctx, hosted())
    fake.failNext({ status: 500 })
    await expect(provider.cancelPayment(ctx, p.providerPaymentId)).rejects.toMatchObject({ retryable: true })
    expect(fake.object(p.providerPaymentId)).toMatchObject({ status: 'open' })

    const before = fake.requests.length
    await expect(provider.cancelPayment(ctx, '../v1/balance')).rejects.toThrow(/not a Stripe pi_… id/)
    expect(fake.requests.length).toBe(before)
  })

  it('the fake refuses what Stripe refuses, in Stripe error shape', async () => {
    const post = async (path: string, body = '') => {
      const res = await fetch(`${fake.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.apiKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      })
      return { status: res.status, body: (await res.json()) as { error?: Record<string, unknown> } }
    }
    const paid = await provider.createPayment(ctx, byCard('4242424242424242'))
    expect(await post(`/v1/payment_intents/${paid.providerPaymentId}/cancel`)).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' } },
    })
    const open = await provider.createPayment(ctx, byCard('4000002760003184'))
    expect(
      await post(`/v1/payment_intents/${open.providerPaymentId}/cancel`, 'cancellation_reason=bored'),
    ).toMatchObject({ status: 400, body: { error: { param: 'cancellation_reason' } } })
    expect(await post(`/v1/payment_intents/${open.providerPaymentId}/cancel`)).toMatchObject({
      status: 200,
      body: { status: 'canceled', cancellation_reason: null },
    })

    // A Checkout Session's PaymentIntent is not cancelled directly: the session is expired.
    const session = await provider.createPayment(ctx, hosted())
    fake.payCheckout(session.providerPaymentId, { cardNumber: '4000002760003184' })
    const intentId = String(fake.object(session.providerPaymentId)!.payment_intent)
    expect(await post(`/v1/payment_intents/${intentId}/cancel`)).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error' } },
    })
    expect(await post(`/v1/checkout/sessions/${session.providerPaymentId}/expire`)).toMatchObject({
      status: 200,
      body: { status: 'expired' },
    })
    expect(await post(`/v1/checkout/sessions/${session.providerPaymentId}/expire`)).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error' } },
    })
    expect(await post('/v1/checkout/sessions/cs_test_nothing/expire')).toMatchObject({
      status: 404,
      body: { error: { code: 'resource_missing' } },
    })
  })
})

describe('refunds', () => {
  it('refunds in parts until nothing is left, each reference once', async () => {
    const p = await provider.createPayment(ctx, byCard('4242424242424242', { amount: 1000n }))
    const r1 = await provider.refund(ctx, {
      providerPaymentId: p.providerPaymentId,
      amount: 300n,
      currency: 'EUR',
      reference: `ref_1_${p.providerPaymentId}`,
    })
    expect(r1).toMatchObject({ amount: 300n, status: 'succeeded', reference: `ref_1_${p.providerPaymentId}` })
    expect(lastRequest()).toMatchObject({ path: '/v1/refunds', idempotencyKey: r1.reference })

    // The same refund retried answers the same refund, not a second one.
    const again = await provider.refund(ctx, {
      providerPaymentId: p.providerPaymentId,
      amount: 300n,
      currency: 'EUR',
      reference: r1.reference!,
    })
    expect(again.providerRefundId).toBe(r1.providerRefundId)
    expect(lastRequest().replayed).toBe(true)

    const tooMuch = await provider
      .refund(ctx, {
        providerPaymentId: p.providerPaymentId,
        amount: 800n,
        currency: 'EUR',
        reference: ref('re'),
      })
      .catch((e: unknown) => e)
    expect(tooMuch).toBeInstanceOf(ProviderError)
    expect(tooMuch).toMatchObject({ retryable: false, status: 400 })
    expect((tooMuch as Error).message).toContain('amount_too_large')

    const rest = await provider.refund(ctx, {
      providerPaymentId: p.providerPaymentId,
      amount: 700n,
      currency: 'EUR',
      reference: ref('re'),
    })
    expect(rest.status).toBe('succeeded')
    const after = await provider.getPayment(ctx, p.providerPaymentId)
    expect(after.status).toBe('paid')
    expect(after.refunds.map((r) => r.amount).sort()).toEqual([300n, 700n])
    expect(after.refunds.map((r) => r.reference)).toContain(r1.reference)

    await expect(
      provider.refund(ctx, {
        providerPaymentId: p.providerPaymentId,
        amount: 1n,
        currency: 'EUR',
        reference: ref('re'),
      }),
    ).rejects.toThrow(/charge_already_refunded/)
  })

  it('refunds a hosted payment in full; a bank refund is pending until the bank finishes', async () => {
    const p = await provider.createPayment(ctx, hosted({ method: 'ideal', amount: 2000n }))
    fake.payCheckout(p.providerPaymentId, { method: 'ideal' })
    const r = await provider.refund(ctx, {
      providerPaymentId: p.providerPaymentId,
      amount: 2000n,
      currency: 'EUR',
      reference: ref('re'),
    })
    expect(r.status).toBe('pending')
    expect((await provider.getPayment(ctx, p.providerPaymentId)).refunds).toEqual([r])
    fake.settleRefund(r.providerRefundId, 'succeeded')
    expect((await provider.getPayment(ctx, p.providerPaymentId)).refunds).toEqual([
      { ...r, status: 'succeeded' },
    ])
  })

  it('cannot refund what is not paid, nor in another currency', async () => {
    const open = await provider.createPayment(ctx, hosted())
    await expect(
      provider.refund(ctx, {
        providerPaymentId: open.providerPaymentId,
        amount: 1n,
        currency: 'EUR',
        reference: ref(),
      }),
    ).rejects.toThrow(/nothing has been paid/)
    const paid = await provider.createPayment(ctx, byCard('4242424242424242'))
    await expect(
      provider.refund(ctx, {
        providerPaymentId: paid.providerPaymentId,
        amount: 1n,
        currency: 'USD',
        reference: ref(),
      }),
    ).rejects.toThrow(/is in EUR/)
  })
})

describe('webhooks', () => {
  const now = () => new Date()
  const delivery = (event: StripeEvent, secret = whsec, at = new Date()) => ({
    ...fake.signedDelivery(event, secret, Math.floor(at.getTime() / 1000)),
    now: now(),
  })
  const lastEvent = (type: string) => fake.events.findLast((e) => e.type === type)!

  it('accepts a signed event and names the payment we stored (cs_… for a hosted payment)', async () => {
    const p = await provider.createPayment(ctx, hosted())
    fake.payCheckout(p.providerPaymentId, { cardNumber: '4242424242424242' })
    for (const type of ['payment_intent.succeeded', 'charge.succeeded', 'checkout.session.completed']) {
      const event = lastEvent(type)
      const hook = await provider.verifyWebhook(ctx, delivery(event))
      expect(hook).toEqual({
        eventId: event.id,
        type,
        providerPaymentId: p.providerPaymentId,
        occurredAt: new Date(event.created * 1000),
      })
    }
  })

  it('names the PaymentIntent of a direct payment without asking Stripe', async () => {
    const p = await provider.createPayment(ctx, byCard('4242424242424242'))
    const before = fake.requests.length
    const hook = await provider.verifyWebhook(ctx, delivery(lastEvent('payment_intent.succeeded')))
    expect(hook.providerPaymentId).toBe(p.providerPaymentId)
    expect(fake.requests.length).toBe(before)

    await provider.refund(ctx, {
      providerPaymentId: p.providerPaymentId,
      amount: 5n,
      currency: 'EUR',
      reference: ref(),
    })
    const refunded = await provider.verifyWebhook(ctx, delivery(lastEvent('refund.created')))
    expect(refunded.providerPaymentId).toBe(p.providerPaymentId)
  })

  it('refuses a tampered body, a wrong secret, a stale or future timestamp and a missing header', async () => {
    await provider.createPayment(ctx, byCard('4242424242424242'))
    const event = lastEvent('payment_intent.succeeded')
    const good = delivery(event)

    const tampered = { ...good, rawBody: good.rawBody.replace('"succeeded"', '"canceled"') }
    await expect(provider.verifyWebhook(ctx, tampered)).rejects.toMatchObject({ reason: 'bad_signature' })
    await expect(provider.verifyWebhook(ctx, delivery(event, 'whsec_other'))).rejects.toMatchObject({
      reason: 'bad_signature',
    })
    const sixMinutes = 6 * 60 * 1000
    await expect(
      provider.verifyWebhook(ctx, delivery(event, whsec, new Date(Date.now() - sixMinutes))),
    ).rejects.toMatchObject({ reason: 'stale' })
    await expect(
      provider.verifyWebhook(ctx, delivery(event, whsec, new Date(Date.now() + sixMinutes))),
    ).rejects.toMatchObject({ reason: 'stale' })
    // Within the five minutes is fine.
    await expect(
      provider.verifyWebhook(ctx, delivery(event, whsec, new Date(Date.now() - 4 * 60 * 1000))),
    ).resolves.toMatchObject({ eventId: event.id })

    await expect(provider.verifyWebhook(ctx, { ...good, headers: {} })).rejects.toMatchObject({
      reason: 'missing_signature',
    })
    await expect(
      provider.verifyWebhook(ctx, { ...good, headers: { 'Stripe-Signature': 'v1=abc' } }),
    ).rejects.toMatchObject({ reason: 'malformed' })
    // The account endpoint's and the Connect endpoint's secrets side by side.
    const both = {
      ...ctx,
      credentials: { ...ctx.credentials, webhook_secret: `whsec_connect_other, ${whsec}` },
    }
    await expect(provider.verifyWebhook(both, good)).resolves.toMatchObject({ eventId: event.id })
    const noSecret = { ...ctx, credentials: { ...ctx.credentials, webhook_secret: undefined } }
    await expect(provider.verifyWebhook(noSecret, good)).rejects.toBeInstanceOf(WebhookRejected)
  })

  it('accepts any of several v1 signatures (a secret being rolled), header name in any case', async () => {
    await provider.createPayment(ctx, byCard('4242424242424242'))
    const event = lastEvent('payment_intent.succeeded')
    const rawBody = JSON.stringify(event)
    const t = Math.floor(Date.now() / 1000)
    const old = signStripePayload(rawBody, 'whsec_old', t).split(',')[1]
    const header = `${signStripePayload(rawBody, whsec, t).replace(',', `,${old},`)},v0=ignored`
    const hook = await provider.verifyWebhook(ctx, {
      headers: { 'Stripe-Signature': header },
      rawBody,
      now: now(),
    })
    expect(hook.eventId).toBe(event.id)
  })

  it('refuses a body that is no Stripe event, and a live event for a test account', async () => {
    const rawBody = JSON.stringify({ hello: 'world' })
    const t = Math.floor(Date.now() / 1000)
    const headers = { 'stripe-signature': signStripePayload(rawBody, whsec, t) }
    await expect(provider.verifyWebhook(ctx, { headers, rawBody, now: now() })).rejects.toMatchObject({
      reason: 'malformed',
    })
    await provider.createPayment(ctx, byCard('4242424242424242'))
    const live = { ...lastEvent('payment_intent.succeeded'), livemode: true }
    await expect(provider.verifyWebhook(ctx, delivery(live))).rejects.toMatchObject({ reason: 'malformed' })
  })

  it('names the merchant of account events and the transfer of transfer events', async () => {
    const m = await provider.onboardMerchant(ctx, merchant())
    fake.completeOnboarding(m.merchantAccountId)
    const updated = await provider.verifyWebhook(ctx, delivery(lastEvent('account.updated')))
    expect(updated).toMatchObject({ type: 'account.updated', merchantAccountId: m.merchantAccountId })

    const p = await provider.createPayment(ctx, byCard('4242424242424242'))
    const payout = await provider.releasePayout(ctx, {
      providerPaymentId: p.providerPaymentId,
      merchantAccountId: m.merchantAccountId,
      amount: 500n,
      currency: 'EUR',
      reference: ref('po'),
    })
    const created = await provider.verifyWebhook(ctx, delivery(lastEvent('transfer.created')))
    expect(created).toMatchObject({
      transferId: payout.providerTransferId,
      merchantAccountId: m.merchantAccountId,
    })
  })

  it('verifies what the fake really POSTs to a webhook endpoint', async () => {
    const received: { headers: Record<string, string | undefined>; rawBody: string }[] = []
    const server: Server = createServer((req, res) => {
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        received.push({ headers: req.headers as Record<string, string | undefined>, rawBody: body })
        res.end('ok')
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
    const sending = await FakeStripe.start({ webhook: { url: endpoint, secret: whsec } })
    try {
      const c = {
        ...ctx,
        credentials: { ...ctx.credentials, api_key: sending.apiKey, api_base: sending.url },
      }
      const p = await provider.createPayment(c, byCard('4242424242424242'))
      await sending.flushWebhooks()
      expect(sending.deliveries.length).toBeGreaterThanOrEqual(3)
      expect(sending.deliveries.every((d) => d.status === 200)).toBe(true)
      const hooks = await Promise.all(
        received.map((r) => provider.verifyWebhook(c, { ...r, now: new Date() })),
      )
      expect(hooks.map((h) => h.type)).toEqual([
        'payment_intent.created',
        'charge.succeeded',
        'payment_intent.succeeded',
      ])
      expect(new Set(hooks.map((h) => h.providerPaymentId))).toEqual(new Set([p.providerPaymentId]))
    } finally {
      await sending.close()
      await new Promise<void>((r) => server.close(() => r()))
    }
  })
})

const merchant = () => ({
  reference: ref('merchant'),
  email: 'kitchen@example.com',
  name: 'Pho Corner',
  country: 'NL',
  returnUrl: 'http://acceptor.localhost:3000/onboarding/done',
})

describe('merchant onboarding (Connect Express)', () => {
  it('is pending with an onboarding link until the merchant finishes, then active', async () => {
    const input = merchant()
    const m = await provider.onboardMerchant(ctx, input)
    expect(m.status).toBe('pending')
    expect(m.merchantAccountId).toMatch(/^acct_/)
    expect(m.onboardingUrl).toMatch(new RegExp(`^${fake.url}/setup/e/${m.merchantAccountId}/`))
    expect(fake.object(m.merchantAccountId)).toMatchObject({
      type: 'express',
      country: 'NL',
      email: input.email,
      business_profile: { name: 'Pho Corner' },
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    })
    // The same merchant again is the same account.
    expect((await provider.onboardMerchant(ctx, input)).merchantAccountId).toBe(m.merchantAccountId)

    const later = await provider.getMerchant(ctx, m.merchantAccountId)
    expect(later.status).toBe('pending')
    expect(later.onboardingUrl).toBeDefined()
    expect(later.onboardingUrl).not.toBe(m.onboardingUrl)

    // The merchant follows the link and completes Stripe's forms.
    const back = await fetch(later.onboardingUrl!, { redirect: 'manual' })
    expect(back.headers.get('location')).toBe(input.returnUrl)
    expect(await provider.getMerchant(ctx, m.merchantAccountId)).toEqual({
      merchantAccountId: m.merchantAccountId,
      status: 'active',
    })
  })

  it('is rejected when Stripe rejects the account', async () => {
    const m = await provider.onboardMerchant(ctx, merchant())
    fake.rejectAccount(m.merchantAccountId, 'rejected.terms_of_service')
    expect((await provider.getMerchant(ctx, m.merchantAccountId)).status).toBe('rejected')
  })

  it('refuses an id that is not an account id without calling Stripe', async () => {
    const before = fake.requests.length
    await expect(provider.getMerchant(ctx, '../balance')).rejects.toBeInstanceOf(ProviderError)
    expect(fake.requests.length).toBe(before)
  })
})

describe('payouts to merchants (transfers)', () => {
  it('transfers a merchant part of a paid payment once per reference', async () => {
    const m = await provider.onboardMerchant(ctx, merchant())
    fake.completeOnboarding(m.merchantAccountId)
    const input = hosted({
      amount: 3000n,
      splits: [{ merchantAccountId: m.merchantAccountId, amount: 2500n }],
    })
    const p = await provider.createPayment(ctx, input)
    fake.payCheckout(p.providerPaymentId, { cardNumber: '4242424242424242' })

    const payoutInput = {
      providerPaymentId: p.providerPaymentId,
      merchantAccountId: m.merchantAccountId,
      amount: 2500n,
      currency: 'EUR',
      reference: ref('po'),
    }
    const payout = await provider.releasePayout(ctx, payoutInput)
    expect(payout.status).toBe('paid')
    expect(payout.providerTransferId).toMatch(/^tr_/)
    const intent = fake.object(String(fake.object(p.providerPaymentId)!.payment_intent))!
    expect(fake.object(payout.providerTransferId)).toMatchObject({
      amount: 2500,
      currency: 'eur',
      destination: m.merchantAccountId,
      source_transaction: intent.latest_charge,
      transfer_group: input.reference,
      metadata: { cardpay_reference: payoutInput.reference },
    })
    expect((await provider.releasePayout(ctx, payoutInput)).providerTransferId).toBe(
      payout.providerTransferId,
    )

    // More than the charge holds is refused by Stripe.
    await expect(
      provider.releasePayout(ctx, { ...payoutInput, amount: 600n, reference: ref('po') }),
    ).rejects.toThrow(ProviderError)
  })

  it('refuses a merchant who has not finished onboarding, and a payment that is not paid', async () => {
    const m = await provider.onboardMerchant(ctx, merchant())
    const paid = await provider.createPayment(ctx, byCard('4242424242424242'))
    const err = await provider
      .releasePayout(ctx, {
        providerPaymentId: paid.providerPaymentId,
        merchantAccountId: m.merchantAccountId,
        amount: 100n,
        currency: 'EUR',
        reference: ref('po'),
      })
      .catch((e: unknown) => e)
    expect(err).toMatchObject({ retryable: false, status: 400 })
    expect((err as Error).message).toContain('capabilities')

    const declined = await provider.createPayment(ctx, byCard('4000000000000002'))
    await expect(
      provider.releasePayout(ctx, {
        providerPaymentId: declined.providerPaymentId,
        merchantAccountId: m.merchantAccountId,
        amount: 100n,
        currency: 'EUR',
        reference: ref('po'),
      }),
    ).rejects.toThrow(/not paid/)
  })
})

describe('idempotency: our reference is the Idempotency-Key', () => {
  it('answers the same hosted payment and the same card payment for a retried create', async () => {
    const input = hosted()
    const a = await provider.createPayment(ctx, input)
    const b = await provider.createPayment(ctx, input)
    expect(b.providerPaymentId).toBe(a.providerPaymentId)
    expect(lastRequest().replayed).toBe(true)

    const card = byCard('4242424242424242')
    const c = await provider.createPayment(ctx, card)
    const d = await provider.createPayment(ctx, card)
    expect(d.providerPaymentId).toBe(c.providerPaymentId)

    // A decline retried is the same decline, not a second charge attempt.
    const bad = byCard('4000000000000002')
    const e = await provider.createPayment(ctx, bad)
    const f = await provider.createPayment(ctx, bad)
    expect(f.providerPaymentId).toBe(e.providerPaymentId)
    expect(
      fake.events.filter(
        (x) => x.type === 'charge.failed' && x.data.object.payment_intent === e.providerPaymentId,
      ),
    ).toHaveLength(1)
  })

  it('refuses the same reference with other parameters', async () => {
    const input = hosted()
    await provider.createPayment(ctx, input)
    const err = await provider.createPayment(ctx, { ...input, amount: 999n }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderError)
    expect(err).toMatchObject({ retryable: false, status: 400 })
    expect((err as Error).message).toContain('idempotency_error')
  })
})

describe('credentials and errors', () => {
  it('accepts a working test key', async () => {
    await expect(provider.verifyCredentials(ctx)).resolves.toBeUndefined()
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/balance', status: 200 })
  })

  it('refuses a key Stripe does not know, and says nothing of the key', async () => {
    const c = { ...ctx, credentials: { ...ctx.credentials, api_key: 'sk_test_wrong_key_0123456789' } }
    const err = await provider.verifyCredentials(c).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(InvalidCredentials)
    expect(String((err as Error).message)).not.toContain('wrong_key')
    await expect(provider.getPayment(c, 'pi_123')).rejects.toBeInstanceOf(InvalidCredentials)
  })

  it('refuses a live key in test mode and a test key in live mode before calling Stripe', async () => {
    const before = fake.requests.length
    for (const credentials of [
      { ...ctx.credentials, api_key: 'sk_live_51abcdef' },
      { ...ctx.credentials, mode: 'live' as const },
      { ...ctx.credentials, api_key: 'pk_test_publishable' },
    ]) {
      await expect(provider.verifyCredentials({ ...ctx, credentials })).rejects.toBeInstanceOf(
        InvalidCredentials,
      )
      await expect(provider.createPayment({ ...ctx, credentials }, hosted())).rejects.toBeInstanceOf(
        InvalidCredentials,
      )
    }
    expect(fake.requests.length).toBe(before)
    await expect(
      provider.verifyCredentials({ ...ctx, credentials: { ...ctx.credentials, webhook_secret: 'secret' } }),
    ).rejects.toBeInstanceOf(InvalidCredentials)
    await expect(
      provider.verifyCredentials({
        ...ctx,
        credentials: { ...ctx.credentials, webhook_secret: `${whsec},whsec_b` },
      }),
    ).resolves.toBeUndefined()
  })

  it('accepts a live key in live mode (Stripe says livemode)', async () => {
    const liveKey = 'sk_live_fake_51cardpay0000000000'
    const live = await FakeStripe.start({ apiKeys: [liveKey] })
    try {
      const credentials = { mode: 'live' as const, api_key: liveKey, api_base: live.url }
      await expect(provider.verifyCredentials({ ...ctx, credentials })).resolves.toBeUndefined()
    } finally {
      await live.close()
    }
  })

  it('says whether a retry can help: 5xx, 429, network yes; 4xx no; Stripe-Should-Retry wins', async () => {
    const cases: [Parameters<FakeStripe['failNext']>[0], boolean][] = [
      [{ status: 500 }, true],
      [{ status: 503 }, true],
      [{ status: 429, type: 'rate_limit_error', message: 'Too many requests' }, true],
      ['network', true],
      [{ status: 400, message: 'Bad' }, false],
      [{ status: 500, shouldRetry: false }, false],
      [{ status: 409, type: 'idempotency_error', shouldRetry: true }, true],
    ]
    for (const [failure, retryable] of cases) {
      fake.failNext(failure)
      const err = await provider.getPayment(ctx, 'pi_123').catch((e: unknown) => e)
      expect(err, JSON.stringify(failure)).toBeInstanceOf(ProviderError)
      expect((err as ProviderError).retryable, JSON.stringify(failure)).toBe(retryable)
    }
    const missing = await provider.getPayment(ctx, 'pi_doesnotexist').catch((e: unknown) => e)
    expect(missing).toMatchObject({ retryable: false, status: 404 })
    expect((missing as Error).message).toContain('resource_missing')
  })

  it('is retryable when Stripe cannot be reached at all', async () => {
    const gone = { ...ctx, credentials: { ...ctx.credentials, api_base: 'http://127.0.0.1:9' } }
    await expect(provider.getPayment(gone, 'pi_123')).rejects.toMatchObject({ retryable: true })
  })
})

describe('card numbers never leak', () => {
  it('appear in no log line, error message, stack or serialized error', async () => {
    const seen: string[] = []
    const consoleSpies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi
        .spyOn(console, m)
        .mockImplementation((...args: unknown[]) => void seen.push(args.map(String).join(' '))),
    )
    const capture = async (p: Promise<unknown>) => {
      try {
        seen.push(JSON.stringify(await p, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)))
      } catch (err) {
        const e = err as Error
        seen.push(e.message, String(e.stack), JSON.stringify(e), String(e))
      }
    }
    try {
      logLines.length = 0
      await capture(provider.createPayment(ctx, byCard('4242424242424242')))
      await capture(provider.createPayment(ctx, byCard('4000000000000002')))
      await capture(provider.createPayment(ctx, byCard('4000002760003184')))
      await capture(provider.createPayment(ctx, byCard('4242424242424241')))
      await capture(provider.createPayment(ctx, byCard('4000000000009995', { method: 'ideal' })))
      fake.failNext('network')
      await capture(provider.createPayment(ctx, byCard('4242424242424242')))
      fake.failNext({ status: 500 })
      await capture(provider.createPayment(ctx, byCard('4242424242424242')))
      // Even if Stripe quoted the number back, it would be masked.
      fake.failNext({ status: 402, type: 'card_error', message: 'Card 4242 4242 4242 4242 refused' })
      await capture(provider.createPayment(ctx, byCard('4242424242424242')))
      const wrongKey = { ...ctx, credentials: { ...ctx.credentials, api_key: 'sk_test_nope' } }
      await capture(provider.createPayment(wrongKey, byCard('4242424242424242')))
      seen.push(...logLines)
    } finally {
      for (const s of consoleSpies) s.mockRestore()
    }
    expect(logLines.length).toBeGreaterThan(0)
    const all = seen.join('\n')
    expect(all).toContain('[redacted]')
    for (const pan of pans) {
      expect(all).not.toContain(pan)
      expect(all).not.toContain(pan.replace(/(\d{4})(?=\d)/g, '$1 '))
    }
    expect(all).not.toContain('"cvc"')
    // The fake keeps no card number either.
    expect(JSON.stringify(fake.events)).not.toMatch(/4242424242424242|4000000000000002|4000002760003184/)
  })
})

describe('form encoding', () => {
  it('nests keys in brackets and reads them back', () => {
    const body = encodeForm({
      a: 'x y',
      n: 12n,
      flag: true,
      skip: undefined,
      unset: null,
      list: ['card', 'ideal'],
      items: [{ price_data: { unit_amount: 5, product_data: { name: 'Pho & rice' } } }],
    })
    expect(body).toContain('items%5B0%5D%5Bprice_data%5D%5Bunit_amount%5D=5')
    expect(body).not.toContain('skip')
    expect(decodeForm(body)).toEqual({
      a: 'x y',
      n: '12',
      flag: 'true',
      unset: '',
      list: ['card', 'ideal'],
      items: [{ price_data: { unit_amount: '5', product_data: { name: 'Pho & rice' } } }],
    })
    expect(decodeForm('expand[]=a&expand[]=b&__proto__[x]=1')).toEqual({ expand: ['a', 'b'] })
  })
})
