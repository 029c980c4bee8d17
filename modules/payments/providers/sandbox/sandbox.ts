/**
 * The sandbox payment provider's own side: what a hosted provider keeps and does on its servers.
 * It lives in this process for convenience but behaves like an outside provider: its state is in
 * its own tables (`sandbox_*`), merchants reach it only through the adapter (`adapter.ts`) with an
 * API key, payers through its hosted page, and it tells merchants about changes with signed,
 * retried webhooks over HTTP (`webhook-delivery.ts`).
 *
 * Behaviour (documented for developers in docs/payments.md):
 * - A payment is `open` until the payer finishes the hosted page (or the merchant passed a card
 *   for a direct payment), then `paid`, `failed`, `cancelled`, or `expired` after one hour.
 * - Test cards decide the outcome (see `test-cards.ts`); a declined card on the hosted page leaves
 *   the payment open with the decline message so the payer can try another card, as big providers
 *   do; a declined direct payment fails.
 * - 3-D Secure cards and iDEAL go through a confirmation step (`requires_action`).
 * - Fees: cards 25 cents + 1.4 %, iDEAL 29 cents, PayPal 35 cents + 3.4 %.
 * - The merchant can cancel a payment until it is paid (`cancelSandboxPayment`); an approval at the
 *   confirmation step that arrives after the cancel still captures it, as banks and card schemes do.
 * - Refunds succeed at once, up to what is left of the payment.
 * - Split routes hold merchants' parts until released with a transfer.
 * - Merchants onboard through a hosted onboarding page that can approve or reject them.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Db, Trx } from '../../../platform/db.ts'
import { AppError, fieldProblem } from '../../../platform/errors.ts'
import { publish } from '../../../platform/events.ts'
import { cardBrand } from '../../card-numbers.ts'
import { sandboxEventCreated } from '../../events.ts'
import type { CardDetails, CreatePaymentInput, SplitRoute } from '../provider.ts'
import { sandboxBanks, testCardOutcome } from './test-cards.ts'

export type SandboxStatus = 'open' | 'requires_action' | 'paid' | 'failed' | 'cancelled' | 'expired'

/** How long a payer has to finish the hosted page. */
export const sandboxPaymentLifetimeMs = 60 * 60 * 1000

export const hashKey = (apiKey: string) => createHash('sha256').update(apiKey).digest('hex')

/** The secret that signs an API key's webhooks (a merchant would copy it from the dashboard). */
export const webhookSecretOf = (apiKey: string) =>
  `whsec_${createHmac('sha256', 'cardpay-sandbox-webhooks').update(apiKey).digest('base64url')}`

export const newSandboxKey = () => `sk_test_${randomBytes(18).toString('base64url')}`

const newObjectId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`

export interface SandboxPaymentView {
  id: string
  reference: string
  amount: bigint
  currency: string
  method: string
  description: string
  return_url: string
  locale: string | null
  status: SandboxStatus
  chosen_method: string | null
  bank: string | null
  card_brand: string | null
  card_last4: string | null
  failure_code: string | null
  failure_message: string | null
  fee: bigint | null
  metadata: Record<string, string>
  paid_at: Date | null
  expires_at: Date
  refunds: { id: string; reference: string; amount: bigint; status: string }[]
}

export function feeFor(method: string, amount: bigint): bigint {
  const percent = (tenths: bigint) => (amount * tenths + 500n) / 1000n
  if (method === 'ideal') return 29n
  if (method === 'paypal') return 35n + percent(34n)
  return 25n + percent(14n)
}

async function registerKey(trx: Trx, apiKey: string): Promise<string> {
  const keyHash = hashKey(apiKey)
  await trx
    .insertInto('sandbox_keys')
    .values({ key_hash: keyHash, webhook_secret: webhookSecretOf(apiKey) })
    .onConflict((oc) => oc.doNothing())
    .execute()
  return keyHash
}

async function emit(
  trx: Trx,
  row: { api_key_hash: string; webhook_url: string },
  type: string,
  object: 'payment' | 'merchant' | 'transfer',
  objectId: string,
) {
  await publish(trx, sandboxEventCreated, {
    event_id: newObjectId('evt'),
    key_hash: row.api_key_hash,
    type,
    object,
    object_id: objectId,
    webhook_url: row.webhook_url,
  })
}

/** Creates a payment (idempotent per API key and reference); with a card it is charged at once. */
export async function createSandboxPayment(
  db: Db,
  apiKey: string,
  input: CreatePaymentInput & { webhookUrl: string },
): Promise<SandboxPaymentView> {
  const id = await db.transaction().execute(async (trx) => {
    const keyHash = await registerKey(trx, apiKey)
    const existing = await trx
      .selectFrom('sandbox_payments')
      .select('id')
      .where('api_key_hash', '=', keyHash)
      .where('reference', '=', input.reference)
      .executeTakeFirst()
    if (existing) return existing.id
    const id = newObjectId('pay')
    await trx
      .insertInto('sandbox_payments')
      .values({
        id,
        api_key_hash: keyHash,
        reference: input.reference,
        amount: input.amount,
        currency: input.currency,
        method: input.method,
        description: input.description,
        return_url: input.returnUrl,
        webhook_url: input.webhookUrl,
        locale: input.locale ?? null,
        status: 'open',
        splits: JSON.stringify(
          (input.splits ?? []).map((s: SplitRoute) => ({
            merchant: s.merchantAccountId,
            amount: s.amount.toString(),
            release_after: s.releaseAfter?.toISOString() ?? null,
          })),
        ),
        metadata: JSON.stringify(input.metadata),
        expires_at: new Date(Date.now() + sandboxPaymentLifetimeMs),
      })
      .execute()
    if (input.card) await chargeCard(trx, id, input.card, { direct: true })
    return id
  })
  return readPayment(db, id)
}

/** A payment as its API key sees it; an unknown id or another key's payment is not found. */
export async function getSandboxPayment(db: Db, apiKey: string, id: string): Promise<SandboxPaymentView> {
  const row = await db
    .selectFrom('sandbox_payments')
    .select('id')
    .where('id', '=', id)
    .where('api_key_hash', '=', hashKey(apiKey))
    .executeTakeFirst()
  if (!row) throw new AppError('not_found', 'payment not found')
  await expireIfDue(db, id)
  return readPayment(db, id)
}

async function readPayment(db: Db | Trx, id: string): Promise<SandboxPaymentView> {
  const row = await db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const refunds = await db
    .selectFrom('sandbox_refunds')
    .select(['id', 'reference', 'amount', 'status'])
    .where('payment_id', '=', id)
    .orderBy('created_at')
    .execute()
  return {
    id: row.id,
    reference: row.reference,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    description: row.description,
    return_url: row.return_url,
    locale: row.locale,
    status: row.status as SandboxStatus,
    chosen_method: row.chosen_method,
    bank: row.bank,
    card_brand: row.card_brand,
    card_last4: row.card_last4,
    failure_code: row.failure_code,
    failure_message: row.failure_message,
    fee: row.fee,
    metadata: row.metadata as Record<string, string>,
    paid_at: row.paid_at,
    expires_at: row.expires_at,
    refunds,
  }
}

async function expireIfDue(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('sandbox_payments')
      .set({ status: 'expired', updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', 'in', ['open', 'requires_action'])
      .where('expires_at', '<', sql<Date>`now()`)
      .returning(['id', 'api_key_hash', 'webhook_url'])
      .executeTakeFirst()
    if (expired) await emit(trx, expired, 'payment.expired', 'payment', id)
  })
}

/** Locks an open payment for a payer's action on the hosted page; refuses one that is finished. */
async function lockOpen(trx: Trx, id: string, allowed: SandboxStatus[]) {
  const row = await trx
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw new AppError('not_found', 'payment not found')
  if (row.expires_at < new Date() && (row.status === 'open' || row.status === 'requires_action')) {
    throw new AppError('conflict', 'this payment has expired', { reason: 'expired' })
  }
  if (!allowed.includes(row.status as SandboxStatus)) {
    throw new AppError('conflict', `this payment is ${row.status}`, { reason: row.status as SandboxStatus })
  }
  return row
}

async function settle(
  trx: Trx,
  row: { id: string; api_key_hash: string; webhook_url: string; amount: bigint },
  method: string,
  status: 'paid' | 'failed' | 'cancelled',
  failure?: { code: string; message: string },
) {
  await trx
    .updateTable('sandbox_payments')
    .set({
      status,
      chosen_method: method,
      fee: status === 'paid' ? feeFor(method, row.amount) : null,
      paid_at: status === 'paid' ? sql<Date>`now()` : null,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      updated_at: sql`now()`,
    })
    .where('id', '=', row.id)
    .execute()
  await emit(trx, row, `payment.${status}`, 'payment', row.id)
}

async function chargeCard(trx: Trx, id: string, card: CardDetails, opts: { direct: boolean }) {
  const row = await lockOpen(trx, id, ['open'])
  const outcome = testCardOutcome(card.number)
  await trx
    .updateTable('sandbox_payments')
    .set({
      chosen_method: 'card',
      card_brand: cardBrand(card.number),
      card_last4: card.number.slice(-4),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute()
  if (outcome.result === 'succeeds') return settle(trx, row, 'card', 'paid')
  if (outcome.result === 'requires_action') {
    await trx
      .updateTable('sandbox_payments')
      .set({ status: 'requires_action', failure_code: null, failure_message: null })
      .where('id', '=', id)
      .execute()
    return
  }
  const failure = { code: outcome.code, message: outcome.message }
  if (opts.direct) return settle(trx, row, 'card', 'failed', failure)
  // On the hosted page the payer may try another card: the payment stays open.
  await trx
    .updateTable('sandbox_payments')
    .set({ failure_code: failure.code, failure_message: failure.message })
    .where('id', '=', id)
    .execute()
}

// ---- the hosted page's actions (by payment id: the id in the URL is the payer's access) ----

export async function viewCheckout(db: Db, id: string): Promise<SandboxPaymentView> {
  await expireIfDue(db, id)
  const found = await db.selectFrom('sandbox_payments').select('id').where('id', '=', id).executeTakeFirst()
  if (!found) throw new AppError('not_found', 'payment not found')
  return readPayment(db, id)
}

export async function payCheckoutWithCard(
  db: Db,
  id: string,
  card: CardDetails,
): Promise<SandboxPaymentView> {
  await db.transaction().execute((trx) => chargeCard(trx, id, card, { direct: false }))
  return readPayment(db, id)
}

export async function chooseCheckoutBank(db: Db, id: string, bank: string): Promise<SandboxPaymentView> {
  if (!sandboxBanks.some((b) => b.id === bank)) {
    throw new AppError('validation_failed', 'unknown bank', {
      fields: { bank: [fieldProblem('unknown_bank', 'choose one of the listed banks')] },
    })
  }
  await db.transaction().execute(async (trx) => {
    await lockOpen(trx, id, ['open'])
    await trx
      .updateTable('sandbox_payments')
      .set({
        status: 'requires_action',
        chosen_method: 'ideal',
        bank,
        failure_code: null,
        failure_message: null,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute()
  })
  return readPayment(db, id)
}

/**
 * The payer approves or refuses in the confirmation step: 3-D Secure, the banking app (iDEAL) or the
 * PayPal window (an open PayPal payment goes straight to it). A refused 3-D Secure check or PayPal
 * approval leaves the payment open for another try; a refused bank payment (iDEAL) fails it, as
 * iDEAL does.
 */
export async function confirmCheckout(db: Db, id: string, approve: boolean): Promise<SandboxPaymentView> {
  await db.transaction().execute(async (trx) => {
    const late = await trx
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'cancelled')
      .where('cancelled_from', '=', 'requires_action')
      .forUpdate()
      .executeTakeFirst()
    if (late) {
      // The merchant cancelled while the payer was in the banking app or at 3-D Secure: the
      // approval there still goes through (the merchant must give the money back); a refusal
      // leaves it cancelled.
      if (approve) await settle(trx, late, late.chosen_method ?? 'card', 'paid')
      return
    }
    const row = await lockOpen(trx, id, ['requires_action', 'open'])
    const paypal = row.status === 'open'
    if (paypal && row.method !== 'paypal') {
      throw new AppError('conflict', 'this payment has no confirmation step yet', { reason: 'open' })
    }
    const method = paypal ? 'paypal' : (row.chosen_method ?? 'card')
    if (approve) return settle(trx, row, method, 'paid')
    if (method === 'ideal') {
      return settle(trx, row, method, 'failed', {
        code: 'bank_refused',
        message: 'The payment was refused in the banking app.',
      })
    }
    await trx
      .updateTable('sandbox_payments')
      .set({
        status: 'open',
        chosen_method: method,
        failure_code: paypal ? 'paypal_not_approved' : 'authentication_failed',
        failure_message: paypal
          ? 'The payment was not approved in PayPal.'
          : 'The card holder did not confirm the payment (3-D Secure).',
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute()
  })
  return readPayment(db, id)
}

export async function cancelCheckout(db: Db, id: string): Promise<SandboxPaymentView> {
  await db.transaction().execute(async (trx) => {
    const row = await lockOpen(trx, id, ['open', 'requires_action'])
    await settle(trx, row, row.chosen_method ?? row.method, 'cancelled')
  })
  return readPayment(db, id)
}

/**
 * The merchant cancels a payment through the API (the payer switched method or paid another way).
 * Possible until it is paid: a paid, failed or expired payment is answered as it is. A payment
 * cancelled while the payer was at the confirmation step (3-D Secure, the banking app) remembers
 * it (`cancelled_from`): an approval that arrives there afterwards still captures it, as card
 * schemes and banks do, and the merchant hears `payment.paid`.
 */
export async function cancelSandboxPayment(db: Db, apiKey: string, id: string): Promise<SandboxPaymentView> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('id', '=', id)
      .where('api_key_hash', '=', hashKey(apiKey))
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw new AppError('not_found', 'payment not found')
    if (row.status !== 'open' && row.status !== 'requires_action') return
    await trx
      .updateTable('sandbox_payments')
      .set({ cancelled_from: row.status })
      .where('id', '=', id)
      .execute()
    await settle(trx, row, row.chosen_method ?? row.method, 'cancelled')
  })
  return readPayment(db, id)
}

// ---- merchant API: refunds, merchants, transfers ----

export async function refundSandboxPayment(
  db: Db,
  apiKey: string,
  input: { paymentId: string; amount: bigint; reference: string },
): Promise<{ id: string; reference: string; amount: bigint; status: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('id', '=', input.paymentId)
      .where('api_key_hash', '=', hashKey(apiKey))
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw new AppError('not_found', 'payment not found')
    const existing = await trx
      .selectFrom('sandbox_refunds')
      .select(['id', 'reference', 'amount', 'status'])
      .where('payment_id', '=', row.id)
      .where('reference', '=', input.reference)
      .executeTakeFirst()
    if (existing) return existing
    if (row.status !== 'paid')
      throw new AppError('business_rule', 'only a paid payment can be refunded', { reason: 'not_paid' })
    const refunded = await trx
      .selectFrom('sandbox_refunds')
      .select(sql<bigint>`coalesce(sum(amount), 0)::bigint`.as('total'))
      .where('payment_id', '=', row.id)
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow()
    if (input.amount <= 0n || input.amount > row.amount - refunded.total) {
      throw new AppError('business_rule', 'the refund is more than what is left of the payment', {
        reason: 'refund_too_large',
        params: { refundable: Number(row.amount - refunded.total) },
      })
    }
    const refund = {
      id: newObjectId('re'),
      payment_id: row.id,
      reference: input.reference,
      amount: input.amount,
      status: 'succeeded',
    }
    await trx.insertInto('sandbox_refunds').values(refund).execute()
    await emit(trx, row, 'refund.succeeded', 'payment', row.id)
    return { id: refund.id, reference: refund.reference, amount: refund.amount, status: refund.status }
  })
}

export interface SandboxMerchantView {
  id: string
  status: 'pending' | 'active' | 'rejected'
  onboarding_url: string | null
  name: string
}

export async function onboardSandboxMerchant(
  db: Db,
  apiKey: string,
  publicUrl: string,
  input: {
    reference: string
    email: string
    name: string
    country: string
    returnUrl: string
    webhookUrl: string
  },
): Promise<SandboxMerchantView> {
  const row = await db.transaction().execute(async (trx) => {
    const keyHash = await registerKey(trx, apiKey)
    const inserted = await trx
      .insertInto('sandbox_merchants')
      .values({
        id: newObjectId('acct'),
        api_key_hash: keyHash,
        reference: input.reference,
        email: input.email,
        name: input.name,
        country: input.country,
        return_url: input.returnUrl,
        webhook_url: input.webhookUrl,
        status: 'pending',
      })
      .onConflict((oc) => oc.columns(['api_key_hash', 'reference']).doNothing())
      .execute()
    void inserted
    return trx
      .selectFrom('sandbox_merchants')
      .selectAll()
      .where('api_key_hash', '=', keyHash)
      .where('reference', '=', input.reference)
      .executeTakeFirstOrThrow()
  })
  return merchantView(row, publicUrl)
}

const merchantView = (
  row: { id: string; status: string; name: string },
  publicUrl: string,
): SandboxMerchantView => ({
  id: row.id,
  status: row.status as SandboxMerchantView['status'],
  name: row.name,
  onboarding_url: row.status === 'pending' ? `${publicUrl}/sandbox/onboarding/${row.id}` : null,
})

export async function getSandboxMerchant(
  db: Db,
  apiKey: string,
  publicUrl: string,
  id: string,
): Promise<SandboxMerchantView> {
  const row = await db
    .selectFrom('sandbox_merchants')
    .selectAll()
    .where('id', '=', id)
    .where('api_key_hash', '=', hashKey(apiKey))
    .executeTakeFirst()
  if (!row) throw new AppError('not_found', 'merchant not found')
  return merchantView(row, publicUrl)
}

/** The hosted onboarding page: the merchant finishes (approved) or the checks fail (rejected). */
export async function completeSandboxOnboarding(
  db: Db,
  id: string,
  approve: boolean,
): Promise<{ status: string; return_url: string; name: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('sandbox_merchants')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw new AppError('not_found', 'merchant not found')
    if (row.status !== 'pending') return { status: row.status, return_url: row.return_url, name: row.name }
    const status = approve ? 'active' : 'rejected'
    await trx.updateTable('sandbox_merchants').set({ status }).where('id', '=', id).execute()
    await emit(trx, row, `merchant.${status}`, 'merchant', id)
    return { status, return_url: row.return_url, name: row.name }
  })
}

export async function viewSandboxOnboarding(db: Db, id: string) {
  const row = await db
    .selectFrom('sandbox_merchants')
    .select(['id', 'name', 'email', 'country', 'status', 'return_url'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw new AppError('not_found', 'merchant not found')
  return row
}

/** Releases (part of) a merchant's held split of a paid payment. Idempotent per reference. */
export async function transferSandboxSplit(
  db: Db,
  apiKey: string,
  input: { paymentId: string; merchantId: string; amount: bigint; reference: string },
): Promise<{ id: string; status: string }> {
  return db.transaction().execute(async (trx) => {
    const keyHash = hashKey(apiKey)
    const existing = await trx
      .selectFrom('sandbox_transfers')
      .select(['id', 'status'])
      .where('api_key_hash', '=', keyHash)
      .where('reference', '=', input.reference)
      .executeTakeFirst()
    if (existing) return existing
    const payment = await trx
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('id', '=', input.paymentId)
      .where('api_key_hash', '=', keyHash)
      .forUpdate()
      .executeTakeFirst()
    if (!payment) throw new AppError('not_found', 'payment not found')
    if (payment.status !== 'paid')
      throw new AppError('business_rule', 'the payment is not paid', { reason: 'not_paid' })
    const merchant = await trx
      .selectFrom('sandbox_merchants')
      .select(['id', 'status'])
      .where('id', '=', input.merchantId)
      .where('api_key_hash', '=', keyHash)
      .executeTakeFirst()
    if (!merchant) throw new AppError('not_found', 'merchant not found')
    if (merchant.status !== 'active')
      throw new AppError('business_rule', 'the merchant is not onboarded', { reason: 'merchant_not_active' })
    const split = (payment.splits as { merchant: string; amount: string }[]).find(
      (s) => s.merchant === input.merchantId,
    )
    if (!split)
      throw new AppError('business_rule', 'the payment has no split for this merchant', {
        reason: 'no_split',
      })
    const released = await trx
      .selectFrom('sandbox_transfers')
      .select(sql<bigint>`coalesce(sum(amount), 0)::bigint`.as('total'))
      .where('payment_id', '=', payment.id)
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow()
    if (input.amount <= 0n || input.amount > BigInt(split.amount) - released.total) {
      throw new AppError('business_rule', 'the transfer is more than the held split', {
        reason: 'transfer_too_large',
      })
    }
    const id = newObjectId('tr')
    await trx
      .insertInto('sandbox_transfers')
      .values({
        id,
        api_key_hash: keyHash,
        reference: input.reference,
        payment_id: payment.id,
        merchant_id: merchant.id,
        amount: input.amount,
        status: 'paid',
      })
      .execute()
    await emit(trx, payment, 'transfer.paid', 'transfer', id)
    return { id, status: 'paid' }
  })
}
