import { queryOptions } from '@tanstack/react-query'
import type { ProviderKeysInput } from '~/components/payments/provider-keys.tsx'
import { type Answer, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/** `payment/platform-provider`: the platform's own provider account, as the admin's screen reads it. */
export type PlatformProvider = Schema<'PlatformProvider'>

export type PlatformAccount = Schema<'PlatformProviderAccount'>

export const platformProviderKey = ['payments', 'platform-provider'] as const

export const platformProviderQueryOptions = () =>
  queryOptions({
    queryKey: platformProviderKey,
    queryFn: () => api.get<Answer<'/payment/platform-provider'>>('/payment/platform-provider'),
  })

/** Saves the platform's keys; the API checks them with the provider first (422, 503). */
export function savePlatformProvider(keys: ProviderKeysInput): Promise<PlatformProvider> {
  return api.post<Answer<'/payment/platform-provider', 'post'>>('/payment/platform-provider', keys)
}
