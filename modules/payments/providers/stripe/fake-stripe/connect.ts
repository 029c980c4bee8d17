/**
 * Connect and the platform's own account: `GET /v1/balance`, `GET /v1/account`, Express accounts
 * (`POST/GET /v1/accounts`), onboarding links (`POST /v1/account_links`) and transfers
 * (`POST/GET /v1/transfers`), and the merchant finishing or failing onboarding.
 */
import type { FormTree } from '../form.ts'
import {
  type Ctx,
  invalid,
  metadataOf,
  missing,
  type Obj,
  positiveInt,
  randomId,
  type StripeStore,
  str,
} from './store.ts'

export function balance(store: StripeStore, ctx: Ctx): Obj {
  return {
    object: 'balance',
    livemode: ctx.live,
    available: Object.entries(store.available).map(([currency, amount]) => ({
      amount,
      currency,
      source_types: { card: amount },
    })),
    pending: [],
  }
}

export function platformAccount(ctx: Ctx): Obj {
  return {
    id: 'acct_1FakePlatform0000',
    object: 'account',
    type: 'standard',
    country: 'NL',
    default_currency: 'eur',
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    livemode: ctx.live,
  }
}

export function createAccount(store: StripeStore, p: FormTree, ctx: Ctx): Obj {
  if (p.type === undefined) throw missing('type')
  if (p.type !== 'express')
    throw invalid('This fake makes Express accounts only (type=express).', { param: 'type' })
  const country = str(p.country) ?? 'NL'
  if (!/^[A-Z]{2}$/.test(country)) throw invalid(`Country '${country}' is unknown.`, { param: 'country' })
  const requested = Object.entries((p.capabilities as FormTree | undefined) ?? {})
    .filter(([, v]) => (v as FormTree).requested === 'true')
    .map(([k]) => k)
  const account: Obj = {
    id: `acct_${randomId(16)}`,
    object: 'account',
    type: 'express',
    country,
    email: str(p.email) ?? null,
    business_profile: { name: str((p.business_profile as FormTree | undefined)?.name) ?? null },
    capabilities: Object.fromEntries(requested.map((k) => [k, 'inactive'])),
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    default_currency: country === 'NL' || country === 'DE' ? 'eur' : 'usd',
    metadata: metadataOf(p.metadata),
    requirements: emptyRequirements('requirements.past_due', [
      'business_type',
      'external_account',
      'tos_acceptance.date',
      'tos_acceptance.ip',
    ]),
    created: store.seconds(),
    livemode: ctx.live,
  }
  store.put(account)
  return structuredClone(account)
}

export function createAccountLink(store: StripeStore, p: FormTree, ctx: Ctx): Obj {
  for (const k of ['account', 'type']) if (typeof p[k] !== 'string') throw missing(k)
  if (!['account_onboarding', 'account_update'].includes(p.type as string)) {
    throw invalid(`Invalid type: must be one of account_onboarding or account_update`, { param: 'type' })
  }
  const account = store.find(p.account as string, 'account', ctx, 'account')
  const returnUrl = str(p.return_url)
  if (!returnUrl) throw missing('return_url')
  const path = `/setup/e/${account.id}/${randomId(12)}`
  store.links.set(path, { account: account.id as string, returnUrl })
  const created = store.seconds()
  return { object: 'account_link', created, expires_at: created + 300, url: `${store.url}${path}` }
}

/** The merchant finishes Stripe's onboarding and is verified. */
export function completeOnboarding(store: StripeStore, accountId: string): void {
  const account = store.mustGet(accountId, 'account')
  const capabilities = account.capabilities as Record<string, string>
  for (const k of Object.keys(capabilities)) capabilities[k] = 'active'
  Object.assign(account, {
    details_submitted: true,
    charges_enabled: 'card_payments' in capabilities,
    payouts_enabled: true,
    requirements: emptyRequirements(null),
  })
  store.emit('account.updated', account, accountId)
}

/** Stripe rejects the merchant (`rejected.fraud`, `rejected.terms_of_service`, …). */
export function rejectAccount(store: StripeStore, accountId: string, reason: string): void {
  const account = store.mustGet(accountId, 'account')
  const capabilities = account.capabilities as Record<string, string>
  for (const k of Object.keys(capabilities)) capabilities[k] = 'inactive'
  Object.assign(account, {
    charges_enabled: false,
    payouts_enabled: false,
    requirements: emptyRequirements(reason),
  })
  store.emit('account.updated', account, accountId)
}

export function createTransfer(store: StripeStore, p: FormTree, ctx: Ctx): Obj {
  const amount = positiveInt(p.amount, 'amount')
  const currency = str(p.currency)
  if (!currency) throw missing('currency')
  if (typeof p.destination !== 'string') throw missing('destination')
  const destination = store.find(p.destination, 'account', ctx, 'destination')
  if ((destination.capabilities as Record<string, string>).transfers !== 'active') {
    throw invalid(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
    )
  }
  const source = str(p.source_transaction)
  if (source) {
    const charge = store.find(source, 'charge', ctx, 'source_transaction')
    if (charge.status !== 'succeeded')
      throw invalid(`Charge ${source} did not succeed.`, { param: 'source_transaction' })
    if (charge.currency !== currency) {
      throw invalid(
        `The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${currency})`,
        { param: 'currency' },
      )
    }
    const transferred = [...store.objects.values()]
      .filter((o) => o.object === 'transfer' && o.source_transaction === source)
      .reduce((sum, o) => sum + (o.amount as number), 0)
    // Simplified: Stripe's limit also depends on fees and the settlement currency.
    if (transferred + amount > (charge.amount as number)) {
      throw invalid('The transfer amount exceeds what is left of the source transaction.', {
        param: 'amount',
      })
    }
  } else {
    const available = store.available[currency] ?? 0
    if (available < amount) {
      throw invalid(
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
        { code: 'balance_insufficient' },
      )
    }
    store.available[currency] = available - amount
  }
  const transfer: Obj = {
    id: `tr_${randomId(24)}`,
    object: 'transfer',
    amount,
    amount_reversed: 0,
    balance_transaction: `txn_${randomId(24)}`,
    created: store.seconds(),
    currency,
    description: str(p.description) ?? null,
    destination: destination.id,
    destination_payment: `py_${randomId(24)}`,
    livemode: ctx.live,
    metadata: metadataOf(p.metadata),
    reversed: false,
    source_transaction: source ?? null,
    source_type: 'card',
    transfer_group: str(p.transfer_group) ?? null,
  }
  store.put(transfer)
  store.emit('transfer.created', transfer)
  return structuredClone(transfer)
}

function emptyRequirements(disabledReason: string | null, due: string[] = []): Obj {
  return {
    currently_due: due,
    eventually_due: due,
    past_due: due,
    pending_verification: [],
    disabled_reason: disabledReason,
    current_deadline: null,
    errors: [],
  }
}
