import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { type InvitationAnswer, respondToInvitation } from '../commands/respond-to-invitation.ts'
import { getProgramAcceptor } from '../queries/program-acceptors.ts'
import { inviteTokenField } from './get-program-acceptor.ts'
import {
  callerLanguage,
  programAcceptorSchema,
  requestContext,
  resultOf,
  toProgramAcceptorJson,
  uuidParam,
} from './schemas.ts'

const body = z.object({ invite_token: inviteTokenField.optional() }).strict().openapi('InvitationAnswerInput')

/** `POST manager/program-acceptors/{uuid}/accept` and `/decline`: the same call with another answer. */
function answerRoute(answer: InvitationAnswer) {
  return createRoute({
    method: 'post',
    path: `/manager/program-acceptors/{uuid}/${answer}`,
    tags: ['manager'],
    summary: answer === 'accept' ? 'Accept an invitation (acceptor)' : 'Decline an invitation (acceptor)',
    description: `The invited acceptor ${answer === 'accept' ? 'joins the program (21001 active)' : 'declines (21004 rejected)'}. The invitation is theirs when it names their account, or with the link’s \`invite_token\` while nobody has claimed it. A withdrawn invitation, or someone else’s: 404 (notFount). Answering again the same way changes nothing; the other answer afterwards: 409 \`invitation_answered\`.${answer === 'accept' ? ' A blocked or expired program: 422.' : ''}`,
    security: bearerSecurity,
    middleware: [signedIn('acceptor')] as const,
    request: {
      params: uuidParam('invitation'),
      body: { required: false, content: { 'application/json': { schema: body } } },
    },
    responses: {
      200: {
        description: 'Answered',
        content: { 'application/json': { schema: resultOf(programAcceptorSchema) } },
      },
      ...errorResponses(400, 401, 403, 404, 409, 422),
    },
  })
}

export const postInvitationAccept = answerRoute('accept')
export const postInvitationDecline = answerRoute('decline')

export function registerPostInvitationAnswers(app: ApiApp) {
  for (const [route, answer] of [
    [postInvitationAccept, 'accept'],
    [postInvitationDecline, 'decline'],
  ] as const) {
    app.openapi(route, async (c) => {
      const me = requireUser(c, 'acceptor')
      const { db } = c.get('services')
      const id = c.req.valid('param').uuid
      const token = c.req.valid('json')?.invite_token
      await respondToInvitation(db, requestContext(c), me, id, answer, token)
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
}
