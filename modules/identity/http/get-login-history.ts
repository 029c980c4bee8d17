import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageOffset, pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { bearerSecurity, requireUser, signedIn } from '../auth.ts'
import { describeDevice } from '../device.ts'

const entry = z
  .object({
    time: z.iso.datetime(),
    address: z.string().nullable(),
    device: z.string(),
    portal: z.string(),
    success: z.boolean(),
  })
  .openapi('LoginHistoryEntry')

export const getLoginHistory = createRoute({
  method: 'get',
  path: '/user/profile/login-history',
  tags: ['user'],
  summary: 'My sign-in attempts, newest first',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: { query: paginationQuery({ defaultSize: 20, maxSize: 100 }) },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: pageSchema(entry) } } },
    ...errorResponses(400, 401),
  },
})

export function registerGetLoginHistory(app: ApiApp) {
  app.openapi(getLoginHistory, async (c) => {
    const me = requireUser(c)
    const page = c.req.valid('query')
    const { db } = c.get('services')
    const base = db.selectFrom('login_attempts').where('user_id', '=', me.user_id)
    const [rows, total] = await Promise.all([
      base
        .select(['created_at', 'ip', 'user_agent', 'portal', 'success'])
        .orderBy('created_at', 'desc')
        .limit(page.size)
        .offset(pageOffset(page))
        .execute(),
      base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
    ])
    const results = rows.map((r) => ({
      time: r.created_at.toISOString(),
      address: r.ip,
      device: describeDevice(r.user_agent),
      portal: r.portal,
      success: r.success,
    }))
    return c.json(toPage(c.req.url, page, Number(total.n), results), 200)
  })
}
