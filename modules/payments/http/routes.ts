import type { ApiApp } from '../../platform/module.ts'
import { registerCheckoutRoutes } from './checkout.ts'
import { registerPaymentRoutes } from './payments.ts'
import { registerSandboxRoutes } from './sandbox.ts'
import { registerWebhookRoutes } from './webhooks.ts'

export function registerPaymentsRoutes(app: ApiApp) {
  registerPaymentRoutes(app)
  registerCheckoutRoutes(app)
  registerWebhookRoutes(app)
  registerSandboxRoutes(app)
}
