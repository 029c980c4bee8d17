/**
 * What a program needs from a payment provider, whoever the provider is. The payments module talks
 * only to this interface; each provider (the built-in sandbox, the Dutch provider CCV, Stripe) is an
 * adapter over its documented HTTP API.
 *
 * Principles every adapter keeps:
 * - Amounts are integer minor units (bigint) with an ISO currency code.
 * - Our payment id travels as `reference` and is used as the provider-side idempotency key, so a
 *   create retried after a crash never makes a second provider payment.
 * - Card details (`CreatePaymentInput.card`) are handed over in memory only: never stored, never
 *   logged, never echoed in an error. Only brand and last four digits come back.
 * - Webhooks are treated as hints: `verifyWebhook` authenticates the delivery and says which object
 *   changed; the payments module then reads the object's current state with `getPayment`, so
 *   duplicated or reordered deliveries converge on the same truth.
 */

export const providerIds = ['sandbox', 'ccv', 'stripe'] as const
export type ProviderId = (typeof providerIds)[number]

export const providerModes = ['test', 'live'] as const
export type ProviderMode = (typeof providerModes)[number]

/** Ways to pay a payer can choose (see the methods catalogue, `GET payment/methods`). */
export const paymentMethodIds = ['ideal', 'card', 'stripe', 'paynl', 'paypal', 'ccv'] as const
export type PaymentMethodId = (typeof paymentMethodIds)[number]

/** Credentials of one provider account (a program's, or the platform's), decrypted in memory. */
export interface ProviderCredentials {
  mode: ProviderMode
  /** The secret API key (Stripe `sk_…`, CCV API key, sandbox `sk_test_…`). */
  api_key: string
  /** Secret that signs this account's webhooks, where the provider has a separate one (Stripe `whsec_…`). */
  webhook_secret?: string
  /** Base URL of the provider's API: set only to point an adapter at a local fake in tests. */
  api_base?: string
}

export interface ProviderContext {
  credentials: ProviderCredentials
  /** Our inbound webhook URL for this account. */
  webhookUrl: string
}

export interface CardDetails {
  /** Digits only, 16 of them. */
  number: string
  expMonth: number
  /** Four digits. */
  expYear: number
  cvc: string
  holder?: string
}

/** Part of a payment routed to a connected merchant (food courts); released later by `releasePayout`. */
export interface SplitRoute {
  merchantAccountId: string
  amount: bigint
  /** Hold the merchant's part until this time (or until released explicitly). */
  releaseAfter?: Date
}

export interface CreatePaymentInput {
  /** Our payment id: the provider's idempotency key and the reference shown in its dashboard. */
  reference: string
  amount: bigint
  currency: string
  method: PaymentMethodId
  description: string
  /** Where the payer's browser goes back to after the hosted page. */
  returnUrl: string
  metadata: Record<string, string>
  splits?: SplitRoute[]
  /** Direct card payment (`POST payment/pay`): in memory only. Without it the hosted page is used. */
  card?: CardDetails
  /** Language of the hosted page (en, nl, de, ru, uk). */
  locale?: string
}

export type ProviderPaymentStatus =
  | 'open' // created, waiting for the payer (hosted page not finished)
  | 'requires_action' // the payer must confirm (3-D Secure, bank app)
  | 'paid'
  | 'failed'
  | 'cancelled'
  | 'expired'

export interface ProviderRefund {
  providerRefundId: string
  amount: bigint
  status: 'pending' | 'succeeded' | 'failed'
  /** Our refund id, when the refund was made through us. */
  reference?: string
}

export interface ProviderPayment {
  providerPaymentId: string
  status: ProviderPaymentStatus
  amount: bigint
  currency: string
  /** Hosted page or confirmation URL to send the payer to, while the payment is open. */
  checkoutUrl?: string
  /** The provider's fee, once known (minor units, same currency). */
  fee?: bigint
  /** Why the last attempt failed, in the provider's words (shown to the payer). */
  failure?: { code: string; message: string }
  card?: { brand: string; last4: string }
  refunds: ProviderRefund[]
  paidAt?: Date
}

export interface RefundInput {
  providerPaymentId: string
  amount: bigint
  currency: string
  /** Our refund id: the provider's idempotency key. */
  reference: string
}

/** A webhook that passed verification: which object it is about. */
export interface VerifiedWebhook {
  /** The provider's event id (or a stable digest of the delivery when the provider has none). */
  eventId: string
  type: string
  providerPaymentId?: string
  merchantAccountId?: string
  transferId?: string
  occurredAt?: Date
}

export interface WebhookDelivery {
  headers: Record<string, string | undefined>
  rawBody: string
  now: Date
}

/** A delivery refused by `verifyWebhook`; `reason` is recorded, the provider gets a 4xx. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected'
  // Plain fields, not parameter properties: Node's type stripping cannot run those.
  readonly reason: 'missing_signature' | 'bad_signature' | 'stale' | 'malformed' | 'unknown_event'
  constructor(reason: WebhookRejected['reason'], message?: string) {
    super(message ?? reason)
    this.reason = reason
  }
}

/** The provider answered something we cannot use, or could not be reached (spec: ccv_response_invalid). */
export class ProviderError extends Error {
  override name = 'ProviderError'
  readonly retryable: boolean
  readonly status?: number
  constructor(message: string, retryable: boolean, status?: number) {
    super(message)
    this.retryable = retryable
    this.status = status
  }
}

/** The provider refused the credentials (spec: ccv_pay_key_not_valid). */
/**
 * Why a provider's keys were refused, as field error codes of `api_key`: the provider said no
 * (`key_refused`), or the key cannot be right for the provider or the mode.
 */
export type KeyRefusal =
  | 'key_refused'
  | 'not_sandbox_key'
  | 'no_live_mode'
  | 'key_prefix'
  | 'stripe_key_prefix'
  | 'wrong_mode_key'
  | 'webhook_secret_prefix'
  | 'key_not_allowed'

export class InvalidCredentials extends Error {
  override name = 'InvalidCredentials'
  readonly code: KeyRefusal
  /** The facts of the refusal (`prefix` the key must start with, `mode`). */
  readonly params: Record<string, string> | undefined

  constructor(message: string, code: KeyRefusal = 'key_refused', params?: Record<string, string>) {
    super(message)
    this.code = code
    this.params = params
  }
}

export interface OnboardMerchantInput {
  /** Our id for the merchant (a restaurant or acceptor): idempotency key. */
  reference: string
  email: string
  name: string
  country: string
  returnUrl: string
}

export interface ProviderMerchant {
  merchantAccountId: string
  status: 'pending' | 'active' | 'rejected'
  /** Where the merchant completes onboarding at the provider, while pending. */
  onboardingUrl?: string
}

export interface PayoutInput {
  providerPaymentId: string
  merchantAccountId: string
  amount: bigint
  currency: string
  /** Our payout id: idempotency key. */
  reference: string
}

export interface ProviderPayout {
  providerTransferId: string
  status: 'pending' | 'paid' | 'failed'
}

export interface PaymentProvider {
  readonly id: ProviderId
  /** Payment methods this provider can take. */
  readonly methods: readonly PaymentMethodId[]
  /** Checks credentials against the provider (saving a program's keys); throws InvalidCredentials. */
  verifyCredentials(ctx: ProviderContext): Promise<void>
  createPayment(ctx: ProviderContext, input: CreatePaymentInput): Promise<ProviderPayment>
  getPayment(ctx: ProviderContext, providerPaymentId: string): Promise<ProviderPayment>
  /**
   * Cancels a payment that is not paid yet (the payer switched method, opened a second page, or
   * paid another way) and answers its state afterwards. A payment already paid, or paid while the
   * cancel was under way, is answered as paid: the caller must handle that capture. A payment that
   * cannot be cancelled any more at the provider (the bank already has it) is answered as it is;
   * if it is captured later, the platform refunds it as a duplicate.
   */
  cancelPayment(ctx: ProviderContext, providerPaymentId: string): Promise<ProviderPayment>
  /** Full or partial refund; the refund may finish later (see `getPayment().refunds`). */
  refund(ctx: ProviderContext, input: RefundInput): Promise<ProviderRefund>
  /** Authenticates a delivery (signature, timestamp within 5 minutes); throws WebhookRejected. */
  verifyWebhook(ctx: ProviderContext, delivery: WebhookDelivery): VerifiedWebhook | Promise<VerifiedWebhook>
  onboardMerchant(ctx: ProviderContext, input: OnboardMerchantInput): Promise<ProviderMerchant>
  getMerchant(ctx: ProviderContext, merchantAccountId: string): Promise<ProviderMerchant>
  /** Releases a held split part to a connected merchant (or transfers it, for providers without holds). */
  releasePayout(ctx: ProviderContext, input: PayoutInput): Promise<ProviderPayout>
}

/** How far a webhook's timestamp may be from our clock. */
export const webhookTolerance = 5 * 60 * 1000
