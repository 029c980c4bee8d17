import { requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { createNotification } from '../commands/notifications.ts'
import {
  bearerSecurity,
  categoriesInput,
  fieldsValidationHook,
  notificationSchema,
  requestContext,
  resultOf,
  toNotificationJson,
} from './schemas.ts'

export const notificationTitle = z
  .string({ message: 'title is required' })
  .trim()
  .min(1, 'title is required')
  .max(200, 'at most 200 characters')
export const notificationDescription = z.string().trim().max(500, 'at most 500 characters')
export const notificationUrl = z
  .string({ message: 'url is required' })
  .trim()
  .min(1, 'url is required')
  .max(2000, 'at most 2000 characters')
  .openapi({ description: 'The merchant’s HTTPS endpoint', example: 'https://shop.example/hooks/cardpay' })
export const notificationSecret = z
  .string()
  .trim()
  .max(100)
  .openapi({ description: 'whsec_ and 24–64 bytes in base64; empty or left out: a new one is made' })

const body = z
  .object({
    program: z.uuid('not a program id'),
    title: notificationTitle,
    description: notificationDescription.optional(),
    url: notificationUrl,
    secret: notificationSecret.optional(),
    is_active: z.boolean('true or false').default(true),
    categories: categoriesInput.default([]),
  })
  .strict()
  .openapi('PaymentNotificationInput')

export const postNotification = createRoute({
  method: 'post',
  path: '/manager/payment-notifications',
  tags: ['manager'],
  summary: 'Add a payment notification to a payment program',
  description:
    'The program’s owner. Title and url are required; an active notification uses at least one field. Any refusal of the input is 400 with reason `fieldsValidation` and a message per field. The answer holds the signing secret. Another owner’s program: 403; a blocked or other type of program: 422.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    201: { description: 'Added', content: { 'application/json': { schema: resultOf(notificationSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPostNotification(app: ApiApp) {
  app.openapi(
    postNotification,
    async (c) => {
      const me = requireUser(c, 'owner')
      const { program, ...input } = c.req.valid('json')
      const { row, secret } = await createNotification(
        c.get('services'),
        requestContext(c),
        me,
        program,
        input,
      )
      return c.json({ result: toNotificationJson(row, secret) }, 201)
    },
    // The hook answers the error envelope, which the route's typed success answers do not list.
    fieldsValidationHook as never,
  )
}
