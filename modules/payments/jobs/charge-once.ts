import { sql } from 'kysely'
import type { z } from 'zod'
import type { RequestContext } from '../../platform/context.ts'
import type { EventType } from '../../platform/events.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import { defineHandler, type Services } from '../../platform/module.ts'
import { sendRefund } from '../commands/refund-payment.ts'
import { settleInFlight } from '../commands/start-attempt.ts'
import { duplicateCaptureDetected, paymentPaid, refundRecorded } from '../events.ts'

/**
 * The two halves of "charged once" that happen after the fact (docs/payments.md, "Charged once"):
 * once a payment is paid, every other attempt still open at a provider is cancelled there; and a
 * capture of any attempt but the winning one is given back by itself.
 */

const system = (name: string, requestId: string): Pick<RequestContext, 'actor' | 'requestId'> => ({
  actor: { kind: 'system', name },
  requestId,
})

/** A payment was paid: cancel its other attempts still open (a hosted page in another tab, a bank step). */
export const cancelOtherAttempts = defineHandler({
  name: 'payments.cancel-other-attempts',
  event: paymentPaid,
  queue: 'payments',
  async handle({ event, services }) {
    const payment = await services.db
      .selectFrom('payments')
      .select('paid_attempt_id')
      .where('id', '=', event.payload.payment_id)
      .executeTakeFirstOrThrow()
    const open = await services.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('payment_id', '=', event.payload.payment_id)
      .where('status', 'in', ['creating', 'open', 'requires_action'])
      .$if(payment.paid_attempt_id !== null, (q) => q.where('id', '!=', payment.paid_attempt_id as string))
      .execute()
    // A provider that cannot be reached throws: the queue retries, reconciliation catches the rest.
    for (const a of open) await settleInFlight(services, a.id, system('payments.charge-once', event.id))
  },
})

/**
 * A handler that sends a refund recorded with its event to the provider (our refund id is the
 * idempotency key; a provider that cannot be reached leaves it to reconciliation).
 */
const refundSender = <S extends z.ZodType<{ refund_id: string }>>(
  name: string,
  event: EventType<string, S>,
) =>
  defineHandler({
    name,
    event,
    queue: 'payments',
    async handle({ event: e, services }) {
      await sendRefund(services, e.payload.refund_id, system(name, e.id))
    },
  })

/** A duplicate capture's refund was recorded: ask the provider for it. */
export const sendDuplicateRefund = refundSender('payments.send-duplicate-refund', duplicateCaptureDetected)

/** A payable gave back a payment it did not want (`refundUnwantedPayment`): ask the provider for it. */
export const sendRecordedRefund = refundSender('payments.send-recorded-refund', refundRecorded)

/**
 * Payments charged more than their amount whose duplicate captures have no refund yet (charged
 * before the platform gave duplicates back, or a capture applied by an older version): records the
 * missing refunds, which `sendDuplicateRefund` sends. Reconciliation runs it every minute.
 */
export async function refundOvercharged(services: Services, limit = 500): Promise<number> {
  const due = await services.db
    .selectFrom('payment_attempts')
    .innerJoin('payments', 'payments.id', 'payment_attempts.payment_id')
    .select(['payment_attempts.id as attempt_id', 'payments.id as payment_id'])
    .where(sql<boolean>`payments.captured_amount > payments.amount`)
    .where('payment_attempts.status', '=', 'paid')
    .where(sql<boolean>`payment_attempts.id is distinct from payments.paid_attempt_id`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_refunds')
            .select('payment_refunds.id')
            .whereRef('payment_refunds.attempt_id', '=', 'payment_attempts.id')
            .where('payment_refunds.kind', '=', 'duplicate'),
        ),
      ),
    )
    .limit(limit)
    .execute()
  let recorded = 0
  for (const d of due) {
    await services.db.transaction().execute(async (trx) => {
      const payment = await trx
        .selectFrom('payments')
        .select(['id', 'amount', 'currency', 'paid_attempt_id'])
        .where('id', '=', d.payment_id)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (payment.paid_attempt_id === d.attempt_id) return
      const refunds = await trx
        .selectFrom('payment_refunds')
        .select(['amount', 'status', 'kind'])
        .where('attempt_id', '=', d.attempt_id)
        .execute()
      if (refunds.some((r) => r.kind === 'duplicate')) return
      const left =
        payment.amount - refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0n)
      if (left <= 0n) return
      const id = newId()
      await trx
        .insertInto('payment_refunds')
        .values({
          id,
          payment_id: payment.id,
          attempt_id: d.attempt_id,
          amount: left,
          currency: payment.currency,
          status: 'requested',
          kind: 'duplicate',
          reason: 'duplicate capture',
        })
        .execute()
      await publish(
        trx,
        duplicateCaptureDetected,
        { payment_id: payment.id, attempt_id: d.attempt_id, refund_id: id },
        system('payments.reconcile', `reconcile-${Date.now()}`),
      )
      recorded++
    })
  }
  return recorded
}
