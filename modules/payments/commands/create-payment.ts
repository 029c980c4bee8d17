import type { DescriptionParams } from '../../ledger/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { AppError, fieldProblem } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { accountForPayment } from '../db/accounts.ts'
import type { PaymentDescriptionCode } from '../descriptions.ts'
import { businessNameFor } from '../queries/payments.ts'
import { type Split, splitsJson } from '../splits.ts'

export interface CreatePaymentInput {
  /** The payment's id, when the payable wants its own uuid to be the payment's (a card order). */
  id?: string
  /** What is paid: e.g. `payment_link`, `card_order`, `bill`, `food_order`, `terminal_request`. */
  /** The payable's id defaults to the payment's own id (a payment link is its own payable). */
  payable: { kind: string; id?: string }
  amount: bigint
  currency: string
  /** In English: searched, sent to the provider and shown where the code is not known. */
  description: string
  /** When the platform words the description: its code and parameters (`descriptions.ts`). */
  description_code?: PaymentDescriptionCode | undefined
  description_params?: DescriptionParams | undefined
  program_uuid?: string | null
  /** Who receives the money (the program owner) and, at a cashpoint, the acceptor. */
  owner_user_id?: string | null
  acceptor_user_id?: string | null
  payer_user_id?: string | null
  return_url?: string | null
  metadata?: Record<string, string>
  /** How long the payer has; default 7 days. */
  expires_in_ms?: number
  /** Parts for connected merchants (food courts), held by the provider until released. */
  splits?: Split[]
}

/** Default time a payer has to pay a payment before it expires. */
export const defaultPaymentLifetimeMs = 7 * 24 * 3600 * 1000

/**
 * Records a payment for a payable, in status `created`, on the program's provider account (the
 * platform sandbox in development). Nothing is asked of the provider yet: that happens when the
 * payer starts paying (`startAttempt`).
 */
export async function createPayment(
  services: Pick<Services, 'db' | 'config'>,
  ctx: Pick<RequestContext, 'actor'>,
  input: CreatePaymentInput,
  db: Db = services.db,
): Promise<string> {
  const splits = input.splits ?? []
  const routed = splits.reduce((sum, sp) => sum + sp.amount, 0n)
  if (splits.some((sp) => sp.amount <= 0n) || routed > input.amount) {
    throw new AppError(
      'validation_failed',
      'the split parts must be positive and add up to at most the amount',
      {
        fields: {
          splits: [
            fieldProblem('invalid_splits', 'the parts must be positive and add up to at most the amount'),
          ],
        },
      },
    )
  }
  // On the caller's handle: a caller inside a transaction already holds a pooled connection, and
  // asking the pool for a second one while holding it starves the pool under load (every
  // connection held by a checkout waiting for another: 503 overloaded after DB_POOL_WAIT_MS).
  const accountId = await accountForPayment(db, services.config, input.program_uuid ?? null)
  const id = input.id ?? newId()
  await db
    .insertInto('payments')
    .values({
      id,
      payable_kind: input.payable.kind,
      payable_id: input.payable.id ?? id,
      program_uuid: input.program_uuid ?? null,
      owner_user_id: input.owner_user_id ?? null,
      acceptor_user_id: input.acceptor_user_id ?? null,
      payer_user_id: input.payer_user_id ?? null,
      created_by: ctx.actor.kind === 'user' ? ctx.actor.user_id : null,
      account_id: accountId,
      amount: input.amount,
      currency: input.currency,
      status: 'created',
      description: input.description,
      description_code: input.description_code ?? null,
      description_params: JSON.stringify(input.description_params ?? {}),
      merchant_name: await businessNameFor(db, input),
      return_url: input.return_url ?? null,
      metadata: JSON.stringify(input.metadata ?? {}),
      splits: splitsJson(splits),
      expires_at: new Date(Date.now() + (input.expires_in_ms ?? defaultPaymentLifetimeMs)),
    })
    .execute()
  return id
}
