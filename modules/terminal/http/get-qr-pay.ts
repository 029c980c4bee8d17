import { displayNames } from '../../identity/index.ts'
import { paymentFacts } from '../../payments/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { findProgram } from '../../programs/index.ts'
import { claimRequest, requestOfToken } from '../commands/terminal-requests.ts'
import type { TerminalRequestRow } from '../db/terminal-requests.ts'
import { requestContext } from './schemas.ts'

const token = z
  .string({ message: 'token is required' })
  .min(1, 'token is required')
  .max(200, 'this QR code is not valid')
  .openapi({ description: 'The token of the QR link (`/pay?token=…`)' })

const preview = z
  .object({
    merchant: z.string().openapi({
      description:
        'Who is paid, as the checkout names them: the business (the acceptor’s company, else the program’s title), never the cashier',
    }),
    cashpoint: z.string().nullable(),
    program: z.string().nullable().openapi({ description: 'The program’s title' }),
    amount: z.number().int().openapi({ description: 'Minor units (cents)', example: 1250 }),
    currency: z.string(),
    description: z.string(),
    expires: z.iso.datetime().openapi({ description: 'When the QR link stops working' }),
  })
  .openapi('QrPayPreview')

const refusals =
  'A forged or garbled token: 400 `token_invalid`. Already used (it led to a payment): 409 `token_used`; expired: 409 `token_expired`; the merchant cancelled it: 409 `token_cancelled`; the merchant showed a newer QR: 409 `token_replaced`. Nothing is charged in any of these cases.'

export const getQrPay = createRoute({
  method: 'get',
  path: '/payment/qr-pay',
  tags: ['payment'],
  summary: 'What a payment QR code asks for (public)',
  description: `Open to anyone holding the QR link: merchant, amount and description, before paying. Reading it does not use the code. ${refusals}`,
  request: { query: z.object({ token }) },
  responses: {
    200: { description: 'What is asked', content: { 'application/json': { schema: preview } } },
    ...errorResponses(400, 409),
  },
})

export const postQrPay = createRoute({
  method: 'post',
  path: '/payment/qr-pay',
  tags: ['payment'],
  summary: 'Pay a payment QR code (public)',
  description: `Uses the code (once: of two people scanning it only the first gets here) and answers the payment to pay on its checkout page (\`/checkout/{checkout_uuid}\`), where the payer picks a method. ${refusals}`,
  request: {
    body: { required: true, content: { 'application/json': { schema: z.object({ token }).strict() } } },
  },
  responses: {
    200: {
      description: 'On to the checkout',
      content: {
        'application/json': {
          schema: z.object({ checkout_uuid: z.uuid(), checkout_url: z.string() }).openapi('QrPayStart'),
        },
      },
    },
    ...errorResponses(400, 409),
  },
})

async function previewOf(db: Parameters<typeof findProgram>[0], row: TerminalRequestRow) {
  const receiver = row.acceptor_user_id ?? row.owner_user_id
  const [payment, program] = await Promise.all([
    paymentFacts(db, row.payment_id),
    findProgram(db, row.program_uuid),
  ])
  // The business fixed with the payment, so /pay, the checkout and the provider's page agree.
  const merchant =
    payment?.merchant_name ||
    program?.title ||
    (await displayNames(db, [receiver])).get(receiver) ||
    'Cardpay'
  return {
    merchant,
    cashpoint: row.cashpoint_title,
    program: program?.title ?? null,
    amount: Number(row.amount),
    currency: row.currency,
    description: row.description,
    expires: row.token_expires_at.toISOString(),
  }
}

export function registerQrPayRoutes(app: ApiApp) {
  app.openapi(getQrPay, async (c) => {
    const { db, config } = c.get('services')
    c.header('Cache-Control', 'no-store')
    const row = await requestOfToken(db, config, c.req.valid('query').token)
    return c.json(await previewOf(db, row), 200)
  })
  app.openapi(postQrPay, async (c) => {
    const services = c.get('services')
    const row = await claimRequest(services, requestContext(c), c.req.valid('json').token)
    return c.json(
      {
        checkout_uuid: row.payment_id,
        checkout_url: `${services.config.PUBLIC_URL}/checkout/${row.payment_id}`,
      },
      200,
    )
  })
}
