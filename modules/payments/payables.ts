import type { DbOrTrx } from '../platform/db.ts'

/**
 * What a payable's module may say about its payments, registered at start-up (payments cannot
 * import the modules that pay through it). Today: whether a payment of that kind may be refunded
 * through us (a card order whose cards are issued may not: the cards carry its value).
 */
export type RefundRule = (
  db: DbOrTrx,
  payableId: string,
) => Promise<{ reason: string; message: string } | null>

const refundRules = new Map<string, RefundRule>()

export function registerRefundRule(kind: string, rule: RefundRule): void {
  refundRules.set(kind, rule)
}

/** Why a payment of this payable may not be refunded, or null when it may. */
export async function refundRefusal(
  db: DbOrTrx,
  payable: { kind: string; id: string },
): Promise<{ reason: string; message: string } | null> {
  const rule = refundRules.get(payable.kind)
  return rule ? rule(db, payable.id) : null
}
