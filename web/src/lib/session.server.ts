import { requestCookie } from './api.server.ts'
import { type Answer, api } from './api.ts'
import { type SessionState, sessionMarkerCookie } from './session.ts'

/** The API's access-token cookie (`cookieNames.access` in modules/identity/auth.ts). */
const accessCookie = 'cp_at'

/** When the JWT expires (its `exp` claim); the API has verified it, this only reads it. */
function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1]
    if (!payload) return null
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null
  } catch {
    return null
  }
}

/**
 * The session of the request being rendered: its access cookie checked with `POST auth/validate`
 * (so a revoked session or a disabled user counts as signed out at once). The profile is loaded
 * when the answer lacks the user type (spec section 2).
 */
export async function sessionFromRequest(): Promise<SessionState> {
  const token = requestCookie(accessCookie)
  const marked = requestCookie(sessionMarkerCookie) !== undefined
  if (!token) return { session: null, restorable: marked }
  try {
    const { user } = await api.post<Answer<'/auth/validate', 'post'>>('/auth/validate')
    if (typeof user.type !== 'number') {
      const profile = await api.get<Answer<'/user/profile'>>('/user/profile')
      user.type = profile.type
    }
    return { session: { user, expiresAt: tokenExpiry(token) }, restorable: false }
  } catch {
    // Usually an expired access token (401); or the API did not answer. Either way the browser,
    // which holds the refresh cookie, tries to restore the session after hydration.
    return { session: null, restorable: true }
  }
}
