import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { AppError, fieldProblem } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import { resolveMailLocale } from '../../platform/mail/i18n.ts'
import type { Services } from '../../platform/module.ts'
import { findAccount, programAccountFor } from '../db/accounts.ts'
import { describePayment } from '../descriptions.ts'
import { assertProgramTakesPayments, programMethods } from '../programs.ts'
import {
  type CardDetails,
  InvalidCredentials,
  type PaymentMethodId,
  ProviderError,
  type ProviderId,
} from '../providers/provider.ts'
import { contextFor, providerFor } from '../providers/registry.ts'
import { providerFacing } from '../queries/payments.ts'
import { splitsOf } from '../splits.ts'
import { isMoneyTaken, isPayable, type PaymentStatus } from '../state.ts'
import { applyProviderPayment } from './apply-provider-payment.ts'
import { syncAttempt } from './sync-attempt.ts'

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

/** How long a start may hold its claim on the payment; a claim of a process that died lapses then. */
export const startClaimMs = 60_000
/** A repeat of a paid start this soon after its capture is the same click: it gets the same outcome. */
const doubleClickMs = 30_000
/** How long a start waits for another start on the same payment before answering 409. */
const waitForClaimMs = startClaimMs + 5_000

type AttemptRow = {
  id: string
  number: number
  method: string
  status: string
  account_id: string
  provider_payment_id: string | null
  checkout_url: string | null
  card_last4: string | null
  failure_code: string | null
  failure_message: string | null
  start_claim: string | null
  captured_at: Date | null
}

const inFlight = (status: string) =>
  status === 'creating' || status === 'open' || status === 'requires_action'

/**
 * The payer starts paying: one attempt in flight per payment, so a payment is charged once whatever
 * the payer does (docs/payments.md, "Charged once").
 *
 * 1. The start claims the payment (`payments.start_claim`, a column with an end, not a database
 *    lock: no transaction stays open while a provider is asked). A second start on the same payment
 *    waits until the first is done, then decides with what it left behind.
 * 2. A start that waited answers the attempt a start it waited for made (the attempt carries the
 *    claim it was made under), or one made after it arrived, when it is its twin (same method; for
 *    a direct card the same last four digits): a double click, a retried request or five parallel
 *    calls get the one outcome and the card is charged once.
 * 3. An attempt still in flight is reused when it can be (the same method's hosted page, still
 *    open); otherwise it is cancelled at the provider first. If the cancel shows that it was paid,
 *    the payment is paid and nothing new starts.
 * 4. Only then is a new attempt recorded (`creating`, committed before the provider is asked: our
 *    attempt id is the provider's idempotency key) and made at the provider.
 *
 * What the claim cannot see (a bank approving an iDEAL payment after we cancelled it, a provider
 * that cannot cancel) ends as a second capture, which `applyProviderPayment` refunds by itself.
 *
 * Crash-safe: if the process dies between the commit and the provider's answer, reconciliation
 * (or the next start, which syncs attempts still `creating`) repeats the create with the same
 * reference, which the provider answers with the same payment; the claim lapses by itself.
 */
export async function startAttempt(
  services: Services,
  ctx: Pick<RequestContext, 'actor' | 'requestId'>,
  paymentId: string,
  input: StartAttemptInput,
): Promise<StartedAttempt> {
  const claim = newId()
  const deadline = Date.now() + waitForClaimMs
  let arrived: number | undefined
  // Starts this one waited for: what they made is this one's outcome too.
  const waitedFor = new Set<string>()
  for (;;) {
    const taken = await takeClaim(services.db, paymentId, claim)
    arrived ??= taken.lastNumber
    if (taken.holder) waitedFor.add(taken.holder)
    if (taken.claimed) break
    if (Date.now() > deadline) {
      throw new AppError('conflict', 'another payment attempt is being started, try again in a moment', {
        reason: 'attempt_in_progress',
      })
    }
    await sleep(40 + Math.random() * 80)
  }
  try {
    return await startClaimed(services, ctx, paymentId, input, claim, { arrived, waitedFor })
  } finally {
    await services.db
      .updateTable('payments')
      .set({ start_claim: null, start_claimed_until: null })
      .where('id', '=', paymentId)
      .where('start_claim', '=', claim)
      .execute()
  }
}

/** Claims the payment for this start unless another start holds a claim that has not lapsed. */
async function takeClaim(db: Db, paymentId: string, claim: string) {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'start_claim', 'start_claimed_until'])
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst()
    if (!payment) throw new AppError('not_found', 'payment not found')
    const last = await trx
      .selectFrom('payment_attempts')
      .select(sql<number>`coalesce(max(number), 0)`.as('n'))
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow()
    const held =
      payment.start_claim !== null &&
      payment.start_claimed_until !== null &&
      payment.start_claimed_until > new Date()
    if (held) return { claimed: false, lastNumber: Number(last.n), holder: payment.start_claim }
    await trx
      .updateTable('payments')
      .set({ start_claim: claim, start_claimed_until: new Date(Date.now() + startClaimMs) })
      .where('id', '=', paymentId)
      .execute()
    return { claimed: true, lastNumber: Number(last.n), holder: null }
  })
}

async function startClaimed(
  services: Services,
  ctx: Pick<RequestContext, 'actor' | 'requestId'>,
  paymentId: string,
  input: StartAttemptInput,
  claim: string,
  seen: { arrived: number; waitedFor: ReadonlySet<string> },
): Promise<StartedAttempt> {
  const { db, config } = services
  const attemptsOf = () =>
    db
      .selectFrom('payment_attempts')
      .select([
        'id',
        'number',
        'method',
        'status',
        'account_id',
        'provider_payment_id',
        'checkout_url',
        'card_last4',
        'failure_code',
        'failure_message',
        'start_claim',
        'captured_at',
      ])
      .where('payment_id', '=', paymentId)
      .orderBy('number', 'desc')
      .execute()
  const paymentStatus = async () =>
    (await db
      .selectFrom('payments')
      .select(['status', 'expires_at', 'program_uuid', 'payer_user_id'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow()) as {
      status: PaymentStatus
      expires_at: Date
      program_uuid: string | null
      payer_user_id: string | null
    }

  let payment = await paymentStatus()
  // The one outcome: an attempt another start made while this one waited, for the same thing.
  const attempts = await attemptsOf()
  const sameThing = (a: AttemptRow) =>
    a.status !== 'creating' &&
    a.method === input.method &&
    (!input.card || a.card_last4 === input.card.number.slice(-4))
  const twin =
    attempts.find(
      (a) =>
        (a.number > seen.arrived || (a.start_claim !== null && seen.waitedFor.has(a.start_claim))) &&
        sameThing(a),
    ) ??
    // A direct card payment sent twice, the second just after the first went through (it was
    // quick, so this one never waited): the paid attempt with the same card, moments ago.
    (input.card && isMoneyTaken(payment.status)
      ? attempts.find(
          (a) =>
            a.status === 'paid' &&
            sameThing(a) &&
            a.captured_at !== null &&
            Date.now() - a.captured_at.getTime() < doubleClickMs,
        )
      : undefined)
  if (twin) return outcomeOf(paymentId, payment.status, twin)
  assertPayable(payment)
  await assertProgramTakesPayments(db, payment.program_uuid)
  if (input.payer_user_id && !payment.payer_user_id) {
    await db
      .updateTable('payments')
      .set({ payer_user_id: input.payer_user_id })
      .where('id', '=', paymentId)
      .where('payer_user_id', 'is', null)
      .execute()
  }

  // In a program, the method decides the provider (the program's methods), and so the account.
  const accountId = await accountForMethod(services, paymentId, input.method)

  // One attempt in flight: reuse it, or cancel it at the provider before another starts.
  for (const a of (await attemptsOf()).filter((x) => inFlight(x.status))) {
    const reusable =
      !input.card &&
      a.method === input.method &&
      a.account_id === accountId &&
      a.status !== 'creating' &&
      a.checkout_url !== null
    if (reusable) {
      return {
        payment_id: paymentId,
        attempt_id: a.id,
        status: 'pending',
        redirect_url: a.checkout_url,
        failure: null,
      }
    }
    await settleInFlight(services, a.id, ctx)
  }
  payment = await paymentStatus()
  assertPayable(payment)

  const account = await findAccount(db, config, accountId)
  if (!account) throw new Error(`payment account ${accountId} is missing`)
  const attemptId = newId()
  const payable = await db.transaction().execute(async (trx) => {
    // Still ours? A start that outlived its claim (a provider slower than `startClaimMs`) stops here.
    const row = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .where('start_claim', '=', claim)
      .forUpdate()
      .executeTakeFirst()
    if (!row) {
      throw new AppError('conflict', 'another payment attempt is being started, try again in a moment', {
        reason: 'attempt_in_progress',
      })
    }
    assertPayable(row as typeof payment)
    const last = await trx
      .selectFrom('payment_attempts')
      .select(sql<number>`coalesce(max(number), 0)`.as('n'))
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow()
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
        start_claim: claim,
      })
      .execute()
    await trx
      .updateTable('payments')
      .set({ start_claimed_until: new Date(Date.now() + startClaimMs) })
      .where('id', '=', paymentId)
      .execute()
    return row
  })
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
  // The provider's page shows it to the payer: whom they pay, and what in their language
  // ("Koffiebar · Kassa 1: 24 kaarten — …").
  const shown = await providerFacing(db, {
    ...payable,
    description: describePayment(payable, resolveMailLocale(input.locale)),
  })
  let state: Awaited<ReturnType<typeof provider.createPayment>>
  try {
    state = await provider.createPayment(contextFor(services, account), {
      reference: attemptId,
      amount: payable.amount,
      currency: payable.currency,
      method: input.method,
      description: shown.description,
      returnUrl: input.return_url,
      metadata: shown.metadata,
      card: input.card,
      locale: input.locale,
      splits: splitsOf(payable.splits).map((sp) => ({
        merchantAccountId: sp.merchant_account_id,
        amount: sp.amount,
        releaseAfter: sp.release_after,
      })),
    })
  } catch (err) {
    throw await providerRefusal(services, attemptId, err)
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

function assertPayable(payment: { status: PaymentStatus; expires_at: Date }) {
  if (isMoneyTaken(payment.status)) {
    throw new AppError('conflict', 'this payment has already been paid', { reason: 'already_paid' })
  }
  if (!isPayable(payment.status) || payment.expires_at < new Date()) {
    throw new AppError('conflict', 'this payment can no longer be paid', { reason: 'payment_expired' })
  }
}

/** What a start answers for an attempt another start made for the same thing (the one outcome). */
function outcomeOf(paymentId: string, status: PaymentStatus, a: AttemptRow): StartedAttempt {
  const open = a.status === 'open' || a.status === 'requires_action'
  return {
    payment_id: paymentId,
    attempt_id: a.id,
    status,
    redirect_url: open ? a.checkout_url : null,
    failure:
      a.status === 'paid' || !a.failure_code
        ? null
        : { code: a.failure_code, message: a.failure_message ?? a.failure_code },
  }
}

async function accountForMethod(services: Services, paymentId: string, method: PaymentMethodId) {
  const { db, config } = services
  const payment = await db
    .selectFrom('payments')
    .select(['program_uuid', 'account_id'])
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow()
  const methods = await programMethods(db, payment.program_uuid)
  if (!methods) return payment.account_id
  const used = methods.find((m) => m.method_id === method)
  if (!used) throw methodNotSupported()
  return programAccountFor(db, config, payment.program_uuid as string, used.provider_id as ProviderId)
}

/**
 * Ends an attempt still in flight before another starts: one never created at the provider is
 * created again with its reference (the provider answers what it has), then cancelled. The
 * provider's answer is applied, so a cancel that finds it paid makes the payment paid. A provider
 * that cannot be reached stops the new start (503): starting anyway could charge twice.
 */
export async function settleInFlight(
  services: Services,
  attemptId: string,
  ctx?: Pick<RequestContext, 'actor' | 'requestId'>,
): Promise<void> {
  try {
    let a = await attemptRow(services.db, attemptId)
    if (a.status === 'creating' || !a.provider_payment_id) {
      await syncAttempt(services, attemptId, ctx)
      a = await attemptRow(services.db, attemptId)
    }
    if (!inFlight(a.status) || !a.provider_payment_id) return
    const account = await findAccount(services.db, services.config, a.account_id)
    if (!account) throw new Error(`payment account ${a.account_id} is missing`)
    const state = await providerFor(services, account.provider).cancelPayment(
      contextFor(services, account),
      a.provider_payment_id,
    )
    await applyProviderPayment(services.db, attemptId, state, ctx)
  } catch (err) {
    if (err instanceof AppError) throw err
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
}

const attemptRow = (db: Db, id: string) =>
  db
    .selectFrom('payment_attempts')
    .select(['id', 'status', 'account_id', 'provider_payment_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

/** The error a failed create answers with; a refused one fails the attempt, an unknown outcome leaves it for reconciliation. */
async function providerRefusal(services: Services, attemptId: string, err: unknown): Promise<AppError> {
  if (err instanceof InvalidCredentials) {
    await markAttemptFailed(
      services,
      attemptId,
      'ccv_pay_key_not_valid',
      'The payment provider refused the keys.',
    )
    return new AppError('business_rule', 'the program has no valid payment provider keys', {
      reason: 'ccv_pay_key_not_valid',
    })
  }
  if (err instanceof ProviderError && !err.retryable) {
    await markAttemptFailed(services, attemptId, 'ccv_response_invalid', err.message)
    return new AppError('business_rule', `payment provider: ${err.message}`, {
      reason: 'ccv_response_invalid',
    })
  }
  // Unknown outcome: the attempt stays `creating` and reconciliation asks again with the same reference.
  return new AppError(
    'service_unavailable',
    'the payment provider could not be reached, try again in a moment',
    {
      reason: 'ccv_response_invalid',
      retryAfter: 5,
      cause: err,
    },
  )
}

const methodNotSupported = () =>
  new AppError('validation_failed', 'this payment method is not supported', {
    reason: 'payment_method_is_not_supported',
    fields: {
      payment_type: [fieldProblem('payment_method_is_not_supported', 'payment_method_is_not_supported')],
    },
  })

async function markAttemptFailed(services: Services, attemptId: string, code: string, message: string) {
  await services.db
    .updateTable('payment_attempts')
    .set({ status: 'failed', failure_code: code, failure_message: message, updated_at: sql`now()` })
    .where('id', '=', attemptId)
    .where('status', '=', 'creating')
    .execute()
}
