import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { bearerSecurity, requireUser, signedIn } from '../auth.ts'
import { findUserById } from '../db/users.ts'
import { sessionUser, sessionUserSchema } from './token-response.ts'

export const postValidate = createRoute({
  method: 'post',
  path: '/auth/validate',
  tags: ['auth'],
  summary: 'Check the access token',
  description: 'Answers the signed-in user when the token is valid and its session open; 401 otherwise.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  responses: {
    200: {
      description: 'Valid',
      content: {
        'application/json': { schema: z.object({ valid: z.literal(true), user: sessionUserSchema }) },
      },
    },
    ...errorResponses(401),
  },
})

export function registerPostValidate(app: ApiApp) {
  app.openapi(postValidate, async (c) => {
    const me = requireUser(c)
    const user = await findUserById(c.get('services').db, me.user_id)
    return c.json({ valid: true as const, user: sessionUser(user!) }, 200)
  })
}
