import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { bearerSecurity, requireUser, signedIn } from '../auth.ts'
import { findUserById } from '../db/users.ts'
import { ownProfile } from '../profile-fields.ts'

export const profileSchema = z
  .looseObject({
    uuid: z.uuid(),
    type: z.number().int(),
    username: z.string().openapi({ description: 'The e-mail, masked: first and last two characters kept' }),
    email: z.string(),
    full_name: z.string(),
    avatar: z.string().nullable(),
    is_active: z.boolean(),
    created: z.iso.datetime(),
  })
  .openapi('Profile', {
    description:
      'Plus the fields of the caller’s portal: address fields for program owners, acceptors and admins; gender, birth date and company fields for program owners and acceptors; delivery fields for card holders.',
  })

export const getProfile = createRoute({
  method: 'get',
  path: '/user/profile',
  tags: ['user'],
  summary: 'My profile',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  responses: {
    200: { description: 'The profile', content: { 'application/json': { schema: profileSchema } } },
    ...errorResponses(401),
  },
})

export function registerGetProfile(app: ApiApp) {
  app.openapi(getProfile, async (c) => {
    const me = requireUser(c)
    const user = await findUserById(c.get('services').db, me.user_id)
    return c.json(ownProfile(user!), 200)
  })
}
