import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { bearerSecurity, requireUser, signedIn } from '../auth.ts'
import { revokeSessions } from '../db/sessions.ts'
import { clearTokenCookies } from './token-response.ts'

export const postLogout = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['auth'],
  summary: 'Sign out',
  description: 'Ends the current session: its access and refresh tokens stop working at once.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  responses: { 204: { description: 'Signed out' }, ...errorResponses(401) },
})

export function registerPostLogout(app: ApiApp) {
  app.openapi(postLogout, async (c) => {
    const me = requireUser(c)
    await revokeSessions(c.get('services').db, { sessionId: me.session_id }, 'signed_out')
    clearTokenCookies(c)
    return c.body(null, 204)
  })
}
