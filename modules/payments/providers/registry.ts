import type { Services } from '../../platform/module.ts'
import type { PaymentAccount } from '../db/accounts.ts'
import { ccvProvider } from './ccv/ccv.ts'
import type { PaymentProvider, ProviderContext, ProviderId } from './provider.ts'
import { sandboxProvider } from './sandbox/adapter.ts'
import { StripeProvider } from './stripe/stripe.ts'

/** The adapters, built once per process from its services. */
const cache = new WeakMap<Services, Map<ProviderId, PaymentProvider>>()

export function providerFor(services: Services, id: ProviderId): PaymentProvider {
  let byId = cache.get(services)
  if (!byId) {
    byId = new Map()
    cache.set(services, byId)
  }
  let provider = byId.get(id)
  if (!provider) {
    provider = build(services, id)
    byId.set(id, provider)
  }
  return provider
}

function build(services: Services, id: ProviderId): PaymentProvider {
  switch (id) {
    case 'sandbox':
      return sandboxProvider({ db: services.db, publicUrl: services.config.PUBLIC_URL })
    case 'ccv':
      return ccvProvider
    case 'stripe':
      return new StripeProvider({ logger: services.log })
  }
}

/** Our inbound webhook URL for an account: the provider posts there and we know whose secret to check. */
export const webhookUrlOf = (services: Services, account: Pick<PaymentAccount, 'id' | 'provider'>) =>
  `${services.config.PUBLIC_URL}/api/v1/payment/webhooks/${account.provider}/${account.id}`

export function contextFor(services: Services, account: PaymentAccount): ProviderContext {
  return { credentials: account.credentials, webhookUrl: webhookUrlOf(services, account) }
}
