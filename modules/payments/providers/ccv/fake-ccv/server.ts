/**
 * A local fake of CCV Online Payments' HTTP API for tests and offline development: a node:http server
 * on a free port with in-memory state. It speaks the documented shapes (see the top of ccv.ts) and the
 * same labelled assumptions as the adapter, so a test exercises the adapter's real HTTP path:
 * - Basic auth with an API key as user name and an empty password; keys `t_…` and `l_…`; an account's
 *   transactions are visible only to its own key.
 * - `GET /api/v1/method`, `POST /api/v1/payment`, `GET /api/v1/transaction` (one by reference, or a
 *   list by originalReferences/type/merchantOrderReference), `POST /api/v1/refund` (120% limit, split
 *   refunds must carry payout instructions), `Idempotency-Reference` replay.
 * - Amounts are written as JSON numbers with exactly two decimals and read from their source text.
 * - Assumed: `POST /api/v1/merchant`, `GET /api/v1/merchant?externalReference=` for onboarding.
 * - A hosted page at `/pay/<reference>` whose buttons finish the payment and redirect to returnUrl.
 * Test helpers finish payments, settle refunds, mark payouts paid, inject failures and deliver
 * (optionally signed) webhooks.
 *
 * State lives in memory (store.ts); each resource has its file (payments.ts, refunds.ts,
 * merchants.ts), the hosted page its own (pages.ts). This file is the server: keys, idempotency,
 * injected failures, routing, webhooks.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { boardMerchant, findMerchant, merchantJson, setMerchantStatus } from './merchants.ts'
import { hostedPage } from './pages.ts'
import {
  complete,
  createPayment,
  fail,
  markPaidOut,
  needManualIntervention,
  readTransactions,
} from './payments.ts'
import { createRefund, settleRefund } from './refunds.ts'
import {
  badRequest,
  CcvStore,
  type FakeCcvMerchant,
  type FakeCcvTransaction,
  HttpError,
  jsonObject,
} from './store.ts'

export type {
  FakeCcvMerchant,
  FakeCcvStatus,
  FakeCcvTransaction,
  FakePayoutInstruction,
} from './store.ts'

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  body: string
}

export interface FakeCcvOptions {
  /** Accepted keys; by default one fresh test key and one fresh live key. */
  apiKeys?: string[]
  /** Status a new refund gets (CCV's iDEAL example answers success at once). */
  refundStatus?: 'success' | 'pending'
}

export class FakeCcv {
  readonly testKey: string
  readonly liveKey: string
  readonly requests: RecordedRequest[] = []
  readonly transactions: Map<string, FakeCcvTransaction>
  readonly merchants: Map<string, FakeCcvMerchant>
  private readonly store: CcvStore
  private readonly keys: Set<string>
  private readonly idempotent = new Map<string, { bodyHash: string; status: number; text: string }>()
  private readonly injected: { status: number; body: string }[] = []
  private readonly server: Server

  private constructor(options: FakeCcvOptions) {
    this.testKey = `t_${randomBytes(20).toString('hex')}`
    this.liveKey = `l_${randomBytes(20).toString('hex')}`
    this.keys = new Set(options.apiKeys ?? [this.testKey, this.liveKey])
    this.store = new CcvStore(options.refundStatus ?? 'success')
    this.transactions = this.store.transactions
    this.merchants = this.store.merchants
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ type: 'internal', message: String(err) }))
      })
    })
  }

  /** Starts a fake on 127.0.0.1 and a free port. */
  static async start(options: FakeCcvOptions = {}): Promise<FakeCcv> {
    const fake = new FakeCcv(options)
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve))
    fake.store.base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`
    return fake
  }

  /** Base URL to put in `credentials.api_base`. */
  get url(): string {
    return this.store.base
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  /** The next API requests answer these instead (a 500, a 200 with a broken body, …), in order. */
  failNext(status: number, body = '{"type":"internal","message":"Internal error"}'): void {
    this.injected.push({ status, body })
  }

  /** The payer paid on the hosted page. */
  complete(reference: string, card: { brand?: string; maskedPan?: string } = {}): FakeCcvTransaction {
    return complete(this.store, reference, card)
  }

  /** The payment failed on the hosted page (`expired` and `cancelled` are failure codes too). */
  fail(reference: string, failureCode = 'card_refused'): FakeCcvTransaction {
    return fail(this.store, reference, failureCode)
  }

  /** CCV's helpdesk has to look at it. */
  needManualIntervention(reference: string): FakeCcvTransaction {
    return needManualIntervention(this.store, reference)
  }

  /** A pending refund finished. */
  settleRefund(reference: string, status: 'success' | 'failed'): FakeCcvTransaction {
    return settleRefund(this.store, reference, status)
  }

  /** CCV collected the funds and paid the payout instructions out. */
  markPaidOut(reference: string): void {
    markPaidOut(this.store, reference)
  }

  /** CCV finished (or refused) boarding a merchant. */
  setMerchantStatus(externalReference: string, status: FakeCcvMerchant['status']): void {
    setMerchantStatus(this.store, externalReference, status)
  }

  /** The webhook CCV sends for a transaction: `{"id": reference}`, signed only when a key is given. */
  webhookDelivery(
    reference: string,
    opts: { signingKey?: string } = {},
  ): { headers: Record<string, string>; rawBody: string } {
    const rawBody = JSON.stringify({ id: reference })
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (opts.signingKey) {
      headers.signature = createHmac('sha512', opts.signingKey).update(rawBody).digest('hex')
    }
    return { headers, rawBody }
  }

  /** POSTs the webhook to a URL (default: the transaction's webhookUrl); answers the HTTP status. */
  async sendWebhook(reference: string, opts: { url?: string; signingKey?: string } = {}): Promise<number> {
    const url = opts.url ?? this.transactions.get(reference)?.webhookUrl
    if (!url) throw new Error(`no webhook URL for ${reference}`)
    const delivery = this.webhookDelivery(reference, opts)
    const res = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.rawBody })
    await res.arrayBuffer()
    return res.status
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.store.base)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v
    const method = req.method ?? 'GET'

    if (url.pathname.startsWith('/pay/')) return hostedPage(this.store, method, url, body, res)

    this.requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
    })
    const injected = this.injected.shift()
    if (injected) {
      res.writeHead(injected.status, { 'content-type': 'application/json' })
      res.end(injected.body)
      return
    }
    try {
      const owner = this.authenticate(headers.authorization)
      const idem = headers['idempotency-reference']
      if (method === 'POST' && idem !== undefined) {
        if (idem.length === 0 || idem.length > 50)
          throw badRequest('Idempotency-Reference must be 1 to 50 characters')
        const key = `${owner}\n${url.pathname}\n${idem}`
        const bodyHash = createHash('sha256').update(body).digest('hex')
        const seen = this.idempotent.get(key)
        if (seen) {
          if (seen.bodyHash !== bodyHash) {
            throw new HttpError(409, 'process_error', 'Idempotency-Reference was used for another request')
          }
          return send(res, seen.status, seen.text)
        }
        const [status, text] = this.route(owner, method, url, body)
        if (status < 300) this.idempotent.set(key, { bodyHash, status, text })
        return send(res, status, text)
      }
      const [status, text] = this.route(owner, method, url, body)
      send(res, status, text)
    } catch (err) {
      if (!(err instanceof HttpError)) throw err
      send(res, err.status, JSON.stringify(err.body))
    }
  }

  private authenticate(authorization: string | undefined): string {
    const m = /^Basic (.+)$/i.exec(authorization ?? '')
    const decoded = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : ''
    const colon = decoded.indexOf(':')
    const key = colon >= 0 ? decoded.slice(0, colon) : ''
    if (colon < 0 || decoded.slice(colon + 1) !== '' || !this.keys.has(key)) {
      throw new HttpError(401, 'authorization_error', 'Invalid API key')
    }
    return key
  }

  private route(owner: string, method: string, url: URL, body: string): [number, string] {
    const route = `${method} ${url.pathname}`
    const store = this.store
    switch (route) {
      case 'GET /api/v1/method':
        return ok([
          { method: 'ideal', options: [{ issuerid: 'INGBNL2A', issuerdescription: 'ING' }] },
          { method: 'card', options: [{ brand: 'visa' }, { brand: 'mastercard' }, { brand: 'maestro' }] },
          { method: 'paypal' },
        ])
      case 'POST /api/v1/payment':
        return ok(store.toJson(createPayment(store, owner, jsonObject(body))))
      case 'GET /api/v1/transaction':
        return ok(readTransactions(store, owner, url.searchParams))
      case 'POST /api/v1/refund':
        return ok(store.toJson(createRefund(store, owner, jsonObject(body))))
      case 'POST /api/v1/merchant':
        return ok(merchantJson(boardMerchant(store, owner, jsonObject(body))))
      case 'GET /api/v1/merchant':
        return ok(merchantJson(findMerchant(store, owner, url.searchParams.get('externalReference'))))
      default:
        throw new HttpError(404, 'not_found', `No route ${route}`)
    }
  }
}

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(text)
}

function ok(json: unknown): [number, string] {
  return [200, JSON.stringify(json)]
}
