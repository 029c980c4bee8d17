import type { DbOrTrx } from '../../platform/db.ts'
import { z } from '../../platform/http.ts'
import type { Services } from '../../platform/module.ts'
import { findAccount, type PaymentAccount } from '../db/accounts.ts'
import { providerIds, providerModes } from '../providers/provider.ts'
import { webhookUrlOf } from '../providers/registry.ts'

/**
 * What saving provider keys takes and answers, for a program's accounts
 * (`manager/program-providers`) and the platform's (`payment/platform-provider`). Answers never
 * show a key, only its last four characters, and the webhook URL to configure at the provider.
 */
export const providerKeysFields = {
  provider: z.enum(providerIds, { message: `one of ${providerIds.join(', ')}` }),
  mode: z.enum(providerModes, { message: 'test or live' }),
  api_key: z.string().trim().min(1, 'This field is required').max(500),
  webhook_secret: z.string().trim().max(500).optional(),
}

export const providerAccountFields = {
  uuid: z.uuid(),
  provider: z.enum(providerIds),
  mode: z.enum(providerModes),
  key_hint: z.string().openapi({ example: '…a1b2' }),
  webhook_url: z.string().openapi({ description: 'Set this as the webhook endpoint at the provider' }),
  created: z.iso.datetime(),
}

/** Reads the accounts (newest first) with their keys opened only to be masked. */
export async function maskedAccounts(
  services: Pick<Services, 'db' | 'config'>,
  db: DbOrTrx,
  ids: readonly string[],
) {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('payment_accounts')
    .select(['id', 'created_at', 'updated_at', 'replaced_at', 'saved_by'])
    .where('id', 'in', ids)
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  const out = []
  for (const id of ids) {
    const account = await findAccount(db, services.config, id)
    const row = byId.get(id)
    if (account && row) out.push({ account, row, json: maskedJson(services, account, row.created_at) })
  }
  return out
}

function maskedJson(services: Pick<Services, 'config'>, a: PaymentAccount, created: Date) {
  return {
    uuid: a.id,
    provider: a.provider,
    mode: a.mode,
    key_hint: `…${a.credentials.api_key.slice(-4)}`,
    webhook_url: webhookUrlOf(services, a),
    created: created.toISOString(),
  }
}
