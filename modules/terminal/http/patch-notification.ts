import { requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { revealEndpointSecret } from '../../webhooks/index.ts'
import { updateNotification } from '../commands/notifications.ts'
import {
  notificationDescription,
  notificationSecret,
  notificationTitle,
  notificationUrl,
} from './post-notification.ts'
import {
  bearerSecurity,
  categoriesInput,
  fieldsValidationHook,
  notificationSchema,
  requestContext,
  resultOf,
  toNotificationJson,
  uuidParam,
} from './schemas.ts'

const body = z
  .object({
    title: notificationTitle.optional(),
    description: notificationDescription.optional(),
    url: notificationUrl.optional(),
    secret: notificationSecret.optional(),
    rotate_secret: z.boolean('true or false').optional().openapi({ description: 'Make a new secret' }),
    is_active: z.boolean('true or false').optional(),
    categories: categoriesInput.optional().openapi({
      description: 'Fields listed take their is_used flag; fields not listed keep theirs',
    }),
  })
  .strict()
  .openapi('PaymentNotificationChanges')

export const patchNotification = createRoute({
  method: 'patch',
  path: '/manager/payment-notifications/{uuid}',
  tags: ['manager'],
  summary: 'Change a payment notification',
  description:
    'Its program’s owner; anyone else 404. The same rules as adding one (`fieldsValidation`). A new URL or secret applies to every attempt from now on, retries included.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    params: uuidParam('payment notification'),
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    200: {
      description: 'Changed',
      content: { 'application/json': { schema: resultOf(notificationSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPatchNotification(app: ApiApp) {
  app.openapi(
    patchNotification,
    async (c) => {
      const me = requireUser(c, 'owner')
      const services = c.get('services')
      const { row, secret } = await updateNotification(
        services,
        requestContext(c),
        me,
        c.req.valid('param').uuid,
        c.req.valid('json'),
      )
      const shown = secret ?? (await revealEndpointSecret(services.db, services.config, row.endpoint_id))
      return c.json({ result: toNotificationJson(row, shown) }, 200)
    },
    // The hook answers the error envelope, which the route's typed success answers do not list.
    fieldsValidationHook as never,
  )
}
