import { queryOptions } from '@tanstack/react-query'
import type { ProviderKeysInput, SavedKeys } from '~/components/payments/provider-keys.tsx'
import { api } from '~/lib/api.ts'

/** `payment/platform-provider`: the platform's own provider account, as the admin's screen reads it. */

export interface PlatformAccount extends SavedKeys {
  updated: string
  /** When a newer account took over; null for the current one. */
  replaced: string | null
  saved_by: { uuid: string; name: string; email: string } | null
}

export interface PlatformProvider {
  /** The account payments outside programs are taken on; null when none is saved. */
  result: PlatformAccount | null
  /** Accounts it replaced, newest first: payments taken on them still use them. */
  previous: PlatformAccount[]
  /** Providers an admin may save here (no sandbox in production). */
  providers: string[]
  /** What payments outside programs use while none is saved: the sandbox, or nothing (production). */
  fallback: 'sandbox' | null
}

export const platformProviderKey = ['payments', 'platform-provider'] as const

export const platformProviderQueryOptions = () =>
  queryOptions({
    queryKey: platformProviderKey,
    queryFn: () => api.get<PlatformProvider>('/payment/platform-provider'),
  })

/** Saves the platform's keys; the API checks them with the provider first (422, 503). */
export function savePlatformProvider(keys: ProviderKeysInput): Promise<PlatformProvider> {
  return api.post<PlatformProvider>('/payment/platform-provider', keys)
}
