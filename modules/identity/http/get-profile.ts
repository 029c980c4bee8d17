import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { bearerSecurity, requireUser, signedIn } from '../auth.ts'
import { findUserById } from '../db/users.ts'
import { ownProfile } from '../profile-fields.ts'
import { type ProfileField, profileFieldSchemas } from '../shared.ts'

/** A user type in answers: 1 program owner, 2 acceptor, 3 card holder, 4 admin. */
export const userTypeSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
  .openapi({ description: '1 program owner, 2 acceptor, 3 card holder, 4 admin' })

const profileValue = z.union([z.string(), z.number()]).nullable().optional()

/** The profile fields of the user's portal, as answered: text, `legal_type` a number, null when empty. */
const profileFieldValues = Object.fromEntries(
  Object.keys(profileFieldSchemas).map((field) => [field, profileValue]),
) as Record<ProfileField, typeof profileValue>

export const profileSchema = z
  .looseObject({
    uuid: z.uuid(),
    type: userTypeSchema,
    username: z.string().openapi({ description: 'The e-mail, masked: first and last two characters kept' }),
    email: z.string(),
    full_name: z.string(),
    avatar: z.string().nullable(),
    is_active: z.boolean(),
    created: z.iso.datetime(),
    contact_phone: z
      .object({ phone_code: z.string().nullable(), phone: z.string().nullable() })
      .openapi({ description: 'The number people call: the company’s when the profile is a company’s' }),
    ...profileFieldValues,
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
