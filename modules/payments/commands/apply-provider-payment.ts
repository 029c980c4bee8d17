import { sql } from 'kysely'
import { accounts, type LedgerEntryRequest, ledgerEntryRequested } from '../../ledger/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db, Trx } from '../../platform/db.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import { paymentEnded, paymentPaid, paymentRefunded } from '../events.ts'
import type { ProviderPayment } from '../providers/provider.ts'
import {
  type AttemptStatus,
  derivePaymentStatus,
  isMoneyTaken,
  nextAttemptStatus,
  nextPaymentStatus,
  type PaymentStatus,
} from '../state.ts'

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
    const attempt = await trx
      .selectFrom('payment_attempts')
      .selectAll()
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow()
    const receiver = receiverOf(payment)
    const today = new Date().toISOString().slice(0, 10)
    const post = (request: LedgerEntryRequest) => publish(trx, ledgerEntryRequested, request, ctx)

    const status = nextAttemptStatus(attempt.status as AttemptStatus, state.status)
    const fee = attempt.fee ?? (state.fee !== undefined && state.fee > 0n ? state.fee : null)
    await trx
      .updateTable('payment_attempts')
      .set({
        status,
        provider_payment_id: attempt.provider_payment_id ?? state.providerPaymentId,
        checkout_url:
          status === 'open' || status === 'requires_action'
            ? (state.checkoutUrl ?? attempt.checkout_url)
            : null,
        card_brand: state.card?.brand ?? attempt.card_brand,
        card_last4: state.card?.last4 ?? attempt.card_last4,
        fee,
        failure_code: status === 'paid' ? null : (state.failure?.code ?? null),
        failure_message: status === 'paid' ? null : (state.failure?.message ?? null),
        updated_at: sql`now()`,
      })
      .where('id', '=', attemptId)
      .execute()

    const amount = Number(payment.amount)
    if (status === 'paid' && attempt.status !== 'paid') {
      await post({
        journal: 'sales',
        date: today,
        description: `Payment ${payment.number}: ${payment.description}`.slice(0, 500),
        source: { kind: 'payment.captured', id: attemptId },
        lines: [
          { account: accounts.payment_provider, currency: payment.currency, debit: amount },
          { account: accounts.acceptor, sub_account: receiver, currency: payment.currency, credit: amount },
        ],
      })
    }
    if (fee !== null && attempt.fee === null) {
      await post({
        journal: 'purchase',
        date: today,
        description: `Provider fee, payment ${payment.number}`,
        source: { kind: 'payment.fee', id: attemptId },
        lines: [
          {
            account: accounts.acceptor,
            sub_account: receiver,
            currency: payment.currency,
            debit: Number(fee),
          },
          { account: accounts.payment_provider, currency: payment.currency, credit: Number(fee) },
        ],
      })
    }

    const newlyRefunded = await applyRefunds(trx, payment, attemptId, state)
    for (const r of newlyRefunded) {
      await post({
        journal: 'sales',
        date: today,
        description: `Refund of payment ${payment.number}`,
        source: { kind: 'payment.refund', id: r.id },
        lines: [
          {
            account: accounts.acceptor,
            sub_account: receiver,
            currency: payment.currency,
            debit: Number(r.amount),
          },
          { account: accounts.payment_provider, currency: payment.currency, credit: Number(r.amount) },
        ],
      })
    }

    const [attempts, refunded, fees] = await Promise.all([
      trx
        .selectFrom('payment_attempts')
        .select(['number', 'status'])
        .where('payment_id', '=', payment.id)
        .execute(),
      sumRefunds(trx, payment.id),
      trx
        .selectFrom('payment_attempts')
        .select(sql<bigint>`coalesce(sum(fee), 0)::bigint`.as('total'))
        .where('payment_id', '=', payment.id)
        .executeTakeFirstOrThrow(),
    ])
    const derived = derivePaymentStatus({
      amount: payment.amount,
      refunded,
      expired: payment.expires_at < new Date(),
      attempts: attempts.map((a) => ({ number: a.number, status: a.status as AttemptStatus })),
    })
    const current = payment.status as PaymentStatus
    const next = nextPaymentStatus(current, derived)
    // The card and failure shown for the payment: the paid attempt's, else the latest attempt's.
    const shown = await trx
      .selectFrom('payment_attempts')
      .select(['method', 'card_brand', 'card_last4', 'failure_code', 'failure_message'])
      .where('payment_id', '=', payment.id)
      .orderBy(sql`status = 'paid'`, 'desc')
      .orderBy('number', 'desc')
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('payments')
      .set({
        status: next,
        refunded_amount: refunded,
        fee_amount: fees.total,
        method: shown.method,
        card_brand: shown.card_brand,
        card_last4: shown.card_last4,
        failure_code: isMoneyTaken(next) ? null : shown.failure_code,
        failure_message: isMoneyTaken(next) ? null : shown.failure_message,
        paid_at: isMoneyTaken(next) ? (payment.paid_at ?? state.paidAt ?? new Date()) : null,
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
    if (isMoneyTaken(next) && !isMoneyTaken(current)) await publish(trx, paymentPaid, { ...ref, amount }, ctx)
    if (next !== current && (next === 'failed' || next === 'cancelled' || next === 'expired')) {
      await publish(trx, paymentEnded, { ...ref, status: next }, ctx)
    }
    for (const r of newlyRefunded) {
      await publish(
        trx,
        paymentRefunded,
        { ...ref, refund_id: r.id, amount: Number(r.amount), fully_refunded: next === 'refunded' },
        ctx,
      )
    }
    return { paymentId: payment.id, status: next }
  })
}

/** Whose money a payment is, in the ledger: the acceptor's, else the program's, else the owner's. */
export function receiverOf(p: {
  acceptor_user_id: string | null
  program_uuid: string | null
  owner_user_id: string | null
}): { kind: 'acceptor' | 'program' | 'owner' | 'general'; external_id: string } {
  if (p.acceptor_user_id) return { kind: 'acceptor', external_id: p.acceptor_user_id }
  if (p.program_uuid) return { kind: 'program', external_id: p.program_uuid }
  if (p.owner_user_id) return { kind: 'owner', external_id: p.owner_user_id }
  return { kind: 'general', external_id: '' }
}

async function sumRefunds(trx: Trx, paymentId: string): Promise<bigint> {
  const row = await trx
    .selectFrom('payment_refunds')
    .select(sql<bigint>`coalesce(sum(amount), 0)::bigint`.as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow()
  return row.total
}

/**
 * Records the provider's refunds of this attempt: ours (matched by reference, our refund id) and
 * those made in the provider's dashboard (matched by the provider's id). Returns the ones that
 * became succeeded now.
 */
async function applyRefunds(
  trx: Trx,
  payment: { id: string; currency: string },
  attemptId: string,
  state: ProviderPayment,
): Promise<{ id: string; amount: bigint }[]> {
  const succeeded: { id: string; amount: bigint }[] = []
  for (const r of state.refunds) {
    const known = await trx
      .selectFrom('payment_refunds')
      .selectAll()
      .where('attempt_id', '=', attemptId)
      .where((eb) =>
        eb.or([
          eb('provider_refund_id', '=', r.providerRefundId),
          ...(r.reference && /^[0-9a-f-]{36}$/.test(r.reference) ? [eb('id', '=', r.reference)] : []),
        ]),
      )
      .forUpdate()
      .executeTakeFirst()
    if (!known) {
      const id = newId()
      await trx
        .insertInto('payment_refunds')
        .values({
          id,
          payment_id: payment.id,
          attempt_id: attemptId,
          amount: r.amount,
          currency: payment.currency,
          status: r.status,
          provider_refund_id: r.providerRefundId,
          reason: 'made at the provider',
        })
        .execute()
      if (r.status === 'succeeded') succeeded.push({ id, amount: r.amount })
      continue
    }
    const next = known.status === 'succeeded' || known.status === 'failed' ? known.status : r.status
    if (next !== known.status || known.provider_refund_id === null) {
      await trx
        .updateTable('payment_refunds')
        .set({ status: next, provider_refund_id: r.providerRefundId, updated_at: sql`now()` })
        .where('id', '=', known.id)
        .execute()
    }
    if (next === 'succeeded' && known.status !== 'succeeded')
      succeeded.push({ id: known.id, amount: known.amount })
  }
  return succeeded
}
