import type { ApiApp } from '../../platform/module.ts'
import { registerCheckoutRoutes } from './checkout.ts'
import { registerPaymentRoutes } from './payments.ts'
import { registerPlatformProviderRoutes } from './platform-provider.ts'
import { registerProgramProviderRoutes } from './program-providers.ts'
import { registerSandboxRoutes } from './sandbox.ts'
import { registerTransactionRoutes } from './transactions.ts'
import { registerVatRoutes } from './vat.ts'
import { registerWebhookRoutes } from './webhooks.ts'

export function registerPaymentsRoutes(app: ApiApp) {
  registerPaymentRoutes(app)
  registerProgramProviderRoutes(app)
  registerPlatformProviderRoutes(app)
  registerCheckoutRoutes(app)
  registerWebhookRoutes(app)
  registerSandboxRoutes(app)
  registerTransactionRoutes(app)
  registerVatRoutes(app)
}
