import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { updateCashpoint } from '../commands/cashpoints.ts'
import { cashpointTitle } from './post-cashpoint.ts'
import { cashpointSchema, requestContext, resultOf, toCashpointJson, uuidParam } from './schemas.ts'

const body = z
  .object({
    title: cashpointTitle.optional(),
    is_active: z
      .boolean({ message: 'true or false' })
      .optional()
      .openapi({ description: 'false deactivates' }),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change')
  .openapi('CashpointChange')

export const patchCashpoint = createRoute({
  method: 'patch',
  path: '/manager/cashpoints/{uuid}',
  tags: ['manager'],
  summary: 'Rename, deactivate or reactivate a cashpoint (acceptor)',
  description:
    'The acceptor’s own cashpoints (another’s: 404). Deactivating always works; renaming and reactivating need an active place in a usable program (403/422 as for opening one).',
  security: bearerSecurity,
  middleware: [signedIn('acceptor')] as const,
  request: {
    params: uuidParam('cashpoint'),
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    200: { description: 'Changed', content: { 'application/json': { schema: resultOf(cashpointSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPatchCashpoint(app: ApiApp) {
  app.openapi(patchCashpoint, async (c) => {
    const me = requireUser(c, 'acceptor')
    const row = await updateCashpoint(
      c.get('services').db,
      requestContext(c),
      me,
      c.req.valid('param').uuid,
      c.req.valid('json'),
    )
    return c.json({ result: toCashpointJson(row) }, 200)
  })
}
