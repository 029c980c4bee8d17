import { clientAddress, createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { receiveWebhook } from '../commands/receive-webhook.ts'

export const postProviderWebhook = createRoute({
  method: 'post',
  path: '/payment/webhooks/{provider}/{account}',
  tags: ['payment'],
  summary: 'Inbound webhook from a payment provider',
  description:
    'Public, authenticated by the provider’s signature with the account’s secret (timestamp within 5 minutes). 200: recorded and applied once in the background; a provider’s retry of an event already received answers 200 with `duplicate: true` and no effect. 409: the very same signed request again (a replay), refused. 400: bad or missing signature, stale timestamp or malformed body (recorded). 404: no such account.',
  request: {
    params: z.object({
      provider: z.string().max(40).openapi({ example: 'sandbox' }),
      account: z.string().max(64).openapi({ description: 'Our payment account id' }),
    }),
  },
  responses: {
    200: {
      description: 'Recorded',
      content: {
        'application/json': {
          schema: z.object({ received: z.literal(true), uuid: z.uuid(), duplicate: z.boolean() }),
        },
      },
    },
    ...errorResponses(400, 404, 409),
  },
})

export function registerWebhookRoutes(app: ApiApp) {
  app.openapi(postProviderWebhook, async (c) => {
    const { provider, account } = c.req.valid('param')
    const headers: Record<string, string> = {}
    c.req.raw.headers.forEach((v, k) => {
      headers[k] = v
    })
    const { webhook_id, duplicate } = await receiveWebhook(c.get('services'), {
      provider,
      accountId: account,
      headers,
      rawBody: await c.req.text(),
      remoteAddress: clientAddress(c),
    })
    return c.json({ received: true as const, uuid: webhook_id, duplicate }, 200)
  })
}
