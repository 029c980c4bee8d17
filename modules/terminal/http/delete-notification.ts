import { requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { deleteNotification } from '../commands/notifications.ts'
import { bearerSecurity, requestContext, uuidParam } from './schemas.ts'

export const deleteNotificationRoute = createRoute({
  method: 'delete',
  path: '/manager/payment-notifications/{uuid}',
  tags: ['manager'],
  summary: 'Delete a payment notification',
  description:
    'Its program’s owner; anyone else 404. Nothing more is sent to it; its delivery log stays readable.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { params: uuidParam('payment notification') },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerDeleteNotification(app: ApiApp) {
  app.openapi(deleteNotificationRoute, async (c) => {
    const me = requireUser(c, 'owner')
    await deleteNotification(c.get('services').db, requestContext(c), me, c.req.valid('param').uuid)
    return c.body(null, 204)
  })
}
