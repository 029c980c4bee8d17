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
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ExactJson, fromCcvAmount, parseExactJson, rawJsonNumber, toCcvAmount } from './amount.ts'

export type FakeCcvStatus = 'pending' | 'success' | 'failed' | 'manualintervention'

export interface FakePayoutInstruction {
  externalReference: string
  amount: bigint
  description?: string
}

export interface FakeCcvTransaction {
  reference: string
  /** The API key (account) that created it. */
  owner: string
  type: 'sale' | 'refund'
  status: FakeCcvStatus
  failureCode?: string
  amount: bigint
  currency: string
  method: string
  description?: string
  language?: string
  merchantOrderReference?: string
  returnUrl?: string
  webhookUrl?: string
  metadata?: string
  brand?: string
  maskedPan?: string
  originalReference?: string
  payoutInstructions?: FakePayoutInstruction[]
  paidout: 'yes' | 'no'
  created: number
  lastUpdate: number
  statusFinalDate?: number
}

export interface FakeCcvMerchant {
  owner: string
  reference: string
  externalReference: string
  name: string
  email: string
  country: string
  returnUrl: string
  status: 'pending' | 'active' | 'rejected'
}

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

const currencies = new Set(['eur', 'usd', 'gbp', 'chf', 'dkk', 'sek', 'nok', 'pln', 'czk'])
const methods = new Set(['ideal', 'card', 'paypal', 'banktransfer', 'applepay', 'googlepay'])
const twoDecimals = /^\d+(\.\d{1,2})?$/

class HttpError extends Error {
  readonly status: number
  readonly body: Record<string, unknown>
  constructor(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.body = { type, message, reference: randomBytes(4).toString('hex'), ...extra }
  }
}

const badRequest = (message: string) => new HttpError(400, 'invalid_request', message)

export class FakeCcv {
  readonly testKey: string
  readonly liveKey: string
  readonly requests: RecordedRequest[] = []
  readonly transactions = new Map<string, FakeCcvTransaction>()
  readonly merchants = new Map<string, FakeCcvMerchant>()
  private readonly keys: Set<string>
  private readonly refundStatus: 'success' | 'pending'
  private readonly idempotent = new Map<string, { bodyHash: string; status: number; text: string }>()
  private readonly injected: { status: number; body: string }[] = []
  private readonly server: Server
  private counter = 0
  private base = ''

  private constructor(options: FakeCcvOptions) {
    this.testKey = `t_${randomBytes(20).toString('hex')}`
    this.liveKey = `l_${randomBytes(20).toString('hex')}`
    this.keys = new Set(options.apiKeys ?? [this.testKey, this.liveKey])
    this.refundStatus = options.refundStatus ?? 'success'
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
    fake.base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`
    return fake
  }

  /** Base URL to put in `credentials.api_base`. */
  get url(): string {
    return this.base
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
    const tx = this.pendingPayment(reference)
    if (tx.method === 'card') {
      tx.brand = card.brand ?? 'visa'
      tx.maskedPan = card.maskedPan ?? '4111XXXXXXXX1111'
    }
    return this.settle(tx, 'success')
  }

  /** The payment failed on the hosted page (`expired` and `cancelled` are failure codes too). */
  fail(reference: string, failureCode = 'card_refused'): FakeCcvTransaction {
    return this.settle(this.pendingPayment(reference), 'failed', failureCode)
  }

  /** CCV's helpdesk has to look at it. */
  needManualIntervention(reference: string): FakeCcvTransaction {
    const tx = this.pendingPayment(reference)
    tx.status = 'manualintervention'
    tx.lastUpdate = this.tick()
    return tx
  }

  /** A pending refund finished. */
  settleRefund(reference: string, status: 'success' | 'failed'): FakeCcvTransaction {
    const tx = this.transactions.get(reference)
    if (tx?.type !== 'refund' || tx.status !== 'pending') throw new Error(`no pending refund ${reference}`)
    return this.settle(tx, status, status === 'failed' ? 'processing_error' : undefined)
  }

  /** CCV collected the funds and paid the payout instructions out. */
  markPaidOut(reference: string): void {
    const tx = this.transactions.get(reference)
    if (tx?.status !== 'success') throw new Error(`no successful payment ${reference}`)
    tx.paidout = 'yes'
    tx.lastUpdate = this.tick()
  }

  /** CCV finished (or refused) boarding a merchant. */
  setMerchantStatus(externalReference: string, status: FakeCcvMerchant['status']): void {
    const merchant = [...this.merchants.values()].find((m) => m.externalReference === externalReference)
    if (!merchant) throw new Error(`no merchant ${externalReference}`)
    merchant.status = status
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

  private tick(): number {
    // Strictly increasing, so two changes in one millisecond still differ in lastUpdate.
    const last = Math.max(0, ...[...this.transactions.values()].map((t) => t.lastUpdate))
    return Math.max(Date.now(), last + 1)
  }

  private pendingPayment(reference: string): FakeCcvTransaction {
    const tx = this.transactions.get(reference)
    if (tx?.type !== 'sale' || tx.status !== 'pending') throw new Error(`no pending payment ${reference}`)
    return tx
  }

  private settle(tx: FakeCcvTransaction, status: 'success' | 'failed', failureCode?: string) {
    tx.status = status
    if (failureCode) tx.failureCode = failureCode
    tx.lastUpdate = this.tick()
    tx.statusFinalDate = tx.lastUpdate
    return tx
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v
    const method = req.method ?? 'GET'

    if (url.pathname.startsWith('/pay/')) return this.hostedPage(method, url, body, res)

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
          return this.send(res, seen.status, seen.text)
        }
        const [status, text] = this.route(owner, method, url, body)
        if (status < 300) this.idempotent.set(key, { bodyHash, status, text })
        return this.send(res, status, text)
      }
      const [status, text] = this.route(owner, method, url, body)
      this.send(res, status, text)
    } catch (err) {
      if (!(err instanceof HttpError)) throw err
      this.send(res, err.status, JSON.stringify(err.body))
    }
  }

  private send(res: ServerResponse, status: number, text: string): void {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(text)
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
    switch (route) {
      case 'GET /api/v1/method':
        return ok([
          { method: 'ideal', options: [{ issuerid: 'INGBNL2A', issuerdescription: 'ING' }] },
          { method: 'card', options: [{ brand: 'visa' }, { brand: 'mastercard' }, { brand: 'maestro' }] },
          { method: 'paypal' },
        ])
      case 'POST /api/v1/payment':
        return ok(this.toJson(this.createPayment(owner, jsonObject(body))))
      case 'GET /api/v1/transaction':
        return ok(this.readTransactions(owner, url.searchParams))
      case 'POST /api/v1/refund':
        return ok(this.toJson(this.createRefund(owner, jsonObject(body))))
      case 'POST /api/v1/merchant':
        return ok(merchantJson(this.boardMerchant(owner, jsonObject(body))))
      case 'GET /api/v1/merchant': {
        const ref = url.searchParams.get('externalReference')
        const merchant = [...this.merchants.values()].find(
          (m) => m.owner === owner && m.externalReference === ref,
        )
        if (!merchant) throw new HttpError(404, 'not_found', 'Merchant not found')
        return ok(merchantJson(merchant))
      }
      default:
        throw new HttpError(404, 'not_found', `No route ${route}`)
    }
  }

  private createPayment(owner: string, body: Record<string, ExactJson>): FakeCcvTransaction {
    const currency = requiredString(body, 'currency')
    if (!currencies.has(currency)) throw badRequest(`Unsupported currency ${currency}`)
    const amount = amountField(body.amount, currency)
    if (amount <= 0n) throw badRequest('amount must be positive')
    const method = requiredString(body, 'method')
    if (!methods.has(method)) throw badRequest(`Unsupported method ${method}`)
    const returnUrl = requiredString(body, 'returnUrl')
    const webhookUrl = optionalString(body, 'webhookUrl')
    if (webhookUrl !== undefined && !webhookUrl.startsWith('https://')) {
      throw badRequest('webhookUrl must be a secure (https) URL')
    }
    const payoutInstructions = this.instructions(owner, body.payoutInstructions, currency)
    if (payoutInstructions && sum(payoutInstructions) > amount) {
      throw badRequest('payoutInstructions exceed the amount')
    }
    const now = this.tick()
    const reference = `${method[0]!.toUpperCase()}${now}${(++this.counter).toString(16).padStart(4, '0')}${randomBytes(3).toString('hex').toUpperCase()}.F`
    const tx: FakeCcvTransaction = {
      reference,
      owner,
      type: 'sale',
      status: 'pending',
      amount,
      currency,
      method,
      returnUrl,
      paidout: 'no',
      created: now,
      lastUpdate: now,
    }
    assignOptional(tx, body, ['description', 'language', 'merchantOrderReference', 'metadata'])
    if (webhookUrl !== undefined) tx.webhookUrl = webhookUrl
    if (payoutInstructions) tx.payoutInstructions = payoutInstructions
    this.transactions.set(reference, tx)
    return tx
  }

  private createRefund(owner: string, body: Record<string, ExactJson>): FakeCcvTransaction {
    const original = this.owned(owner, requiredString(body, 'reference'))
    if (original.type !== 'sale' || original.status !== 'success') {
      throw new HttpError(400, 'process_error', 'Only successful payments can be refunded')
    }
    const amount = body.amount === undefined ? original.amount : amountField(body.amount, original.currency)
    if (amount <= 0n) throw badRequest('amount must be positive')
    const refunded = this.refundsOf(original)
      .filter((r) => r.status !== 'failed')
      .reduce((s, r) => s + r.amount, 0n)
    const limit = (original.amount * 120n) / 100n
    if (refunded + amount > limit) {
      const fmt = (v: bigint) => toCcvAmount(v, original.currency.toUpperCase())
      throw new HttpError(
        400,
        'process_error',
        `Refund request limit check: Original Amount: ${fmt(original.amount)}, Amount Already Refunded: ${fmt(refunded)}, Current Refund Request: ${fmt(amount)}, Maximum Refundable Amount: ${fmt(limit - refunded)}`,
        { failureCode: 'refund_limit' },
      )
    }
    const instructions = this.instructions(owner, body.payoutInstructions, original.currency)
    if (original.payoutInstructions) {
      if (!instructions) throw badRequest('A refund of a split payout payment needs payoutInstructions')
      if (sum(instructions) > amount) throw badRequest('payoutInstructions exceed the refund amount')
      for (const part of instructions) {
        const paid = original.payoutInstructions.find((p) => p.externalReference === part.externalReference)
        if (!paid || part.amount > paid.amount) {
          throw badRequest(`payoutInstruction for ${part.externalReference} exceeds the original`)
        }
      }
    }
    const now = this.tick()
    const tx: FakeCcvTransaction = {
      reference: `R${now}${(++this.counter).toString(16).padStart(4, '0')}.F`,
      owner,
      type: 'refund',
      status: this.refundStatus,
      amount,
      currency: original.currency,
      method: original.method,
      originalReference: original.reference,
      paidout: 'no',
      created: now,
      lastUpdate: now,
    }
    if (tx.status === 'success') tx.statusFinalDate = now
    if (original.merchantOrderReference) tx.merchantOrderReference = original.merchantOrderReference
    assignOptional(tx, body, ['description'])
    if (instructions) tx.payoutInstructions = instructions
    this.transactions.set(tx.reference, tx)
    return tx
  }

  private readTransactions(owner: string, query: URLSearchParams): unknown {
    const reference = query.get('reference')
    if (reference !== null) return this.toJson(this.owned(owner, reference))
    const originals = query.get('originalReferences')?.split(',')
    const type = query.get('type')
    const orderRef = query.get('merchantOrderReference')
    return [...this.transactions.values()]
      .filter(
        (t) =>
          t.owner === owner &&
          (!originals || (t.originalReference !== undefined && originals.includes(t.originalReference))) &&
          (!type || t.type === type) &&
          (!orderRef || t.merchantOrderReference === orderRef),
      )
      .map((t) => this.toJson(t))
  }

  private boardMerchant(owner: string, body: Record<string, ExactJson>): FakeCcvMerchant {
    const reference = requiredString(body, 'reference')
    const existing = this.merchants.get(`${owner}\n${reference}`)
    if (existing) return existing
    const merchant: FakeCcvMerchant = {
      owner,
      reference,
      externalReference: `M${randomBytes(6).toString('hex').toUpperCase()}`,
      name: requiredString(body, 'name'),
      email: requiredString(body, 'email'),
      country: requiredString(body, 'country'),
      returnUrl: requiredString(body, 'returnUrl'),
      status: 'pending',
    }
    this.merchants.set(`${owner}\n${reference}`, merchant)
    return merchant
  }

  private instructions(owner: string, raw: ExactJson | undefined, currency: string) {
    if (raw === undefined || raw === null) return undefined
    if (!Array.isArray(raw) || raw.length === 0)
      throw badRequest('payoutInstructions must be a non-empty list')
    return raw.map((item): FakePayoutInstruction => {
      if (typeof item !== 'object' || item === null || Array.isArray(item))
        throw badRequest('bad payoutInstruction')
      const externalReference = requiredString(item, 'externalReference')
      const merchant = [...this.merchants.values()].find(
        (m) => m.owner === owner && m.externalReference === externalReference,
      )
      if (merchant?.status !== 'active') {
        throw new HttpError(
          400,
          'process_error',
          `Merchant ${externalReference} is not linked to this account`,
        )
      }
      const amount = amountField(item.amount, currency)
      if (amount <= 0n) throw badRequest('payoutInstruction amount must be positive')
      const part: FakePayoutInstruction = { externalReference, amount }
      const description = optionalString(item, 'description')
      if (description !== undefined) part.description = description
      return part
    })
  }

  private owned(owner: string, reference: string): FakeCcvTransaction {
    const tx = this.transactions.get(reference)
    if (!tx || tx.owner !== owner) throw new HttpError(404, 'not_found', 'Transaction not found')
    return tx
  }

  private refundsOf(original: FakeCcvTransaction): FakeCcvTransaction[] {
    return [...this.transactions.values()].filter((t) => t.originalReference === original.reference)
  }

  /** A transaction as CCV writes it: amounts are JSON numbers with two decimals, times epoch ms. */
  private toJson(tx: FakeCcvTransaction): Record<string, unknown> {
    const money = (v: bigint) => rawJsonNumber(toCcvAmount(v, tx.currency.toUpperCase()))
    const json: Record<string, unknown> = {
      reference: tx.reference,
      type: tx.type,
      status: tx.status,
      amount: money(tx.amount),
      currency: tx.currency,
      method: tx.method,
      created: tx.created,
      lastUpdate: tx.lastUpdate,
      paidout: tx.paidout,
    }
    if (tx.type === 'sale') json.payUrl = `${this.base}/pay/${encodeURIComponent(tx.reference)}`
    for (const k of [
      'description',
      'language',
      'merchantOrderReference',
      'returnUrl',
      'metadata',
      'failureCode',
      'brand',
      'originalReference',
      'statusFinalDate',
    ] as const) {
      if (tx[k] !== undefined) json[k] = tx[k]
    }
    json.details = tx.maskedPan ? { maskedPan: tx.maskedPan } : {}
    if (tx.payoutInstructions) {
      json.payoutInstructions = tx.payoutInstructions.map((p) => ({ ...p, amount: money(p.amount) }))
    }
    return json
  }

  /** The hosted payment page: two buttons, then back to the shop's returnUrl. */
  private hostedPage(method: string, url: URL, body: string, res: ServerResponse): void {
    const reference = decodeURIComponent(url.pathname.slice('/pay/'.length))
    const tx = this.transactions.get(reference)
    if (tx?.type !== 'sale') {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('Unknown payment')
      return
    }
    if (method === 'POST') {
      const action = new URLSearchParams(body).get('action')
      if (tx.status === 'pending') {
        if (action === 'pay') this.complete(reference)
        else this.fail(reference, action === 'cancel' ? 'cancelled' : 'card_refused')
      }
      res.writeHead(303, { location: tx.returnUrl ?? '/' })
      res.end()
      return
    }
    const amount = toCcvAmount(tx.amount, tx.currency.toUpperCase())
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><title>CCV test payment</title><h1>${escapeHtml(tx.currency.toUpperCase())} ${amount}</h1>` +
        `<p>${escapeHtml(tx.description ?? '')}</p><p>Status: ${tx.status}</p>` +
        `<form method="post"><button name="action" value="pay">Pay</button>` +
        `<button name="action" value="fail">Fail</button><button name="action" value="cancel">Cancel</button></form>`,
    )
  }
}

function ok(json: unknown): [number, string] {
  return [200, JSON.stringify(json)]
}

function merchantJson(m: FakeCcvMerchant) {
  const json: Record<string, unknown> = {
    reference: m.reference,
    externalReference: m.externalReference,
    name: m.name,
    status: m.status,
  }
  if (m.status === 'pending') json.onboardingUrl = `https://onboarding.example.invalid/${m.externalReference}`
  return json
}

function jsonObject(body: string): Record<string, ExactJson> {
  let parsed: ExactJson
  try {
    parsed = parseExactJson(body)
  } catch {
    throw badRequest('Body is not valid JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('Body must be an object')
  return parsed
}

function requiredString(body: Record<string, ExactJson>, field: string): string {
  const v = body[field]
  if (typeof v !== 'string' || v === '') throw badRequest(`${field} is required`)
  return v
}

function optionalString(body: Record<string, ExactJson>, field: string): string | undefined {
  const v = body[field]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw badRequest(`${field} must be a string`)
  return v
}

/** CCV takes an amount as a number or a numeric string with at most two decimals. */
function amountField(v: ExactJson | undefined, currency: string): bigint {
  if (typeof v !== 'string' || !twoDecimals.test(v)) throw badRequest('amount must have at most two decimals')
  return fromCcvAmount(v, currency.toUpperCase())
}

function sum(parts: FakePayoutInstruction[]): bigint {
  return parts.reduce((s, p) => s + p.amount, 0n)
}

function assignOptional(
  tx: FakeCcvTransaction,
  body: Record<string, ExactJson>,
  fields: ('description' | 'language' | 'merchantOrderReference' | 'metadata')[],
): void {
  for (const f of fields) {
    const v = optionalString(body, f)
    if (v !== undefined) tx[f] = v
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
