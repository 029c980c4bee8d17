import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { inviteAcceptor } from '../commands/invite-acceptor.ts'
import { getProgramAcceptor } from '../queries/program-acceptors.ts'
import {
  callerLanguage,
  programAcceptorSchema,
  requestContext,
  resultOf,
  toProgramAcceptorJson,
} from './schemas.ts'

const body = z
  .object({
    program: z.uuid('not a program id'),
    email: z.string().trim().min(1, 'email is required').max(254).pipe(z.email('invalid email')),
  })
  .strict()
  .openapi('AcceptorInvitationInput')

export const postProgramAcceptor = createRoute({
  method: 'post',
  path: '/manager/program-acceptors',
  tags: ['manager'],
  summary: 'Invite an acceptor to a program',
  description:
    'Sends an invitation e-mail (in the invitee’s language when they have an account, else the inviter’s) with a link to the acceptor portal: to Programs for an acceptor account, else to the registration. A second invitation while one is pending: 400 "Invite is already sent" (reason `invite_already_sent`); an acceptor already in the program: 400 `already_acceptor`. Another owner’s program: 404; a blocked or expired program: 422.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    201: {
      description: 'Invited (pending, 21002); the e-mail follows',
      content: { 'application/json': { schema: resultOf(programAcceptorSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPostProgramAcceptor(app: ApiApp) {
  app.openapi(postProgramAcceptor, async (c) => {
    const me = requireUser(c, 'owner')
    const input = c.req.valid('json')
    const { db } = c.get('services')
    const row = await inviteAcceptor(db, requestContext(c), me, {
      programId: input.program,
      email: input.email,
    })
    const view = await getProgramAcceptor(db, me, row.id)
    const result = toProgramAcceptorJson(
      view.row,
      view.programs.get(row.program_id)!,
      view.names,
      callerLanguage(c),
    )
    return c.json({ result }, 201)
  })
}
