import type { ErrorReason, Listed, ModuleErrors } from '../platform/errors.ts'

/**
 * Why a payment attempt failed at the provider, as far as the platform words it: the sandbox's
 * test cards and bank steps, CCV's failure codes and the most common card declines. A provider's
 * other codes are answered as `payment_failed` (the provider's own code in `params.failure_code`).
 */
export const paymentFailureReasons = [
  'payment_failed',
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'card_not_supported',
  'bank_refused',
  'authentication_failed',
  'paypal_not_approved',
  'fraud_detected',
  'card_refused',
  'rejected',
  'processing_error',
  'unsufficient_balance',
  'expired',
  'cancelled',
] as const

/** The payments module's closed list of error reasons (docs/payments.md). */
export const paymentsReasons = [
  ...paymentFailureReasons,
  'program_not_active',
  'platform_provider_missing',
  'ccv_pay_key_not_valid',
  'ccv_response_invalid',
  'sandbox_not_in_production',
  'attempt_in_progress',
  'already_paid',
  'payment_expired',
  'payment_method_is_not_supported',
  'not_refundable',
  'refund_too_large',
  'refund_refused',
  'not_paid',
  'held',
  'released',
  'payout_refused',
  'webhook_missing_signature',
  'webhook_bad_signature',
  'webhook_stale',
  'webhook_malformed',
  'webhook_unknown_event',
  'webhook_replayed',
  'no_receipt',
  // The sandbox provider refuses a step on a payment in the wrong state with that state.
  'open',
  'requires_action',
  'paid',
  'failed',
  'merchant_not_active',
  'no_split',
  'transfer_too_large',
] as const

/** Codes of the payments module's own field checks (card details, splits, refunds, keys). */
export const paymentsFieldCodes = [
  'invalid_card_number',
  'invalid_expiry',
  'invalid_cvc',
  'unknown_bank',
  'invalid_splits',
  'refund_too_large',
  'sandbox_not_in_production',
  'key_refused',
  'not_sandbox_key',
  'no_live_mode',
  'key_prefix',
  'stripe_key_prefix',
  'wrong_mode_key',
  'webhook_secret_prefix',
  'key_not_allowed',
  'payment_method_is_not_supported',
  'not_program_currency',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof paymentsReasons> {}
  interface FieldErrorCodes extends Listed<typeof paymentsFieldCodes> {}
}

export const paymentsErrors: ModuleErrors = { reasons: paymentsReasons, fieldCodes: paymentsFieldCodes }

const failureReasons: ReadonlySet<string> = new Set(paymentFailureReasons)

/** The reason a provider's failure code is answered with: itself when listed, else `payment_failed`. */
export const failureReason = (code: string): ErrorReason =>
  failureReasons.has(code) ? (code as ErrorReason) : 'payment_failed'
