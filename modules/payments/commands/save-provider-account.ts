import { sql } from 'kysely'
import { AppError, fieldProblem } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { insertAccount, type PaymentAccount } from '../db/accounts.ts'
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
  const account = { id: newId(), ...input, mode: input.credentials.mode }
  await checkKeys(services, account)
  return insertAccount(services.db, services.config, { ...account, saved_by: input.owner_user_id })
}

export interface PlatformAccountInput {
  /** The admin who saves the keys. */
  saved_by: string
  provider: ProviderId
  credentials: ProviderCredentials
}

/**
 * Saves the platform's own provider keys: the account that takes payments belonging to no program
 * (card orders paid to the platform, an owner's payment links). Checked with the provider and sealed
 * like a program's; the sandbox is refused in production (it takes no real money). The new account
 * replaces the current one, which stays: payments already taken on it keep their webhooks and
 * refunds. Saves are serialised, so exactly one platform account is current.
 */
export async function savePlatformAccount(services: Services, input: PlatformAccountInput): Promise<string> {
  if (input.provider === 'sandbox' && services.config.NODE_ENV === 'production') {
    throw new AppError(
      'business_rule',
      'the sandbox takes no real payments: it is not available in production',
      {
        reason: 'sandbox_not_in_production',
        fields: {
          provider: [fieldProblem('sandbox_not_in_production', 'the sandbox is not available in production')],
        },
      },
    )
  }
  const account = {
    id: newId(),
    owner_user_id: null,
    program_uuid: null,
    provider: input.provider,
    mode: input.credentials.mode,
    credentials: input.credentials,
  }
  await checkKeys(services, account)
  return services.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('payments.platform-account'))`.execute(trx)
    await trx
      .updateTable('payment_accounts')
      .set({ replaced_at: sql`now()`, updated_at: sql`now()` })
      .where('is_platform', '=', true)
      .where('replaced_at', 'is', null)
      .execute()
    return insertAccount(trx, services.config, { ...account, is_platform: true, saved_by: input.saved_by })
  })
}

/** Asks the provider whether it takes the keys: refused 422 on the field, unreachable 503. */
async function checkKeys(services: Services, account: PaymentAccount): Promise<void> {
  const provider = providerFor(services, account.provider)
  try {
    await provider.verifyCredentials(contextFor(services, account))
  } catch (err) {
    if (err instanceof InvalidCredentials) {
      throw new AppError('business_rule', `the ${account.provider} keys were refused: ${err.message}`, {
        reason: 'ccv_pay_key_not_valid',
        fields: { api_key: [fieldProblem(err.code, err.message, err.params)] },
      })
    }
    if (err instanceof ProviderError) {
      throw new AppError(
        'service_unavailable',
        `${account.provider} could not check the keys: ${err.message}`,
        {
          reason: 'ccv_response_invalid',
          retryAfter: 30,
        },
      )
    }
    throw err
  }
}
