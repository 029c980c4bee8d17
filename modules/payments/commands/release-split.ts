import { sql } from 'kysely'
import { accounts, ledgerEntryRequested } from '../../ledger/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import { businessDay } from '../../platform/dates.ts'
import { AppError } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { findAccount } from '../db/accounts.ts'
import { ProviderError } from '../providers/provider.ts'
import { contextFor, providerFor } from '../providers/registry.ts'
import { paymentReference } from '../queries/payments.ts'
import { splitsOf } from '../splits.ts'

/**
 * Releases a connected merchant's held part of a paid payment (a payout). The payout is recorded
 * first, with the payment locked so the same part is never released twice; then the provider is
 * asked with our payout id as its idempotency key. Once the provider says it is paid, it is posted
 * to the ledger (the merchant's sub-account to the provider account), once per payout. A payout
 * the provider has not confirmed yet is asked about again by reconciliation.
 */
export async function releaseSplit(
  services: Services,
  ctx: Pick<RequestContext, 'actor' | 'requestId'>,
  paymentId: string,
  merchantAccountId: string,
): Promise<{ payout_id: string; status: string }> {
  const payout = await services.db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst()
    if (!payment) throw new AppError('not_found', 'payment not found')
    if (payment.status !== 'paid' && payment.status !== 'partially_refunded') {
      throw new AppError('business_rule', 'only a paid payment’s parts can be released', {
        reason: 'not_paid',
      })
    }
    const split = splitsOf(payment.splits).find((s) => s.merchant_account_id === merchantAccountId)
    if (!split) throw new AppError('not_found', 'the payment has no part for this merchant')
    if (split.release_after && split.release_after > new Date()) {
      throw new AppError('business_rule', `this part is held until ${split.release_after.toISOString()}`, {
        reason: 'held',
      })
    }
    const released = await trx
      .selectFrom('payment_payouts')
      .select(sql<bigint>`coalesce(sum(amount), 0)::bigint`.as('total'))
      .where('payment_id', '=', paymentId)
      .where('merchant_account_id', '=', merchantAccountId)
      .where('status', '!=', 'failed')
      .executeTakeFirstOrThrow()
    const amount = split.amount - released.total
    if (amount <= 0n)
      throw new AppError('conflict', 'this part has been released already', { reason: 'released' })
    const attempt = await trx
      .selectFrom('payment_attempts')
      .select('id')
      .where('payment_id', '=', paymentId)
      .where('status', '=', 'paid')
      .orderBy('number')
      .executeTakeFirstOrThrow()
    const id = newId()
    await trx
      .insertInto('payment_payouts')
      .values({
        id,
        payment_id: paymentId,
        attempt_id: attempt.id,
        merchant_account_id: merchantAccountId,
        receiver_kind: split.receiver.kind,
        receiver_id: split.receiver.external_id,
        amount,
        currency: payment.currency,
        status: 'requested',
      })
      .execute()
    return id
  })
  await sendPayout(services, payout, ctx)
  const row = await services.db
    .selectFrom('payment_payouts')
    .select('status')
    .where('id', '=', payout)
    .executeTakeFirstOrThrow()
  return { payout_id: payout, status: row.status }
}

/** Asks the provider for a recorded payout (again: our id is the idempotency key) and posts it once paid. */
export async function sendPayout(
  services: Services,
  payoutId: string,
  ctx?: Pick<RequestContext, 'actor' | 'requestId'>,
): Promise<void> {
  const p = await services.db
    .selectFrom('payment_payouts')
    .innerJoin('payment_attempts', 'payment_attempts.id', 'payment_payouts.attempt_id')
    .innerJoin('payments', 'payments.id', 'payment_payouts.payment_id')
    .select([
      'payment_payouts.id',
      'payment_payouts.amount',
      'payment_payouts.currency',
      'payment_payouts.merchant_account_id',
      'payment_payouts.receiver_kind',
      'payment_payouts.receiver_id',
      'payment_attempts.account_id',
      'payment_attempts.provider_payment_id',
      'payments.number',
      'payments.id as payment_id',
    ])
    .where('payment_payouts.id', '=', payoutId)
    .executeTakeFirstOrThrow()
  const account = await findAccount(services.db, services.config, p.account_id)
  if (!account || !p.provider_payment_id) throw new Error(`payout ${payoutId} has no provider payment`)
  let result: Awaited<ReturnType<ReturnType<typeof providerFor>['releasePayout']>>
  try {
    result = await providerFor(services, account.provider).releasePayout(contextFor(services, account), {
      providerPaymentId: p.provider_payment_id,
      merchantAccountId: p.merchant_account_id,
      amount: p.amount,
      currency: p.currency,
      reference: p.id,
    })
  } catch (err) {
    const refused =
      (err instanceof AppError && err.code === 'business_rule') ||
      (err instanceof ProviderError && !err.retryable)
    if (!refused) {
      services.log.warn({ err, payout_id: payoutId }, 'payout not sent yet; reconciliation retries it')
      return
    }
    await services.db
      .updateTable('payment_payouts')
      .set({ status: 'failed', updated_at: sql`now()` })
      .where('id', '=', payoutId)
      .execute()
    throw new AppError('business_rule', `the provider refused the payout: ${err.message}`, {
      reason: 'payout_refused',
    })
  }
  await services.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('payment_payouts')
      .select('status')
      .where('id', '=', payoutId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (current.status === 'paid' || current.status === 'failed') return
    await trx
      .updateTable('payment_payouts')
      .set({ status: result.status, provider_transfer_id: result.providerTransferId, updated_at: sql`now()` })
      .where('id', '=', payoutId)
      .execute()
    if (result.status !== 'paid') return
    const amount = Number(p.amount)
    const receiver = { kind: p.receiver_kind as 'acceptor', external_id: p.receiver_id }
    await publish(
      trx,
      ledgerEntryRequested,
      {
        journal: 'bank',
        date: businessDay(),
        description: `Payout of payment ${paymentReference(p.number)}`,
        description_code: 'payment.payout',
        description_params: { reference: paymentReference(p.number), payment: p.payment_id },
        source: { kind: 'payment.payout', id: payoutId },
        lines: [
          { account: accounts.acceptor, sub_account: receiver, currency: p.currency, debit: amount },
          { account: accounts.payment_provider, currency: p.currency, credit: amount },
        ],
      },
      ctx,
    )
  })
}
