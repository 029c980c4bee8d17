import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { clientMeta } from '../auth.ts'
import { signIn } from '../commands/sign-in.ts'
import { portals } from '../user-types.ts'
import { authModeHeader, tokenResponse, tokenResponseSchema } from './token-response.ts'

export const loginBody = z
  .object({
    email: z.string().trim().min(1, 'email required').pipe(z.email('invalid email')),
    password: z.string().min(1, 'password required').max(1024, 'invalid email or password'),
    portal: z
      .enum(portals)
      .optional()
      .openapi({ description: 'The portal signing in; the account must be of its type' }),
    remember: z
      .boolean()
      .default(true)
      .openapi({ description: 'Keep me signed in (30 days; else 12 hours)' }),
  })
  .strict()
  .openapi('LoginInput')

export const postLogin = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['auth'],
  summary: 'Sign in',
  description:
    'Answers `auth_token` (15-minute JWT) and `refresh_token`. Wrong e-mail or password both answer 401 "invalid email or password". Repeated failures from one address are throttled (429).',
  request: {
    headers: authModeHeader,
    body: { required: true, content: { 'application/json': { schema: loginBody } } },
  },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: tokenResponseSchema } } },
    ...errorResponses(400, 401, 403, 429),
  },
})

export function registerPostLogin(app: ApiApp) {
  app.openapi(postLogin, async (c) => {
    const input = c.req.valid('json')
    const issued = await signIn(c.get('services'), input, clientMeta(c))
    c.get('log').info({ user_id: issued.user.id }, 'signed in')
    return c.json(tokenResponse(c, issued), 200)
  })
}
