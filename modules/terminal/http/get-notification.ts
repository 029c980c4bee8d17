import { requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { revealEndpointSecret } from '../../webhooks/index.ts'
import { notificationOfOwner } from '../commands/notifications.ts'
import { bearerSecurity, notificationSchema, resultOf, toNotificationJson, uuidParam } from './schemas.ts'

export const getNotification = createRoute({
  method: 'get',
  path: '/manager/payment-notifications/{uuid}',
  tags: ['manager'],
  summary: 'One payment notification',
  description: 'Its program’s owner (with the secret) and admins (without); anyone else 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { params: uuidParam('payment notification') },
  responses: {
    200: {
      description: 'The notification',
      content: { 'application/json': { schema: resultOf(notificationSchema) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetNotification(app: ApiApp) {
  app.openapi(getNotification, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { db, config } = c.get('services')
    const row = await notificationOfOwner(db, me, c.req.valid('param').uuid)
    const secret =
      row.owner_user_id === me.user_id ? await revealEndpointSecret(db, config, row.endpoint_id) : null
    return c.json({ result: toNotificationJson(row, secret) }, 200)
  })
}
