import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { deleteProgram } from '../commands/delete-program.ts'
import { uuidParam } from './schemas.ts'

export const deleteProgramRoute = createRoute({
  method: 'delete',
  path: '/manager/programs/{uuid}',
  tags: ['manager'],
  summary: 'Delete a draft program',
  description:
    'Drafts only (11002–11004), with their method settings, invitations and cashpoints: 204. A program past the drafts is blocked instead (409 `program_not_draft`). The owner only; another owner’s program: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { params: uuidParam('program') },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(400, 401, 403, 404, 409),
  },
})

export function registerDeleteProgram(app: ApiApp) {
  app.openapi(deleteProgramRoute, async (c) => {
    const me = requireUser(c, 'owner')
    await deleteProgram(
      c.get('services').db,
      { actor: c.get('actor'), requestId: c.get('requestId'), log: c.get('log') },
      me,
      c.req.valid('param').uuid,
    )
    return c.body(null, 204)
  })
}
