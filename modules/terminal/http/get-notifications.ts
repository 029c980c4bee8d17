import { requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { revealEndpointSecret } from '../../webhooks/index.ts'
import { paymentProgramOf } from '../access.ts'
import { listNotifications } from '../db/notifications.ts'
import { bearerSecurity, notificationSchema, toNotificationJson } from './schemas.ts'

export const getNotifications = createRoute({
  method: 'get',
  path: '/manager/payment-notifications',
  tags: ['manager'],
  summary: 'The payment notifications of a payment program',
  description:
    'Oldest first. The program’s owner (with the secrets) and admins (without). Another owner’s program, or one that does not exist: 404; not a payment management program: 422.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query: z.object({ program: z.uuid('not a program id') }) },
  responses: {
    200: {
      description: 'The notifications',
      content: { 'application/json': { schema: z.object({ results: z.array(notificationSchema) }) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerGetNotifications(app: ApiApp) {
  app.openapi(getNotifications, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { db, config } = c.get('services')
    const program = await paymentProgramOf(db, me, c.req.valid('query').program)
    const rows = await listNotifications(db, program.uuid)
    const own = program.owner_user_id === me.user_id
    const results = await Promise.all(
      rows.map(async (r) =>
        toNotificationJson(r, own ? await revealEndpointSecret(db, config, r.endpoint_id) : null),
      ),
    )
    return c.json({ results }, 200)
  })
}
