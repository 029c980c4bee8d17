import { AppError, type FieldProblems, fieldProblem } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { cardMessages, isValidCvc, parseCardNumber, parseExpiryText } from '../card-numbers.ts'
import {
  cancelCheckout,
  chooseCheckoutBank,
  completeSandboxOnboarding,
  confirmCheckout,
  payCheckoutWithCard,
  type SandboxPaymentView,
  type SandboxStatus,
  viewCheckout,
  viewSandboxOnboarding,
} from '../providers/sandbox/sandbox.ts'
import { sandboxBanks, testCards } from '../providers/sandbox/test-cards.ts'

/**
 * The sandbox provider's hosted page API (`/api/v1/sandbox/...`), used by its pages under
 * `/sandbox/checkout/{id}` and `/sandbox/onboarding/{id}`. Public: the unguessable id in the link
 * is the payer's (or merchant's) access, as on a real provider's hosted page.
 */
const sandboxStatuses = [
  'open',
  'requires_action',
  'paid',
  'failed',
  'cancelled',
  'expired',
] as const satisfies readonly SandboxStatus[]

const idParam = z.object({ id: z.string().regex(/^[a-z]+_[A-Za-z0-9_-]{8,40}$/, 'not a sandbox id') })

const view = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    description: z.string(),
    merchant: z.string(),
    status: z.enum(sandboxStatuses),
    method: z.string(),
    chosen_method: z.string().nullable(),
    bank: z.string().nullable(),
    card_brand: z.string().nullable(),
    card_last4: z.string().nullable(),
    failure_code: z.string().nullable(),
    failure_message: z.string().nullable(),
    locale: z.string().nullable(),
    expires: z.iso.datetime(),
    return_url: z
      .string()
      .nullable()
      .openapi({ description: 'Where to send the payer, once the payment is finished' }),
    banks: z.array(z.object({ id: z.string(), name: z.string() })),
    test_cards: z.array(
      z.object({
        number: z.string(),
        brand: z.string(),
        outcome: z.string().openapi({
          description: 'What paying with it does: `succeeds`, `requires_action`, or the decline code',
        }),
        label: z.string(),
      }),
    ),
  })
  .openapi('SandboxCheckout')

const finished = (s: string) => s === 'paid' || s === 'failed' || s === 'cancelled' || s === 'expired'

const toView = (p: SandboxPaymentView) => ({
  id: p.id,
  amount: Number(p.amount),
  currency: p.currency,
  description: p.description,
  merchant: p.metadata.merchant_name ?? 'Cardpay merchant',
  status: p.status as SandboxStatus,
  method: p.method,
  chosen_method: p.chosen_method,
  bank: p.bank,
  card_brand: p.card_brand,
  card_last4: p.card_last4,
  failure_code: p.failure_code,
  failure_message: p.failure_message,
  locale: p.locale,
  expires: p.expires_at.toISOString(),
  return_url: finished(p.status) ? p.return_url : null,
  banks: sandboxBanks.map((b) => ({ ...b })),
  test_cards: testCards.map((c) => ({
    number: c.number.replace(/(\d{4})(?=\d)/g, '$1 '),
    brand: c.brand,
    outcome: c.outcome.result === 'declined' ? c.outcome.code : c.outcome.result,
    label: c.label,
  })),
})

const ok = {
  200: { description: 'The checkout', content: { 'application/json': { schema: view } } },
  ...errorResponses(400, 404, 409),
}

const getRoute = (path: string, summary: string) =>
  createRoute({
    method: 'get',
    path: `/sandbox/checkout/{id}${path}`,
    tags: ['sandbox'],
    summary,
    request: { params: idParam },
    responses: ok,
  })
const postRoute = <B extends z.ZodType>(path: string, summary: string, body: B) =>
  createRoute({
    method: 'post',
    path: `/sandbox/checkout/{id}${path}`,
    tags: ['sandbox'],
    summary,
    request: { params: idParam, body: { required: true, content: { 'application/json': { schema: body } } } },
    responses: ok,
  })

const cardBody = z
  .object({
    card_number: z.string().max(30),
    expiry: z.string().max(10).openapi({ example: '12 / 29' }),
    cvc: z.string().max(4),
    holder: z.string().max(100).optional(),
  })
  .strict()

export function registerSandboxRoutes(app: ApiApp) {
  app.openapi(getRoute('', 'The sandbox hosted payment page'), async (c) =>
    c.json(toView(await viewCheckout(c.get('services').db, c.req.valid('param').id)), 200),
  )
  app.openapi(postRoute('/card', 'Pay on the hosted page with a test card', cardBody), async (c) => {
    const body = c.req.valid('json')
    const fields: FieldProblems = {}
    const number = parseCardNumber(body.card_number)
    const expiry = parseExpiryText(body.expiry)
    if (!number) fields.card_number = [fieldProblem('invalid_card_number', cardMessages.number)]
    if (!expiry) fields.expiry = [fieldProblem('invalid_expiry', cardMessages.expiry)]
    if (!isValidCvc(body.cvc)) fields.cvc = [fieldProblem('invalid_cvc', cardMessages.cvc)]
    if (!number || !expiry || Object.keys(fields).length)
      throw new AppError('validation_failed', 'validation failed', { fields })
    const p = await payCheckoutWithCard(c.get('services').db, c.req.valid('param').id, {
      number,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: body.cvc,
      holder: body.holder,
    })
    return c.json(toView(p), 200)
  })
  app.openapi(
    postRoute(
      '/bank',
      'Choose a bank (iDEAL) on the hosted page',
      z.object({ bank: z.string().max(40) }).strict(),
    ),
    async (c) => {
      const { bank } = c.req.valid('json')
      return c.json(
        toView(await chooseCheckoutBank(c.get('services').db, c.req.valid('param').id, bank)),
        200,
      )
    },
  )
  app.openapi(
    postRoute(
      '/confirm',
      'Approve or refuse the confirmation step (3-D Secure, banking app)',
      z.object({ approve: z.boolean() }).strict(),
    ),
    async (c) => {
      const { approve } = c.req.valid('json')
      return c.json(
        toView(await confirmCheckout(c.get('services').db, c.req.valid('param').id, approve)),
        200,
      )
    },
  )
  app.openapi(postRoute('/cancel', 'Cancel on the hosted page', z.object({}).strict()), async (c) =>
    c.json(toView(await cancelCheckout(c.get('services').db, c.req.valid('param').id)), 200),
  )

  const onboardingView = z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    country: z.string(),
    status: z.string(),
    return_url: z.string().nullable(),
  })
  app.openapi(
    createRoute({
      method: 'get',
      path: '/sandbox/onboarding/{id}',
      tags: ['sandbox'],
      summary: 'The sandbox hosted onboarding page',
      request: { params: idParam },
      responses: {
        200: { description: 'Merchant', content: { 'application/json': { schema: onboardingView } } },
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const m = await viewSandboxOnboarding(c.get('services').db, c.req.valid('param').id)
      return c.json({ ...m, return_url: m.status === 'pending' ? null : m.return_url }, 200)
    },
  )
  app.openapi(
    createRoute({
      method: 'post',
      path: '/sandbox/onboarding/{id}',
      tags: ['sandbox'],
      summary: 'Finish onboarding: approved, or verification failed',
      request: {
        params: idParam,
        body: {
          required: true,
          content: { 'application/json': { schema: z.object({ approve: z.boolean() }).strict() } },
        },
      },
      responses: {
        200: { description: 'Merchant', content: { 'application/json': { schema: onboardingView } } },
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const id = c.req.valid('param').id
      await completeSandboxOnboarding(c.get('services').db, id, c.req.valid('json').approve)
      const m = await viewSandboxOnboarding(c.get('services').db, id)
      return c.json({ ...m, return_url: m.status === 'pending' ? null : m.return_url }, 200)
    },
  )
}
