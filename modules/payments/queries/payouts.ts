import type { DbOrTrx } from '../../platform/db.ts'

export interface PayoutFacts {
  payout_id: string
  payment_id: string
  merchant_account_id: string
  amount: bigint
  currency: string
  status: 'requested' | 'pending' | 'paid' | 'failed'
  created_at: Date
  updated_at: Date
}

/**
 * The payouts (released split parts) of a payment, oldest first: what a payable's module reads to
 * learn what became of a release it asked for (`releaseSplit`), e.g. after its worker died between
 * asking and recording the answer.
 */
export async function payoutFacts(db: DbOrTrx, paymentId: string): Promise<PayoutFacts[]> {
  const rows = await db
    .selectFrom('payment_payouts')
    .select([
      'id',
      'payment_id',
      'merchant_account_id',
      'amount',
      'currency',
      'status',
      'created_at',
      'updated_at',
    ])
    .where('payment_id', '=', paymentId)
    .orderBy('created_at')
    .execute()
  return rows.map((r) => ({
    payout_id: r.id,
    payment_id: r.payment_id,
    merchant_account_id: r.merchant_account_id,
    amount: BigInt(r.amount),
    currency: r.currency,
    status: r.status as PayoutFacts['status'],
    created_at: r.created_at,
    updated_at: r.updated_at,
  }))
}
