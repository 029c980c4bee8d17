import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { acceptorPrograms } from '../queries/program-acceptors.ts'
import {
  acceptorStatusId,
  callerLanguage,
  cashpointSchema,
  langQuery,
  programAcceptorSchema,
  toCashpointJson,
  toProgramAcceptorJson,
} from './schemas.ts'

const itemSchema = programAcceptorSchema
  .extend({
    cashpoints: z.array(cashpointSchema).openapi({ description: 'Mine in this program, oldest first' }),
  })
  .openapi('AcceptorProgram')

export const getAcceptorPrograms = createRoute({
  method: 'get',
  path: '/manager/acceptor-programs',
  tags: ['manager'],
  summary: 'My programs and cashpoints (acceptor)',
  description:
    'The acceptor portal’s /programs: the acceptor’s places in programs with the program and their cashpoints in it, newest first. By default the live ones: active (21001), pending invitations (21002, to accept or decline) and blocked (21005); `status` picks one. A blocked program shows with its status and takes no payments.',
  security: bearerSecurity,
  middleware: [signedIn('acceptor')] as const,
  request: {
    query: paginationQuery({ defaultSize: 50, maxSize: 100 })
      .extend({ status: acceptorStatusId.optional() })
      .extend(langQuery.shape),
  },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: pageSchema(itemSchema) } } },
    ...errorResponses(400, 401, 403),
  },
})

export function registerGetAcceptorPrograms(app: ApiApp) {
  app.openapi(getAcceptorPrograms, async (c) => {
    const me = requireUser(c, 'acceptor')
    const q = c.req.valid('query')
    const language = callerLanguage(c, q.lang)
    const page = await acceptorPrograms(c.get('services').db, me, {
      ...q,
      statuses: q.status ? [q.status] : undefined,
    })
    const results = page.rows.map((r) => ({
      ...toProgramAcceptorJson(r, page.programs.get(r.program_id)!, page.names, language),
      cashpoints: (page.cashpoints.get(r.program_id) ?? []).map(toCashpointJson),
    }))
    return c.json(toPage(c.req.url, q, page.count, results), 200)
  })
}
