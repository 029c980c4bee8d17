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
export const webhookUrlOf = (
  services: Pick<Services, 'config'>,
  account: Pick<PaymentAccount, 'id' | 'provider'>,
) => `${services.config.PUBLIC_URL}/api/v1/payment/webhooks/${account.provider}/${account.id}`

/**
 * What an adapter needs to act for an account: its credentials, and our webhook URL. A deployment
 * may point an adapter at another API host (`STRIPE_API_BASE`, `CCV_API_BASE`: a local fake in
 * tests); credentials that name their own host keep it.
 */
export function contextFor(
  services: Pick<Services, 'config'>,
  account: Pick<PaymentAccount, 'id' | 'provider' | 'credentials'>,
): ProviderContext {
  const base = apiBaseOf(services.config, account.provider)
  const credentials =
    base && !account.credentials.api_base ? { ...account.credentials, api_base: base } : account.credentials
  return { credentials, webhookUrl: webhookUrlOf(services, account) }
}

function apiBaseOf(config: Services['config'], provider: ProviderId): string | undefined {
  if (provider === 'stripe') return config.STRIPE_API_BASE
  if (provider === 'ccv') return config.CCV_API_BASE
  return undefined
}
