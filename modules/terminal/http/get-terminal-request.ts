import { requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { terminalRequestView } from '../queries/terminal-requests.ts'
import { bearerSecurity, resultOf, terminalRequestSchema, uuidParam } from './schemas.ts'

export const getTerminalRequest = createRoute({
  method: 'get',
  path: '/manager/terminal-requests/{uuid}',
  tags: ['manager'],
  summary: 'One terminal or payment request, with its payment’s state',
  description:
    'The acceptor it pays, whoever asked for it, the program’s owner and admins; anyone else 404. For live updates use `…/events`.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: { params: uuidParam('terminal request') },
  responses: {
    200: {
      description: 'The request',
      content: { 'application/json': { schema: resultOf(terminalRequestSchema) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetTerminalRequest(app: ApiApp) {
  app.openapi(getTerminalRequest, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const services = c.get('services')
    return c.json({ result: await terminalRequestView(services, me, c.req.valid('param').uuid) }, 200)
  })
}
