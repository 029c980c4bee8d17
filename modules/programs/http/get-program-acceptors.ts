import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { listProgramAcceptors } from '../queries/program-acceptors.ts'
import {
  acceptorStatusId,
  callerLanguage,
  langQuery,
  programAcceptorSchema,
  toProgramAcceptorJson,
} from './schemas.ts'

const query = paginationQuery({ defaultSize: 20, maxSize: 100 })
  .extend({
    program: z.uuid('not a program id').optional(),
    status: acceptorStatusId.optional().openapi({
      description: '21001 active, 21002 pending, 21003 unsubscribed, 21004 rejected, 21005 blocked',
    }),
  })
  .extend(langQuery.shape)

export const getProgramAcceptors = createRoute({
  method: 'get',
  path: '/manager/program-acceptors',
  tags: ['manager'],
  summary: 'Acceptors of programs, and an acceptor’s invitations',
  description:
    'Newest first, with params program and status. A program owner: the acceptors and invitations of their programs. An acceptor: their own invitations and places in programs. An admin: all. Card holders: 403. A `program` the caller may not see (another owner’s, one the acceptor never had a place in) or that does not exist: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: { query },
  responses: {
    200: {
      description: 'One page',
      content: { 'application/json': { schema: pageSchema(programAcceptorSchema) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetProgramAcceptors(app: ApiApp) {
  app.openapi(getProgramAcceptors, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const q = c.req.valid('query')
    const language = callerLanguage(c, q.lang)
    const page = await listProgramAcceptors(c.get('services').db, me, {
      ...q,
      statuses: q.status ? [q.status] : undefined,
    })
    const results = page.rows.map((r) =>
      toProgramAcceptorJson(r, page.programs.get(r.program_id)!, page.names, language),
    )
    return c.json(toPage(c.req.url, q, page.count, results), 200)
  })
}
