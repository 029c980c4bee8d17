import { maskUsername } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { invitationByLink } from '../queries/program-acceptors.ts'
import { acceptorStatusObject, programStatusObject, programTypeObject } from '../texts.ts'
import { inviteTokenField } from './get-program-acceptor.ts'
import { callerLanguage, langQuery, resultOf, statusSchema, typeSchema, uuidParam } from './schemas.ts'

const invitationPreviewSchema = z
  .object({
    uuid: z.uuid(),
    email: z.string().openapi({
      description: 'The invited address, masked (first and last two characters kept)',
      example: 'in*************om',
    }),
    status: statusSchema.openapi({ description: 'pending (21002) until it is answered' }),
    program: z.object({
      uuid: z.uuid(),
      title: z.string(),
      type: typeSchema,
      status: statusSchema,
    }),
    inviter: z.string().openapi({ description: 'The program owner’s name (their company for a company)' }),
    invited: z.iso.datetime(),
  })
  .openapi('InvitationPreview')

export type InvitationPreviewJson = z.infer<typeof invitationPreviewSchema>

export const getInvitationRoute = createRoute({
  method: 'get',
  path: '/manager/invitations/{uuid}',
  tags: ['manager'],
  summary: 'The invitation of an e-mail link, before signing in',
  description:
    'Open without a token: the link’s `invite_token` is the access. Tells the holder of an invitation link what it is (the program, who invites, the masked address it went to, whether it is still open), so the sign-in page can say so. A wrong or replaced token (a resend makes a new one), a withdrawn invitation or an unknown id: 404, all alike.',
  request: {
    params: uuidParam('invitation'),
    query: langQuery.extend({ invite_token: inviteTokenField }),
  },
  responses: {
    200: {
      description: 'The invitation',
      content: { 'application/json': { schema: resultOf(invitationPreviewSchema) } },
    },
    ...errorResponses(400, 404),
  },
})

export function registerGetInvitation(app: ApiApp) {
  app.openapi(getInvitationRoute, async (c) => {
    const q = c.req.valid('query')
    const language = callerLanguage(c, q.lang)
    const { row, program, names } = await invitationByLink(
      c.get('services').db,
      c.req.valid('param').uuid,
      q.invite_token,
    )
    const result: InvitationPreviewJson = {
      uuid: row.id,
      email: maskUsername(row.email),
      status: acceptorStatusObject(row.status, language),
      program: {
        uuid: program.id,
        title: program.title,
        type: programTypeObject(program.type, language),
        status: programStatusObject(program.status, language),
      },
      inviter: names.get(program.owner_user_id) ?? '',
      invited: row.created_at.toISOString(),
    }
    // The link's secret is in the address: never keep the answer in a shared cache.
    c.header('Cache-Control', 'private, no-store')
    return c.json({ result }, 200)
  })
}
