import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeForm, type FormTree } from './form.ts'

/**
 * A local stand-in for the parts of Stripe's REST API the adapter uses, for tests and local runs:
 * the same paths, form-encoded parameters, object shapes (API version 2024-06-20), error envelope
 * `{error: {type, code, message, decline_code, param}}`, bearer-key check, Idempotency-Key replay and
 * signed webhook events. State lives in memory.
 *
 * It is a test double of the outside world, so it follows Stripe's documentation rather than our
 * adapter; where it simplifies (fees, balances, no payouts), the comment says so. What a person or
 * a bank would do is driven from the test: `payCheckout`, `authenticate`, `expireCheckout`,
 * `settleRefund`, `completeOnboarding`, `rejectAccount` (or the small hosted pages it serves).
 *
 * Card numbers are looked at and dropped: only brand and last four digits are kept, as at Stripe.
 */

export const fakeStripeTestKey = 'sk_test_fake_51cardpay000000000000000000'

export interface FakeStripeOptions {
  /** Secret keys that authenticate (default: `fakeStripeTestKey`). A `sk_live_` key makes live-mode objects. */
  apiKeys?: string[]
  /** Where events are POSTed, signed like Stripe's webhook endpoints. */
  webhook?: { url: string; secret: string }
  /** Clock in milliseconds (default `Date.now`): timestamps of objects and signatures. */
  now?: () => number
  /** The platform's available balance per currency (lowercase), for transfers without a source charge. */
  available?: Record<string, number>
}

/** An answer the next API call gets instead of its normal one (outages, rate limits). */
export type InjectedFailure =
  | { status: number; type?: string; code?: string; message?: string; shouldRetry?: boolean }
  | 'network'

export interface RecordedRequest {
  method: string
  path: string
  status: number
  idempotencyKey?: string
  stripeVersion?: string
  replayed: boolean
}

export interface StripeEvent {
  id: string
  object: 'event'
  api_version: string
  created: number
  livemode: boolean
  type: string
  account?: string
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
  data: { object: Obj }
}

type Obj = Record<string, unknown>

/** What the fake keeps of a card: never its number. */
interface CardSummary {
  brand: string
  last4: string
  exp_month: number
  exp_year: number
}

/** Outcomes of Stripe's documented test cards (https://docs.stripe.com/testing). */
type CardOutcome =
  | { kind: 'succeed' }
  | { kind: 'authenticate' }
  | { kind: 'decline'; code: string; decline_code?: string; message: string }

const declined = (decline_code: string, message: string): CardOutcome => ({
  kind: 'decline',
  code: 'card_declined',
  decline_code,
  message,
})

const testCards: Record<string, CardOutcome> = {
  '4000000000000002': declined('generic_decline', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('lost_card', 'Your card was declined.'),
  '4000000000000069': { kind: 'decline', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': {
    kind: 'decline',
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  '4000002760003184': { kind: 'authenticate' },
  '4000002500003155': { kind: 'authenticate' },
}

/** Stripe's test PaymentMethod tokens, as the card numbers they stand for. */
const testPaymentMethods: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002760003184',
}

const checkoutLocales = new Set(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(
    ' ',
  ),
)

const methodCurrencies: Record<string, string[] | undefined> = { ideal: ['eur'] }

class StripeFailure extends Error {
  readonly status: number
  readonly body: Obj
  /** Validation failures are not stored under the idempotency key; executed requests are. */
  readonly executed: boolean
  constructor(status: number, body: Obj, executed = false) {
    super(String(body.message))
    this.status = status
    this.body = body
    this.executed = executed
  }
}

const invalid = (message: string, extra: Obj = {}) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...extra })

const missing = (param: string) =>
  invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param })

const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  })

export class FakeStripe {
  readonly url: string
  readonly apiKey: string
  /** Every API call, without parameters or bodies. */
  readonly requests: RecordedRequest[] = []
  /** Every event, oldest first. */
  readonly events: StripeEvent[] = []
  /** Webhook deliveries and the status our endpoint answered (0 when unreachable). */
  readonly deliveries: { eventId: string; status: number }[] = []

  readonly #server: Server
  readonly #opts: FakeStripeOptions
  readonly #keys: Set<string>
  readonly #objects = new Map<string, Obj>()
  /** Checkout Session id → what its PaymentIntent is made with (Stripe keeps this out of the session). */
  readonly #sessionIntentData = new Map<string, Obj>()
  /** Account link path → the link's return URL. */
  readonly #links = new Map<string, { account: string; returnUrl: string }>()
  readonly #idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>()
  /** PaymentIntent id → the card of its last attempt. */
  readonly #cards = new Map<string, CardSummary>()
  readonly #failures: InjectedFailure[] = []
  readonly #pendingDeliveries = new Set<Promise<void>>()
  readonly #available: Record<string, number>
  #version = '2024-06-20'

  private constructor(server: Server, url: string, opts: FakeStripeOptions) {
    this.#server = server
    this.url = url
    this.#opts = opts
    this.#keys = new Set(opts.apiKeys ?? [fakeStripeTestKey])
    this.apiKey = [...this.#keys][0]!
    this.#available = { ...(opts.available ?? {}) }
  }

  /** Listens on 127.0.0.1, on a free port. */
  static async start(opts: FakeStripeOptions = {}): Promise<FakeStripe> {
    let fake: FakeStripe | undefined
    const server = createServer((req, res) => {
      fake!.#handle(req, res).catch((err) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    fake = new FakeStripe(server, `http://127.0.0.1:${port}`, opts)
    return fake
  }

  async close(): Promise<void> {
    await this.flushWebhooks()
    this.#server.closeAllConnections()
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }

  /** The next API call answers this instead (one entry per call). */
  failNext(...failures: InjectedFailure[]): void {
    this.#failures.push(...failures)
  }

  /** A stored object as Stripe would answer it (a copy). */
  object(id: string): Obj | undefined {
    const o = this.#objects.get(id)
    return o && structuredClone(o)
  }

  /** Waits until every webhook POST made so far has been answered. */
  async flushWebhooks(): Promise<void> {
    while (this.#pendingDeliveries.size > 0) await Promise.all([...this.#pendingDeliveries])
  }

  /**
   * A delivery of `event` as Stripe sends it: the JSON body and `Stripe-Signature: t=…,v1=…`
   * (HMAC-SHA256 of `${t}.${body}` under the endpoint secret).
   */
  signedDelivery(
    event: StripeEvent,
    secret: string,
    timestampSec = Math.floor(this.#now() / 1000),
  ): { headers: Record<string, string>; rawBody: string } {
    const rawBody = JSON.stringify(event, null, 2)
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(rawBody, secret, timestampSec),
      },
    }
  }

  // ─── What the payer, the bank and the merchant do ──────────────────────────────────────────

  /**
   * The payer submits the hosted Checkout page. A declined card leaves the session open (the payer
   * may try again); a card that needs 3-D Secure leaves its PaymentIntent in requires_action until
   * `authenticate`. Answers the PaymentIntent's status.
   */
  payCheckout(
    sessionId: string,
    how: { method?: 'card' | 'ideal' | 'paypal'; cardNumber?: string; outcome?: 'succeed' | 'fail' } = {},
  ): string {
    const session = this.#mustGet(sessionId, 'checkout.session')
    if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${session.status}`)
    const types = session.payment_method_types as string[]
    const method = how.method ?? types[0]!
    if (!types.includes(method)) throw new Error(`Checkout Session ${sessionId} does not offer ${method}`)
    let intent = session.payment_intent
      ? this.#mustGet(String(session.payment_intent), 'payment_intent')
      : undefined
    if (!intent) {
      const data = this.#sessionIntentData.get(sessionId) ?? {}
      intent = this.#newIntent({
        amount: session.amount_total as number,
        currency: session.currency as string,
        description: (data.description as string | undefined) ?? null,
        metadata: (data.metadata as Obj | undefined) ?? {},
        transfer_group: (data.transfer_group as string | undefined) ?? null,
        payment_method_types: [method],
        livemode: session.livemode as boolean,
      })
      session.payment_intent = intent.id
      this.#emit('payment_intent.created', intent)
    }
    intent.payment_method_types = [method]
    if (method === 'card') {
      const number = how.cardNumber ?? '4242424242424242'
      this.#attempt(intent, number, `${this.url}/c/pay/${sessionId}`)
    } else {
      this.#attemptRedirectMethod(intent, method, how.outcome ?? 'succeed')
    }
    return intent.status as string
  }

  /** The payer passes or fails 3-D Secure for a PaymentIntent in requires_action. */
  authenticate(paymentIntentId: string, outcome: 'succeed' | 'fail'): void {
    const intent = this.#mustGet(paymentIntentId, 'payment_intent')
    if (intent.status !== 'requires_action') throw new Error(`${paymentIntentId} is ${intent.status}`)
    intent.next_action = null
    if (outcome === 'succeed') this.#succeed(intent, this.#cardOf(intent))
    else {
      intent.status = 'requires_payment_method'
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
        doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
      }
      this.#emit('payment_intent.payment_failed', intent)
    }
  }

  /** The session's 24 hours run out (also `POST /v1/checkout/sessions/:id/expire`). */
  expireCheckout(sessionId: string): void {
    this.#expire(this.#mustGet(sessionId, 'checkout.session'))
  }

  /** The bank finishes a pending refund (iDEAL and PayPal refunds start pending here). */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): void {
    const refund = this.#mustGet(refundId, 'refund')
    if (refund.status !== 'pending') throw new Error(`${refundId} is ${refund.status}`)
    refund.status = status
    const charge = this.#mustGet(String(refund.charge), 'charge')
    if (status === 'failed') {
      refund.failure_reason = 'unknown'
      charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number)
      charge.refunded = false
      this.#emit('refund.failed', refund)
    }
    this.#emit('charge.refund.updated', refund)
    this.#emit('refund.updated', refund)
  }

  /** The merchant finishes Stripe's onboarding and is verified. */
  completeOnboarding(accountId: string): void {
    const account = this.#mustGet(accountId, 'account')
    const capabilities = account.capabilities as Record<string, string>
    for (const k of Object.keys(capabilities)) capabilities[k] = 'active'
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: 'card_payments' in capabilities,
      payouts_enabled: true,
      requirements: emptyRequirements(null),
    })
    this.#emit('account.updated', account, accountId)
  }

  /** Stripe rejects the merchant (`rejected.fraud`, `rejected.terms_of_service`, …). */
  rejectAccount(accountId: string, reason = 'rejected.fraud'): void {
    const account = this.#mustGet(accountId, 'account')
    const capabilities = account.capabilities as Record<string, string>
    for (const k of Object.keys(capabilities)) capabilities[k] = 'inactive'
    Object.assign(account, {
      charges_enabled: false,
      payouts_enabled: false,
      requirements: emptyRequirements(reason),
    })
    this.#emit('account.updated', account, accountId)
  }

  // ─── HTTP ─────────────────────────────────────────────────────────────────────────────────

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', this.url)
    const method = req.method ?? 'GET'
    if (!url.pathname.startsWith('/v1/')) return this.#page(method, url, body, res)

    const requestId = `req_${randomId(14)}`
    const key = header(req, 'idempotency-key')
    const version = header(req, 'stripe-version')
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      status: 0,
      idempotencyKey: key,
      stripeVersion: version,
      replayed: false,
    }
    this.requests.push(record)
    const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
      record.status = status
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, ...extra })
      res.end(JSON.stringify(payload, null, 2))
    }

    const failure = this.#failures.shift()
    if (failure === 'network') {
      req.socket.destroy()
      return
    }
    if (failure) {
      const { status, shouldRetry, ...err } = failure
      return send(
        status,
        { error: { type: err.type ?? (status >= 500 ? 'api_error' : 'invalid_request_error'), ...err } },
        shouldRetry === undefined ? {} : { 'stripe-should-retry': String(shouldRetry) },
      )
    }

    const apiKey = this.#authenticate(req)
    if (typeof apiKey !== 'string') return send(401, { error: apiKey })
    if (version && !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(version)) {
      return send(400, {
        error: { type: 'invalid_request_error', message: `Invalid Stripe API version: ${version}` },
      })
    }
    if (version) this.#version = version
    const live = apiKey.startsWith('sk_live_') || apiKey.startsWith('rk_live_')

    const fingerprint = `${method} ${url.pathname} ${[...new URLSearchParams(body)].sort().join('&')}`
    const stored = method === 'POST' && key ? this.#idempotent.get(`${apiKey} ${key}`) : undefined
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        })
      }
      record.replayed = true
      return send(stored.status, stored.body, {
        'idempotent-replayed': 'true',
        'original-request': requestId,
      })
    }

    const params = method === 'GET' || method === 'DELETE' ? decodeForm(url.searchParams) : decodeForm(body)
    const ctx: Ctx = { live, requestId, idempotencyKey: key ?? null }
    let status = 200
    let payload: unknown
    let save = true
    try {
      payload = this.#route(method, url.pathname, params, ctx)
    } catch (err) {
      if (!(err instanceof StripeFailure)) throw err
      status = err.status
      payload = {
        error: { ...err.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` },
      }
      save = err.executed
    }
    if (method === 'POST' && key && save) {
      this.#idempotent.set(`${apiKey} ${key}`, { fingerprint, status, body: payload })
    }
    send(status, payload)
  }

  #authenticate(req: IncomingMessage): string | Obj {
    const auth = header(req, 'authorization') ?? ''
    let key: string | undefined
    if (auth.startsWith('Bearer ')) key = auth.slice(7).trim()
    else if (auth.startsWith('Basic ')) key = Buffer.from(auth.slice(6), 'base64').toString().split(':')[0]
    if (!key) {
      return {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      }
    }
    if (!this.#keys.has(key)) {
      const masked = `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
      return {
        type: 'invalid_request_error',
        code: 'api_key_invalid',
        message: `Invalid API Key provided: ${masked}`,
      }
    }
    return key
  }

  #route(method: string, path: string, p: FormTree, ctx: Ctx): unknown {
    const parts = path.split('/').slice(2) // ['payment_intents', 'pi_…', 'cancel']
    const [a, b, c, d] = parts
    const route = `${method} ${a}${b === 'sessions' ? '/sessions' : ''}`
    const idOf = a === 'checkout' ? c : b
    const action = a === 'checkout' ? d : c
    const expand = strings(p.expand)
    switch (true) {
      case route === 'GET balance' && !idOf:
        return this.#balance(ctx)
      case route === 'GET account' && !idOf:
        return this.#platformAccount(ctx)
      case route === 'POST checkout/sessions' && !idOf:
        return this.#createSession(p, ctx)
      case route === 'GET checkout/sessions' && !idOf:
        return this.#list(
          ctx,
          'checkout.session',
          p,
          (o) => !p.payment_intent || o.payment_intent === p.payment_intent,
        )
      case route === 'GET checkout/sessions' && !action:
        return this.#read(idOf!, 'checkout.session', ctx, expand)
      case route === 'POST checkout/sessions' && action === 'expire': {
        const session = this.#find(idOf!, 'checkout.session', ctx)
        if (session.status !== 'open') {
          throw invalid(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          )
        }
        this.#expire(session)
        return this.#read(idOf!, 'checkout.session', ctx, expand)
      }
      case route === 'POST payment_intents' && !idOf:
        return this.#createIntent(p, ctx, expand)
      case route === 'GET payment_intents' && !!idOf && !action:
        return this.#read(idOf!, 'payment_intent', ctx, expand)
      case route === 'POST payment_intents' && action === 'cancel':
        return this.#cancelIntent(idOf!, p, ctx, expand)
      case route === 'POST refunds' && !idOf:
        return this.#createRefund(p, ctx)
      case route === 'GET refunds' && !idOf:
        return this.#list(ctx, 'refund', p, (o) => !p.payment_intent || o.payment_intent === p.payment_intent)
      case route === 'GET refunds':
        return this.#read(idOf!, 'refund', ctx, expand)
      case route === 'POST accounts' && !idOf:
        return this.#createAccount(p, ctx)
      case route === 'GET accounts' && !!idOf:
        return this.#read(idOf!, 'account', ctx, expand)
      case route === 'POST account_links' && !idOf:
        return this.#createAccountLink(p, ctx)
      case route === 'POST transfers' && !idOf:
        return this.#createTransfer(p, ctx)
      case route === 'GET transfers' && !!idOf:
        return this.#read(idOf!, 'transfer', ctx, expand)
      default:
        throw new StripeFailure(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        })
    }
  }

  // ─── Balance and account ──────────────────────────────────────────────────────────────────

  #balance(ctx: Ctx): Obj {
    return {
      object: 'balance',
      livemode: ctx.live,
      available: Object.entries(this.#available).map(([currency, amount]) => ({
        amount,
        currency,
        source_types: { card: amount },
      })),
      pending: [],
    }
  }

  #platformAccount(ctx: Ctx): Obj {
    return {
      id: 'acct_1FakePlatform0000',
      object: 'account',
      type: 'standard',
      country: 'NL',
      default_currency: 'eur',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      livemode: ctx.live,
    }
  }

  // ─── Checkout Sessions ────────────────────────────────────────────────────────────────────

  #createSession(p: FormTree, ctx: Ctx): Obj {
    if (p.mode !== 'payment') {
      throw p.mode === undefined
        ? missing('mode')
        : invalid('This fake supports Checkout in mode=payment only.')
    }
    if (typeof p.success_url !== 'string') throw missing('success_url')
    const items = Array.isArray(p.line_items) ? p.line_items : []
    if (items.length === 0) throw missing('line_items')
    let total = 0
    let currency: string | undefined
    for (const [i, item] of items.entries()) {
      const it = item as FormTree
      const price = it.price_data as FormTree | undefined
      if (!price) throw missing(`line_items[${i}][price_data]`)
      const cur = str(price.currency)
      if (!cur) throw missing(`line_items[${i}][price_data][currency]`)
      if (currency && cur !== currency) throw invalid('All line items must have the same currency.')
      currency = cur
      if (!(price.product_data as FormTree | undefined)?.name) {
        throw missing(`line_items[${i}][price_data][product_data][name]`)
      }
      total +=
        positiveInt(price.unit_amount, `line_items[${i}][price_data][unit_amount]`) *
        positiveInt(it.quantity ?? '1', `line_items[${i}][quantity]`)
    }
    const types = strings(p.payment_method_types)
    const methods = types.length
      ? types
      : ['card', 'ideal', 'paypal'].filter((m) => methodCurrencies[m]?.includes(currency!) ?? true)
    for (const m of methods) {
      if (!['card', 'ideal', 'paypal'].includes(m)) {
        throw invalid(
          `Invalid payment_method_types[0]: must be one of card, ideal or paypal (in this fake).`,
          {
            param: 'payment_method_types',
          },
        )
      }
      const allowed = methodCurrencies[m]
      if (allowed && !allowed.includes(currency!)) {
        throw invalid(
          `The currency provided (${currency}) is invalid. Payments with ${m} support the following currencies: ${allowed.join(', ')}.`,
          { param: 'line_items' },
        )
      }
    }
    const locale = str(p.locale)
    if (locale && !checkoutLocales.has(locale))
      throw invalid(`Invalid locale: ${locale}`, { param: 'locale' })
    const id = `cs_${ctx.live ? 'live' : 'test'}_${randomId(58)}`
    const now = this.#seconds()
    const session: Obj = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      url: `${this.url}/c/pay/${id}`,
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: str(p.client_reference_id) ?? null,
      success_url: p.success_url,
      cancel_url: str(p.cancel_url) ?? null,
      customer: null,
      customer_details: null,
      locale: locale ?? null,
      metadata: metadataOf(p.metadata),
      payment_intent: null,
      payment_method_types: methods,
      created: now,
      expires_at: positiveIntOr(p.expires_at, now + 24 * 3600),
      livemode: ctx.live,
    }
    const pid = (p.payment_intent_data as FormTree | undefined) ?? {}
    this.#sessionIntentData.set(id, {
      description: str(pid.description),
      metadata: metadataOf(pid.metadata),
      transfer_group: str(pid.transfer_group),
    })
    this.#put(session)
    return structuredClone(session)
  }

  #expire(session: Obj): void {
    if (session.status !== 'open') throw new Error(`Checkout Session ${session.id} is ${session.status}`)
    session.status = 'expired'
    session.url = null
    if (session.payment_intent) {
      const intent = this.#mustGet(String(session.payment_intent), 'payment_intent')
      if (intent.status !== 'succeeded') {
        Object.assign(intent, {
          status: 'canceled',
          canceled_at: this.#seconds(),
          cancellation_reason: 'automatic',
          next_action: null,
        })
        this.#emit('payment_intent.canceled', intent)
      }
    }
    this.#emit('checkout.session.expired', session)
  }

  // ─── PaymentIntents ───────────────────────────────────────────────────────────────────────

  #newIntent(fields: Obj): Obj {
    const id = `pi_${randomId(24)}`
    const intent: Obj = {
      id,
      object: 'payment_intent',
      amount: 0,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      client_secret: `${id}_secret_${randomId(25)}`,
      created: this.#seconds(),
      currency: 'eur',
      description: null,
      last_payment_error: null,
      latest_charge: null,
      metadata: {},
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
      transfer_group: null,
      canceled_at: null,
      cancellation_reason: null,
      ...fields,
    }
    this.#put(intent)
    return intent
  }

  #createIntent(p: FormTree, ctx: Ctx, expand: string[]): Obj {
    const amount = positiveInt(p.amount, 'amount')
    const currency = str(p.currency)
    if (!currency) throw missing('currency')
    const types = strings(p.payment_method_types)
    if (types.some((t) => t !== 'card')) throw invalid('This fake takes card PaymentIntents only.')

    // Read the card first; from here on only brand and last four digits are kept.
    let card: CardOnFile | undefined
    const pmd = p.payment_method_data as FormTree | undefined
    if (pmd) {
      if (pmd.type !== 'card') throw invalid('payment_method_data[type] must be card in this fake.')
      card = readCard((pmd.card as FormTree | undefined) ?? {}, this.#now())
    } else if (typeof p.payment_method === 'string') {
      const number = testPaymentMethods[p.payment_method]
      if (!number) throw noSuch('PaymentMethod', p.payment_method, 'payment_method')
      card = { number, brand: brandOf(number), last4: number.slice(-4), exp_month: 12, exp_year: 2034 }
    }
    if (card && 'error' in card) throw new StripeFailure(402, card.error, true)
    const confirm = p.confirm === 'true'
    if (confirm && !card) throw missing('payment_method')

    const intent = this.#newIntent({
      amount,
      currency,
      description: str(p.description) ?? null,
      metadata: metadataOf(p.metadata),
      transfer_group: str(p.transfer_group) ?? null,
      payment_method_types: ['card'],
      livemode: ctx.live,
    })
    if (card) this.#attachCard(intent, card)
    this.#emit('payment_intent.created', intent)
    if (confirm && card) {
      this.#attempt(intent, card.number, str(p.return_url))
      if (intent.status === 'requires_payment_method') {
        const error = intent.last_payment_error as Obj
        throw new StripeFailure(
          402,
          { ...error, payment_intent: this.#expanded(intent, expand) },
          true, // an executed request: the decline is what a retry with the same key gets
        )
      }
    } else if (card) intent.status = 'requires_confirmation'
    return this.#expanded(intent, expand)
  }

  /**
   * `POST /v1/payment_intents/:id/cancel`: possible in requires_payment_method, requires_capture,
   * requires_confirmation, requires_action and processing (Stripe: "in rare cases"); a Checkout
   * Session's PaymentIntent only in requires_capture (the session is expired instead). Optional
   * `cancellation_reason`: duplicate, fraudulent, requested_by_customer or abandoned (else null).
   */
  #cancelIntent(id: string, p: FormTree, ctx: Ctx, expand: string[]): Obj {
    const reason = str(p.cancellation_reason)
    const reasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']
    if (reason !== undefined && !reasons.includes(reason)) {
      throw invalid(`Invalid cancellation_reason: must be one of ${reasons.join(', ')}`, {
        param: 'cancellation_reason',
      })
    }
    const intent = this.#find(id, 'payment_intent', ctx)
    const cancellable = [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
      'processing',
    ]
    if (!cancellable.includes(intent.status as string)) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancellable.join(', ')}.`,
        { code: 'payment_intent_unexpected_state' },
      )
    }
    const session = [...this.#objects.values()].find(
      (o) => o.object === 'checkout.session' && o.payment_intent === intent.id,
    )
    if (session && intent.status !== 'requires_capture') {
      throw invalid(
        `This PaymentIntent was created by Checkout Session ${session.id}: expire the Checkout Session instead of canceling its PaymentIntent.`,
        { code: 'payment_intent_unexpected_state' },
      )
    }
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: this.#seconds(),
      cancellation_reason: reason ?? null,
      next_action: null,
    })
    this.#emit('payment_intent.canceled', intent)
    return this.#expanded(intent, expand)
  }

  /** Payment method details of the card on an intent, kept without its number. */
  #attachCard(intent: Obj, card: CardSummary): void {
    intent.payment_method = `pm_${randomId(24)}`
    this.#cards.set(intent.id as string, {
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    })
  }

  #cardOf(intent: Obj) {
    return this.#cards.get(intent.id as string)
  }

  /** One card attempt: succeeds, declines (failed charge, error on the intent) or asks for 3-D Secure. */
  #attempt(intent: Obj, number: string, returnUrl: string | undefined): void {
    const outcome = testCards[number] ?? { kind: 'succeed' }
    if (this.#cardOf(intent)?.last4 !== number.slice(-4)) {
      this.#attachCard(intent, {
        brand: brandOf(number),
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: 2034,
      })
    }
    const card = this.#cardOf(intent)
    intent.last_payment_error = null
    if (outcome.kind === 'succeed') {
      this.#succeed(intent, card)
      return
    }
    if (outcome.kind === 'authenticate') {
      intent.status = 'requires_action'
      intent.next_action = returnUrl
        ? {
            type: 'redirect_to_url',
            redirect_to_url: { url: `${this.url}/3ds/${intent.id}`, return_url: returnUrl },
          }
        : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
      this.#emit('payment_intent.requires_action', intent)
      return
    }
    const charge = this.#newCharge(intent, 'failed', card)
    Object.assign(charge, {
      failure_code: outcome.code,
      failure_message: outcome.message,
      outcome: {
        network_status: 'declined_by_network',
        reason: outcome.decline_code ?? outcome.code,
        type: 'issuer_declined',
        seller_message: 'The bank did not return any further details with this decline.',
      },
    })
    intent.status = 'requires_payment_method'
    intent.last_payment_error = {
      type: 'card_error',
      code: outcome.code,
      ...(outcome.decline_code ? { decline_code: outcome.decline_code } : {}),
      message: outcome.message,
      charge: charge.id,
      doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replaceAll('_', '-')}`,
      payment_method: {
        id: intent.payment_method,
        object: 'payment_method',
        type: 'card',
        card: { ...card },
      },
    }
    this.#emit('charge.failed', charge)
    this.#emit('payment_intent.payment_failed', intent)
  }

  /** iDEAL and PayPal: the payer is redirected to the bank or PayPal and comes back. */
  #attemptRedirectMethod(intent: Obj, method: string, outcome: 'succeed' | 'fail'): void {
    if (outcome === 'succeed') {
      this.#succeed(intent, undefined, method)
      return
    }
    intent.status = 'requires_payment_method'
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_payment_attempt_failed',
      message:
        'The latest payment attempt of this PaymentIntent has failed or been canceled, and the attached payment method has been removed. You can try confirming again with a new payment method.',
      payment_method_type: method,
    }
    this.#emit('payment_intent.payment_failed', intent)
  }

  #succeed(intent: Obj, card: CardSummary | undefined, method = 'card'): void {
    const charge = this.#newCharge(intent, 'succeeded', card, method)
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      next_action: null,
      last_payment_error: null,
    })
    this.#emit('charge.succeeded', charge)
    this.#emit('payment_intent.succeeded', intent)
    const session = [...this.#objects.values()].find(
      (o) => o.object === 'checkout.session' && o.payment_intent === intent.id,
    )
    if (session && session.status === 'open') {
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null })
      this.#emit('checkout.session.completed', session)
    }
  }

  #newCharge(
    intent: Obj,
    status: 'succeeded' | 'failed',
    card: CardSummary | undefined,
    method = 'card',
  ): Obj {
    const amount = intent.amount as number
    const currency = intent.currency as string
    let txnId: string | null = null
    if (status === 'succeeded') {
      // Made-up fees in the shape of Stripe's: 1.5 % + 25 for cards, 29 flat for iDEAL, 3.49 % + 35 for PayPal.
      const fee =
        method === 'ideal'
          ? 29
          : method === 'paypal'
            ? Math.floor((amount * 349 + 5000) / 10000) + 35
            : Math.floor((amount * 15 + 500) / 1000) + 25
      txnId = `txn_${randomId(24)}`
      this.#put({
        id: txnId,
        object: 'balance_transaction',
        amount,
        currency,
        fee,
        fee_details: [{ amount: fee, currency, type: 'stripe_fee', description: 'Stripe processing fees' }],
        net: amount - fee,
        status: 'pending',
        type: 'charge',
        created: this.#seconds(),
        available_on: this.#seconds() + 2 * 24 * 3600,
      })
    }
    const charge: Obj = {
      id: `ch_${randomId(24)}`,
      object: 'charge',
      amount,
      amount_captured: status === 'succeeded' ? amount : 0,
      amount_refunded: 0,
      balance_transaction: txnId,
      captured: status === 'succeeded',
      created: this.#seconds(),
      currency,
      description: intent.description,
      failure_code: null,
      failure_message: null,
      livemode: intent.livemode ?? false,
      metadata: {},
      outcome: {
        network_status: 'approved_by_network',
        reason: null,
        type: 'authorized',
        seller_message: 'Payment complete.',
      },
      paid: status === 'succeeded',
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      payment_method_details:
        method === 'card'
          ? { type: 'card', card: { ...card, funding: 'credit', country: 'US', network: card?.brand } }
          : { type: method, [method]: {} },
      refunded: false,
      status,
      transfer_group: intent.transfer_group,
    }
    if (txnId) (this.#objects.get(txnId) as Obj).source = charge.id
    this.#put(charge)
    intent.latest_charge = charge.id
    return charge
  }

  // ─── Refunds ──────────────────────────────────────────────────────────────────────────────

  #createRefund(p: FormTree, ctx: Ctx): Obj {
    let intent: Obj
    if (typeof p.payment_intent === 'string')
      intent = this.#find(p.payment_intent, 'payment_intent', ctx, 'payment_intent')
    else if (typeof p.charge === 'string') {
      const charge = this.#find(p.charge, 'charge', ctx, 'charge')
      intent = this.#find(String(charge.payment_intent), 'payment_intent', ctx)
    } else
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
      )
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`)
    }
    const charge = this.#mustGet(String(intent.latest_charge), 'charge')
    const left = (charge.amount as number) - (charge.amount_refunded as number)
    const amount = p.amount === undefined ? left : positiveInt(p.amount, 'amount')
    if (left === 0) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' })
    }
    if (amount > left) {
      const fmt = (n: number) => `${(charge.currency as string).toUpperCase()} ${(n / 100).toFixed(2)}`
      throw invalid(
        `Refund amount (${fmt(amount)}) is greater than unrefunded amount on charge (${fmt(left)})`,
        {
          code: 'amount_too_large',
          param: 'amount',
        },
      )
    }
    const method = ((charge.payment_method_details as Obj).type as string) ?? 'card'
    const refund: Obj = {
      id: `re_${randomId(24)}`,
      object: 'refund',
      amount,
      charge: charge.id,
      created: this.#seconds(),
      currency: charge.currency,
      metadata: metadataOf(p.metadata),
      payment_intent: intent.id,
      reason: str(p.reason) ?? null,
      // Card refunds finish at once in test mode; bank and wallet refunds here start pending.
      status: method === 'card' ? 'succeeded' : 'pending',
    }
    this.#put(refund)
    charge.amount_refunded = (charge.amount_refunded as number) + amount
    charge.refunded = charge.amount_refunded === charge.amount
    this.#emit('refund.created', refund)
    this.#emit('charge.refunded', charge)
    return structuredClone(refund)
  }

  // ─── Connect ──────────────────────────────────────────────────────────────────────────────

  #createAccount(p: FormTree, ctx: Ctx): Obj {
    if (p.type === undefined) throw missing('type')
    if (p.type !== 'express')
      throw invalid('This fake makes Express accounts only (type=express).', { param: 'type' })
    const country = str(p.country) ?? 'NL'
    if (!/^[A-Z]{2}$/.test(country)) throw invalid(`Country '${country}' is unknown.`, { param: 'country' })
    const requested = Object.entries((p.capabilities as FormTree | undefined) ?? {})
      .filter(([, v]) => (v as FormTree).requested === 'true')
      .map(([k]) => k)
    const account: Obj = {
      id: `acct_${randomId(16)}`,
      object: 'account',
      type: 'express',
      country,
      email: str(p.email) ?? null,
      business_profile: { name: str((p.business_profile as FormTree | undefined)?.name) ?? null },
      capabilities: Object.fromEntries(requested.map((k) => [k, 'inactive'])),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      default_currency: country === 'NL' || country === 'DE' ? 'eur' : 'usd',
      metadata: metadataOf(p.metadata),
      requirements: emptyRequirements('requirements.past_due', [
        'business_type',
        'external_account',
        'tos_acceptance.date',
        'tos_acceptance.ip',
      ]),
      created: this.#seconds(),
      livemode: ctx.live,
    }
    this.#put(account)
    return structuredClone(account)
  }

  #createAccountLink(p: FormTree, ctx: Ctx): Obj {
    for (const k of ['account', 'type']) if (typeof p[k] !== 'string') throw missing(k)
    if (!['account_onboarding', 'account_update'].includes(p.type as string)) {
      throw invalid(`Invalid type: must be one of account_onboarding or account_update`, { param: 'type' })
    }
    const account = this.#find(p.account as string, 'account', ctx, 'account')
    const returnUrl = str(p.return_url)
    if (!returnUrl) throw missing('return_url')
    const path = `/setup/e/${account.id}/${randomId(12)}`
    this.#links.set(path, { account: account.id as string, returnUrl })
    const created = this.#seconds()
    return { object: 'account_link', created, expires_at: created + 300, url: `${this.url}${path}` }
  }

  #createTransfer(p: FormTree, ctx: Ctx): Obj {
    const amount = positiveInt(p.amount, 'amount')
    const currency = str(p.currency)
    if (!currency) throw missing('currency')
    if (typeof p.destination !== 'string') throw missing('destination')
    const destination = this.#find(p.destination, 'account', ctx, 'destination')
    if ((destination.capabilities as Record<string, string>).transfers !== 'active') {
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
      )
    }
    const source = str(p.source_transaction)
    if (source) {
      const charge = this.#find(source, 'charge', ctx, 'source_transaction')
      if (charge.status !== 'succeeded')
        throw invalid(`Charge ${source} did not succeed.`, { param: 'source_transaction' })
      if (charge.currency !== currency) {
        throw invalid(
          `The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${currency})`,
          { param: 'currency' },
        )
      }
      const transferred = [...this.#objects.values()]
        .filter((o) => o.object === 'transfer' && o.source_transaction === source)
        .reduce((sum, o) => sum + (o.amount as number), 0)
      // Simplified: Stripe's limit also depends on fees and the settlement currency.
      if (transferred + amount > (charge.amount as number)) {
        throw invalid('The transfer amount exceeds what is left of the source transaction.', {
          param: 'amount',
        })
      }
    } else {
      const available = this.#available[currency] ?? 0
      if (available < amount) {
        throw invalid(
          'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
          { code: 'balance_insufficient' },
        )
      }
      this.#available[currency] = available - amount
    }
    const transfer: Obj = {
      id: `tr_${randomId(24)}`,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: `txn_${randomId(24)}`,
      created: this.#seconds(),
      currency,
      description: str(p.description) ?? null,
      destination: destination.id,
      destination_payment: `py_${randomId(24)}`,
      livemode: ctx.live,
      metadata: metadataOf(p.metadata),
      reversed: false,
      source_transaction: source ?? null,
      source_type: 'card',
      transfer_group: str(p.transfer_group) ?? null,
    }
    this.#put(transfer)
    this.#emit('transfer.created', transfer)
    return structuredClone(transfer)
  }

  // ─── Hosted pages: Checkout, 3-D Secure, Connect onboarding ───────────────────────────────

  /** The pages a person would see at Stripe: Checkout, 3-D Secure, Connect onboarding. */
  #page(method: string, url: URL, body: string, res: ServerResponse) {
    const html = (status: number, content: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html><meta charset="utf-8"><title>Fake Stripe</title>${content}`)
    }
    const redirect = (to: string) => {
      res.writeHead(303, { location: to })
      res.end()
    }
    const [, area, id] = url.pathname.match(/^\/(c\/pay|3ds)\/([A-Za-z0-9_]+)$/) ?? []
    if (area === 'c/pay') {
      const session = this.#objects.get(id!)
      if (session?.object !== 'checkout.session') return html(404, '<p>Unknown session</p>')
      const done = () => String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id as string)
      if (session.status !== 'open')
        return redirect(session.status === 'complete' ? done() : String(session.cancel_url ?? done()))
      let note = ''
      if (method === 'POST') {
        const form = new URLSearchParams(body)
        if (form.get('action') === 'cancel') return redirect(String(session.cancel_url ?? done()))
        const status = this.payCheckout(session.id as string, {
          method: (form.get('method') as 'card' | 'ideal' | 'paypal' | null) ?? undefined,
          cardNumber: form.get('card_number')?.replace(/\D/g, '') || undefined,
        })
        if (status === 'succeeded') return redirect(done())
        const intent = this.#objects.get(String(session.payment_intent))!
        if (status === 'requires_action') return redirect(`${this.url}/3ds/${intent.id}`)
        note = `<p role="alert">${escapeHtml(String((intent.last_payment_error as Obj | null)?.message ?? ''))}</p>`
      }
      const options = (session.payment_method_types as string[]).map((m) => `<option>${m}</option>`).join('')
      return html(
        200,
        `<h1>Pay ${escapeHtml(String(session.currency).toUpperCase())} ${((session.amount_total as number) / 100).toFixed(2)}</h1>${note}
<form method="post"><select name="method">${options}</select>
<input name="card_number" value="4242 4242 4242 4242" autocomplete="off">
<button name="action" value="pay">Pay</button><button name="action" value="cancel">Cancel</button></form>`,
      )
    }
    if (area === '3ds') {
      const intent = this.#objects.get(id!)
      if (intent?.object !== 'payment_intent') return html(404, '<p>Unknown payment</p>')
      const outcome = url.searchParams.get('outcome')
      if (intent.status === 'requires_action' && (outcome === 'succeed' || outcome === 'fail')) {
        const redirectTo = (intent.next_action as { redirect_to_url?: { return_url?: string } } | null)
          ?.redirect_to_url
        this.authenticate(intent.id as string, outcome)
        const session = [...this.#objects.values()].find(
          (o) => o.object === 'checkout.session' && o.payment_intent === intent.id,
        )
        if (session) return redirect(`${this.url}/c/pay/${session.id}`)
        const back = new URL(redirectTo?.return_url ?? this.url)
        back.searchParams.set('payment_intent', intent.id as string)
        back.searchParams.set(
          'redirect_status',
          (intent.status as string) === 'succeeded' ? 'succeeded' : 'failed',
        )
        return redirect(back.toString())
      }
      return html(
        200,
        `<h1>3-D Secure</h1><a href="?outcome=succeed">Complete</a> <a href="?outcome=fail">Fail</a>`,
      )
    }
    const link = this.#links.get(url.pathname)
    if (link) {
      // Following the link stands for filling in Stripe's onboarding forms.
      this.#links.delete(url.pathname)
      this.completeOnboarding(link.account)
      return redirect(link.returnUrl)
    }
    html(404, '<p>Not found</p>')
  }

  // ─── Objects, lists, expansion, events ────────────────────────────────────────────────────

  #put(o: Obj): void {
    this.#objects.set(o.id as string, o)
  }

  #mustGet(id: string, kind: string): Obj {
    const o = this.#objects.get(id)
    if (!o || o.object !== kind) throw new Error(`no ${kind} ${id} in the fake`)
    return o
  }

  /** An object of this mode (test objects are invisible to live keys, as at Stripe). */
  #find(id: string, kind: string, ctx: Ctx, param = 'id'): Obj {
    const o = this.#objects.get(id)
    if (!o || o.object !== kind || Boolean(o.livemode) !== ctx.live) throw noSuch(kind, id, param)
    return o
  }

  #read(id: string, kind: string, ctx: Ctx, expand: string[]): Obj {
    return this.#expanded(this.#find(id, kind, ctx), expand)
  }

  /** `expand[]=a.b.c` replaces ids along the path with the objects they name (a copy; state is untouched). */
  #expanded(o: Obj, expand: string[]): Obj {
    const copy = structuredClone(o)
    for (const path of expand) {
      let nodes: Obj[] = [copy]
      for (const field of path.split('.')) {
        const next: Obj[] = []
        for (const node of nodes) {
          const v = node[field]
          if (typeof v === 'string' && this.#objects.has(v))
            node[field] = structuredClone(this.#objects.get(v)!)
          if (node[field] && typeof node[field] === 'object') next.push(node[field] as Obj)
        }
        nodes = next
      }
    }
    return copy
  }

  /** Newest first, `limit` (default 10, at most 100) and `starting_after`, as Stripe lists. */
  #list(ctx: Ctx, kind: string, p: FormTree, keep: (o: Obj) => boolean): Obj {
    const limit = Math.min(100, Math.max(1, Number(str(p.limit) ?? 10)))
    let all = [...this.#objects.values()]
      .filter((o) => o.object === kind && Boolean(o.livemode) === ctx.live && keep(o))
      .reverse()
    const after = str(p.starting_after)
    if (after) all = all.slice(all.findIndex((o) => o.id === after) + 1)
    const data = all.slice(0, limit).map((o) => structuredClone(o))
    const paths: Record<string, string> = {
      'checkout.session': '/v1/checkout/sessions',
      refund: '/v1/refunds',
    }
    return { object: 'list', data, has_more: all.length > limit, url: paths[kind] ?? `/v1/${kind}s` }
  }

  #emit(type: string, object: Obj, account?: string): void {
    const event: StripeEvent = {
      id: `evt_${randomId(24)}`,
      object: 'event',
      api_version: this.#version,
      created: this.#seconds(),
      livemode: Boolean(object.livemode),
      type,
      ...(account ? { account } : {}),
      pending_webhooks: this.#opts.webhook ? 1 : 0,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    }
    this.events.push(event)
    const hook = this.#opts.webhook
    if (!hook) return
    const { headers, rawBody } = this.signedDelivery(event, hook.secret)
    const delivery = fetch(hook.url, { method: 'POST', headers, body: rawBody })
      .then(async (res) => {
        await res.arrayBuffer()
        this.deliveries.push({ eventId: event.id, status: res.status })
      })
      .catch(() => {
        this.deliveries.push({ eventId: event.id, status: 0 })
      })
      .finally(() => this.#pendingDeliveries.delete(delivery))
    this.#pendingDeliveries.add(delivery)
  }

  #now(): number {
    return this.#opts.now?.() ?? Date.now()
  }

  #seconds(): number {
    return Math.floor(this.#now() / 1000)
  }
}

interface Ctx {
  live: boolean
  requestId: string
  idempotencyKey: string | null
}

/** `t=…,v1=…` for a body, as Stripe signs webhook deliveries. */
export function signStripePayload(rawBody: string, secret: string, timestampSec: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSec}.${rawBody}`).digest('hex')
  return `t=${timestampSec},v1=${v1}`
}

type CardOnFile =
  | { number: string; brand: string; last4: string; exp_month: number; exp_year: number }
  | { error: Obj }

/** Validates a raw card as Stripe does before any charge; the caller keeps only brand and last4. */
function readCard(card: FormTree, nowMs: number): CardOnFile {
  const number = str(card.number)?.replace(/\s/g, '') ?? ''
  const cardError = (code: string, param: string, message: string): CardOnFile => ({
    error: {
      type: 'card_error',
      code,
      param,
      message,
      doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
    },
  })
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    return cardError('incorrect_number', 'number', 'Your card number is incorrect.')
  }
  const month = Number(str(card.exp_month))
  const year = Number(str(card.exp_year))
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return cardError('invalid_expiry_month', 'exp_month', "Your card's expiration month is invalid.")
  }
  const now = new Date(nowMs)
  if (
    !Number.isInteger(year) ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    return cardError('invalid_expiry_year', 'exp_year', "Your card's expiration year is invalid.")
  }
  if (!/^\d{3,4}$/.test(str(card.cvc) ?? '')) {
    return cardError('invalid_cvc', 'cvc', "Your card's security code is invalid.")
  }
  return { number, brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year }
}

function luhn(number: string): boolean {
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  return 'unknown'
}

function emptyRequirements(disabledReason: string | null, due: string[] = []): Obj {
  return {
    currently_due: due,
    eventually_due: due,
    past_due: due,
    pending_verification: [],
    disabled_reason: disabledReason,
    current_deadline: null,
    errors: [],
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined
}

function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

function positiveInt(v: unknown, param: string): number {
  if (v === undefined) throw missing(param)
  const n = Number(v)
  if (typeof v !== 'string' || !/^\d+$/.test(v) || !Number.isSafeInteger(n) || n <= 0) {
    throw invalid(`Invalid positive integer`, { param })
  }
  return n
}

function positiveIntOr(v: unknown, fallback: number): number {
  return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : fallback
}

/** Stripe metadata: up to 50 string keys of at most 40 characters, values of at most 500. */
function metadataOf(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {}
  const entries = Object.entries(v as FormTree).filter((e): e is [string, string] => typeof e[1] === 'string')
  if (entries.length > 50) throw invalid('Metadata can have up to 50 keys.', { param: 'metadata' })
  for (const [k, val] of entries) {
    if (k.length > 40)
      throw invalid(`Metadata keys can be up to 40 characters long.`, { param: `metadata[${k}]` })
    if (val.length > 500)
      throw invalid(`Metadata values can be up to 500 characters long.`, { param: `metadata[${k}]` })
  }
  return Object.fromEntries(entries.filter(([, val]) => val !== ''))
}

function randomId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('')
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
