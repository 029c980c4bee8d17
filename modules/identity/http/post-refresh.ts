import { getCookie } from 'hono/cookie'
import type { UserType } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { bearerToken, cookieNames, csrfHeader } from '../auth.ts'
import { rotateRefreshToken } from '../db/sessions.ts'
import { findUserById } from '../db/users.ts'
import { signAccessToken } from '../tokens.ts'
import { authModeHeader, clearTokenCookies, tokenResponse, tokenResponseSchema } from './token-response.ts'

export const postRefresh = createRoute({
  method: 'post',
  path: '/auth/refresh',
  tags: ['auth'],
  summary: 'Exchange the refresh token for new tokens',
  description:
    'Send the refresh token as `Authorization: Bearer <refresh_token>` (the browser app: its cookie). The token is rotated: the answer holds a new one and the old one is spent. Presenting a spent token again revokes the whole session.',
  request: { headers: authModeHeader },
  responses: {
    200: { description: 'New tokens', content: { 'application/json': { schema: tokenResponseSchema } } },
    ...errorResponses(401),
  },
})

export function registerPostRefresh(app: ApiApp) {
  app.openapi(postRefresh, async (c) => {
    const fromCookie = c.req.header(csrfHeader) ? getCookie(c, cookieNames.refresh) : undefined
    const presented = bearerToken(c) ?? fromCookie
    if (!presented) throw new AppError('unauthorized', 'refresh token required', { reason: 'no_token' })
    const { db, config, log } = c.get('services')
    const rotation = await db.transaction().execute((trx) => rotateRefreshToken(trx, presented))
    if (!rotation.ok) {
      if (rotation.reason === 'reused')
        log.warn({ request_id: c.get('requestId') }, 'refresh token reused; session revoked')
      clearTokenCookies(c)
      throw new AppError('unauthorized', 'token no longer valid', { reason: `refresh_${rotation.reason}` })
    }
    const user = await findUserById(db, rotation.userId)
    if (!user) throw new AppError('unauthorized', 'token no longer valid', { reason: 'refresh_ended' })
    const access = await signAccessToken(config, {
      sub: rotation.userId,
      typ: rotation.userType as UserType,
      sid: rotation.sessionId,
    })
    return c.json(
      tokenResponse(c, {
        auth_token: access.token,
        refresh_token: rotation.refreshToken,
        expires_at: access.expiresAt,
        session_expires_at: rotation.expiresAt,
        user,
      }),
      200,
    )
  })
}
