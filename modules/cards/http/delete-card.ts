import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { deleteCard } from '../commands/card-settings.ts'
import { requestContext, uuidParam } from './schemas.ts'

export const deleteCardRoute = createRoute({
  method: 'delete',
  path: '/manager/cards/{uuid}',
  tags: ['manager'],
  summary: 'Delete the card of a draft program',
  description:
    'The program goes back to draftStep1 (no card type chosen). Only drafts: 409 `program_not_draft`. The owner only; another owner’s card: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { params: uuidParam('card') },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(400, 401, 403, 404, 409),
  },
})

export function registerDeleteCard(app: ApiApp) {
  app.openapi(deleteCardRoute, async (c) => {
    const me = requireUser(c, 'owner')
    await deleteCard(c.get('services').db, requestContext(c), me, c.req.valid('param').uuid)
    return c.body(null, 204)
  })
}
