import type { AcceptorStanding } from '../platform/access.ts'
import type { DbOrTrx } from '../platform/db.ts'
import type { ErrorReason } from '../platform/errors.ts'
import { defineHook, definePort } from '../platform/ports.ts'

/**
 * What payments need to know about programs. The programs module provides it (it depends on
 * payments, so payments cannot import it); payments cannot start without it.
 */
export interface ProgramDirectory {
  find(
    db: DbOrTrx,
    uuid: string,
  ): Promise<
    { owner_user_id: string; title: string; currency: string; accepting_payments: boolean } | undefined
  >
  /** An acceptor's standing in the program, as the access kernel decides on it. */
  acceptorStanding(db: DbOrTrx, programUuid: string, userId: string): Promise<AcceptorStanding>
  /** The payment methods the program uses, each with the provider that takes it. */
  usedMethods(db: DbOrTrx, programUuid: string): Promise<{ method_id: string; provider_id: string }[]>
}

export const programDirectory = definePort<ProgramDirectory>({
  id: 'payments.program-directory',
  description: 'the facts of the program a payment is taken in',
})

/**
 * What a payable's module says about refunding its payments: why a paid one may not be refunded
 * through us (a card order whose cards are issued: the cards carry its value), or null when it may.
 */
export type RefundRule = (
  db: DbOrTrx,
  payableId: string,
) => Promise<{ reason: ErrorReason; message: string } | null>

/**
 * The extension point: each module that pays through payments gives the refund rule of each payable
 * kind it creates (`{ kind: 'card_order', rule }`). A payment of a kind nobody gave is not refunded.
 */
export const payableRefunds = defineHook<{ kind: string; rule: RefundRule }>({
  id: 'payments.payable-refunds',
  description: 'the refund rule of a kind of payable',
  key: (r) => r.kind,
})

/** The rule of a payable that may always be refunded (payment links, terminal requests). */
export const alwaysRefundable: RefundRule = async () => null
