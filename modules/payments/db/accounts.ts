import type { Config } from '../../platform/config.ts'
import type { Db, DbOrTrx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import { secretBox } from '../../platform/secrets.ts'
import type { ProviderCredentials, ProviderId, ProviderMode } from '../providers/provider.ts'
import { newSandboxKey } from '../providers/sandbox/sandbox.ts'

export interface PaymentAccount {
  id: string
  owner_user_id: string | null
  program_uuid: string | null
  provider: ProviderId
  mode: ProviderMode
  credentials: ProviderCredentials
}

type SecretsConfig = Pick<Config, 'DATA_ENCRYPTION_KEY' | 'DATA_DIR' | 'NODE_ENV'>

/** Stores a provider account; its credentials are sealed (AES-256-GCM) before they reach the table. */
export async function insertAccount(
  db: DbOrTrx,
  config: SecretsConfig,
  input: Omit<PaymentAccount, 'id'> & {
    id?: string
    is_platform_default?: boolean
    /** An account of the platform itself (payments that belong to no program). */
    is_platform?: boolean
    /** Who saved the keys: the program's owner, or the admin for the platform's account. */
    saved_by?: string | null
  },
): Promise<string> {
  const id = input.id ?? newId()
  await db
    .insertInto('payment_accounts')
    .values({
      id,
      owner_user_id: input.owner_user_id,
      program_uuid: input.program_uuid,
      provider: input.provider,
      mode: input.mode,
      credentials: secretBox(config).seal(JSON.stringify(input.credentials)),
      is_platform_default: input.is_platform_default ?? false,
      is_platform: input.is_platform ?? false,
      saved_by: input.saved_by ?? null,
    })
    .execute()
  return id
}

export async function findAccount(
  db: DbOrTrx,
  config: SecretsConfig,
  id: string,
): Promise<PaymentAccount | undefined> {
  const row = await db.selectFrom('payment_accounts').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  return {
    id: row.id,
    owner_user_id: row.owner_user_id,
    program_uuid: row.program_uuid,
    provider: row.provider as ProviderId,
    mode: row.mode as ProviderMode,
    credentials: JSON.parse(secretBox(config).open(row.credentials)) as ProviderCredentials,
  }
}

/**
 * The account a payment is taken on. In a program: the program's own provider account, else (in
 * development and tests only) the platform's sandbox account; production refuses, the program has no
 * valid provider keys (ccv_pay_key_not_valid). Outside any program (card orders paid to the platform,
 * an owner's payment links): the platform's current account, which an admin saves; without one the
 * sandbox outside production, and in production 422 `platform_provider_missing`.
 */
export async function accountForPayment(
  db: DbOrTrx,
  config: SecretsConfig,
  programUuid: string | null,
): Promise<string> {
  if (programUuid) {
    const own = await db
      .selectFrom('payment_accounts')
      .select('id')
      .where('program_uuid', '=', programUuid)
      .orderBy('created_at', 'desc')
      .executeTakeFirst()
    if (own) return own.id
    if (config.NODE_ENV === 'production') {
      throw new AppError('business_rule', 'the program has no valid payment provider keys', {
        reason: 'ccv_pay_key_not_valid',
      })
    }
    return platformSandboxAccount(db, config)
  }
  const platform = await currentPlatformAccountId(db)
  if (platform) return platform
  if (config.NODE_ENV === 'production') throw platformProviderMissing()
  return platformSandboxAccount(db, config)
}

/** Payments outside programs cannot be taken: no admin has saved the platform's provider keys. */
export const platformProviderMissing = () =>
  new AppError(
    'business_rule',
    'the platform has no payment provider account yet: an administrator saves the platform’s provider keys in the admin portal (Finances → Payment provider) before card orders and payments outside programs can be paid',
    { reason: 'platform_provider_missing' },
  )

/** The platform's current provider account (the newest an admin saved), if any. */
export async function currentPlatformAccountId(db: DbOrTrx): Promise<string | undefined> {
  const row = await db
    .selectFrom('payment_accounts')
    .select('id')
    .where('is_platform', '=', true)
    .where('replaced_at', 'is', null)
    .executeTakeFirst()
  return row?.id
}

export async function platformSandboxAccount(db: DbOrTrx, config: SecretsConfig): Promise<string> {
  const existing = await db
    .selectFrom('payment_accounts')
    .select('id')
    .where('provider', '=', 'sandbox')
    .where('is_platform_default', '=', true)
    .executeTakeFirst()
  if (existing) return existing.id
  await db
    .insertInto('payment_accounts')
    .values({
      id: newId(),
      owner_user_id: null,
      program_uuid: null,
      provider: 'sandbox',
      mode: 'test',
      credentials: secretBox(config).seal(JSON.stringify({ mode: 'test', api_key: newSandboxKey() })),
      is_platform_default: true,
    })
    .onConflict((oc) => oc.column('provider').where('is_platform_default', '=', true).doNothing())
    .execute()
  return platformSandboxAccount(db, config)
}

/**
 * The account a program takes a provider's payments on: the program's newest account at that
 * provider, else (outside production) the platform sandbox for the sandbox provider. Without one
 * the program has no valid keys for the provider (ccv_pay_key_not_valid).
 */
export async function programAccountFor(
  db: Db,
  config: SecretsConfig,
  programUuid: string,
  provider: ProviderId,
): Promise<string> {
  const own = await db
    .selectFrom('payment_accounts')
    .select('id')
    .where('program_uuid', '=', programUuid)
    .where('provider', '=', provider)
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  if (own) return own.id
  if (provider === 'sandbox' && config.NODE_ENV !== 'production') return platformSandboxAccount(db, config)
  throw new AppError('business_rule', `the program has no valid ${provider} keys`, {
    reason: 'ccv_pay_key_not_valid',
  })
}

/**
 * Whether a program has keys for a provider (a check of "a payment method validates" in program
 * wizards). The sandbox needs none: in development it is the platform's, and a production program
 * that wants it saves sandbox test keys like any other.
 */
export async function hasProgramAccount(
  db: DbOrTrx,
  programUuid: string,
  provider: string,
): Promise<boolean> {
  if (provider === 'sandbox') return true
  const own = await db
    .selectFrom('payment_accounts')
    .select('id')
    .where('program_uuid', '=', programUuid)
    .where('provider', '=', provider as ProviderId)
    .executeTakeFirst()
  return own !== undefined
}
