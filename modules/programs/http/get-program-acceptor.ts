import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { getProgramAcceptor } from '../queries/program-acceptors.ts'
import {
  callerLanguage,
  langQuery,
  programAcceptorSchema,
  resultOf,
  toProgramAcceptorJson,
  uuidParam,
} from './schemas.ts'

export const inviteTokenField = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .openapi({ description: 'The `invite` parameter of the invitation link' })

export const getProgramAcceptorRoute = createRoute({
  method: 'get',
  path: '/manager/program-acceptors/{uuid}',
  tags: ['manager'],
  summary: 'An invitation or an acceptor’s place in a program',
  description:
    'For the program’s owner, admins and the acceptor it belongs to; an acceptor signed in with another address sees an unclaimed invitation with the link’s `invite_token`. Anyone else, or a withdrawn invitation: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: {
    params: uuidParam('program acceptor'),
    query: langQuery.extend({ invite_token: inviteTokenField.optional() }),
  },
  responses: {
    200: {
      description: 'Found',
      content: { 'application/json': { schema: resultOf(programAcceptorSchema) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetProgramAcceptor(app: ApiApp) {
  app.openapi(getProgramAcceptorRoute, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const q = c.req.valid('query')
    const view = await getProgramAcceptor(c.get('services').db, me, c.req.valid('param').uuid, q.invite_token)
    const result = toProgramAcceptorJson(
      view.row,
      view.programs.get(view.row.program_id)!,
      view.names,
      callerLanguage(c, q.lang),
    )
    return c.json({ result }, 200)
  })
}
