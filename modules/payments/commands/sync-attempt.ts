import type { RequestContext } from '../../platform/context.ts'
import type { Services } from '../../platform/module.ts'
import { findAccount } from '../db/accounts.ts'
import { contextFor, providerFor } from '../providers/registry.ts'
import { providerFacing } from '../queries/payments.ts'
import { applyProviderPayment } from './apply-provider-payment.ts'

/**
 * Reads an attempt's current state from its provider and applies it. Webhooks, reconciliation and
 * refunds all end here: the provider's own record is the truth, so deliveries in any order or
 * number converge. An attempt whose create call never got an answer is created again with the same
 * reference (the provider answers with the payment it already has, or makes it now).
 */
export async function syncAttempt(
  services: Services,
  attemptId: string,
  ctx?: Pick<RequestContext, 'actor' | 'requestId'>,
): Promise<void> {
  const attempt = await services.db
    .selectFrom('payment_attempts')
    .innerJoin('payments', 'payments.id', 'payment_attempts.payment_id')
    .select([
      'payment_attempts.id',
      'payment_attempts.account_id',
      'payment_attempts.provider_payment_id',
      'payment_attempts.method',
      'payments.id as payment_id',
      'payments.number',
      'payments.amount',
      'payments.currency',
      'payments.description',
      'payments.metadata',
      'payments.return_url',
      'payments.acceptor_user_id',
      'payments.owner_user_id',
      'payments.merchant_name',
    ])
    .where('payment_attempts.id', '=', attemptId)
    .executeTakeFirstOrThrow()
  const account = await findAccount(services.db, services.config, attempt.account_id)
  if (!account) throw new Error(`payment account ${attempt.account_id} is missing`)
  const provider = providerFor(services, account.provider)
  const pctx = contextFor(services, account)
  const createAgain = async () => {
    const shown = await providerFacing(services.db, { ...attempt, id: attempt.payment_id })
    return provider.createPayment(pctx, {
      reference: attempt.id,
      amount: attempt.amount,
      currency: attempt.currency,
      method: attempt.method as never,
      description: shown.description,
      returnUrl: attempt.return_url ?? `${services.config.PUBLIC_URL}/checkout/${attempt.payment_id}`,
      metadata: shown.metadata,
    })
  }
  const state = attempt.provider_payment_id
    ? await provider.getPayment(pctx, attempt.provider_payment_id)
    : await createAgain()
  await applyProviderPayment(services.db, attemptId, state, ctx)
}
