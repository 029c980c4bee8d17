import { sql } from 'kysely'
import type { RequestContext } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { findAccount, programAccountFor } from '../db/accounts.ts'
import { assertProgramTakesPayments, programMethods } from '../programs.ts'
import {
  type CardDetails,
  InvalidCredentials,
  type PaymentMethodId,
  ProviderError,
  type ProviderId,
} from '../providers/provider.ts'
import { contextFor, providerFor } from '../providers/registry.ts'
import { merchantNameOf } from '../queries/payments.ts'
import { splitsOf } from '../splits.ts'
import { isPayable, type PaymentStatus } from '../state.ts'
import { applyProviderPayment } from './apply-provider-payment.ts'

export interface StartAttemptInput {
  method: PaymentMethodId
  payer_user_id?: string | null
  /** Direct card payment (`POST payment/pay`): in memory only, never stored or logged. */
  card?: CardDetails
  locale?: string
  /** Where the payer returns after the hosted page. */
  return_url: string
}

export interface StartedAttempt {
  payment_id: string
  attempt_id: string
  status: PaymentStatus
  /** Where to send the payer next (the hosted page or a confirmation step), if anywhere. */
  redirect_url: string | null
  failure: { code: string; message: string } | null
}

/**
 * The payer starts paying: records an attempt, asks the provider for a payment (our attempt id is
 * its idempotency key) and applies the answer. A second click while a hosted-page attempt is still
 * open reuses it instead of making another.
 *
 * Crash-safe: the attempt is committed (`creating`) before the provider is called; if the process
 * dies in between, or the provider cannot be reached, reconciliation repeats the create with the
 * same reference, which the provider answers with the same payment.
 */
export async function startAttempt(
  services: Services,
  ctx: Pick<RequestContext, 'actor' | 'requestId'>,
  paymentId: string,
  input: StartAttemptInput,
): Promise<StartedAttempt> {
  const { db, config } = services
  const prepared = await db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst()
    if (!payment) throw new AppError('not_found', 'payment not found')
    const status = payment.status as PaymentStatus
    if (status === 'paid' || status === 'partially_refunded' || status === 'refunded') {
      throw new AppError('conflict', 'this payment has already been paid', { reason: 'already_paid' })
    }
    if (!isPayable(status) || payment.expires_at < new Date()) {
      throw new AppError('conflict', 'this payment can no longer be paid', { reason: 'payment_expired' })
    }
    await assertProgramTakesPayments(trx, payment.program_uuid)
    if (input.payer_user_id && !payment.payer_user_id) {
      await trx
        .updateTable('payments')
        .set({ payer_user_id: input.payer_user_id })
        .where('id', '=', paymentId)
        .execute()
    }
    if (!input.card) {
      const open = await trx
        .selectFrom('payment_attempts')
        .select(['id', 'checkout_url'])
        .where('payment_id', '=', paymentId)
        .where('method', '=', input.method)
        .where('status', 'in', ['open', 'requires_action'])
        .where('checkout_url', 'is not', null)
        .orderBy('number', 'desc')
        .executeTakeFirst()
      if (open) return { reuse: open, payment }
    }
    const last = await trx
      .selectFrom('payment_attempts')
      .select(sql<number>`coalesce(max(number), 0)`.as('n'))
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow()
    // In a program, the method decides the provider (the program's methods), and so the account.
    const methods = await programMethods(trx, payment.program_uuid)
    let accountId = payment.account_id
    if (methods) {
      const used = methods.find((m) => m.method_id === input.method)
      if (!used) throw methodNotSupported()
      accountId = await programAccountFor(
        trx,
        config,
        payment.program_uuid as string,
        used.provider_id as ProviderId,
      )
    }
    const account = await trx
      .selectFrom('payment_accounts')
      .select('provider')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
    const attemptId = newId()
    await trx
      .insertInto('payment_attempts')
      .values({
        id: attemptId,
        payment_id: paymentId,
        number: Number(last.n) + 1,
        account_id: accountId,
        provider: account.provider,
        method: input.method,
        status: 'creating',
      })
      .execute()
    return { attemptId, payment, accountId }
  })
  if ('reuse' in prepared && prepared.reuse) {
    return {
      payment_id: paymentId,
      attempt_id: prepared.reuse.id,
      status: 'pending',
      redirect_url: prepared.reuse.checkout_url,
      failure: null,
    }
  }
  const { attemptId, payment, accountId } = prepared as {
    attemptId: string
    payment: typeof prepared.payment
    accountId: string
  }
  const account = await findAccount(db, config, accountId)
  if (!account) throw new Error(`payment account ${accountId} is missing`)
  const provider = providerFor(services, account.provider)
  if (!provider.methods.includes(input.method)) {
    await markAttemptFailed(
      services,
      attemptId,
      'payment_method_is_not_supported',
      'This payment method is not supported.',
    )
    throw methodNotSupported()
  }
  let state: Awaited<ReturnType<typeof provider.createPayment>>
  try {
    state = await provider.createPayment(contextFor(services, account), {
      reference: attemptId,
      amount: payment.amount,
      currency: payment.currency,
      method: input.method,
      description: payment.description,
      returnUrl: input.return_url,
      metadata: {
        payment_id: payment.id,
        payment_number: String(payment.number),
        merchant_name: await merchantNameOf(db, payment),
      },
      card: input.card,
      locale: input.locale,
      splits: splitsOf(payment.splits).map((sp) => ({
        merchantAccountId: sp.merchant_account_id,
        amount: sp.amount,
        releaseAfter: sp.release_after,
      })),
    })
  } catch (err) {
    if (err instanceof InvalidCredentials) {
      await markAttemptFailed(
        services,
        attemptId,
        'ccv_pay_key_not_valid',
        'The payment provider refused the keys.',
      )
      throw new AppError('business_rule', 'the program has no valid payment provider keys', {
        reason: 'ccv_pay_key_not_valid',
      })
    }
    if (err instanceof ProviderError && !err.retryable) {
      await markAttemptFailed(services, attemptId, 'ccv_response_invalid', err.message)
      throw new AppError('business_rule', `payment provider: ${err.message}`, {
        reason: 'ccv_response_invalid',
      })
    }
    // Unknown outcome: the attempt stays `creating` and reconciliation asks again with the same reference.
    throw new AppError(
      'service_unavailable',
      'the payment provider could not be reached, try again in a moment',
      {
        reason: 'ccv_response_invalid',
        retryAfter: 5,
        cause: err,
      },
    )
  }
  const applied = await applyProviderPayment(db, attemptId, state, ctx)
  return {
    payment_id: paymentId,
    attempt_id: attemptId,
    status: applied.status,
    redirect_url:
      state.status === 'open' || state.status === 'requires_action' ? (state.checkoutUrl ?? null) : null,
    failure: state.status === 'paid' ? null : (state.failure ?? null),
  }
}

const methodNotSupported = () =>
  new AppError('validation_failed', 'this payment method is not supported', {
    reason: 'payment_method_is_not_supported',
    fields: { payment_type: ['payment_method_is_not_supported'] },
  })

async function markAttemptFailed(services: Services, attemptId: string, code: string, message: string) {
  await services.db
    .updateTable('payment_attempts')
    .set({ status: 'failed', failure_code: code, failure_message: message, updated_at: sql`now()` })
    .where('id', '=', attemptId)
    .where('status', '=', 'creating')
    .execute()
}
