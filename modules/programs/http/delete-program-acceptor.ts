import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { withdrawOrUnsubscribe } from '../commands/manage-acceptor.ts'
import { requestContext, uuidParam } from './schemas.ts'

export const deleteProgramAcceptor = createRoute({
  method: 'delete',
  path: '/manager/program-acceptors/{uuid}',
  tags: ['manager'],
  summary: 'Withdraw an invitation or unsubscribe an acceptor',
  description:
    'The program owner: a pending invitation is withdrawn (its link and any answer to it then get 404); an active or blocked acceptor is unsubscribed (21003, kept in the list). 204 either way, also when it was already declined or unsubscribed. Another owner’s: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { params: uuidParam('program acceptor') },
  responses: {
    204: { description: 'Withdrawn or unsubscribed' },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerDeleteProgramAcceptor(app: ApiApp) {
  app.openapi(deleteProgramAcceptor, async (c) => {
    const me = requireUser(c, 'owner')
    await withdrawOrUnsubscribe(c.get('services').db, requestContext(c), me, c.req.valid('param').uuid)
    return c.body(null, 204)
  })
}
