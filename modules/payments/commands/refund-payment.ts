import { type Selectable, sql } from 'kysely'
import type { RequestContext } from '../../platform/context.ts'
import type { Trx } from '../../platform/db.ts'
import type { Payments } from '../../platform/db-types.ts'
import { AppError, fieldProblem } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { committedEffect, recordEffect } from '../../platform/idempotency.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { findAccount } from '../db/accounts.ts'
import { refundRecorded } from '../events.ts'
import { refundRefusal } from '../payables.ts'
import { ProviderError } from '../providers/provider.ts'
import { contextFor, providerFor } from '../providers/registry.ts'
import { syncAttempt } from './sync-attempt.ts'

export interface RefundRequest {
  /** Minor units; default: everything not yet refunded. */
  amount?: bigint
  reason?: string
}

/**
 * Refunds (part of) a paid payment, up to everything captured across its attempts (a duplicate
 * capture not given back yet included). The refund is recorded (`requested`) and committed first,
 * with the payment locked so that two refunds can never together exceed what was captured; then the provider
 * is asked, with our refund id as its idempotency key, and the payment is synced from the
 * provider. If the provider cannot be reached, reconciliation asks again later with the same key.
 */
export async function refundPayment(
  services: Services,
  ctx: Pick<RequestContext, 'actor' | 'requestId' | 'idempotency'>,
  paymentId: string,
  input: RefundRequest,
): Promise<{ refund_id: string; status: string }> {
  const { db } = services
  const refund = await db.transaction().execute(async (trx) => {
    // A retry of a request that committed its refund and died before answering: that refund
    // (sent to the provider again below, with its own id as the key), never a second one.
    const committed = await committedEffect(trx, ctx.idempotency)
    if (committed) {
      // A refund split over several captures is rows written by one transaction: one created_at.
      const earlier = await trx
        .selectFrom('payment_refunds')
        .select('id')
        .where('payment_id', '=', paymentId)
        .where('created_at', '=', (eb) =>
          eb
            .selectFrom('payment_refunds as first')
            .select('first.created_at')
            .where('first.id', '=', committed),
        )
        .orderBy(sql`id = ${committed}::uuid`, 'desc')
        .execute()
      if (earlier.length > 0) return { ids: earlier.map((r) => r.id) }
    }
    const payment = await lockPayment(trx, paymentId)
    if (!payment) throw new AppError('not_found', 'payment not found')
    if (payment.status !== 'paid' && payment.status !== 'partially_refunded') {
      throw new AppError('business_rule', 'only a paid payment can be refunded', { reason: 'not_refundable' })
    }
    const refusal = await refundRefusal(trx, { kind: payment.payable_kind, id: payment.payable_id })
    if (refusal) throw new AppError('business_rule', refusal.message, { reason: refusal.reason })
    const ids = await recordRefund(trx, payment, input.amount, {
      reason: input.reason ?? null,
      requested_by: ctx.actor.kind === 'user' ? ctx.actor.user_id : null,
    })
    await recordEffect(trx, ctx.idempotency, ids[0] as string)
    return { ids }
  })
  for (const id of refund.ids) await sendRefund(services, id, ctx)
  const first = refund.ids[0] as string
  const row = await db
    .selectFrom('payment_refunds')
    .select('status')
    .where('id', '=', first)
    .executeTakeFirstOrThrow()
  return { refund_id: first, status: row.status }
}

/**
 * A payable gives back a payment it did not want (a food order already paid in cash or by another
 * payment when this one's capture arrived late), or `amount` of it by its own decision (a food
 * court restaurant rejects its part): everything not yet refunded (or that amount) is recorded as
 * a refund in the caller's transaction, the payable's own decision beside it, so a retry that finds
 * that decision never records a second refund, and `payments.refund.recorded` asks the `payments`
 * queue to send it to the provider after the commit (reconciliation re-sends it if that is lost;
 * the caller may also send it at once with `sendRefund`: the refund's id is the provider's key).
 * The payable's refund rule is not asked: the payable itself decided. Nothing left to give back,
 * more than is left, or a payment no longer paid: nothing recorded. Answers the new refunds' ids.
 */
export async function refundUnwantedPayment(
  trx: Trx,
  paymentId: string,
  reason: string,
  ctx: Pick<RequestContext, 'actor' | 'requestId'>,
  amount?: bigint,
): Promise<string[]> {
  const payment = await lockPayment(trx, paymentId)
  if (!payment || (payment.status !== 'paid' && payment.status !== 'partially_refunded')) return []
  let ids: string[]
  try {
    ids = await recordRefund(trx, payment, amount, {
      reason,
      requested_by: ctx.actor.kind === 'user' ? ctx.actor.user_id : null,
    })
  } catch (err) {
    if (err instanceof AppError && err.reason === 'refund_too_large') return []
    throw err
  }
  for (const id of ids) await publish(trx, refundRecorded, { payment_id: payment.id, refund_id: id }, ctx)
  return ids
}

/**
 * Records the refund rows of (part of) a paid payment, locked by the caller in `trx`: everything
 * captured can be given back, the winning attempt first, then any duplicate capture not given back
 * yet; a refund larger than one attempt's capture is split over them. Answers the new refunds' ids
 * (status `requested`, kind `requested`), which the caller sends after the commit.
 */
async function recordRefund(
  trx: Trx,
  payment: Pick<Selectable<Payments>, 'id' | 'amount' | 'currency' | 'paid_attempt_id'>,
  asked: bigint | undefined,
  who: { reason: string | null; requested_by: string | null },
): Promise<string[]> {
  // Everything captured can be given back: the winning attempt first, then any duplicate
  // capture not given back yet. A refund larger than one attempt's capture is split over them.
  const attempts = await trx
    .selectFrom('payment_attempts')
    .select('id')
    .where('payment_id', '=', payment.id)
    .where('status', '=', 'paid')
    .orderBy(sql`id = ${payment.paid_attempt_id}::uuid`, 'desc')
    .orderBy('number')
    .execute()
  const recorded = await trx
    .selectFrom('payment_refunds')
    .select(['attempt_id', 'amount', 'status'])
    .where('payment_id', '=', payment.id)
    .execute()
  const leftOn = attempts.map((a) => ({
    attempt_id: a.id,
    left:
      payment.amount -
      recorded
        .filter((r) => r.attempt_id === a.id && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0n),
  }))
  const left = leftOn.reduce((sum, a) => sum + (a.left > 0n ? a.left : 0n), 0n)
  const amount = asked ?? left
  if (amount <= 0n || amount > left) {
    throw new AppError('validation_failed', 'the refund is more than what is left of the payment', {
      reason: 'refund_too_large',
      params: { refundable: Number(left), currency: payment.currency },
      fields: {
        amount: [
          fieldProblem('refund_too_large', `at most ${left} (minor units) can still be refunded`, {
            maximum: Number(left),
            currency: payment.currency,
          }),
        ],
      },
    })
  }
  const ids: string[] = []
  let rest = amount
  for (const a of leftOn) {
    if (rest === 0n) break
    // bigint: no Math.min
    let part = rest
    if (a.left < rest) part = a.left
    if (part <= 0n) continue
    const id = newId()
    await trx
      .insertInto('payment_refunds')
      .values({
        id,
        payment_id: payment.id,
        attempt_id: a.attempt_id,
        amount: part,
        currency: payment.currency,
        status: 'requested',
        kind: 'requested',
        reason: who.reason,
        requested_by: who.requested_by,
      })
      .execute()
    ids.push(id)
    rest -= part
  }
  return ids
}

const lockPayment = (trx: Trx, id: string) =>
  trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()

/** Asks the provider for a recorded refund (again: our id is the idempotency key) and syncs. */
export async function sendRefund(
  services: Services,
  refundId: string,
  ctx?: Pick<RequestContext, 'actor' | 'requestId'>,
): Promise<void> {
  const r = await services.db
    .selectFrom('payment_refunds')
    .innerJoin('payment_attempts', 'payment_attempts.id', 'payment_refunds.attempt_id')
    .select([
      'payment_refunds.id',
      'payment_refunds.amount',
      'payment_refunds.currency',
      'payment_attempts.id as attempt_id',
      'payment_attempts.account_id',
      'payment_attempts.provider_payment_id',
    ])
    .where('payment_refunds.id', '=', refundId)
    .executeTakeFirstOrThrow()
  const account = await findAccount(services.db, services.config, r.account_id)
  if (!account || !r.provider_payment_id) throw new Error(`refund ${refundId} has no provider payment`)
  try {
    const result = await providerFor(services, account.provider).refund(contextFor(services, account), {
      providerPaymentId: r.provider_payment_id,
      amount: r.amount,
      currency: r.currency,
      reference: r.id,
    })
    await services.db
      .updateTable('payment_refunds')
      .set({
        provider_refund_id: result.providerRefundId,
        status: sql`case when status = 'requested' then 'pending' else status end`,
        updated_at: sql`now()`,
      })
      .where('id', '=', refundId)
      .execute()
  } catch (err) {
    const refused =
      (err instanceof AppError && err.code === 'business_rule') ||
      (err instanceof ProviderError && !err.retryable)
    if (refused) {
      await services.db
        .updateTable('payment_refunds')
        .set({ status: 'failed', updated_at: sql`now()` })
        .where('id', '=', refundId)
        .execute()
      throw new AppError('business_rule', `the provider refused the refund: ${err.message}`, {
        reason: 'refund_refused',
      })
    }
    services.log.warn({ err, refund_id: refundId }, 'refund not sent yet; reconciliation retries it')
    return
  }
  await syncAttempt(services, r.attempt_id, ctx)
}
