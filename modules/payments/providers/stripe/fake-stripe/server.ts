import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeForm, type FormTree } from '../form.ts'
import {
  type CheckoutPayment,
  createSession,
  expire,
  expireSession,
  payCheckout,
} from './checkout-sessions.ts'
import {
  balance,
  completeOnboarding,
  createAccount,
  createAccountLink,
  createTransfer,
  platformAccount,
  rejectAccount,
} from './connect.ts'
import { hostedPage } from './pages.ts'
import { authenticate, cancelIntent, createIntent } from './payment-intents.ts'
import { createRefund, settleRefund } from './refunds.ts'
import {
  type Ctx,
  type FakeStripeOptions,
  type Obj,
  randomId,
  type StripeEvent,
  StripeFailure,
  StripeStore,
  signedDelivery,
  strings,
} from './store.ts'

export { type FakeStripeOptions, type StripeEvent, signStripePayload } from './store.ts'

/**
 * A local stand-in for the parts of Stripe's REST API the adapter uses, for tests and local runs:
 * the same paths, form-encoded parameters, object shapes (API version 2024-06-20), error envelope
 * `{error: {type, code, message, decline_code, param}}`, bearer-key check, Idempotency-Key replay and
 * signed webhook events. State lives in memory (store.ts); each resource has its file
 * (checkout-sessions.ts, payment-intents.ts, refunds.ts, connect.ts), the hosted pages theirs
 * (pages.ts). This file is the server: keys, versions, idempotency, injected failures, routing.
 *
 * It is a test double of the outside world, so it follows Stripe's documentation rather than our
 * adapter; where it simplifies (fees, balances, no payouts), the comment says so. What a person or
 * a bank would do is driven from the test: `payCheckout`, `authenticate`, `expireCheckout`,
 * `settleRefund`, `completeOnboarding`, `rejectAccount` (or the small hosted pages it serves).
 *
 * Card numbers are looked at and dropped: only brand and last four digits are kept, as at Stripe.
 */

export const fakeStripeTestKey = 'sk_test_fake_51cardpay000000000000000000'

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

export class FakeStripe {
  readonly url: string
  readonly apiKey: string
  /** Every API call, without parameters or bodies. */
  readonly requests: RecordedRequest[] = []
  /** Every event, oldest first. */
  readonly events: StripeEvent[]
  /** Webhook deliveries and the status our endpoint answered (0 when unreachable). */
  readonly deliveries: { eventId: string; status: number }[]

  readonly #server: Server
  readonly #store: StripeStore
  readonly #keys: Set<string>
  readonly #idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>()
  readonly #failures: InjectedFailure[] = []

  private constructor(server: Server, url: string, opts: FakeStripeOptions) {
    this.#server = server
    this.url = url
    this.#store = new StripeStore(url, opts)
    this.events = this.#store.events
    this.deliveries = this.#store.deliveries
    this.#keys = new Set(opts.apiKeys ?? [fakeStripeTestKey])
    this.apiKey = [...this.#keys][0]!
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
    const o = this.#store.objects.get(id)
    return o && structuredClone(o)
  }

  /** Waits until every webhook POST made so far has been answered. */
  flushWebhooks(): Promise<void> {
    return this.#store.flushWebhooks()
  }

  /**
   * A delivery of `event` as Stripe sends it: the JSON body and `Stripe-Signature: t=…,v1=…`
   * (HMAC-SHA256 of `${t}.${body}` under the endpoint secret).
   */
  signedDelivery(
    event: StripeEvent,
    secret: string,
    timestampSec = Math.floor(this.#store.now() / 1000),
  ): { headers: Record<string, string>; rawBody: string } {
    return signedDelivery(event, secret, timestampSec)
  }

  // ─── What the payer, the bank and the merchant do ──────────────────────────────────────────

  /**
   * The payer submits the hosted Checkout page. A declined card leaves the session open (the payer
   * may try again); a card that needs 3-D Secure leaves its PaymentIntent in requires_action until
   * `authenticate`. Answers the PaymentIntent's status.
   */
  payCheckout(sessionId: string, how: CheckoutPayment = {}): string {
    return payCheckout(this.#store, sessionId, how)
  }

  /** The payer passes or fails 3-D Secure for a PaymentIntent in requires_action. */
  authenticate(paymentIntentId: string, outcome: 'succeed' | 'fail'): void {
    authenticate(this.#store, paymentIntentId, outcome)
  }

  /** The session's 24 hours run out (also `POST /v1/checkout/sessions/:id/expire`). */
  expireCheckout(sessionId: string): void {
    expire(this.#store, this.#store.mustGet(sessionId, 'checkout.session'))
  }

  /** The bank finishes a pending refund (iDEAL and PayPal refunds start pending here). */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): void {
    settleRefund(this.#store, refundId, status)
  }

  /** The merchant finishes Stripe's onboarding and is verified. */
  completeOnboarding(accountId: string): void {
    completeOnboarding(this.#store, accountId)
  }

  /** Stripe rejects the merchant (`rejected.fraud`, `rejected.terms_of_service`, …). */
  rejectAccount(accountId: string, reason = 'rejected.fraud'): void {
    rejectAccount(this.#store, accountId, reason)
  }

  // ─── HTTP ─────────────────────────────────────────────────────────────────────────────────

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', this.url)
    const method = req.method ?? 'GET'
    if (!url.pathname.startsWith('/v1/')) return hostedPage(this.#store, method, url, body, res)

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
    if (version) this.#store.version = version
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
      payload = route(this.#store, method, url.pathname, params, ctx)
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
}

/** The API's paths, to the resource that answers each. */
function route(store: StripeStore, method: string, path: string, p: FormTree, ctx: Ctx): unknown {
  const parts = path.split('/').slice(2) // ['payment_intents', 'pi_…', 'cancel']
  const [a, b, c, d] = parts
  const route = `${method} ${a}${b === 'sessions' ? '/sessions' : ''}`
  const idOf = a === 'checkout' ? c : b
  const action = a === 'checkout' ? d : c
  const expand = strings(p.expand)
  switch (true) {
    case route === 'GET balance' && !idOf:
      return balance(store, ctx)
    case route === 'GET account' && !idOf:
      return platformAccount(ctx)
    case route === 'POST checkout/sessions' && !idOf:
      return createSession(store, p, ctx)
    case route === 'GET checkout/sessions' && !idOf:
      return store.list(
        ctx,
        'checkout.session',
        p,
        (o) => !p.payment_intent || o.payment_intent === p.payment_intent,
      )
    case route === 'GET checkout/sessions' && !action:
      return store.read(idOf!, 'checkout.session', ctx, expand)
    case route === 'POST checkout/sessions' && action === 'expire':
      return expireSession(store, idOf!, ctx, expand)
    case route === 'POST payment_intents' && !idOf:
      return createIntent(store, p, ctx, expand)
    case route === 'GET payment_intents' && !!idOf && !action:
      return store.read(idOf!, 'payment_intent', ctx, expand)
    case route === 'POST payment_intents' && action === 'cancel':
      return cancelIntent(store, idOf!, p, ctx, expand)
    case route === 'POST refunds' && !idOf:
      return createRefund(store, p, ctx)
    case route === 'GET refunds' && !idOf:
      return store.list(ctx, 'refund', p, (o) => !p.payment_intent || o.payment_intent === p.payment_intent)
    case route === 'GET refunds':
      return store.read(idOf!, 'refund', ctx, expand)
    case route === 'POST accounts' && !idOf:
      return createAccount(store, p, ctx)
    case route === 'GET accounts' && !!idOf:
      return store.read(idOf!, 'account', ctx, expand)
    case route === 'POST account_links' && !idOf:
      return createAccountLink(store, p, ctx)
    case route === 'POST transfers' && !idOf:
      return createTransfer(store, p, ctx)
    case route === 'GET transfers' && !!idOf:
      return store.read(idOf!, 'transfer', ctx, expand)
    default:
      throw new StripeFailure(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      })
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}
