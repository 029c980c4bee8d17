import { bearerSecurity } from '../../identity/index.ts'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { selectEndpoint } from '../db/endpoints.ts'
import { endpointLabelFields, endpointLabelSchemaFields } from '../labels.ts'
import { authorizeEndpoint, readers, signedIn, uuidParam } from './common.ts'

export const webhookEndpointSchema = z
  .object({
    uuid: z.uuid(),
    url: z.string(),
    program_uuid: z
      .uuid()
      .nullable()
      .openapi({ description: 'The program whose events it receives, if any' }),
    ...endpointLabelSchemaFields,
    is_active: z.boolean(),
    deleted: z
      .boolean()
      .openapi({ description: 'Deleted: it receives nothing, its deliveries stay readable' }),
    created: z.iso.datetime(),
  })
  .openapi('WebhookEndpoint')

export const getWebhookEndpoint = createRoute({
  method: 'get',
  path: '/payment/webhook-endpoints/{uuid}',
  tags: ['payment'],
  summary: 'A payment notification endpoint: where it sends, and its label',
  description:
    'Never its secret. The label is a code with parameters when the platform words it (a payment request’s callback). For the endpoint’s owner and admins; anyone else gets 404.',
  security: bearerSecurity,
  middleware: [signedIn(...readers)] as const,
  request: { params: uuidParam('webhook endpoint') },
  responses: {
    200: { description: 'The endpoint', content: { 'application/json': { schema: webhookEndpointSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetWebhookEndpoint(app: ApiApp) {
  app.openapi(getWebhookEndpoint, async (c) => {
    const { uuid } = c.req.valid('param')
    const { db } = c.get('services')
    await authorizeEndpoint(c, db, uuid, 'webhook endpoint')
    const e = await selectEndpoint(db, uuid)
    if (!e) throw notFound('webhook endpoint')
    return c.json(
      {
        uuid: e.id,
        url: e.url,
        program_uuid: e.program_uuid,
        ...endpointLabelFields(e),
        is_active: e.is_active,
        deleted: e.deleted_at !== null,
        created: e.created_at.toISOString(),
      },
      200,
    )
  })
}
