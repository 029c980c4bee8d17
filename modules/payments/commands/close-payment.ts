import { sql } from 'kysely'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { publish } from '../../platform/events.ts'
import { paymentEnded } from '../events.ts'
import { isMoneyTaken, type PaymentStatus } from '../state.ts'

export type CloseOutcome = 'closed' | 'in_payment' | 'paid'

/**
 * Closes a payment its payable no longer wants (a card order replaced by another): from now on it
 * cannot be paid (`startAttempt` answers 409 `payment_expired`). Answers `paid` when the money is
 * already taken and `in_payment` while the payer is in the middle of paying (an attempt being
 * created or waiting for 3-D Secure), changing nothing in both cases.
 *
 * A hosted page the payer opened and left (`open` attempt) does not stop the close; should the
 * provider still capture it, the payment steps from cancelled to paid as usual and its payable
 * must honour it: money taken is never lost, only the payable decides what it buys.
 */
export async function closePayment(
  db: Db,
  paymentId: string,
  ctx?: Pick<RequestContext, 'actor' | 'requestId'>,
): Promise<CloseOutcome> {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const status = payment.status as PaymentStatus
    if (isMoneyTaken(status)) return 'paid'
    if (status === 'cancelled' || status === 'expired') return 'closed'
    const busy = await trx
      .selectFrom('payment_attempts')
      .select('id')
      .where('payment_id', '=', paymentId)
      .where('status', 'in', ['creating', 'requires_action'])
      .executeTakeFirst()
    if (busy) return 'in_payment'
    await trx
      .updateTable('payments')
      .set({ status: 'cancelled', expires_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', paymentId)
      .execute()
    await publish(
      trx,
      paymentEnded,
      {
        payment_id: payment.id,
        payable_kind: payment.payable_kind,
        payable_id: payment.payable_id,
        program_uuid: payment.program_uuid,
        currency: payment.currency,
        status: 'cancelled',
      },
      ctx,
    )
    return 'closed'
  })
}
