import { createHmac, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { userTypes } from '../../platform/access.ts'
import { AppError, type FieldProblems, fieldProblem } from '../../platform/errors.ts'
import { clientAddress, createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import { localeFromAcceptLanguage } from '../../platform/locales.ts'
import type { ApiApp, AppEnv, Services } from '../../platform/module.ts'
import { consumeAll } from '../../platform/rate-limit.ts'
import { cardMessages, isValidCvc, parseCardNumber, parseExpiry } from '../card-numbers.ts'
import { startAttempt } from '../commands/start-attempt.ts'
import { descriptionFields, descriptionSchemaFields } from '../descriptions.ts'
import { failureReason } from '../errors.ts'
import { methodById } from '../methods.ts'
import { programMethods } from '../programs.ts'
import { type PaymentMethodId, paymentMethodIds } from '../providers/provider.ts'
import { providerFor } from '../providers/registry.ts'
import { testCards } from '../providers/sandbox/test-cards.ts'
import { cashpointOf, findPaymentRow, merchantNameOf, paymentReference } from '../queries/payments.ts'
import { paymentStatuses } from '../state.ts'
import { paymentIdParam } from './schemas.ts'

const checkoutView = z
  .object({
    uuid: z.uuid(),
    reference: z.string(),
    status: z.enum(paymentStatuses),
    amount: z.number().int(),
    currency: z.string(),
    ...descriptionSchemaFields,
    merchant: z.string().openapi({
      description: 'Who is paid, as shown to the payer: the business (shop or program), never the cashier',
    }),
    cashpoint: z.string().nullable().openapi({ description: 'The cashpoint it was asked at, if any' }),
    methods: z.array(z.object({ id: z.string(), title: z.string() })),
    failure_code: z.string().nullable().openapi({
      description:
        'Why the last attempt failed, as the provider says it (`card_declined`, `insufficient_funds`, …)',
    }),
    failure_message: z.string().nullable(),
    open_method: z.string().nullable().openapi({
      description:
        'The method of the attempt still in flight (a hosted page left open, a bank step): "continue" goes on with it; another method cancels it first',
    }),
    card_brand: z.string().nullable(),
    card_last4: z.string().nullable(),
    expires: z.iso.datetime(),
    paid: z.iso.datetime().nullable(),
  })
  .openapi('Checkout')

async function viewOf(c: Context<AppEnv>, id: string) {
  const services = c.get('services')
  const p = await findPaymentRow(services.db, id)
  if (!p) throw new AppError('not_found', 'payment not found')
  const account = await services.db
    .selectFrom('payment_accounts')
    .select('provider')
    .where('id', '=', p.account_id)
    .executeTakeFirstOrThrow()
  const provider = providerFor(services, account.provider as 'sandbox')
  return {
    uuid: p.id,
    reference: paymentReference(p.number),
    status: p.status as (typeof paymentStatuses)[number],
    amount: Number(p.amount),
    currency: p.currency,
    ...descriptionFields(p),
    merchant: await merchantNameOf(services.db, p),
    cashpoint: cashpointOf(p.metadata),
    // A program's payers choose among the methods the program uses; a payment link outside any
    // program offers what its provider takes.
    methods: (
      (await programMethods(services.db, p.program_uuid))?.map((m) => m.method_id) ?? provider.methods
    ).flatMap((id) => {
      const m = methodById(id)
      return m ? [{ id: m.id, title: m.title }] : []
    }),
    failure_code: p.failure_code,
    failure_message: p.failure_message,
    open_method:
      (
        await services.db
          .selectFrom('payment_attempts')
          .select('method')
          .where('payment_id', '=', p.id)
          .where('status', 'in', ['open', 'requires_action'])
          .orderBy('number', 'desc')
          .executeTakeFirst()
      )?.method ?? null,
    card_brand: p.card_brand,
    card_last4: p.card_last4,
    expires: p.expires_at.toISOString(),
    paid: p.paid_at?.toISOString() ?? null,
  }
}

export const getCheckout = createRoute({
  method: 'get',
  path: '/payment/checkout/{uuid}',
  tags: ['payment'],
  summary: 'What the payer sees before and after paying (public)',
  description:
    'Open to anyone with the payment’s link: merchant, amount, description, status and the methods on offer. No personal data.',
  request: { params: paymentIdParam },
  responses: {
    200: { description: 'The checkout', content: { 'application/json': { schema: checkoutView } } },
    ...errorResponses(400, 404),
  },
})

const startBody = z
  .object({
    method: z.enum(paymentMethodIds, { message: 'payment_method_is_not_supported' }).default('card'),
  })
  .strict()

export const postCheckout = createRoute({
  method: 'post',
  path: '/payment/checkout/{uuid}',
  tags: ['payment'],
  summary: 'Start paying on the provider’s hosted page (public)',
  description:
    'Opens an attempt at the payment’s provider and answers where to send the payer (`redirect_url`, the hosted page). A signed-in card holder becomes the payment’s payer and sees it in their transactions. A second call while an attempt is open answers the same page.',
  middleware: [idempotency()] as const,
  request: {
    params: paymentIdParam,
    headers: idempotencyKeyHeader,
    body: { required: false, content: { 'application/json': { schema: startBody } } },
  },
  responses: {
    200: {
      description: 'Where to go next',
      content: {
        'application/json': {
          schema: z.object({
            status: z.enum(paymentStatuses),
            redirect_url: z.string().nullable(),
            checkout: checkoutView,
          }),
        },
      },
    },
    ...errorResponses(400, 404, 409, 422, 429),
  },
})

const payBody = z
  .object({
    order_uuid: z.uuid({ message: 'must be the uuid of the payment to pay' }),
    payment_type: z.enum(paymentMethodIds, { message: 'payment_method_is_not_supported' }).default('card'),
    card_number: z.string().max(30, cardMessages.number).optional(),
    exp_month: z.union([z.number(), z.string().max(4)]).optional(),
    exp_year: z.union([z.number(), z.string().max(4)]).optional(),
    cvc: z.string().max(4, cardMessages.cvc).optional(),
  })
  .strict()
  .openapi('PayInput')

export const postPay = createRoute({
  method: 'post',
  path: '/payment/pay',
  tags: ['payment'],
  summary: 'Pay a payment directly with a card (public)',
  description:
    'Card number (16 digits, four groups of four, Luhn), expiry (month 1–12, not past) and CVC (3 digits) are checked with the specification’s messages, handed to the provider in memory and never stored or logged: only brand and last four digits are kept. With another `payment_type` (iDEAL, PayPal) the answer holds the hosted page to go to. A declined card answers 400 with the provider’s message; a card needing confirmation answers `redirect_url`.',
  middleware: [idempotency()] as const,
  request: {
    headers: idempotencyKeyHeader,
    body: { required: true, content: { 'application/json': { schema: payBody } } },
  },
  responses: {
    200: {
      description: 'Paid, or where to confirm',
      content: {
        'application/json': {
          schema: z.object({
            status: z.enum(paymentStatuses),
            redirect_url: z.string().nullable(),
            card_brand: z.string().nullable(),
            card_last4: z.string().nullable(),
          }),
        },
      },
    },
    ...errorResponses(400, 404, 409, 422, 429),
  },
})

/**
 * Paying is public, so it is rate limited against card testing (many cards tried on one page, one
 * card tried on many): per payment, per card (a keyed fingerprint of the number, in memory and as
 * a hashed Redis key only), per payer's device (the signed-in account, else the `cp_payer` cookie
 * the checkout sets) and, much higher, per client address, which many honest payers share behind a
 * shop's Wi-Fi or a mobile carrier. A try is counted only when no limit refuses it; a refusal
 * answers 429 with Retry-After, which the payer's screen turns into the wait in words.
 */
async function limitPaying(c: Context<AppEnv>, paymentId: string, card?: string) {
  const { redis, config } = c.get('services')
  const device = payerOf(c) ?? deviceOf(c)
  await consumeAll(redis, config.REDIS_PREFIX, [
    {
      limit: { name: 'pay:payment', limit: config.PAY_LIMIT_PER_PAYMENT, windowSeconds: 3600 },
      subject: paymentId,
    },
    // The sandbox's test cards are everyone's outside production (every developer, every test).
    ...(card && !(config.NODE_ENV !== 'production' && isSandboxTestCard(card))
      ? [
          {
            limit: { name: 'pay:card', limit: config.PAY_LIMIT_PER_CARD, windowSeconds: 3600 },
            subject: cardFingerprint(config, card),
          },
        ]
      : []),
    ...(device
      ? [
          {
            limit: { name: 'pay:device', limit: config.PAY_LIMIT_PER_DEVICE, windowSeconds: 600 },
            subject: device,
          },
        ]
      : []),
    {
      limit: { name: 'pay:address', limit: config.PAY_LIMIT_PER_ADDRESS, windowSeconds: 600 },
      subject: clientAddress(c) ?? 'unknown',
    },
  ])
}

const isSandboxTestCard = (number: string) => {
  const digits = number.replace(/\D/g, '')
  return testCards.some((c) => c.number.replace(/\D/g, '') === digits)
}

/** A card's fingerprint for counting tries: keyed, so the number cannot be found from it. */
const cardFingerprint = (config: Services['config'], number: string) =>
  createHmac('sha256', `pay-limit:${config.DATA_ENCRYPTION_KEY ?? config.DATA_DIR}`)
    .update(number.replace(/\D/g, ''))
    .digest('hex')

const deviceCookie = 'cp_payer'
const devicePattern = /^[A-Za-z0-9_-]{16,64}$/
/** The payer's device, from the cookie the checkout set; none for a client that keeps no cookies. */
function deviceOf(c: Context<AppEnv>): string | undefined {
  const id = getCookie(c, deviceCookie)
  return id && devicePattern.test(id) ? `device:${id}` : undefined
}
/** Gives a browser without one its payer cookie (random, httpOnly, only sent to the payment API). */
function ensureDevice(c: Context<AppEnv>) {
  if (deviceOf(c)) return
  setCookie(c, deviceCookie, randomBytes(18).toString('base64url'), {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/api/v1/payment',
    maxAge: 60 * 60 * 24 * 365,
    secure: c.get('services').config.PUBLIC_URL.startsWith('https:'),
  })
}

/**
 * Where the provider sends the payer back: the payment's own return URL when its payable has a page
 * that follows the payment (a card order returns to its order page), else the checkout, which then
 * waits for the provider's answer (`?returned=1`).
 */
async function returnUrlOf(c: Context<AppEnv>, id: string): Promise<string> {
  const p = await findPaymentRow(c.get('services').db, id)
  return p?.return_url ?? `${c.get('services').config.PUBLIC_URL}/checkout/${id}?returned=1`
}
const payerOf = (c: Context<AppEnv>) => {
  const actor = c.get('actor')
  return actor.kind === 'user' && actor.user_type === userTypes.holder ? actor.user_id : null
}

export function registerCheckoutRoutes(app: ApiApp) {
  app.openapi(getCheckout, async (c) => {
    const view = await viewOf(c, c.req.valid('param').uuid)
    ensureDevice(c)
    return c.json(view, 200)
  })

  app.openapi(postCheckout, async (c) => {
    const id = c.req.valid('param').uuid
    const method = (c.req.valid('json') ?? { method: 'card' as const }).method
    await limitPaying(c, id)
    const started = await startAttempt(
      c.get('services'),
      { actor: c.get('actor'), requestId: c.get('requestId') },
      id,
      {
        method,
        payer_user_id: payerOf(c),
        locale: localeFromAcceptLanguage(c.req.header('accept-language')),
        return_url: await returnUrlOf(c, id),
      },
    )
    return c.json(
      { status: started.status, redirect_url: started.redirect_url, checkout: await viewOf(c, id) },
      200,
    )
  })

  app.openapi(postPay, async (c) => {
    const input = c.req.valid('json')
    await limitPaying(c, input.order_uuid, input.payment_type === 'card' ? input.card_number : undefined)
    const method: PaymentMethodId = input.payment_type
    let card: { number: string; expMonth: number; expYear: number; cvc: string } | undefined
    if (method === 'card') {
      const fields: FieldProblems = {}
      const number = parseCardNumber(input.card_number ?? '')
      if (!number) fields.card_number = [fieldProblem('invalid_card_number', cardMessages.number)]
      const expiry = parseExpiry(input.exp_month ?? '', input.exp_year ?? '')
      if (!expiry) fields.exp_month = [fieldProblem('invalid_expiry', cardMessages.expiry)]
      if (!isValidCvc(input.cvc ?? '')) fields.cvc = [fieldProblem('invalid_cvc', cardMessages.cvc)]
      if (!number || !expiry || Object.keys(fields).length > 0) {
        throw new AppError('validation_failed', 'validation failed', { fields })
      }
      card = { number, expMonth: expiry.month, expYear: expiry.year, cvc: input.cvc as string }
    }
    const started = await startAttempt(
      c.get('services'),
      { actor: c.get('actor'), requestId: c.get('requestId') },
      input.order_uuid,
      {
        method,
        card,
        payer_user_id: payerOf(c),
        locale: localeFromAcceptLanguage(c.req.header('accept-language')),
        return_url: await returnUrlOf(c, input.order_uuid),
      },
    )
    if (started.failure && !started.redirect_url) {
      throw new AppError('bad_request', started.failure.message, {
        reason: failureReason(started.failure.code),
        params: { failure_code: started.failure.code },
      })
    }
    const p = await findPaymentRow(c.get('services').db, input.order_uuid)
    return c.json(
      {
        status: started.status,
        redirect_url: started.redirect_url,
        card_brand: p?.card_brand ?? null,
        card_last4: p?.card_last4 ?? null,
      },
      200,
    )
  })
}
