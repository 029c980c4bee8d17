import type { DbOrTrx } from '../platform/db.ts'
import type { ErrorReason } from '../platform/errors.ts'
import { payableRefunds } from './ports.ts'

/** A payment asked for through the API (`POST payment/payments`): payments' own payable. */
export const paymentLinkPayable = 'payment_link'

/**
 * Why a payment of this payable may not be refunded, or null when it may: the rule its module
 * gave (`payments.payable-refunds`, ports.ts). A kind no module gave a rule for is refused.
 */
export async function refundRefusal(
  db: DbOrTrx,
  payable: { kind: string; id: string },
): Promise<{ reason: ErrorReason; message: string } | null> {
  const given = payableRefunds.find(payable.kind)
  if (!given) {
    return { reason: 'not_refundable', message: `payments for a ${payable.kind} are not refunded here` }
  }
  return given.rule(db, payable.id)
}
