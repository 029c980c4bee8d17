import { sql } from 'kysely'
import { ledgerEntryRequested } from '../../ledger/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import { businessDay } from '../../platform/dates.ts'
import type { Db } from '../../platform/db.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import { planApply, type RefundKind, type RefundStatus } from '../apply-plan.ts'
import { duplicateCaptureDetected, paymentEnded, paymentPaid, paymentRefunded } from '../events.ts'
import type { ProviderPayment } from '../providers/provider.ts'
import { splitsOf } from '../splits.ts'
import { type AttemptStatus, isMoneyTaken, type PaymentStatus } from '../state.ts'

type Ctx = Pick<RequestContext, 'actor' | 'requestId'> | undefined

/**
 * Applies what the provider says about one attempt (its current state, read from the provider or
 * returned by a create call) to our payment, in one transaction with the payment row locked:
 * the attempt's status, card and fee; refunds made through us or at the provider; the derived
 * payment status; the ledger postings of each money movement; and the events payables react to.
 *
 * Idempotent and order-independent: it compares with what is already recorded and acts only on
 * differences, and every posting has its own source (capture per attempt, fee per attempt, refund
 * per refund), which the ledger posts at most once. Applying the same or an older state again,
 * from a duplicated webhook, a reconciliation run or a job redelivery, changes nothing.
 */
export async function applyProviderPayment(
  db: Db,
  attemptId: string,
  state: ProviderPayment,
  ctx?: Ctx,
): Promise<{ paymentId: string; status: PaymentStatus }> {
  return db.transaction().execute(async (trx) => {
    const { payment_id } = await trx
      .selectFrom('payment_attempts')
      .select('payment_id')
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow()
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment_id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const [attempts, refunds] = await Promise.all([
      trx.selectFrom('payment_attempts').selectAll().where('payment_id', '=', payment.id).execute(),
      trx.selectFrom('payment_refunds').selectAll().where('payment_id', '=', payment.id).execute(),
    ])
    const attempt = attempts.find((a) => a.id === attemptId) as (typeof attempts)[number]
    const plan = planApply({
      payment: {
        id: payment.id,
        number: payment.number,
        amount: payment.amount,
        currency: payment.currency,
        description: payment.description,
        description_code: payment.description_code,
        description_params: payment.description_params,
        status: payment.status as PaymentStatus,
        expired: payment.expires_at < new Date(),
        paidAttemptId: payment.paid_attempt_id,
        receiver: receiverOf(payment),
        splits: splitsOf(payment.splits).map((sp) => ({ receiver: sp.receiver, amount: sp.amount })),
      },
      attempts: attempts.map((a) => ({
        id: a.id,
        number: a.number,
        status: a.status as AttemptStatus,
        fee: a.fee,
      })),
      refunds: refunds.map((r) => ({
        id: r.id,
        attempt_id: r.attempt_id,
        amount: r.amount,
        status: r.status as RefundStatus,
        provider_refund_id: r.provider_refund_id,
        kind: r.kind as RefundKind,
      })),
      attemptId,
      state,
      // Entries are dated by the business day (Amsterdam), not the UTC day: 00:30 belongs to today.
      today: businessDay(),
      newId,
    })

    const open = plan.attemptStatus === 'open' || plan.attemptStatus === 'requires_action'
    const paid = plan.attemptStatus === 'paid'
    await trx
      .updateTable('payment_attempts')
      .set({
        status: plan.attemptStatus,
        provider_payment_id: attempt.provider_payment_id ?? state.providerPaymentId,
        checkout_url: open ? (state.checkoutUrl ?? attempt.checkout_url) : null,
        card_brand: state.card?.brand ?? attempt.card_brand,
        card_last4: state.card?.last4 ?? attempt.card_last4,
        fee: plan.attemptFee,
        captured_at: paid ? (attempt.captured_at ?? new Date()) : null,
        failure_code: paid ? null : (state.failure?.code ?? null),
        failure_message: paid ? null : (state.failure?.message ?? null),
        updated_at: sql`now()`,
      })
      .where('id', '=', attemptId)
      .execute()
    for (const r of plan.refundInserts) {
      await trx
        .insertInto('payment_refunds')
        .values({ ...r, payment_id: payment.id, currency: payment.currency, reason: 'made at the provider' })
        .execute()
    }
    if (plan.duplicateRefund) {
      await trx
        .insertInto('payment_refunds')
        .values({
          ...plan.duplicateRefund,
          payment_id: payment.id,
          currency: payment.currency,
          reason: 'duplicate capture',
        })
        .execute()
      // Sent by the `payments` queue (and by reconciliation, if that is lost): never in this transaction.
      await publish(
        trx,
        duplicateCaptureDetected,
        { payment_id: payment.id, attempt_id: attemptId, refund_id: plan.duplicateRefund.id },
        ctx,
      )
    }
    for (const r of plan.refundUpdates) {
      await trx
        .updateTable('payment_refunds')
        .set({ status: r.status, provider_refund_id: r.provider_refund_id, updated_at: sql`now()` })
        .where('id', '=', r.id)
        .execute()
    }
    for (const posting of plan.postings) await publish(trx, ledgerEntryRequested, posting, ctx)

    // The card and failure shown for the payment: the winning attempt's, else the latest attempt's.
    const shown = await trx
      .selectFrom('payment_attempts')
      .select(['method', 'card_brand', 'card_last4', 'failure_code', 'failure_message'])
      .where('payment_id', '=', payment.id)
      .orderBy(sql`coalesce(id = ${plan.paidAttemptId}::uuid, false)`, 'desc')
      .orderBy('number', 'desc')
      .executeTakeFirstOrThrow()
    const taken = isMoneyTaken(plan.paymentStatus)
    await trx
      .updateTable('payments')
      .set({
        status: plan.paymentStatus,
        refunded_amount: plan.refunded,
        captured_amount: plan.captured,
        paid_attempt_id: plan.paidAttemptId,
        fee_amount: plan.fees,
        method: shown.method,
        card_brand: shown.card_brand,
        card_last4: shown.card_last4,
        failure_code: taken ? null : shown.failure_code,
        failure_message: taken ? null : shown.failure_message,
        paid_at: taken ? (payment.paid_at ?? state.paidAt ?? new Date()) : null,
        updated_at: sql`now()`,
      })
      .where('id', '=', payment.id)
      .execute()

    const ref = {
      payment_id: payment.id,
      payable_kind: payment.payable_kind,
      payable_id: payment.payable_id,
      program_uuid: payment.program_uuid,
      currency: payment.currency,
    }
    if (plan.paid) await publish(trx, paymentPaid, { ...ref, amount: Number(payment.amount) }, ctx)
    if (plan.ended) await publish(trx, paymentEnded, { ...ref, status: plan.ended }, ctx)
    for (const r of plan.refundedNow) {
      await publish(
        trx,
        paymentRefunded,
        {
          ...ref,
          refund_id: r.id,
          amount: Number(r.amount),
          fully_refunded: plan.paymentStatus === 'refunded',
        },
        ctx,
      )
    }
    return { paymentId: payment.id, status: plan.paymentStatus }
  })
}

/**
 * Whose money a payment is, in the ledger: the acceptor's, else the program's, else the owner's.
 * An acceptor has a sub-account per program (`<program>/<acceptor>`): what a program owes each of
 * its acceptors, which its owner reads with the program's own.
 */
export function receiverOf(p: {
  acceptor_user_id: string | null
  program_uuid: string | null
  owner_user_id: string | null
}): { kind: 'acceptor' | 'program' | 'owner' | 'general'; external_id: string } {
  if (p.acceptor_user_id) {
    return {
      kind: 'acceptor',
      external_id: p.program_uuid ? `${p.program_uuid}/${p.acceptor_user_id}` : p.acceptor_user_id,
    }
  }
  if (p.program_uuid) return { kind: 'program', external_id: p.program_uuid }
  if (p.owner_user_id) return { kind: 'owner', external_id: p.owner_user_id }
  return { kind: 'general', external_id: '' }
}
