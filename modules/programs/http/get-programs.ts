import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { listPrograms } from '../queries/programs.ts'
import { programFilters } from '../shared.ts'
import { callerLanguage, langQuery, programSchema, programTypeId, toProgramJson } from './schemas.ts'

const query = paginationQuery({ defaultSize: 20, maxSize: 100 })
  .extend({
    filter: z
      .enum(programFilters, { message: `one of ${programFilters.join(', ')}` })
      .default('all')
      .openapi({ description: 'all; active (11001); draft (11002–11004)' }),
    type: z.coerce.number().pipe(programTypeId).optional(),
    search: z.string().trim().min(1).max(100, 'at most 100 characters').optional().openapi({
      description: 'Part of the title, any case',
    }),
    owner: z
      .uuid('not a user id')
      .optional()
      .openapi({ description: 'Admins: one program owner’s programs (no such owner: 404)' }),
  })
  .extend(langQuery.shape)

export const getPrograms = createRoute({
  method: 'get',
  path: '/manager/programs',
  tags: ['manager'],
  summary: 'Programs (all, active, draft)',
  description:
    'A program owner’s own programs, newest first; an admin sees every program (the admin portal’s /programs), optionally one owner’s (`owner` not a program owner, or for an owner anyone but themselves: 404). Acceptors and card holders: 403.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: pageSchema(programSchema) } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetPrograms(app: ApiApp) {
  app.openapi(getPrograms, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const q = c.req.valid('query')
    const language = callerLanguage(c, q.lang)
    const { count, rows, owners } = await listPrograms(c.get('services').db, me, q)
    const results = rows.map((p) => toProgramJson(p, owners.get(p.owner_user_id) ?? '', language))
    return c.json(toPage(c.req.url, q, count, results), 200)
  })
}
