/**
 * CCV Online Payments ("ccvpay", the Dutch provider of the specification: psp_provider, ccv_live_mode,
 * live and test keys, ccvpay_url/ccvpay_status, errors ccv_response_invalid and ccv_pay_key_not_valid)
 * behind the payment-provider interface.
 *
 * What CCV documents (developer.myccv.eu, Payment API; CCV's own PHP library ccvonlinepayments-php-lib):
 * - Base URL https://api.psp.ccv.eu for both modes. HTTP Basic auth with the API key as user name and
 *   an empty password. A key is for one mode: prefix `t_` is TEST, `l_` is LIVE.
 * - `POST /api/v1/payment` {amount, currency, method, returnUrl, webhookUrl, merchantOrderReference,
 *   description, language (ISO 639-2: "eng", "nld"), metadata} answers the transaction with its
 *   `reference` and the hosted page `payUrl`. Amounts are major units ("amount": 9.99).
 * - `GET /api/v1/transaction?reference=` reads one transaction: status pending → success | failed, or
 *   manualintervention; failureCode (expired, cancelled, unsufficient_balance, fraud_detected,
 *   rejected, card_refused, insufficient_funds, processing_error); brand, details.maskedPan, created,
 *   lastUpdate, statusFinalDate (epoch ms), type (sale, refund, …), originalReference on refunds,
 *   paidout for collected payments. `GET /api/v1/transaction?originalReferences=…&type=refund` lists
 *   the refunds of a payment.
 * - `POST /api/v1/refund` {reference, amount?, description}: partial or full; by default up to 120% of
 *   the original; a refusal is `{"type": "process_error", "message": …, "failureCode": "refund_limit"}`.
 * - Header `Idempotency-Reference` (at most 50 characters) makes payment, capture, refund and reversal
 *   requests idempotent. `merchantOrderReference` is "unique or not", so it is no idempotency key.
 * - `GET /api/v1/method` lists the account's methods; CCV's library checks a key with it (401 = bad key).
 * - Webhook: CCV POSTs `{"id": "<transaction reference>"}` to the payment's https webhookUrl, unsigned;
 *   CCV itself says it cannot prove it was the caller and that the status must be read after a webhook.
 * - The documented card flow is CCV's hosted page, where the payer enters the card and 3-D Secure
 *   runs. CCV also lists "Embedded Card Payments" (its page's details were not readable to us); a
 *   server-to-server card API would put raw card numbers in our PCI scope, so a direct card payment
 *   is refused here and the hosted page is used.
 * - Split payout: `payoutInstructions` on the payment (and on every refund of it) split the payout
 *   between merchants that CCV boarded and linked to the account, each named by an external reference
 *   CCV hands out; CCV pays the parts out itself once the funds are collected.
 *
 * Assumptions (not in the documentation we could read; each is isolated and the fake mirrors it):
 * - Amounts go out as two-decimal strings ("12.50"), as CCV's library sends them; currencies without
 *   two minor digits (JPY, KWD) are refused rather than rescaled.
 * - 401/403 mean a bad key; 404 means an unknown reference; error bodies may carry `message`, `type`
 *   and `failureCode`; the transaction list answers a JSON array.
 * - A payout instruction is `{externalReference, amount, description}`; the part of a split payment not
 *   covered by instructions is paid to the account holder (the platform). A refund of a split payment
 *   is spread over the instructions in proportion to their amounts.
 * - Merchant onboarding (spec `POST ccv-onboarding`, ccvpay_url, ccvpay_status) is CCV's boarding,
 *   modelled as `POST /api/v1/merchant` {reference, name, email, country, returnUrl} →
 *   {reference, externalReference, status: pending | active | rejected, onboardingUrl} and
 *   `GET /api/v1/merchant?externalReference=`.
 * - Signed deliveries (CCV's newer "notifications") carry header `Signature`: hex HMAC-SHA512 of the
 *   raw body, keyed with the account's webhook secret or else its API key.
 * - Hosted page languages beyond English, Dutch, German and French fall back to English.
 * - CCV's webhook has no timestamp, so the 5-minute tolerance cannot be checked; see `verifyWebhook`.
 *
 * Limitation: no cancel of an open payment. CCV documents no call that cancels a pending hosted-page
 * sale. Its `POST /api/v1/reversal` releases only an `authorise` transaction (card, Apple Pay,
 * Google Pay, Klarna) or a terminal sale, never a hosted sale, and the adapter makes sales; the
 * `cancelUrl` in CCV's payment answers is a page for the payer's browser, not an API call. So
 * `cancelPayment` reads the payment and answers it unchanged: an open one stays open at CCV (its
 * hosted page stays payable until CCV expires it), and if the payer still pays it, the platform
 * refunds that capture as a duplicate, as the interface lays down.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { allocate } from '../../../platform/money.ts'
import {
  type CreatePaymentInput,
  InvalidCredentials,
  type OnboardMerchantInput,
  type PaymentMethodId,
  type PaymentProvider,
  type PayoutInput,
  type ProviderContext,
  ProviderError,
  type ProviderMerchant,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderPayout,
  type ProviderRefund,
  type RefundInput,
  type VerifiedWebhook,
  type WebhookDelivery,
  WebhookRejected,
} from '../provider.ts'
import { ccvSupportsCurrency, type ExactJson, fromCcvAmount, parseExactJson, toCcvAmount } from './amount.ts'

/** CCV's documented API host; `credentials.api_base` overrides it only to reach a local fake. */
export const ccvApiBase = 'https://api.psp.ccv.eu'

/** Header of a signed delivery (an assumption, see the top of this file). */
export const ccvSignatureHeader = 'signature'

export interface CcvProviderOptions {
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch
  /** Per request; a timed-out request is a retryable ProviderError. */
  timeoutMs?: number
}

/** Our payment methods and CCV's names for them. */
const ccvMethodOf: Partial<Record<PaymentMethodId, string>> = {
  ideal: 'ideal',
  card: 'card',
  paypal: 'paypal',
}

/** ISO 639-2 codes CCV's hosted page is documented with. */
const ccvLanguageOf: Record<string, string> = { en: 'eng', nl: 'nld', de: 'deu', fr: 'fra' }

const numberText = z.string().regex(/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/, 'a number')
const epochMs = numberText.regex(/^\d+$/, 'whole milliseconds')

const payoutInstructionSchema = z.object({
  externalReference: z.string().min(1),
  amount: numberText,
  description: z.string().nullish(),
})

const transactionSchema = z.object({
  reference: z.string().min(1),
  type: z.string().nullish(),
  status: z.enum(['pending', 'success', 'failed', 'manualintervention']),
  amount: numberText,
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  method: z.string().nullish(),
  brand: z.string().nullish(),
  failureCode: z.string().nullish(),
  payUrl: z.string().nullish(),
  merchantOrderReference: z.string().nullish(),
  originalReference: z.string().nullish(),
  lastUpdate: epochMs.nullish(),
  statusFinalDate: epochMs.nullish(),
  paidout: z.union([z.string(), z.boolean()]).nullish(),
  details: z.record(z.string(), z.unknown()).nullish(),
  payoutInstructions: z.array(payoutInstructionSchema).nullish(),
})
type CcvTransaction = z.infer<typeof transactionSchema>

const merchantSchema = z.object({
  externalReference: z.string().min(1),
  status: z.enum(['pending', 'active', 'rejected']),
  onboardingUrl: z.string().nullish(),
})

const errorBodySchema = z.object({
  type: z.string().nullish(),
  message: z.string().nullish(),
  failureCode: z.string().nullish(),
})

const webhookBodySchema = z.object({ id: z.string().min(1).max(255) })

/** Words for CCV's failure codes where the transaction carries no text of its own. */
const failureText: Record<string, string> = {
  expired: 'The payment expired before it was completed.',
  cancelled: 'The payment was cancelled.',
  unsufficient_balance: 'The balance was too low.',
  insufficient_funds: 'The account has insufficient funds.',
  fraud_detected: 'The payment was refused by fraud detection.',
  rejected: 'The payment was rejected.',
  card_refused: 'The card was refused.',
  processing_error: 'The payment could not be processed.',
}

/**
 * The CCV adapter. Stateless: every call carries the account's credentials, so one instance serves
 * every program and both modes. `credentials.api_key` must be the key of `credentials.mode` (the
 * caller picks the live or the test key from ccv_live_mode); a test key in live mode is refused.
 */
export class CcvProvider implements PaymentProvider {
  readonly id = 'ccv' as const
  readonly methods: readonly PaymentMethodId[] = ['ideal', 'card', 'paypal']
  private readonly fetchImpl: typeof fetch
  private readonly timeoutMs: number

  constructor(options: CcvProviderOptions = {}) {
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init))
    this.timeoutMs = options.timeoutMs ?? 15_000
  }

  /** The method list needs a valid key and changes nothing: the check CCV's own library uses. */
  async verifyCredentials(ctx: ProviderContext): Promise<void> {
    const methods = await this.call(ctx, 'GET', '/api/v1/method')
    if (!Array.isArray(methods)) throw invalidResponse('the method list is not a list')
  }

  async createPayment(ctx: ProviderContext, input: CreatePaymentInput): Promise<ProviderPayment> {
    if (input.card) {
      // Said without a single card detail: the caller may log or show this message.
      throw new ProviderError(
        'CCV takes card details only on its hosted payment page: create the payment without card details and send the payer to its checkout URL',
        false,
      )
    }
    const method = ccvMethodOf[input.method]
    if (!method) throw new ProviderError(`CCV does not offer the payment method ${input.method}`, false)
    const amount = outgoingAmount(input.amount, input.currency)
    const body: Record<string, unknown> = {
      amount,
      currency: input.currency.toLowerCase(),
      method,
      returnUrl: input.returnUrl,
      merchantOrderReference: input.reference,
      description: input.description,
      language: ccvLanguage(input.locale),
      metadata: metadataString(input.metadata),
    }
    // CCV calls only https webhooks; without one the payment is still read with getPayment.
    if (ctx.webhookUrl.startsWith('https://')) body.webhookUrl = ctx.webhookUrl
    if (input.splits?.length) body.payoutInstructions = payoutInstructions(input)

    const tx = transaction(
      await this.call(ctx, 'POST', '/api/v1/payment', { body, idempotency: input.reference }),
    )
    if (fromCcvAmount(tx.amount, input.currency) !== input.amount || upper(tx.currency) !== input.currency) {
      throw invalidResponse('the created payment has another amount or currency than requested')
    }
    return toPayment(tx, [])
  }

  async getPayment(ctx: ProviderContext, providerPaymentId: string): Promise<ProviderPayment> {
    const tx = await this.readTransaction(ctx, providerPaymentId)
    if (tx.type === 'refund')
      throw new ProviderError(`${providerPaymentId} is a CCV refund, not a payment`, false)
    // Only a paid payment can have refunds; an open one is read in one request.
    const refunds = tx.status === 'success' ? await this.refundsOf(ctx, tx) : []
    return toPayment(tx, refunds)
  }

  /**
   * CCV cannot cancel an open hosted-page payment (see the limitation at the top of this file), so
   * nothing is sent: the payment is read and answered as it is (open, paid, failed, expired or
   * cancelled). A later capture of an open one is refunded by the platform as a duplicate.
   */
  async cancelPayment(ctx: ProviderContext, providerPaymentId: string): Promise<ProviderPayment> {
    return this.getPayment(ctx, providerPaymentId)
  }

  async refund(ctx: ProviderContext, input: RefundInput): Promise<ProviderRefund> {
    const amount = outgoingAmount(input.amount, input.currency)
    // The original tells the currency to check and whether the refund must split like the payment.
    const original = await this.readTransaction(ctx, input.providerPaymentId)
    if (upper(original.currency) !== input.currency) {
      throw new ProviderError(
        `refund currency ${input.currency} differs from the payment's ${upper(original.currency)}`,
        false,
      )
    }
    const body: Record<string, unknown> = {
      reference: input.providerPaymentId,
      amount,
      description: `Refund ${input.reference}`,
    }
    if (original.payoutInstructions?.length) {
      body.payoutInstructions = refundInstructions(original, input.amount, input.currency)
    }
    const tx = transaction(
      await this.call(ctx, 'POST', '/api/v1/refund', { body, idempotency: input.reference }),
    )
    return { ...toRefund(tx, input.currency), reference: input.reference }
  }

  /**
   * CCV's webhook is `{"id": reference}` and unsigned, and CCV has no event id or timestamp, so the
   * adapter verifies what can be verified:
   * - a `Signature` header, when present, must be the body's HMAC-SHA512 (webhook secret, else API
   *   key); an account with a webhook secret accepts only signed deliveries;
   * - the reference must name a transaction of this account: it is read from CCV with the account's
   *   key, so a forged delivery can at most make us read a status that CCV itself reports.
   * The 5-minute tolerance cannot be checked (nothing in the delivery says when it was sent); a replay
   * only causes another read. `eventId` digests reference, status and CCV's lastUpdate: a redelivery
   * of the same change gets the same id, the next status change a new one (a digest of the body
   * alone would be the same for every change of one payment and hide the later ones).
   * May throw ProviderError (CCV unreachable: answer 5xx so CCV retries) or InvalidCredentials.
   */
  async verifyWebhook(ctx: ProviderContext, delivery: WebhookDelivery): Promise<VerifiedWebhook> {
    const signature = headerValue(delivery.headers, ccvSignatureHeader)
    if (signature !== undefined) {
      const key = ctx.credentials.webhook_secret || ctx.credentials.api_key
      if (!signatureMatches(signature, ccvSignature(delivery.rawBody, key))) {
        throw new WebhookRejected('bad_signature', 'the CCV delivery signature does not match')
      }
    } else if (ctx.credentials.webhook_secret) {
      throw new WebhookRejected('missing_signature', 'this CCV account expects signed deliveries')
    }

    let parsed: unknown
    try {
      parsed = JSON.parse(delivery.rawBody)
    } catch {
      throw new WebhookRejected('malformed', 'the CCV delivery is not JSON')
    }
    const body = webhookBodySchema.safeParse(parsed)
    if (!body.success) throw new WebhookRejected('malformed', 'the CCV delivery has no transaction id')

    let tx: CcvTransaction
    try {
      tx = await this.readTransaction(ctx, body.data.id)
    } catch (err) {
      if (err instanceof ProviderError && (err.status === 404 || err.status === 400)) {
        throw new WebhookRejected('unknown_event', 'CCV knows no transaction with this id for this account')
      }
      throw err
    }

    const isRefund = tx.type === 'refund' && !!tx.originalReference
    const lastUpdate = tx.lastUpdate ?? tx.statusFinalDate ?? ''
    const digest = createHash('sha256').update(`${tx.reference}\n${tx.status}\n${lastUpdate}`).digest('hex')
    const verified: VerifiedWebhook = {
      eventId: `ccv_${digest}`,
      type: `${isRefund ? 'refund' : 'payment'}.${tx.status}`,
      providerPaymentId: isRefund ? tx.originalReference! : tx.reference,
    }
    if (lastUpdate) verified.occurredAt = new Date(Number(lastUpdate))
    return verified
  }

  async onboardMerchant(ctx: ProviderContext, input: OnboardMerchantInput): Promise<ProviderMerchant> {
    const body = {
      reference: input.reference,
      name: input.name,
      email: input.email,
      country: input.country,
      returnUrl: input.returnUrl,
    }
    return toMerchant(
      await this.call(ctx, 'POST', '/api/v1/merchant', { body, idempotency: input.reference }),
    )
  }

  async getMerchant(ctx: ProviderContext, merchantAccountId: string): Promise<ProviderMerchant> {
    return toMerchant(
      await this.call(ctx, 'GET', '/api/v1/merchant', { query: { externalReference: merchantAccountId } }),
    )
  }

  /**
   * CCV has no hold to release: it pays each payout instruction's part out itself once the funds are
   * collected. So this checks that the payment carries the instruction and reports where CCV is
   * (`paidout`); the transfer id is the payment and merchant, stable for any retry.
   */
  async releasePayout(ctx: ProviderContext, input: PayoutInput): Promise<ProviderPayout> {
    const tx = await this.readTransaction(ctx, input.providerPaymentId)
    if (upper(tx.currency) !== input.currency) {
      throw new ProviderError(`payout currency ${input.currency} differs from the payment's`, false)
    }
    const instruction = tx.payoutInstructions?.find((p) => p.externalReference === input.merchantAccountId)
    if (!instruction) {
      throw new ProviderError(
        `CCV payment ${tx.reference} has no payout instruction for merchant ${input.merchantAccountId}`,
        false,
      )
    }
    if (input.amount > incomingAmount(instruction.amount, input.currency)) {
      throw new ProviderError('the payout is larger than the merchant part of the CCV payment', false)
    }
    const paidOut = tx.paidout === true || tx.paidout === 'yes'
    return {
      providerTransferId: `${tx.reference}:${input.merchantAccountId}`,
      status: tx.status === 'failed' ? 'failed' : tx.status === 'success' && paidOut ? 'paid' : 'pending',
    }
  }

  private async readTransaction(ctx: ProviderContext, reference: string): Promise<CcvTransaction> {
    return transaction(await this.call(ctx, 'GET', '/api/v1/transaction', { query: { reference } }))
  }

  private async refundsOf(ctx: ProviderContext, payment: CcvTransaction): Promise<ProviderRefund[]> {
    const list = await this.call(ctx, 'GET', '/api/v1/transaction', {
      query: { originalReferences: payment.reference, type: 'refund' },
    })
    if (!Array.isArray(list)) throw invalidResponse('the refund list is not a list')
    return list
      .map(transaction)
      .filter((tx) => tx.originalReference === payment.reference)
      .map((tx) => toRefund(tx, upper(payment.currency)))
  }

  /**
   * One request to CCV. Maps failures onto the interface's errors: 401/403 → InvalidCredentials
   * (ccv_pay_key_not_valid); network, timeout, 429 and 5xx → retryable ProviderError; another 4xx →
   * ProviderError with CCV's message; a body that is not JSON → ProviderError (ccv_response_invalid).
   * Neither the key nor the request body appears in any error.
   */
  private async call(
    ctx: ProviderContext,
    method: 'GET' | 'POST',
    path: string,
    opts: { query?: Record<string, string>; body?: unknown; idempotency?: string } = {},
  ): Promise<ExactJson> {
    const { credentials } = ctx
    const prefix = credentials.mode === 'live' ? 'l_' : 't_'
    if (!credentials.api_key.startsWith(prefix)) {
      throw new InvalidCredentials(`a CCV ${credentials.mode} API key starts with ${prefix}`, 'key_prefix', {
        prefix,
        mode: credentials.mode,
      })
    }
    const url = new URL(`${(credentials.api_base ?? ccvApiBase).replace(/\/+$/, '')}${path}`)
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v)
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${credentials.api_key}:`).toString('base64')}`,
      accept: 'application/json',
    }
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    if (opts.idempotency !== undefined)
      headers['idempotency-reference'] = idempotencyReference(opts.idempotency)

    let res: Response
    let text: string
    try {
      res = await this.fetchImpl(url, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      })
      text = await res.text()
    } catch (err) {
      const why = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'could not be reached'
      throw new ProviderError(`CCV ${why} (${method} ${path})`, true)
    }

    if (res.status === 401 || res.status === 403) {
      throw new InvalidCredentials('CCV refused the API key')
    }
    if (res.status === 429 || res.status >= 500) {
      throw new ProviderError(`CCV answered ${res.status} to ${method} ${path}`, true, res.status)
    }
    if (res.status >= 300) {
      throw new ProviderError(ccvErrorMessage(res.status, text), false, res.status)
    }
    try {
      return parseExactJson(text)
    } catch {
      throw invalidResponse(`CCV answered ${method} ${path} with something that is not JSON`)
    }
  }
}

/** The one adapter a process needs: it keeps no state between calls. */
export const ccvProvider = new CcvProvider()

function invalidResponse(detail: string): ProviderError {
  return new ProviderError(`CCV response invalid: ${detail}`, false)
}

function upper(currency: string): string {
  return currency.toUpperCase()
}

/** An amount we send: positive, in a currency CCV's two-decimal format can express. */
function outgoingAmount(amount: bigint, currency: string): string {
  if (!ccvSupportsCurrency(currency)) {
    throw new ProviderError(`CCV amounts have two decimals; ${currency} is not supported`, false)
  }
  if (amount <= 0n) throw new ProviderError('a CCV amount must be positive', false)
  return toCcvAmount(amount, currency)
}

/** An amount CCV sent: exact, or the response is invalid (never rounded). */
function incomingAmount(text: string, currency: string): bigint {
  try {
    return fromCcvAmount(text, currency)
  } catch (err) {
    throw invalidResponse(`amount ${text.slice(0, 40)}: ${(err as Error).message}`)
  }
}

function transaction(json: ExactJson): CcvTransaction {
  const parsed = transactionSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw invalidResponse(`transaction ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'malformed'}`)
  }
  if (!ccvSupportsCurrency(upper(parsed.data.currency))) {
    throw invalidResponse(`unsupported currency ${parsed.data.currency}`)
  }
  return parsed.data
}

function paymentStatus(tx: CcvTransaction): ProviderPaymentStatus {
  switch (tx.status) {
    case 'success':
      return 'paid'
    case 'failed':
      return tx.failureCode === 'expired'
        ? 'expired'
        : tx.failureCode === 'cancelled'
          ? 'cancelled'
          : 'failed'
    // manualintervention is not final: CCV's helpdesk settles it, and the next read shows the outcome.
    case 'pending':
    case 'manualintervention':
      return 'open'
  }
}

function toPayment(tx: CcvTransaction, refunds: ProviderRefund[]): ProviderPayment {
  const currency = upper(tx.currency)
  const status = paymentStatus(tx)
  const payment: ProviderPayment = {
    providerPaymentId: tx.reference,
    status,
    amount: incomingAmount(tx.amount, currency),
    currency,
    refunds,
  }
  if (status === 'open' && tx.payUrl) payment.checkoutUrl = tx.payUrl
  if (tx.status === 'failed') {
    const code = tx.failureCode ?? 'failed'
    const own = tx.details?.acquirerResponseCodeDescription
    payment.failure = {
      code,
      message: typeof own === 'string' && own ? own : (failureText[code] ?? 'The payment failed.'),
    }
  }
  const masked = tx.details?.maskedPan
  if (tx.brand && typeof masked === 'string' && /\d{4}$/.test(masked)) {
    payment.card = { brand: tx.brand, last4: masked.slice(-4) }
  }
  const finalAt = tx.statusFinalDate ?? tx.lastUpdate
  if (tx.status === 'success' && finalAt) payment.paidAt = new Date(Number(finalAt))
  return payment
}

function toRefund(tx: CcvTransaction, currency: string): ProviderRefund {
  if (upper(tx.currency) !== currency)
    throw invalidResponse('the refund has another currency than its payment')
  return {
    providerRefundId: tx.reference,
    amount: incomingAmount(tx.amount, currency),
    status: tx.status === 'success' ? 'succeeded' : tx.status === 'failed' ? 'failed' : 'pending',
  }
}

function toMerchant(json: ExactJson): ProviderMerchant {
  const parsed = merchantSchema.safeParse(json)
  if (!parsed.success) throw invalidResponse('merchant malformed')
  const merchant: ProviderMerchant = {
    merchantAccountId: parsed.data.externalReference,
    status: parsed.data.status,
  }
  if (parsed.data.status === 'pending' && parsed.data.onboardingUrl) {
    merchant.onboardingUrl = parsed.data.onboardingUrl
  }
  return merchant
}

function payoutInstructions(input: CreatePaymentInput) {
  const splits = input.splits ?? []
  let total = 0n
  for (const s of splits) {
    if (!s.merchantAccountId) throw new ProviderError('a split needs a CCV merchant reference', false)
    if (s.amount <= 0n) throw new ProviderError('a split amount must be positive', false)
    total += s.amount
  }
  if (total > input.amount) throw new ProviderError('the splits add up to more than the payment', false)
  return splits.map((s) => ({
    externalReference: s.merchantAccountId,
    amount: toCcvAmount(s.amount, input.currency),
    description: input.description,
  }))
}

/**
 * CCV wants every refund of a split payment to say which merchants bear it. Our refund says only how
 * much, so it is spread over the instructions and the platform's remainder in proportion to the
 * original parts, without losing or inventing a cent; parts that round to zero are left out.
 */
function refundInstructions(original: CcvTransaction, amount: bigint, currency: string) {
  const instructions = original.payoutInstructions ?? []
  const parts = instructions.map((p) => incomingAmount(p.amount, currency))
  const remainder = incomingAmount(original.amount, currency) - parts.reduce((s, p) => s + p, 0n)
  const weights = [...parts, remainder > 0n ? remainder : 0n].map((w) => {
    const n = Number(w)
    if (!Number.isSafeInteger(n)) throw new ProviderError('split amounts too large to apportion', false)
    return n
  })
  const shares = allocate({ amount, currency }, weights)
  return instructions
    .map((p, i) => ({
      externalReference: p.externalReference,
      amount: toCcvAmount(shares[i]!.amount, currency),
      description: p.description ?? undefined,
    }))
    .filter((_, i) => shares[i]!.amount > 0n)
}

/** CCV's `Idempotency-Reference` holds at most 50 characters; a longer id is hashed to 43. */
function idempotencyReference(ours: string): string {
  return ours.length <= 50 ? ours : createHash('sha256').update(ours).digest('base64url')
}

function ccvLanguage(locale: string | undefined): string {
  const primary = (locale ?? 'en').toLowerCase().split(/[-_]/)[0] ?? 'en'
  return ccvLanguageOf[primary] ?? 'eng'
}

/** CCV's metadata is one string of `key:value` pairs joined by `;`, at most 255 characters. */
function metadataString(metadata: Record<string, string>): string | undefined {
  const text = Object.entries(metadata)
    .map(([k, v]) => `${k}:${v}`.replace(/;/g, ','))
    .join(';')
  return text ? text.slice(0, 255) : undefined
}

function ccvErrorMessage(status: number, text: string): string {
  let parsed: z.infer<typeof errorBodySchema> | undefined
  try {
    const body = errorBodySchema.safeParse(JSON.parse(text))
    if (body.success) parsed = body.data
  } catch {
    // not JSON: the status alone is the message
  }
  const code = parsed?.failureCode ?? parsed?.type
  const message = parsed?.message ? parsed.message.slice(0, 500) : `status ${status}`
  return `CCV refused the request${code ? ` (${code})` : ''}: ${message}`
}

function headerValue(headers: Record<string, string | undefined>, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name && v !== undefined) return v
  return undefined
}

/** Hex HMAC-SHA512 of a delivery's raw body: how a signed CCV delivery is signed (assumption). */
export function ccvSignature(rawBody: string, key: string): string {
  return createHmac('sha512', key).update(rawBody, 'utf8').digest('hex')
}

function signatureMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given.trim().toLowerCase(), 'utf8')
  const b = Buffer.from(expected, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}
