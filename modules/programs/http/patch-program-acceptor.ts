import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { acceptorStatuses } from '../codes.ts'
import { changeAcceptorStatus } from '../commands/manage-acceptor.ts'
import { getProgramAcceptor } from '../queries/program-acceptors.ts'
import {
  callerLanguage,
  programAcceptorSchema,
  requestContext,
  resultOf,
  toProgramAcceptorJson,
  uuidParam,
} from './schemas.ts'

const body = z
  .object({
    status: z
      .union(
        [
          z.literal(acceptorStatuses.active),
          z.literal(acceptorStatuses.unsubscribed),
          z.literal(acceptorStatuses.blocked),
        ],
        { message: '21001 (reactivate), 21003 (unsubscribe) or 21005 (block)' },
      )
      .openapi({ description: '21001 reactivate a blocked acceptor, 21003 unsubscribe, 21005 block' }),
  })
  .strict()
  .openapi('ProgramAcceptorChange')

export const patchProgramAcceptor = createRoute({
  method: 'patch',
  path: '/manager/program-acceptors/{uuid}',
  tags: ['manager'],
  summary: 'Unsubscribe, block or reactivate an acceptor',
  description:
    'The program owner: active → 21003 unsubscribed (final; invite again to bring them back) or 21005 blocked; blocked → 21001 active or 21003. A pending invitation is withdrawn with DELETE; other moves: 422 `invalid_status_transition`. Another owner’s: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    params: uuidParam('program acceptor'),
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    200: {
      description: 'Changed',
      content: { 'application/json': { schema: resultOf(programAcceptorSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPatchProgramAcceptor(app: ApiApp) {
  app.openapi(patchProgramAcceptor, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const id = c.req.valid('param').uuid
    await changeAcceptorStatus(db, requestContext(c), me, id, c.req.valid('json').status)
    const view = await getProgramAcceptor(db, me, id)
    const result = toProgramAcceptorJson(
      view.row,
      view.programs.get(view.row.program_id)!,
      view.names,
      callerLanguage(c),
    )
    return c.json({ result }, 200)
  })
}
