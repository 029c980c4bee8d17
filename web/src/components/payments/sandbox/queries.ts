import { queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'

/** The sandbox provider's hosted page API (`/api/v1/sandbox/...`, see modules/payments/http/sandbox.ts). */

export type SandboxStatus = 'open' | 'requires_action' | 'paid' | 'failed' | 'cancelled' | 'expired'

export interface SandboxCheckout {
  id: string
  amount: number
  currency: string
  description: string
  merchant: string
  status: SandboxStatus
  /** The method the merchant opened the page for: card, ideal or paypal. */
  method: string
  chosen_method: string | null
  bank: string | null
  card_brand: string | null
  card_last4: string | null
  failure_code: string | null
  failure_message: string | null
  locale: string | null
  expires: string
  /** Where to send the payer once the payment is finished; null while it is not. */
  return_url: string | null
  banks: { id: string; name: string }[]
  test_cards: { number: string; label: string }[]
}

export interface SandboxOnboarding {
  id: string
  name: string
  email: string
  country: string
  status: 'pending' | 'active' | 'rejected' | string
  return_url: string | null
}

export const sandboxKeys = {
  checkout: (id: string) => ['sandbox', 'checkout', id] as const,
  onboarding: (id: string) => ['sandbox', 'onboarding', id] as const,
}

/** These pages never use the portal's session: a provider's page knows nobody. */
const noSession = { session: false } as const

export const sandboxCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sandboxKeys.checkout(id),
    queryFn: () => api.get<SandboxCheckout>(`/sandbox/checkout/${encodeURIComponent(id)}`, noSession),
    staleTime: 0,
  })

export const sandboxOnboardingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sandboxKeys.onboarding(id),
    queryFn: () => api.get<SandboxOnboarding>(`/sandbox/onboarding/${encodeURIComponent(id)}`, noSession),
    staleTime: 0,
  })

export const sandboxAction = <B>(id: string, action: 'card' | 'bank' | 'confirm' | 'cancel', body: B) =>
  api.post<SandboxCheckout>(`/sandbox/checkout/${encodeURIComponent(id)}/${action}`, body, noSession)

export const sandboxOnboard = (id: string, approve: boolean) =>
  api.post<SandboxOnboarding>(`/sandbox/onboarding/${encodeURIComponent(id)}`, { approve }, noSession)

export const isFinished = (status: SandboxStatus) =>
  status === 'paid' || status === 'failed' || status === 'cancelled' || status === 'expired'

/** The methods the page offers: the one the merchant chose, or all three when it left the choice open. */
export function offeredMethods(method: string): ('card' | 'ideal' | 'paypal')[] {
  const all = ['card', 'ideal', 'paypal'] as const
  const wanted = method.split(',').map((m) => m.trim())
  const offered = all.filter((m) => wanted.includes(m))
  return offered.length > 0 ? offered : [...all]
}
