import { AppError } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { insertAccount } from '../db/accounts.ts'
import {
  InvalidCredentials,
  type ProviderCredentials,
  ProviderError,
  type ProviderId,
} from '../providers/provider.ts'
import { contextFor, providerFor } from '../providers/registry.ts'

export interface ProviderAccountInput {
  owner_user_id: string
  program_uuid: string
  provider: ProviderId
  credentials: ProviderCredentials
}

/**
 * Saves a program's provider keys (test or live) after checking them against the provider, sealed
 * at rest. The newest account of a program is the one its payments use. Refused keys answer 422
 * `ccv_pay_key_not_valid` (the specification's code) with the field; an unreachable provider 503.
 */
export async function saveProviderAccount(services: Services, input: ProviderAccountInput): Promise<string> {
  const provider = providerFor(services, input.provider)
  const account = { id: newId(), ...input, mode: input.credentials.mode }
  try {
    await provider.verifyCredentials(contextFor(services, account))
  } catch (err) {
    if (err instanceof InvalidCredentials) {
      throw new AppError('business_rule', `the ${input.provider} keys were refused: ${err.message}`, {
        reason: 'ccv_pay_key_not_valid',
        fields: { api_key: [err.message] },
      })
    }
    if (err instanceof ProviderError) {
      throw new AppError(
        'service_unavailable',
        `${input.provider} could not check the keys: ${err.message}`,
        {
          reason: 'ccv_response_invalid',
          retryAfter: 30,
        },
      )
    }
    throw err
  }
  return insertAccount(services.db, services.config, account)
}
