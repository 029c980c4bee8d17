import type { Services } from '../../platform/module.ts'
import { findAccount, programAccountFor } from '../db/accounts.ts'
import type { OnboardMerchantInput, ProviderId, ProviderMerchant } from '../providers/provider.ts'
import { contextFor, providerFor } from '../providers/registry.ts'

/**
 * Connects a merchant (a food court's restaurant) to a program's provider account for split
 * payouts: answers the merchant's account id and, while pending, where the merchant finishes
 * onboarding at the provider. Idempotent per reference (our id for the merchant).
 */
export async function onboardMerchant(
  services: Services,
  input: OnboardMerchantInput & { program_uuid: string; provider: ProviderId },
): Promise<ProviderMerchant> {
  const accountId = await programAccountFor(services.db, services.config, input.program_uuid, input.provider)
  const account = await findAccount(services.db, services.config, accountId)
  if (!account) throw new Error(`payment account ${accountId} is missing`)
  return providerFor(services, account.provider).onboardMerchant(contextFor(services, account), input)
}

/** A connected merchant's current onboarding status at the program's provider. */
export async function merchantStatus(
  services: Services,
  input: { program_uuid: string; provider: ProviderId; merchant_account_id: string },
): Promise<ProviderMerchant> {
  const accountId = await programAccountFor(services.db, services.config, input.program_uuid, input.provider)
  const account = await findAccount(services.db, services.config, accountId)
  if (!account) throw new Error(`payment account ${accountId} is missing`)
  return providerFor(services, account.provider).getMerchant(
    contextFor(services, account),
    input.merchant_account_id,
  )
}
