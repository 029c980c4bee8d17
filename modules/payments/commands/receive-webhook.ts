import { createHash } from 'node:crypto'
import { AppError } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { findAccount } from '../db/accounts.ts'
import { providerWebhookAccepted } from '../events.ts'
import { type ProviderId, providerIds, WebhookRejected } from '../providers/provider.ts'
import { contextFor, providerFor } from '../providers/registry.ts'

export interface InboundWebhook {
  provider: string
  accountId: string
  headers: Record<string, string | undefined>
  rawBody: string
  remoteAddress?: string
}

/**
 * Takes a provider's webhook delivery: verifies it with the account's secret (signature, and the
 * timestamp within 5 minutes), records it, and publishes `payments.provider-webhook.accepted` in
 * the same transaction, so the effect happens once and survives a crash right after the answer.
 * An event already accepted has no further effect: a provider's retry (signed anew) is recorded as
 * a duplicate and answered 200, so the provider stops retrying; the very same signed request sent
 * again is a replay and is refused (409). An unknown account, a bad signature or a stale timestamp
 * are recorded and refused (400).
 */
export async function receiveWebhook(
  services: Services,
  input: InboundWebhook,
): Promise<{ webhook_id: string; duplicate: boolean }> {
  const { db } = services
  const signatureHash = signatureHashOf(input.headers)
  const record = (
    outcome: 'rejected' | 'duplicate',
    reason: string,
    extra: { event?: string; type?: string; payment?: string } = {},
  ) =>
    db
      .insertInto('provider_webhooks')
      .values({
        id: newId(),
        provider: input.provider.slice(0, 40),
        account_id: /^[0-9a-f-]{36}$/i.test(input.accountId) ? input.accountId : null,
        provider_event_id: extra.event ?? null,
        type: extra.type ?? null,
        provider_payment_id: extra.payment ?? null,
        outcome,
        reason,
        body: input.rawBody.slice(0, 20_000),
        signature_hash: signatureHash,
        remote_address: input.remoteAddress ?? null,
      })
      .execute()

  const account =
    providerIds.includes(input.provider as ProviderId) && /^[0-9a-f-]{36}$/i.test(input.accountId)
      ? await findAccount(db, services.config, input.accountId)
      : undefined
  if (!account || account.provider !== input.provider) {
    await record('rejected', 'unknown_account')
    throw new AppError('not_found', 'unknown webhook endpoint')
  }
  let verified: Awaited<ReturnType<ReturnType<typeof providerFor>['verifyWebhook']>>
  try {
    verified = await providerFor(services, account.provider).verifyWebhook(contextFor(services, account), {
      headers: input.headers,
      rawBody: input.rawBody,
      now: new Date(),
    })
  } catch (err) {
    if (!(err instanceof WebhookRejected)) throw err
    await record('rejected', err.reason)
    throw new AppError('bad_request', `webhook refused: ${err.message}`, {
      reason: `webhook_${err.reason}` as const,
    })
  }
  const id = newId()
  const accepted = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('provider_webhooks')
      .values({
        id,
        provider: account.provider,
        account_id: account.id,
        provider_event_id: verified.eventId,
        type: verified.type,
        provider_payment_id: verified.providerPaymentId ?? null,
        outcome: 'accepted',
        body: input.rawBody.slice(0, 20_000),
        signature_hash: signatureHash,
        remote_address: input.remoteAddress ?? null,
      })
      .onConflict((oc) =>
        oc.columns(['provider', 'provider_event_id']).where('outcome', '=', 'accepted').doNothing(),
      )
      .executeTakeFirst()
    if (inserted.numInsertedOrUpdatedRows === 0n) return false
    await publish(trx, providerWebhookAccepted, {
      webhook_id: id,
      provider: account.provider,
      account_id: account.id,
      provider_payment_id: verified.providerPaymentId,
    })
    return true
  })
  if (!accepted) {
    const seen = signatureHash
      ? await db
          .selectFrom('provider_webhooks')
          .select('id')
          .where('provider', '=', account.provider)
          .where('provider_event_id', '=', verified.eventId)
          .where('outcome', 'in', ['accepted', 'duplicate'])
          .where('signature_hash', '=', signatureHash)
          .executeTakeFirst()
      : undefined
    const replayed = seen !== undefined
    await record(replayed ? 'rejected' : 'duplicate', replayed ? 'replayed' : 'already_received', {
      event: verified.eventId,
      type: verified.type,
      payment: verified.providerPaymentId,
    })
    if (replayed)
      throw new AppError('conflict', 'this signed webhook was already received', {
        reason: 'webhook_replayed',
      })
    return { webhook_id: id, duplicate: true }
  }
  return { webhook_id: id, duplicate: false }
}

/** A digest of the delivery's signature headers: the same digest twice is the same request replayed. */
function signatureHashOf(headers: Record<string, string | undefined>): string | null {
  const parts = Object.entries(headers)
    .filter(([k, v]) => /signature/i.test(k) && v)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k.toLowerCase()}=${v}`)
  return parts.length ? createHash('sha256').update(parts.join('\n')).digest('hex') : null
}
