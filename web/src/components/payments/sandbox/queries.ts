import { queryOptions } from '@tanstack/react-query'
import { type Answer, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/** The sandbox provider's hosted page API (`/api/v1/sandbox/...`, see modules/payments/http/sandbox.ts). */

export type SandboxCheckout = Schema<'SandboxCheckout'>

export type SandboxStatus = SandboxCheckout['status']

export type SandboxOnboarding = Answer<'/sandbox/onboarding/{id}'>

export const sandboxKeys = {
  checkout: (id: string) => ['sandbox', 'checkout', id] as const,
  onboarding: (id: string) => ['sandbox', 'onboarding', id] as const,
}

/** These pages never use the portal's session: a provider's page knows nobody. */
const noSession = { session: false } as const

export const sandboxCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sandboxKeys.checkout(id),
    queryFn: () =>
      api.get<Answer<'/sandbox/checkout/{id}'>>(`/sandbox/checkout/${encodeURIComponent(id)}`, noSession),
    staleTime: 0,
  })

export const sandboxOnboardingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sandboxKeys.onboarding(id),
    queryFn: () =>
      api.get<Answer<'/sandbox/onboarding/{id}'>>(`/sandbox/onboarding/${encodeURIComponent(id)}`, noSession),
    staleTime: 0,
  })

export const sandboxAction = <B>(id: string, action: 'card' | 'bank' | 'confirm' | 'cancel', body: B) =>
  api.post<Answer<'/sandbox/checkout/{id}/card', 'post'>>(
    `/sandbox/checkout/${encodeURIComponent(id)}/${action}`,
    body,
    noSession,
  )

export const sandboxOnboard = (id: string, approve: boolean) =>
  api.post<Answer<'/sandbox/onboarding/{id}', 'post'>>(
    `/sandbox/onboarding/${encodeURIComponent(id)}`,
    { approve },
    noSession,
  )

export const isFinished = (status: SandboxStatus) =>
  status === 'paid' || status === 'failed' || status === 'cancelled' || status === 'expired'

/** The methods the page offers: the one the merchant chose, or all three when it left the choice open. */
export function offeredMethods(method: string): ('card' | 'ideal' | 'paypal')[] {
  const all = ['card', 'ideal', 'paypal'] as const
  const wanted = method.split(',').map((m) => m.trim())
  const offered = all.filter((m) => wanted.includes(m))
  return offered.length > 0 ? offered : [...all]
}
