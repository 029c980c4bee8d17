import { requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import type { ApiApp } from '../../platform/module.ts'
import { createTerminalRequest } from '../commands/terminal-requests.ts'
import {
  bearerSecurity,
  requestContext,
  resultOf,
  terminalRequestSchema,
  toTerminalRequestJson,
} from './schemas.ts'

/** What a sale is for: optional at the counter (the amount is what matters), at most 255 characters. */
export const terminalDescription = z
  .string({ message: 'must be text' })
  .trim()
  .max(255, 'The description field may not be greater than 255 characters')
  .default('')
  .openapi({ description: 'What the sale is for, shown to the payer; optional', example: 'Two loaves' })

const body = z
  .object({
    cashpoint: z.uuid('not a cashpoint id'),
    amount: z
      .number({ message: 'must be a whole number of cents' })
      .int('must be a whole number of cents')
      .positive('must be more than zero')
      .max(100_000_000, 'at most 100000000')
      .openapi({ description: 'Minor units (cents), in the program’s currency', example: 1250 }),
    description: terminalDescription,
  })
  .strict()
  .openapi('TerminalRequestInput')

export const postTerminalRequest = createRoute({
  method: 'post',
  path: '/manager/terminal-requests',
  tags: ['manager'],
  summary: 'Ask for a payment at a cashpoint (the phone as terminal)',
  description:
    'The cashpoint’s acceptor (an active acceptor of the program) or the program’s owner. Answers the request with `pay_url`, the link to show as a QR code: signed, single-use, valid for 15 minutes. The money goes to the cashpoint acceptor’s ledger sub-account. Another’s cashpoint: 404; a closed cashpoint or a program that takes no payments: 422. Safe to retry with an `Idempotency-Key`.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor'), idempotency()] as const,
  request: {
    headers: idempotencyKeyHeader,
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    201: {
      description: 'Asked',
      content: { 'application/json': { schema: resultOf(terminalRequestSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export function registerPostTerminalRequest(app: ApiApp) {
  app.openapi(postTerminalRequest, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const input = c.req.valid('json')
    const services = c.get('services')
    const { row, token } = await createTerminalRequest(services, requestContext(c), me, {
      cashpoint: input.cashpoint,
      amount: BigInt(input.amount),
      description: input.description,
    })
    return c.json({ result: toTerminalRequestJson(services.config.PUBLIC_URL, row, { token }) }, 201)
  })
}
