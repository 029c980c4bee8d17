/**
 * Terminal: payment management programs at work. The phone as payment terminal (at a cashpoint an
 * amount becomes a payment and a signed, single-use QR link the payer scans at `/pay`; the screen
 * follows the payment live), payment requests from merchants' own systems (the same, asked over
 * the API, with the outcome sent to their callback), the payment notifications a program owner
 * sets up (webhooks endpoints that receive the catalogue fields they choose when a payment in the
 * program is paid, refunded or fails), and the statistics of paid payments per day. Payments,
 * programs and webhooks are used through their public surfaces only.
 */
import { alwaysRefundable, payableRefunds } from '../payments/index.ts'
import { defineModule } from '../platform/module.ts'
import { provide } from '../platform/ports.ts'
import { terminalErrors } from './errors.ts'
import { registerTerminalRoutes } from './http/routes.ts'
import { onPaymentEnded, onPaymentPaid, onPaymentRefunded } from './jobs/payment-news.ts'

export { type CatalogueCategory, catalogue, fieldUuid } from './catalogue.ts'
export { tokenLifetimeMs } from './tokens.ts'

export const terminalModule = defineModule({
  name: 'terminal',
  errors: terminalErrors,
  // A paid terminal request may be refunded by the program's owner.
  provides: [provide(payableRefunds, { kind: 'terminal_request', rule: alwaysRefundable })],
  routes: (app) => registerTerminalRoutes(app),
  handlers: [onPaymentPaid, onPaymentEnded, onPaymentRefunded],
})
