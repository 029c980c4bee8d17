import { z } from 'zod'
import type { SubAccount } from './apply-plan.ts'

/**
 * A part of a payment routed to a connected merchant (a food court's restaurant): the merchant's
 * account at the provider, whose money it is in our ledger, and how much. The provider holds it
 * until it is released (`releaseSplit`), not before `release_after` when given.
 */
export interface Split {
  merchant_account_id: string
  receiver: SubAccount
  amount: bigint
  release_after?: Date
}

const stored = z.array(
  z.object({
    merchant_account_id: z.string(),
    receiver: z.object({
      kind: z.enum(['acceptor', 'program', 'owner', 'general']),
      external_id: z.string(),
    }),
    amount: z.string().regex(/^\d+$/),
    release_after: z.string().nullable(),
  }),
)

/** The splits column as JSON (amounts as strings: exact). */
export const splitsJson = (splits: readonly Split[]) =>
  JSON.stringify(
    splits.map((s) => ({
      merchant_account_id: s.merchant_account_id,
      receiver: s.receiver,
      amount: s.amount.toString(),
      release_after: s.release_after?.toISOString() ?? null,
    })),
  )

export function splitsOf(json: unknown): Split[] {
  return stored.parse(json ?? []).map((s) => ({
    merchant_account_id: s.merchant_account_id,
    receiver: s.receiver,
    amount: BigInt(s.amount),
    release_after: s.release_after ? new Date(s.release_after) : undefined,
  }))
}
