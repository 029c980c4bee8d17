/**
 * Payments: every program type pays through this module. A payment is recorded for a payable
 * (a payment link, card order, bill, food order or terminal request), paid in attempts at a
 * provider behind one adapter interface (the built-in sandbox, CCV, Stripe), and kept in step with
 * the provider by signed webhooks and a reconciliation job. Every capture, fee and refund is posted
 * to the ledger through the outbox, once per source.
 */
import { defineModule } from '../platform/module.ts'
import { need, provide } from '../platform/ports.ts'
import { paymentsErrors } from './errors.ts'
import { registerPaymentsRoutes } from './http/routes.ts'
import { cancelOtherAttempts, sendDuplicateRefund, sendRecordedRefund } from './jobs/charge-once.ts'
import { deliverSandboxWebhook } from './jobs/deliver-sandbox-webhook.ts'
import { processWebhook } from './jobs/process-webhook.ts'
import { reconcilePayments } from './jobs/reconcile.ts'
import { paymentLinkPayable } from './payables.ts'
import { alwaysRefundable, payableRefunds, programDirectory } from './ports.ts'

export { cardMessages, parseCardNumber } from './card-numbers.ts'
export { type CloseOutcome, closePayment } from './commands/close-payment.ts'
export { type CreatePaymentInput, createPayment } from './commands/create-payment.ts'
export { merchantStatus, onboardMerchant } from './commands/onboard-merchant.ts'
export { refundPayment, refundUnwantedPayment, sendRefund } from './commands/refund-payment.ts'
export { releaseSplit } from './commands/release-split.ts'
export {
  type PlatformAccountInput,
  type ProviderAccountInput,
  savePlatformAccount,
  saveProviderAccount,
} from './commands/save-provider-account.ts'
export { type StartAttemptInput, startAttempt } from './commands/start-attempt.ts'
export { syncAttempt } from './commands/sync-attempt.ts'
export { hasProgramAccount, insertAccount, platformSandboxAccount } from './db/accounts.ts'
export { paymentEnded, paymentPaid, paymentRefunded, providerWebhookAccepted } from './events.ts'
export { paymentMethods } from './methods.ts'
export { paymentLinkPayable } from './payables.ts'
export {
  alwaysRefundable,
  type ProgramDirectory,
  payableRefunds,
  programDirectory,
  type RefundRule,
} from './ports.ts'
export type { CardDetails, PaymentProvider, ProviderId } from './providers/provider.ts'
export {
  type DailyPaymentTotal,
  dailyPaymentTotals,
  type PaymentFacts,
  type PaymentTotalsFilter,
  payablePayments,
  paymentFacts,
  refundFacts,
} from './queries/facts.ts'
export { type PayoutFacts, payoutFacts } from './queries/payouts.ts'
export type { Split } from './splits.ts'
export { type PaymentStatus, paymentStatuses } from './state.ts'
export { isVatCode, splitGross, type VatCode, vatCodes, vatRateOn } from './vat.ts'

export const paymentsModule = defineModule({
  name: 'payments',
  errors: paymentsErrors,
  offers: [programDirectory, payableRefunds],
  // A payment asked for through the API may be refunded by its owner.
  provides: [provide(payableRefunds, { kind: paymentLinkPayable, rule: alwaysRefundable })],
  needs: [need(programDirectory, { from: 'programs' })],
  routes: (app) => registerPaymentsRoutes(app),
  handlers: [
    processWebhook,
    deliverSandboxWebhook,
    cancelOtherAttempts,
    sendDuplicateRefund,
    sendRecordedRefund,
  ],
  jobs: [reconcilePayments],
})
