import { signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { bearerSecurity, categorySchema, toCategoriesJson } from './schemas.ts'

export const getNotificationCategories = createRoute({
  method: 'get',
  path: '/manager/payment-notifications/categories',
  tags: ['manager'],
  summary: 'What a payment notification can send: categories and their fields',
  description:
    'payment (payment.paid), refund (payment.refunded) and failure (payment.failed), each with the fields a notification may use. Uuids are stable. Program owners and admins.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  responses: {
    200: {
      description: 'The catalogue',
      content: { 'application/json': { schema: z.object({ results: z.array(categorySchema) }) } },
    },
    ...errorResponses(401, 403),
  },
})

export function registerGetNotificationCategories(app: ApiApp) {
  app.openapi(getNotificationCategories, (c) => c.json({ results: toCategoriesJson() }, 200))
}
