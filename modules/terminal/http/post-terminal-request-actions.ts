import { requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { cancelTerminalRequest, renewToken } from '../commands/terminal-requests.ts'
import {
  bearerSecurity,
  requestContext,
  resultOf,
  terminalRequestSchema,
  toTerminalRequestJson,
  uuidParam,
} from './schemas.ts'

export const postCancelTerminalRequest = createRoute({
  method: 'post',
  path: '/manager/terminal-requests/{uuid}/cancel',
  tags: ['manager'],
  summary: 'Cancel a request nobody started paying',
  description:
    'Its QR code stops working at once. Once a payer has opened it: 409 `request_claimed`; finished: 409 `request_finished`. Cancelling twice is fine.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor')] as const,
  request: { params: uuidParam('terminal request') },
  responses: {
    200: {
      description: 'Cancelled',
      content: { 'application/json': { schema: resultOf(terminalRequestSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
})

export const postRenewTerminalToken = createRoute({
  method: 'post',
  path: '/manager/terminal-requests/{uuid}/token',
  tags: ['manager'],
  summary: 'A new QR code for a request nobody started paying',
  description:
    'Answers a new `pay_url` (valid for 15 minutes, never beyond the payment’s own end); the previous QR code stops working. Claimed or finished: 409.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor')] as const,
  request: { params: uuidParam('terminal request') },
  responses: {
    200: {
      description: 'A new QR link',
      content: { 'application/json': { schema: resultOf(terminalRequestSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
})

export function registerTerminalRequestActions(app: ApiApp) {
  app.openapi(postCancelTerminalRequest, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const services = c.get('services')
    const row = await cancelTerminalRequest(services.db, requestContext(c), me, c.req.valid('param').uuid)
    return c.json({ result: toTerminalRequestJson(services.config.PUBLIC_URL, row) }, 200)
  })
  app.openapi(postRenewTerminalToken, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const services = c.get('services')
    const { row, token } = await renewToken(services, requestContext(c), me, c.req.valid('param').uuid)
    return c.json({ result: toTerminalRequestJson(services.config.PUBLIC_URL, row, { token }) }, 200)
  })
}
