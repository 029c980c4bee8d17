import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { createCashpoint } from '../commands/cashpoints.ts'
import { cashpointSchema, requestContext, resultOf, toCashpointJson } from './schemas.ts'

export const cashpointTitle = z
  .string()
  .trim()
  .min(1, 'title is required')
  .max(100, 'at most 100 characters')
  .openapi({ example: 'Counter 1' })

const body = z
  .object({ program: z.uuid('not a program id'), title: cashpointTitle })
  .strict()
  .openapi('CashpointInput')

export const postCashpoint = createRoute({
  method: 'post',
  path: '/manager/cashpoints',
  tags: ['manager'],
  summary: 'Open a cashpoint (acceptor)',
  description:
    'In a program the acceptor takes part in (active). Names are unique among the acceptor’s active cashpoints in the program (400 on `title`). A program they never had a place in: 404; one they left (unsubscribed, declined): 403 `not_program_acceptor`; an invitation not accepted yet, blocked in the program, or a blocked or expired program: 422.',
  security: bearerSecurity,
  middleware: [signedIn('acceptor')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    201: { description: 'Opened', content: { 'application/json': { schema: resultOf(cashpointSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPostCashpoint(app: ApiApp) {
  app.openapi(postCashpoint, async (c) => {
    const me = requireUser(c, 'acceptor')
    const input = c.req.valid('json')
    const row = await createCashpoint(c.get('services').db, requestContext(c), me, {
      programId: input.program,
      title: input.title,
    })
    return c.json({ result: toCashpointJson(row) }, 201)
  })
}
