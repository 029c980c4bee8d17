import { createHmac, timingSafeEqual } from 'node:crypto'
import type { z } from 'zod'
import {
  type CardDetails,
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
  webhookTolerance,
} from '../provider.ts'
import {
  assertKeyMatchesMode,
  maskDigits,
  StripeApiError,
  type StripeHttpOptions,
  type StripeRequest,
  stripeRequest,
} from './api.ts'
import type { FormValue } from './form.ts'
import * as s from './schemas.ts'

/** Our keys in Stripe metadata. */
const meta = {
  reference: 'cardpay_reference',
  flow: 'cardpay_flow',
  returnUrl: 'cardpay_return_url',
} as const

type Flow = 'checkout' | 'direct'

/** What a payment is read with: the PaymentIntent's latest charge and its fee. */
const expandIntent = 'latest_charge.balance_transaction'
const expandSession = `payment_intent.${expandIntent}`

/**
 * Stripe behind the payment-provider interface, over Stripe's REST API with `fetch` (no SDK, so
 * `credentials.api_base` can point it at the local fake in `fake-stripe/`).
 *
 * How our payments map onto Stripe's objects:
 * - **Hosted page** (no `card` in the input): a Checkout Session in payment mode. Its id (`cs_…`) is
 *   the `providerPaymentId`, because Stripe makes the session's PaymentIntent only when the payer
 *   submits the page, so there is no `pi_…` to hand back at creation. `getPayment` reads the session
 *   with its PaymentIntent, latest charge and balance transaction expanded.
 * - **Direct card payment** (`card` in the input): a PaymentIntent confirmed at once; its id (`pi_…`)
 *   is the `providerPaymentId`.
 * - Both carry our reference in metadata (`cardpay_reference`) and as the transfer group, and say
 *   which flow made them (`cardpay_flow`: checkout or direct) so webhooks can be routed back.
 * - **Webhooks** about a PaymentIntent, its charges or refunds name the `pi_…`; for a hosted payment
 *   `verifyWebhook` looks up its Checkout Session and answers the `cs_…`, so the payments module
 *   always gets back the id it stored. That lookup is one API call; when Stripe cannot be reached it
 *   throws a retryable ProviderError, and answering the delivery with a 5xx makes Stripe send it again.
 * - **Statuses**: requires_payment_method is 'open' (with the decline as `failure` on a hosted page,
 *   where the payer may try again) or 'failed' for a declined direct card; requires_action and
 *   requires_confirmation are 'requires_action'; processing is 'open'; succeeded 'paid'; canceled
 *   'cancelled'; an expired session 'expired'.
 * - **Cancelling** (`cancelPayment`): a hosted payment's Checkout Session is expired, a direct
 *   payment's PaymentIntent cancelled; what Stripe no longer lets us cancel is read and answered as
 *   it is (paid, when it was paid first).
 * - **Food-court splits**: "separate charges and transfers". The payment is charged on the platform
 *   account; `releasePayout` transfers a merchant's part to its Express account with the charge as
 *   `source_transaction`, so the transfer is possible before the charge's funds are available.
 *   `CreatePaymentInput.splits` is not sent to Stripe: the payment's transfer group is enough.
 */
export class StripeProvider implements PaymentProvider {
  readonly id = 'stripe' as const
  /** `stripe` is the hosted page with the payment methods chosen in the Stripe dashboard. */
  readonly methods: readonly PaymentMethodId[] = ['card', 'ideal', 'paypal', 'stripe']
  readonly #http: StripeHttpOptions

  constructor(options: StripeHttpOptions = {}) {
    this.#http = options
  }

  #call<S extends z.ZodType>(ctx: ProviderContext, req: StripeRequest<S>) {
    return stripeRequest(ctx.credentials, req, this.#http)
  }

  async verifyCredentials(ctx: ProviderContext): Promise<void> {
    assertKeyMatchesMode(ctx.credentials)
    const secrets = webhookSecrets(ctx.credentials.webhook_secret)
    if (
      ctx.credentials.webhook_secret !== undefined &&
      (secrets.length === 0 || secrets.some((x) => !x.startsWith('whsec_')))
    ) {
      throw new InvalidCredentials(
        'Stripe webhook signing secrets start with whsec_',
        'webhook_secret_prefix',
      )
    }
    let balance: { livemode: boolean }
    try {
      balance = await this.#call(ctx, { method: 'GET', path: '/v1/balance', schema: s.balance })
    } catch (err) {
      // A restricted key without read access to the balance cannot run payments either.
      if (err instanceof StripeApiError && err.status === 403) {
        throw new InvalidCredentials(
          'this Stripe key is not allowed to read the account balance',
          'key_not_allowed',
        )
      }
      throw err
    }
    if (balance.livemode !== (ctx.credentials.mode === 'live')) {
      throw new InvalidCredentials(
        `Stripe says this key is not a ${ctx.credentials.mode}-mode key`,
        'wrong_mode_key',
        {
          mode: ctx.credentials.mode,
        },
      )
    }
  }

  async createPayment(ctx: ProviderContext, input: CreatePaymentInput): Promise<ProviderPayment> {
    if (!this.methods.includes(input.method)) {
      throw new ProviderError(`Stripe does not take the payment method ${input.method}`, false)
    }
    if (input.amount <= 0n) throw new ProviderError('a Stripe payment needs a positive amount', false)
    return input.card ? this.#payByCard(ctx, input, input.card) : this.#openCheckout(ctx, input)
  }

  async #openCheckout(ctx: ProviderContext, input: CreatePaymentInput): Promise<ProviderPayment> {
    const metadata = { ...input.metadata, [meta.reference]: input.reference, [meta.flow]: 'checkout' }
    const session = await this.#call(ctx, {
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: input.reference,
      schema: s.checkoutSession,
      params: {
        mode: 'payment',
        client_reference_id: input.reference,
        success_url: input.returnUrl,
        // A payer who gives up comes back to the same place; the payment is then still open.
        cancel_url: input.returnUrl,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amount,
              product_data: { name: input.description || input.reference },
            },
          },
        ],
        // Without a list Checkout offers the methods enabled in the dashboard ("stripe").
        payment_method_types: input.method === 'stripe' ? undefined : [input.method],
        locale: checkoutLocale(input.locale),
        metadata,
        payment_intent_data: {
          description: input.description,
          metadata,
          transfer_group: input.reference,
        },
      },
    })
    return sessionToPayment(session, [])
  }

  /**
   * A direct card payment: the card goes to Stripe in `payment_method_data[card]` and is confirmed
   * at once. Stripe accepts raw card numbers only from accounts it has enabled for raw card data
   * (PCI DSS SAQ D); other accounts get an error answer, which comes back as a ProviderError with
   * Stripe's explanation. The card lives only in this request body: it is never logged, and error
   * texts are masked for long digit runs on the way out (`maskDigits`).
   */
  async #payByCard(
    ctx: ProviderContext,
    input: CreatePaymentInput,
    card: CardDetails,
  ): Promise<ProviderPayment> {
    if (input.method !== 'card') {
      throw new ProviderError(`card details were given for a ${input.method} payment`, false)
    }
    const params: Record<string, FormValue> = {
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      confirm: true,
      description: input.description,
      payment_method_types: ['card'],
      payment_method_data: {
        type: 'card',
        card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
        billing_details: card.holder ? { name: card.holder } : undefined,
      },
      // Where the payer's browser comes back to after 3-D Secure.
      return_url: input.returnUrl,
      metadata: { ...input.metadata, [meta.reference]: input.reference, [meta.flow]: 'direct' },
      transfer_group: input.reference,
      expand: ['latest_charge.balance_transaction'],
    }
    try {
      const intent = await this.#call(ctx, {
        method: 'POST',
        path: '/v1/payment_intents',
        idempotencyKey: input.reference,
        schema: s.paymentIntent,
        params,
      })
      return intentToPayment(intent, 'direct', [])
    } catch (err) {
      // A decline is an answer: Stripe sends the PaymentIntent, now carrying the decline, with the 402.
      if (err instanceof StripeApiError && err.body.type === 'card_error') {
        const intent = s.paymentIntent.safeParse(err.body.payment_intent)
        if (intent.success) return intentToPayment(intent.data, 'direct', [])
        // Refused before a PaymentIntent existed (e.g. a mistyped number): Stripe's words, for the payer.
        throw new ProviderError(err.body.message ?? 'The card was refused.', false, err.status)
      }
      throw err
    }
  }

  async getPayment(ctx: ProviderContext, providerPaymentId: string): Promise<ProviderPayment> {
    if (paymentIdKind(providerPaymentId) === 'checkout') {
      const session = await this.#call(ctx, {
        method: 'GET',
        path: `/v1/checkout/sessions/${providerPaymentId}`,
        params: { expand: [expandSession] },
        schema: s.checkoutSession,
      })
      return this.#sessionPayment(ctx, session)
    }
    const intent = await this.#call(ctx, {
      method: 'GET',
      path: `/v1/payment_intents/${providerPaymentId}`,
      params: { expand: [expandIntent] },
      schema: s.paymentIntent,
    })
    return this.#intentPayment(ctx, intent)
  }

  /**
   * A hosted payment's Checkout Session is expired (`POST /v1/checkout/sessions/{id}/expire`: Stripe
   * cancels its unpaid PaymentIntent with it, and the page no longer takes a payment); a direct card
   * payment's PaymentIntent is cancelled (`POST /v1/payment_intents/{id}/cancel`, possible in
   * requires_payment_method, requires_confirmation, requires_action, requires_capture and, rarely,
   * processing). `cancel-<id>` is the Idempotency-Key, so a retried cancel is the same request.
   *
   * Stripe answers 400 when the object is past cancelling: a session no longer open (paid, or
   * already expired), an intent that succeeded or was cancelled before. The payment is then read and
   * answered as it is, so a payment paid before or during the cancel is answered as paid.
   */
  async cancelPayment(ctx: ProviderContext, providerPaymentId: string): Promise<ProviderPayment> {
    const kind = paymentIdKind(providerPaymentId)
    const idempotencyKey = `cancel-${providerPaymentId}`
    try {
      if (kind === 'checkout') {
        const session = await this.#call(ctx, {
          method: 'POST',
          path: `/v1/checkout/sessions/${providerPaymentId}/expire`,
          idempotencyKey,
          params: { expand: [expandSession] },
          schema: s.checkoutSession,
        })
        return await this.#sessionPayment(ctx, session)
      }
      const intent = await this.#call(ctx, {
        method: 'POST',
        path: `/v1/payment_intents/${providerPaymentId}/cancel`,
        idempotencyKey,
        // The payer left this payment for another (method, page or way to pay).
        params: { cancellation_reason: 'abandoned', expand: [expandIntent] },
        schema: s.paymentIntent,
      })
      return await this.#intentPayment(ctx, intent)
    } catch (err) {
      if (!(err instanceof StripeApiError) || err.status !== 400) throw err
      this.#http.logger?.debug(
        { provider: 'stripe', payment: providerPaymentId, code: err.body.code },
        'stripe cannot cancel the payment any more; reading it',
      )
      return this.getPayment(ctx, providerPaymentId)
    }
  }

  /** A Checkout Session read with `expandSession`, with its refunds: one of our payments. */
  async #sessionPayment(ctx: ProviderContext, session: s.StripeCheckoutSession): Promise<ProviderPayment> {
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : undefined
    return sessionToPayment(session, intent ? await this.#refundsOf(ctx, intent) : [])
  }

  /** A direct payment's PaymentIntent read with `expandIntent`, with its refunds. */
  async #intentPayment(ctx: ProviderContext, intent: s.StripePaymentIntent): Promise<ProviderPayment> {
    return intentToPayment(intent, flowOf(intent), await this.#refundsOf(ctx, intent))
  }

  /** Refunds are their own list since API 2022-11-15; only a paid PaymentIntent can have any. */
  async #refundsOf(ctx: ProviderContext, intent: s.StripePaymentIntent): Promise<ProviderRefund[]> {
    if (intent.status !== 'succeeded') return []
    const out: ProviderRefund[] = []
    let after: string | undefined
    for (;;) {
      const page = await this.#call(ctx, {
        method: 'GET',
        path: '/v1/refunds',
        params: { payment_intent: intent.id, limit: 100, starting_after: after },
        schema: s.list(s.refund),
      })
      out.push(...page.data.map(toRefund))
      if (!page.has_more || page.data.length === 0) return out
      after = page.data.at(-1)!.id
    }
  }

  async refund(ctx: ProviderContext, input: RefundInput): Promise<ProviderRefund> {
    const intent = await this.#intentOf(ctx, input.providerPaymentId)
    if (intent.currency.toUpperCase() !== input.currency) {
      throw new ProviderError(
        `the payment is in ${intent.currency.toUpperCase()}, not ${input.currency}`,
        false,
      )
    }
    const refund = await this.#call(ctx, {
      method: 'POST',
      path: '/v1/refunds',
      idempotencyKey: input.reference,
      schema: s.refund,
      params: {
        payment_intent: intent.id,
        amount: input.amount,
        metadata: {
          [meta.reference]: input.reference,
          [meta.flow]: paymentIdKind(input.providerPaymentId),
        },
      },
    })
    return toRefund(refund)
  }

  /** The PaymentIntent behind one of our payment ids (a hosted payment's only once the payer submitted). */
  async #intentOf(ctx: ProviderContext, providerPaymentId: string): Promise<s.StripePaymentIntent> {
    if (paymentIdKind(providerPaymentId) === 'direct') {
      return this.#call(ctx, {
        method: 'GET',
        path: `/v1/payment_intents/${providerPaymentId}`,
        schema: s.paymentIntent,
      })
    }
    const session = await this.#call(ctx, {
      method: 'GET',
      path: `/v1/checkout/sessions/${providerPaymentId}`,
      params: { expand: ['payment_intent'] },
      schema: s.checkoutSession,
    })
    if (typeof session.payment_intent !== 'object' || !session.payment_intent) {
      throw new ProviderError('nothing has been paid on this Checkout Session yet', false)
    }
    return session.payment_intent
  }

  /**
   * Stripe signs `${t}.${rawBody}` with HMAC-SHA256 under the endpoint's `whsec_…` secret and sends
   * `Stripe-Signature: t=…,v1=…` (several v1 while a secret is being rolled). The body must be the
   * exact bytes received. A signature older or newer than `webhookTolerance` is refused, so a
   * captured delivery cannot be replayed later.
   *
   * `webhook_secret` may hold several secrets separated by commas: Stripe signs events of connected
   * accounts (onboarding) at a Connect endpoint with a secret of its own, and a rolled secret
   * overlaps with the old one for a while.
   */
  async verifyWebhook(ctx: ProviderContext, delivery: WebhookDelivery): Promise<VerifiedWebhook> {
    const header = headerValue(delivery.headers, 'stripe-signature')
    if (!header) throw new WebhookRejected('missing_signature')
    const secrets = webhookSecrets(ctx.credentials.webhook_secret)
    if (secrets.length === 0) {
      throw new WebhookRejected('bad_signature', 'no Stripe webhook signing secret is set for this account')
    }

    const { timestamp, signatures } = parseSignatureHeader(header)
    if (timestamp === undefined || signatures.length === 0) {
      throw new WebhookRejected('malformed', 'Stripe-Signature lacks t= or v1=')
    }
    const signed = `${timestamp}.${delivery.rawBody}`
    const matches = secrets.some((secret) => {
      const expected = createHmac('sha256', secret).update(signed).digest()
      return signatures.some((sig) => {
        const given = Buffer.from(sig, 'hex')
        return given.length === expected.length && timingSafeEqual(given, expected)
      })
    })
    if (!matches) throw new WebhookRejected('bad_signature')
    if (Math.abs(delivery.now.getTime() - Number(timestamp) * 1000) > webhookTolerance) {
      throw new WebhookRejected('stale')
    }

    let json: unknown
    try {
      json = JSON.parse(delivery.rawBody)
    } catch {
      throw new WebhookRejected('malformed', 'the body is not JSON')
    }
    const parsed = s.event.safeParse(json)
    if (!parsed.success) throw new WebhookRejected('malformed', 'the body is not a Stripe event')
    const event = parsed.data
    if (event.livemode !== (ctx.credentials.mode === 'live')) {
      throw new WebhookRejected(
        'malformed',
        `a ${event.livemode ? 'live' : 'test'}-mode event for a ${ctx.credentials.mode}-mode account`,
      )
    }
    return this.#describe(ctx, event)
  }

  /**
   * Which of our objects an event is about. Event types we do not act on are still acknowledged
   * (no ids): Stripe disables an endpoint that keeps refusing deliveries.
   */
  async #describe(ctx: ProviderContext, event: z.infer<typeof s.event>): Promise<VerifiedWebhook> {
    const obj = event.data.object
    const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined)
    const out: VerifiedWebhook = {
      eventId: event.id,
      type: event.type,
      occurredAt: new Date(event.created * 1000),
    }
    const family = event.type.split('.')[0]
    let intentId: string | undefined
    if (event.type.startsWith('checkout.session.')) {
      if (obj.mode === 'payment') out.providerPaymentId = str(obj.id)
    } else if (family === 'payment_intent') intentId = str(obj.id)
    else if (family === 'charge' || family === 'refund') intentId = str(obj.payment_intent)
    else if (family === 'account') {
      out.merchantAccountId = obj.object === 'account' ? str(obj.id) : (event.account ?? undefined)
    } else if (family === 'capability' || family === 'person') out.merchantAccountId = str(obj.account)
    else if (family === 'transfer') {
      out.transferId = str(obj.id)
      out.merchantAccountId = str(obj.destination)
    } else if (family === 'payout' && event.account) out.merchantAccountId = event.account

    if (intentId) {
      const flow = (obj.metadata as Record<string, unknown> | undefined)?.[meta.flow]
      out.providerPaymentId =
        flow === 'direct' ? intentId : ((await this.#sessionOf(ctx, intentId)) ?? intentId)
    }
    return out
  }

  /** The Checkout Session that made a PaymentIntent, if one did. */
  async #sessionOf(ctx: ProviderContext, intentId: string): Promise<string | undefined> {
    const page = await this.#call(ctx, {
      method: 'GET',
      path: '/v1/checkout/sessions',
      params: { payment_intent: intentId, limit: 1 },
      schema: s.list(s.checkoutSession),
    })
    return page.data[0]?.id
  }

  /**
   * An Express connected account that can take card payments and receive transfers, and the link to
   * Stripe's onboarding. The return URL is kept in the account's metadata so `getMerchant` can make
   * a fresh link later (links are single-use and expire after minutes).
   */
  async onboardMerchant(ctx: ProviderContext, input: OnboardMerchantInput): Promise<ProviderMerchant> {
    const account = await this.#call(ctx, {
      method: 'POST',
      path: '/v1/accounts',
      idempotencyKey: input.reference,
      schema: s.account,
      params: {
        type: 'express',
        country: input.country.toUpperCase(),
        email: input.email,
        business_profile: { name: input.name },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { [meta.reference]: input.reference, [meta.returnUrl]: input.returnUrl },
      },
    })
    return this.#merchant(ctx, account)
  }

  async getMerchant(ctx: ProviderContext, merchantAccountId: string): Promise<ProviderMerchant> {
    assertStripeId(merchantAccountId, 'acct_')
    const account = await this.#call(ctx, {
      method: 'GET',
      path: `/v1/accounts/${merchantAccountId}`,
      schema: s.account,
    })
    return this.#merchant(ctx, account)
  }

  async #merchant(ctx: ProviderContext, account: s.StripeAccount): Promise<ProviderMerchant> {
    const status = merchantStatus(account)
    const returnUrl = account.metadata[meta.returnUrl]
    if (status !== 'pending' || !returnUrl) return { merchantAccountId: account.id, status }
    const link = await this.#call(ctx, {
      method: 'POST',
      path: '/v1/account_links',
      schema: s.accountLink,
      params: {
        account: account.id,
        type: 'account_onboarding',
        refresh_url: returnUrl,
        return_url: returnUrl,
      },
    })
    return { merchantAccountId: account.id, status, onboardingUrl: link.url }
  }

  /**
   * Transfers a merchant's part of a paid payment to its connected account. The payment's charge is
   * the `source_transaction`: Stripe accepts the transfer at once and moves the funds when the
   * charge's funds become available, so the transfer is final from our side ('paid').
   */
  async releasePayout(ctx: ProviderContext, input: PayoutInput): Promise<ProviderPayout> {
    assertStripeId(input.merchantAccountId, 'acct_')
    const intent = await this.#intentOf(ctx, input.providerPaymentId)
    const chargeId =
      typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id
    if (intent.status !== 'succeeded' || !chargeId) {
      throw new ProviderError('the payment is not paid, so there is nothing to transfer', false)
    }
    if (intent.currency.toUpperCase() !== input.currency) {
      throw new ProviderError(
        `the payment is in ${intent.currency.toUpperCase()}, not ${input.currency}`,
        false,
      )
    }
    const transfer = await this.#call(ctx, {
      method: 'POST',
      path: '/v1/transfers',
      idempotencyKey: input.reference,
      schema: s.transfer,
      params: {
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        destination: input.merchantAccountId,
        source_transaction: chargeId,
        transfer_group: intent.transfer_group ?? undefined,
        metadata: { [meta.reference]: input.reference, cardpay_payment: input.providerPaymentId },
      },
    })
    return { providerTransferId: transfer.id, status: transfer.reversed ? 'failed' : 'paid' }
  }
}

/** The adapter with default settings (the global `fetch`, no logging). */
export const stripeProvider = new StripeProvider()

/** Checkout speaks en, nl, de and ru of our languages; for the others (uk) it follows the browser. */
function checkoutLocale(locale: string | undefined): string {
  const lang = locale?.toLowerCase().split(/[-_]/)[0]
  return lang && ['en', 'nl', 'de', 'ru'].includes(lang) ? lang : 'auto'
}

/** Also keeps a caller's id from reaching any other path of the API. */
function assertStripeId(id: string, prefix: string): void {
  if (!id.startsWith(prefix) || !/^[a-z]+_[A-Za-z0-9_]+$/.test(id)) {
    throw new ProviderError(`${JSON.stringify(id.slice(0, 40))} is not a Stripe ${prefix}… id`, false)
  }
}

function paymentIdKind(providerPaymentId: string): Flow {
  if (providerPaymentId.startsWith('cs_')) {
    assertStripeId(providerPaymentId, 'cs_')
    return 'checkout'
  }
  assertStripeId(providerPaymentId, 'pi_')
  return 'direct'
}

function flowOf(intent: s.StripePaymentIntent): Flow {
  return intent.metadata[meta.flow] === 'checkout' ? 'checkout' : 'direct'
}

function intentStatus(intent: s.StripePaymentIntent, flow: Flow): ProviderPaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'paid'
    case 'canceled':
      return 'cancelled'
    case 'processing':
    case 'requires_capture':
      return 'open'
    case 'requires_action':
    case 'requires_confirmation':
      return 'requires_action'
    case 'requires_payment_method':
      // After a decline a hosted page lets the payer try again; a direct payment cannot be retried
      // under the same reference (Stripe answers the stored decline), so it has failed.
      return intent.last_payment_error && flow === 'direct' ? 'failed' : 'open'
  }
}

function intentToPayment(
  intent: s.StripePaymentIntent,
  flow: Flow,
  refunds: ProviderRefund[],
): ProviderPayment {
  const status = intentStatus(intent, flow)
  const currency = intent.currency.toUpperCase()
  const charge = typeof intent.latest_charge === 'object' ? (intent.latest_charge ?? undefined) : undefined
  const txn =
    charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : undefined
  const error = intent.last_payment_error
  const card = charge?.payment_method_details?.card
  return {
    providerPaymentId: intent.id,
    status,
    amount: BigInt(intent.amount),
    currency,
    checkoutUrl:
      status === 'requires_action' ? (intent.next_action?.redirect_to_url?.url ?? undefined) : undefined,
    // The fee is in the settlement currency; only comparable when that is the payment's currency.
    fee: txn && txn.currency.toUpperCase() === currency ? BigInt(txn.fee) : undefined,
    failure:
      error && status !== 'paid'
        ? {
            code: error.decline_code ?? error.code ?? error.type,
            message: maskDigits(error.message ?? error.decline_code ?? error.code ?? error.type),
          }
        : undefined,
    card: card ? { brand: card.brand, last4: card.last4 } : undefined,
    refunds,
    paidAt: status === 'paid' && charge ? new Date(charge.created * 1000) : undefined,
  }
}

function sessionToPayment(session: s.StripeCheckoutSession, refunds: ProviderRefund[]): ProviderPayment {
  if (session.mode !== 'payment' || session.amount_total === null || !session.currency) {
    throw new ProviderError(`Checkout Session ${session.id} is not a payment`, false)
  }
  const checkoutUrl = session.status === 'open' ? (session.url ?? undefined) : undefined
  const intent =
    typeof session.payment_intent === 'object' ? (session.payment_intent ?? undefined) : undefined
  if (!intent) {
    const status: ProviderPaymentStatus =
      session.status === 'expired'
        ? 'expired'
        : session.status === 'complete' && session.payment_status === 'paid'
          ? 'paid'
          : 'open'
    return {
      providerPaymentId: session.id,
      status,
      amount: BigInt(session.amount_total),
      currency: session.currency.toUpperCase(),
      checkoutUrl,
      refunds: [],
    }
  }
  const payment = intentToPayment(intent, 'checkout', refunds)
  let status = payment.status
  // An expiring session cancels its unpaid PaymentIntent: for us that is the session's expiry.
  if (session.status === 'expired' && status !== 'paid') status = 'expired'
  // The page is closed and the (delayed) method failed: nothing more will happen on this session.
  else if (session.status === 'complete' && intent.status === 'requires_payment_method') status = 'failed'

  // While the page is open the payer confirms (3-D Secure included) on the page itself.
  return { ...payment, providerPaymentId: session.id, status, checkoutUrl }
}

function toRefund(refund: s.StripeRefund): ProviderRefund {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending'
  return {
    providerRefundId: refund.id,
    amount: BigInt(refund.amount),
    status,
    reference: refund.metadata[meta.reference],
  }
}

function merchantStatus(account: s.StripeAccount): ProviderMerchant['status'] {
  if (account.requirements?.disabled_reason?.startsWith('rejected')) return 'rejected'
  return account.charges_enabled && account.details_submitted ? 'active' : 'pending'
}

function webhookSecrets(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean)
}

function headerValue(headers: WebhookDelivery['headers'], name: string): string | undefined {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name && v) return v
  return undefined
}

/** `t=1700000000,v1=abc…,v1=def…,v0=…`: the timestamp as sent (it is part of the signed text) and every v1. */
function parseSignatureHeader(header: string): { timestamp?: string; signatures: string[] } {
  let timestamp: string | undefined
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const key = part.slice(0, eq).trim()
    const value = part.slice(eq + 1).trim()
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = value
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value)
  }
  return { timestamp, signatures }
}
