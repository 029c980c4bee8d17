/** Checkout Sessions: `POST/GET /v1/checkout/sessions[/:id[/expire]]`, and the payer paying on one. */
import type { FormTree } from '../form.ts'
import { attempt, attemptRedirectMethod, newIntent } from './payment-intents.ts'
import {
  type Ctx,
  invalid,
  metadataOf,
  missing,
  type Obj,
  positiveInt,
  positiveIntOr,
  randomId,
  type StripeStore,
  str,
  strings,
} from './store.ts'

const checkoutLocales = new Set(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(
    ' ',
  ),
)

const methodCurrencies: Record<string, string[] | undefined> = { ideal: ['eur'] }

export function createSession(store: StripeStore, p: FormTree, ctx: Ctx): Obj {
  if (p.mode !== 'payment') {
    throw p.mode === undefined
      ? missing('mode')
      : invalid('This fake supports Checkout in mode=payment only.')
  }
  if (typeof p.success_url !== 'string') throw missing('success_url')
  const items = Array.isArray(p.line_items) ? p.line_items : []
  if (items.length === 0) throw missing('line_items')
  let total = 0
  let currency: string | undefined
  for (const [i, item] of items.entries()) {
    const it = item as FormTree
    const price = it.price_data as FormTree | undefined
    if (!price) throw missing(`line_items[${i}][price_data]`)
    const cur = str(price.currency)
    if (!cur) throw missing(`line_items[${i}][price_data][currency]`)
    if (currency && cur !== currency) throw invalid('All line items must have the same currency.')
    currency = cur
    if (!(price.product_data as FormTree | undefined)?.name) {
      throw missing(`line_items[${i}][price_data][product_data][name]`)
    }
    total +=
      positiveInt(price.unit_amount, `line_items[${i}][price_data][unit_amount]`) *
      positiveInt(it.quantity ?? '1', `line_items[${i}][quantity]`)
  }
  const types = strings(p.payment_method_types)
  const methods = types.length
    ? types
    : ['card', 'ideal', 'paypal'].filter((m) => methodCurrencies[m]?.includes(currency!) ?? true)
  for (const m of methods) {
    if (!['card', 'ideal', 'paypal'].includes(m)) {
      throw invalid(`Invalid payment_method_types[0]: must be one of card, ideal or paypal (in this fake).`, {
        param: 'payment_method_types',
      })
    }
    const allowed = methodCurrencies[m]
    if (allowed && !allowed.includes(currency!)) {
      throw invalid(
        `The currency provided (${currency}) is invalid. Payments with ${m} support the following currencies: ${allowed.join(', ')}.`,
        { param: 'line_items' },
      )
    }
  }
  const locale = str(p.locale)
  if (locale && !checkoutLocales.has(locale)) throw invalid(`Invalid locale: ${locale}`, { param: 'locale' })
  const id = `cs_${ctx.live ? 'live' : 'test'}_${randomId(58)}`
  const now = store.seconds()
  const session: Obj = {
    id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    url: `${store.url}/c/pay/${id}`,
    amount_subtotal: total,
    amount_total: total,
    currency,
    client_reference_id: str(p.client_reference_id) ?? null,
    success_url: p.success_url,
    cancel_url: str(p.cancel_url) ?? null,
    customer: null,
    customer_details: null,
    locale: locale ?? null,
    metadata: metadataOf(p.metadata),
    payment_intent: null,
    payment_method_types: methods,
    created: now,
    expires_at: positiveIntOr(p.expires_at, now + 24 * 3600),
    livemode: ctx.live,
  }
  const pid = (p.payment_intent_data as FormTree | undefined) ?? {}
  store.sessionIntentData.set(id, {
    description: str(pid.description),
    metadata: metadataOf(pid.metadata),
    transfer_group: str(pid.transfer_group),
  })
  store.put(session)
  return structuredClone(session)
}

/** `POST /v1/checkout/sessions/:id/expire`: only an open session. */
export function expireSession(store: StripeStore, id: string, ctx: Ctx, expand: string[]): Obj {
  const session = store.find(id, 'checkout.session', ctx)
  if (session.status !== 'open') {
    throw invalid(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
    )
  }
  expire(store, session)
  return store.read(id, 'checkout.session', ctx, expand)
}

/** The session's 24 hours run out, or the merchant expires it: its unpaid PaymentIntent is canceled. */
export function expire(store: StripeStore, session: Obj): void {
  if (session.status !== 'open') throw new Error(`Checkout Session ${session.id} is ${session.status}`)
  session.status = 'expired'
  session.url = null
  if (session.payment_intent) {
    const intent = store.mustGet(String(session.payment_intent), 'payment_intent')
    if (intent.status !== 'succeeded') {
      Object.assign(intent, {
        status: 'canceled',
        canceled_at: store.seconds(),
        cancellation_reason: 'automatic',
        next_action: null,
      })
      store.emit('payment_intent.canceled', intent)
    }
  }
  store.emit('checkout.session.expired', session)
}

export interface CheckoutPayment {
  method?: 'card' | 'ideal' | 'paypal'
  cardNumber?: string
  outcome?: 'succeed' | 'fail'
}

/**
 * The payer submits the hosted Checkout page. A declined card leaves the session open (the payer
 * may try again); a card that needs 3-D Secure leaves its PaymentIntent in requires_action until
 * `authenticate`. Answers the PaymentIntent's status.
 */
export function payCheckout(store: StripeStore, sessionId: string, how: CheckoutPayment = {}): string {
  const session = store.mustGet(sessionId, 'checkout.session')
  if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${session.status}`)
  const types = session.payment_method_types as string[]
  const method = how.method ?? types[0]!
  if (!types.includes(method)) throw new Error(`Checkout Session ${sessionId} does not offer ${method}`)
  let intent = session.payment_intent
    ? store.mustGet(String(session.payment_intent), 'payment_intent')
    : undefined
  if (!intent) {
    const data = store.sessionIntentData.get(sessionId) ?? {}
    intent = newIntent(store, {
      amount: session.amount_total as number,
      currency: session.currency as string,
      description: (data.description as string | undefined) ?? null,
      metadata: (data.metadata as Obj | undefined) ?? {},
      transfer_group: (data.transfer_group as string | undefined) ?? null,
      payment_method_types: [method],
      livemode: session.livemode as boolean,
    })
    session.payment_intent = intent.id
    store.emit('payment_intent.created', intent)
  }
  intent.payment_method_types = [method]
  if (method === 'card') {
    const number = how.cardNumber ?? '4242424242424242'
    attempt(store, intent, number, `${store.url}/c/pay/${sessionId}`)
  } else {
    attemptRedirectMethod(store, intent, method, how.outcome ?? 'succeed')
  }
  return intent.status as string
}
