import { sql } from 'kysely'
import { z } from 'zod'
import { publish } from '../../platform/events.ts'
import { defineJob } from '../../platform/module.ts'
import { sendRefund } from '../commands/refund-payment.ts'
import { sendPayout } from '../commands/release-split.ts'
import { syncAttempt } from '../commands/sync-attempt.ts'
import { paymentEnded } from '../events.ts'
import { refundOvercharged } from './charge-once.ts'

/** An attempt or refund without news for this long is asked about. */
export const reconcileAfterMs = 2 * 60 * 1000

/**
 * Asks the providers about everything left unfinished too long: attempts still open or never
 * created (a crash or timeout between our commit and the provider's answer), refunds never sent,
 * payments past their expiry, and payments charged more than their amount (their duplicate
 * captures are refunded). Webhooks can be lost; this makes the provider's record win
 * anyway. Runs every minute; each item on its own, so one failing provider does not stop the rest.
 */
export const reconcilePayments = defineJob({
  name: 'payments.reconcile',
  version: 1,
  queue: 'payments',
  schema: z.object({ older_than_ms: z.number().int().nonnegative().optional() }),
  schedule: { every: 60_000 },
  async handle({ data, services, log }) {
    const olderThan = new Date(Date.now() - (data.older_than_ms ?? reconcileAfterMs))
    const attempts = await services.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('status', 'in', ['creating', 'open', 'requires_action'])
      .where('updated_at', '<=', olderThan)
      .orderBy('updated_at')
      .limit(500)
      .execute()
    const refunds = await services.db
      .selectFrom('payment_refunds')
      .select('id')
      .where('status', 'in', ['requested', 'pending'])
      .where('updated_at', '<=', olderThan)
      .limit(500)
      .execute()
    const payouts = await services.db
      .selectFrom('payment_payouts')
      .select('id')
      .where('status', 'in', ['requested', 'pending'])
      .where('updated_at', '<=', olderThan)
      .limit(500)
      .execute()
    let failed = 0
    for (const a of attempts) {
      await syncAttempt(services, a.id).catch((err) => {
        failed++
        log.warn({ err, attempt_id: a.id }, 'reconciliation could not sync an attempt')
      })
      await services.db
        .updateTable('payment_attempts')
        .set({ updated_at: sql`now()` })
        .where('id', '=', a.id)
        .execute()
    }
    for (const r of refunds) {
      await sendRefund(services, r.id).catch((err) => {
        failed++
        log.warn({ err, refund_id: r.id }, 'reconciliation could not send a refund')
      })
    }
    for (const p of payouts) {
      await sendPayout(services, p.id).catch((err) => {
        failed++
        log.warn({ err, payout_id: p.id }, 'reconciliation could not send a payout')
      })
    }
    // Payments nobody started paying before they expired: payables hear of it (`payments.payment.ended`).
    const due = await services.db
      .selectFrom('payments')
      .select('id')
      .where('status', '=', 'created')
      .where('expires_at', '<', sql<Date>`now()`)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('payment_attempts')
              .select('id')
              .whereRef('payment_attempts.payment_id', '=', 'payments.id'),
          ),
        ),
      )
      .limit(500)
      .execute()
    let expired = 0
    for (const { id } of due) {
      await services.db.transaction().execute(async (trx) => {
        const p = await trx
          .updateTable('payments')
          .set({ status: 'expired', updated_at: sql`now()` })
          .where('id', '=', id)
          .where('status', '=', 'created')
          .returning(['id', 'payable_kind', 'payable_id', 'program_uuid', 'currency'])
          .executeTakeFirst()
        if (!p) return
        expired++
        await publish(
          trx,
          paymentEnded,
          {
            payment_id: p.id,
            payable_kind: p.payable_kind,
            payable_id: p.payable_id,
            program_uuid: p.program_uuid,
            currency: p.currency,
            status: 'expired',
          },
          { actor: { kind: 'system', name: 'payments.reconcile' }, requestId: `reconcile-${Date.now()}` },
        )
      })
    }
    // Payments charged more than once whose duplicates have no refund yet are given back.
    const overcharged = await refundOvercharged(services)
    log.info(
      {
        attempts: attempts.length,
        refunds: refunds.length,
        payouts: payouts.length,
        failed,
        expired,
        overcharged,
      },
      'payments reconciled',
    )
  },
})
