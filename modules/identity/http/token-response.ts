import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import type { UserType } from '../../platform/context.ts'
import { z } from '../../platform/http.ts'
import type { AppEnv } from '../../platform/module.ts'
import { cookieNames } from '../auth.ts'
import type { UserRow } from '../db/users.ts'
import { accessTokenSeconds } from '../tokens.ts'
import { portalOfType } from '../user-types.ts'
import { userTypeSchema } from './get-profile.ts'

export const refreshCookiePath = '/api/v1/auth'

export const sessionUserSchema = z
  .object({
    uuid: z.uuid(),
    type: userTypeSchema,
    portal: z.enum(['admin', 'programs', 'acceptor', 'cardholder']),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    language: z.string(),
  })
  .openapi('SessionUser')

export const tokenResponseSchema = z
  .object({
    auth_token: z.string().optional().openapi({ description: 'Access token (JWT); absent in cookie mode' }),
    refresh_token: z.string().optional().openapi({ description: 'Refresh token; absent in cookie mode' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().openapi({ description: 'Seconds the access token stays valid' }),
    expires_at: z.iso.datetime(),
    session_expires_at: z.iso.datetime(),
    user: sessionUserSchema,
  })
  .openapi('Tokens')

export const authModeHeader = z.object({
  'x-auth-mode': z.enum(['cookie', 'bearer']).optional().openapi({
    description: '`cookie`: the browser app; tokens go into httpOnly cookies instead of the body',
  }),
})

export function sessionUser(user: UserRow) {
  return {
    uuid: user.id,
    type: user.type as UserType,
    portal: portalOfType[user.type as UserType],
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    language: user.language,
  }
}

const remembered = (sessionExpiresAt: Date) => sessionExpiresAt.getTime() - Date.now() > 24 * 3600 * 1000

/**
 * The answer of sign-in and refresh. Browser app (`X-Auth-Mode: cookie`): tokens go into httpOnly
 * cookies (the refresh token only ever sent to /api/v1/auth) and stay out of the body, so page
 * scripts never see them. API clients get them in the body, as the specification says.
 */
export function tokenResponse(
  c: Context<AppEnv>,
  t: { auth_token: string; refresh_token: string; expires_at: Date; session_expires_at: Date; user: UserRow },
) {
  const base = {
    token_type: 'Bearer' as const,
    expires_in: accessTokenSeconds,
    expires_at: t.expires_at.toISOString(),
    session_expires_at: t.session_expires_at.toISOString(),
    user: sessionUser(t.user),
  }
  if (c.req.header('x-auth-mode') !== 'cookie') {
    return { auth_token: t.auth_token, refresh_token: t.refresh_token, ...base }
  }
  const secure = c.get('services').config.PUBLIC_URL.startsWith('https:')
  const expires = remembered(t.session_expires_at) ? { expires: t.session_expires_at } : {}
  setCookie(c, cookieNames.access, t.auth_token, {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: '/',
    ...expires,
  })
  setCookie(c, cookieNames.refresh, t.refresh_token, {
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    path: refreshCookiePath,
    ...expires,
  })
  return base
}

export function clearTokenCookies(c: Context<AppEnv>) {
  deleteCookie(c, cookieNames.access, { path: '/' })
  deleteCookie(c, cookieNames.refresh, { path: refreshCookiePath })
}
