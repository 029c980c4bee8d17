import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { resendCooldownSeconds, resendInvitation } from '../commands/manage-acceptor.ts'
import { getProgramAcceptor } from '../queries/program-acceptors.ts'
import {
  callerLanguage,
  programAcceptorSchema,
  requestContext,
  resultOf,
  toProgramAcceptorJson,
  uuidParam,
} from './schemas.ts'

export const postInvitationResend = createRoute({
  method: 'post',
  path: '/manager/program-acceptors/{uuid}/resend',
  tags: ['manager'],
  summary: 'Send an invitation again',
  description: `The program owner, for a pending invitation: a new e-mail with a new link (the previous link stops counting). At most once per ${resendCooldownSeconds} seconds (429 with Retry-After); an answered invitation: 409 \`invitation_answered\`. Another owner’s: 404.`,
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { params: uuidParam('program acceptor') },
  responses: {
    202: {
      description: 'The e-mail follows',
      content: { 'application/json': { schema: resultOf(programAcceptorSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
})

export function registerPostInvitationResend(app: ApiApp) {
  app.openapi(postInvitationResend, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const id = c.req.valid('param').uuid
    await resendInvitation(db, requestContext(c), me, id)
    const view = await getProgramAcceptor(db, me, id)
    const result = toProgramAcceptorJson(
      view.row,
      view.programs.get(view.row.program_id)!,
      view.names,
      callerLanguage(c),
    )
    return c.json({ result }, 202)
  })
}
