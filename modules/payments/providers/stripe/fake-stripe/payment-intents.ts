/** PaymentIntents, their charges and card attempts: `POST/GET /v1/payment_intents[/:id[/cancel]]`. */
import { luhn } from '../../../card-numbers.ts'
import type { FormTree } from '../form.ts'
import {
  type CardSummary,
  type Ctx,
  invalid,
  metadataOf,
  missing,
  noSuch,
  type Obj,
  positiveInt,
  randomId,
  StripeFailure,
  type StripeStore,
  str,
  strings,
} from './store.ts'

/** Outcomes of Stripe's documented test cards (https://docs.stripe.com/testing). */
type CardOutcome =
  | { kind: 'succeed' }
  | { kind: 'authenticate' }
  | { kind: 'decline'; code: string; decline_code?: string; message: string }

const declined = (decline_code: string, message: string): CardOutcome => ({
  kind: 'decline',
  code: 'card_declined',
  decline_code,
  message,
})

const testCards: Record<string, CardOutcome> = {
  '4000000000000002': declined('generic_decline', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('lost_card', 'Your card was declined.'),
  '4000000000000069': { kind: 'decline', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': {
    kind: 'decline',
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  '4000002760003184': { kind: 'authenticate' },
  '4000002500003155': { kind: 'authenticate' },
}

/** Stripe's test PaymentMethod tokens, as the card numbers they stand for. */
const testPaymentMethods: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002760003184',
}

export function newIntent(store: StripeStore, fields: Obj): Obj {
  const id = `pi_${randomId(24)}`
  const intent: Obj = {
    id,
    object: 'payment_intent',
    amount: 0,
    amount_capturable: 0,
    amount_received: 0,
    capture_method: 'automatic',
    confirmation_method: 'automatic',
    client_secret: `${id}_secret_${randomId(25)}`,
    created: store.seconds(),
    currency: 'eur',
    description: null,
    last_payment_error: null,
    latest_charge: null,
    metadata: {},
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    transfer_group: null,
    canceled_at: null,
    cancellation_reason: null,
    ...fields,
  }
  store.put(intent)
  return intent
}

/** `POST /v1/payment_intents`: card only, with `payment_method_data[card]` or a test PaymentMethod. */
export function createIntent(store: StripeStore, p: FormTree, ctx: Ctx, expand: string[]): Obj {
  const amount = positiveInt(p.amount, 'amount')
  const currency = str(p.currency)
  if (!currency) throw missing('currency')
  const types = strings(p.payment_method_types)
  if (types.some((t) => t !== 'card')) throw invalid('This fake takes card PaymentIntents only.')

  // Read the card first; from here on only brand and last four digits are kept.
  let card: CardOnFile | undefined
  const pmd = p.payment_method_data as FormTree | undefined
  if (pmd) {
    if (pmd.type !== 'card') throw invalid('payment_method_data[type] must be card in this fake.')
    card = readCard((pmd.card as FormTree | undefined) ?? {}, store.now())
  } else if (typeof p.payment_method === 'string') {
    const number = testPaymentMethods[p.payment_method]
    if (!number) throw noSuch('PaymentMethod', p.payment_method, 'payment_method')
    card = { number, brand: brandOf(number), last4: number.slice(-4), exp_month: 12, exp_year: 2034 }
  }
  if (card && 'error' in card) throw new StripeFailure(402, card.error, true)
  const confirm = p.confirm === 'true'
  if (confirm && !card) throw missing('payment_method')

  const intent = newIntent(store, {
    amount,
    currency,
    description: str(p.description) ?? null,
    metadata: metadataOf(p.metadata),
    transfer_group: str(p.transfer_group) ?? null,
    payment_method_types: ['card'],
    livemode: ctx.live,
  })
  if (card) attachCard(store, intent, card)
  store.emit('payment_intent.created', intent)
  if (confirm && card) {
    attempt(store, intent, card.number, str(p.return_url))
    if (intent.status === 'requires_payment_method') {
      const error = intent.last_payment_error as Obj
      throw new StripeFailure(
        402,
        { ...error, payment_intent: store.expanded(intent, expand) },
        true, // an executed request: the decline is what a retry with the same key gets
      )
    }
  } else if (card) intent.status = 'requires_confirmation'
  return store.expanded(intent, expand)
}

/**
 * `POST /v1/payment_intents/:id/cancel`: possible in requires_payment_method, requires_capture,
 * requires_confirmation, requires_action and processing (Stripe: "in rare cases"); a Checkout
 * Session's PaymentIntent only in requires_capture (the session is expired instead). Optional
 * `cancellation_reason`: duplicate, fraudulent, requested_by_customer or abandoned (else null).
 */
export function cancelIntent(store: StripeStore, id: string, p: FormTree, ctx: Ctx, expand: string[]): Obj {
  const reason = str(p.cancellation_reason)
  const reasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']
  if (reason !== undefined && !reasons.includes(reason)) {
    throw invalid(`Invalid cancellation_reason: must be one of ${reasons.join(', ')}`, {
      param: 'cancellation_reason',
    })
  }
  const intent = store.find(id, 'payment_intent', ctx)
  const cancellable = [
    'requires_payment_method',
    'requires_capture',
    'requires_confirmation',
    'requires_action',
    'processing',
  ]
  if (!cancellable.includes(intent.status as string)) {
    throw invalid(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancellable.join(', ')}.`,
      { code: 'payment_intent_unexpected_state' },
    )
  }
  const session = store.sessionOf(intent)
  if (session && intent.status !== 'requires_capture') {
    throw invalid(
      `This PaymentIntent was created by Checkout Session ${session.id}: expire the Checkout Session instead of canceling its PaymentIntent.`,
      { code: 'payment_intent_unexpected_state' },
    )
  }
  Object.assign(intent, {
    status: 'canceled',
    canceled_at: store.seconds(),
    cancellation_reason: reason ?? null,
    next_action: null,
  })
  store.emit('payment_intent.canceled', intent)
  return store.expanded(intent, expand)
}

/** The payer passes or fails 3-D Secure for a PaymentIntent in requires_action. */
export function authenticate(store: StripeStore, paymentIntentId: string, outcome: 'succeed' | 'fail'): void {
  const intent = store.mustGet(paymentIntentId, 'payment_intent')
  if (intent.status !== 'requires_action') throw new Error(`${paymentIntentId} is ${intent.status}`)
  intent.next_action = null
  if (outcome === 'succeed') succeed(store, intent, cardOf(store, intent))
  else {
    intent.status = 'requires_payment_method'
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
    }
    store.emit('payment_intent.payment_failed', intent)
  }
}

/** Payment method details of the card on an intent, kept without its number. */
function attachCard(store: StripeStore, intent: Obj, card: CardSummary): void {
  intent.payment_method = `pm_${randomId(24)}`
  store.cards.set(intent.id as string, {
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
  })
}

function cardOf(store: StripeStore, intent: Obj) {
  return store.cards.get(intent.id as string)
}

/** One card attempt: succeeds, declines (failed charge, error on the intent) or asks for 3-D Secure. */
export function attempt(
  store: StripeStore,
  intent: Obj,
  number: string,
  returnUrl: string | undefined,
): void {
  const outcome = testCards[number] ?? { kind: 'succeed' }
  if (cardOf(store, intent)?.last4 !== number.slice(-4)) {
    attachCard(store, intent, {
      brand: brandOf(number),
      last4: number.slice(-4),
      exp_month: 12,
      exp_year: 2034,
    })
  }
  const card = cardOf(store, intent)
  intent.last_payment_error = null
  if (outcome.kind === 'succeed') {
    succeed(store, intent, card)
    return
  }
  if (outcome.kind === 'authenticate') {
    intent.status = 'requires_action'
    intent.next_action = returnUrl
      ? {
          type: 'redirect_to_url',
          redirect_to_url: { url: `${store.url}/3ds/${intent.id}`, return_url: returnUrl },
        }
      : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
    store.emit('payment_intent.requires_action', intent)
    return
  }
  const charge = newCharge(store, intent, 'failed', card)
  Object.assign(charge, {
    failure_code: outcome.code,
    failure_message: outcome.message,
    outcome: {
      network_status: 'declined_by_network',
      reason: outcome.decline_code ?? outcome.code,
      type: 'issuer_declined',
      seller_message: 'The bank did not return any further details with this decline.',
    },
  })
  intent.status = 'requires_payment_method'
  intent.last_payment_error = {
    type: 'card_error',
    code: outcome.code,
    ...(outcome.decline_code ? { decline_code: outcome.decline_code } : {}),
    message: outcome.message,
    charge: charge.id,
    doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replaceAll('_', '-')}`,
    payment_method: {
      id: intent.payment_method,
      object: 'payment_method',
      type: 'card',
      card: { ...card },
    },
  }
  store.emit('charge.failed', charge)
  store.emit('payment_intent.payment_failed', intent)
}

/** iDEAL and PayPal: the payer is redirected to the bank or PayPal and comes back. */
export function attemptRedirectMethod(
  store: StripeStore,
  intent: Obj,
  method: string,
  outcome: 'succeed' | 'fail',
): void {
  if (outcome === 'succeed') {
    succeed(store, intent, undefined, method)
    return
  }
  intent.status = 'requires_payment_method'
  intent.last_payment_error = {
    type: 'invalid_request_error',
    code: 'payment_intent_payment_attempt_failed',
    message:
      'The latest payment attempt of this PaymentIntent has failed or been canceled, and the attached payment method has been removed. You can try confirming again with a new payment method.',
    payment_method_type: method,
  }
  store.emit('payment_intent.payment_failed', intent)
}

function succeed(store: StripeStore, intent: Obj, card: CardSummary | undefined, method = 'card'): void {
  const charge = newCharge(store, intent, 'succeeded', card, method)
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    next_action: null,
    last_payment_error: null,
  })
  store.emit('charge.succeeded', charge)
  store.emit('payment_intent.succeeded', intent)
  const session = store.sessionOf(intent)
  if (session && session.status === 'open') {
    Object.assign(session, { status: 'complete', payment_status: 'paid', url: null })
    store.emit('checkout.session.completed', session)
  }
}

function newCharge(
  store: StripeStore,
  intent: Obj,
  status: 'succeeded' | 'failed',
  card: CardSummary | undefined,
  method = 'card',
): Obj {
  const amount = intent.amount as number
  const currency = intent.currency as string
  let txnId: string | null = null
  if (status === 'succeeded') {
    // Made-up fees in the shape of Stripe's: 1.5 % + 25 for cards, 29 flat for iDEAL, 3.49 % + 35 for PayPal.
    const fee =
      method === 'ideal'
        ? 29
        : method === 'paypal'
          ? Math.floor((amount * 349 + 5000) / 10000) + 35
          : Math.floor((amount * 15 + 500) / 1000) + 25
    txnId = `txn_${randomId(24)}`
    store.put({
      id: txnId,
      object: 'balance_transaction',
      amount,
      currency,
      fee,
      fee_details: [{ amount: fee, currency, type: 'stripe_fee', description: 'Stripe processing fees' }],
      net: amount - fee,
      status: 'pending',
      type: 'charge',
      created: store.seconds(),
      available_on: store.seconds() + 2 * 24 * 3600,
    })
  }
  const charge: Obj = {
    id: `ch_${randomId(24)}`,
    object: 'charge',
    amount,
    amount_captured: status === 'succeeded' ? amount : 0,
    amount_refunded: 0,
    balance_transaction: txnId,
    captured: status === 'succeeded',
    created: store.seconds(),
    currency,
    description: intent.description,
    failure_code: null,
    failure_message: null,
    livemode: intent.livemode ?? false,
    metadata: {},
    outcome: {
      network_status: 'approved_by_network',
      reason: null,
      type: 'authorized',
      seller_message: 'Payment complete.',
    },
    paid: status === 'succeeded',
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    payment_method_details:
      method === 'card'
        ? { type: 'card', card: { ...card, funding: 'credit', country: 'US', network: card?.brand } }
        : { type: method, [method]: {} },
    refunded: false,
    status,
    transfer_group: intent.transfer_group,
  }
  if (txnId) (store.objects.get(txnId) as Obj).source = charge.id
  store.put(charge)
  intent.latest_charge = charge.id
  return charge
}

type CardOnFile =
  | { number: string; brand: string; last4: string; exp_month: number; exp_year: number }
  | { error: Obj }

/** Validates a raw card as Stripe does before any charge; the caller keeps only brand and last4. */
function readCard(card: FormTree, nowMs: number): CardOnFile {
  const number = str(card.number)?.replace(/\s/g, '') ?? ''
  const cardError = (code: string, param: string, message: string): CardOnFile => ({
    error: {
      type: 'card_error',
      code,
      param,
      message,
      doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
    },
  })
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    return cardError('incorrect_number', 'number', 'Your card number is incorrect.')
  }
  const month = Number(str(card.exp_month))
  const year = Number(str(card.exp_year))
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return cardError('invalid_expiry_month', 'exp_month', "Your card's expiration month is invalid.")
  }
  const now = new Date(nowMs)
  if (
    !Number.isInteger(year) ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    return cardError('invalid_expiry_year', 'exp_year', "Your card's expiration year is invalid.")
  }
  if (!/^\d{3,4}$/.test(str(card.cvc) ?? '')) {
    return cardError('invalid_cvc', 'cvc', "Your card's security code is invalid.")
  }
  return { number, brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year }
}

/** The brands Stripe's test cards have (Stripe knows more; these are the ones the tests use). */
function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  return 'unknown'
}
