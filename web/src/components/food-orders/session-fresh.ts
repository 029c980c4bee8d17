import { expiryMarginMs } from '~/lib/api.ts'
import { currentSession, refreshSession } from '~/lib/session.ts'

/**
 * Makes sure the access cookie is good before the browser itself calls the API without our client
 * (an EventSource, a download link): those cannot refresh a session after a 401.
 */
export async function freshSession(): Promise<void> {
  const expiresAt = currentSession()?.expiresAt
  if (expiresAt != null && expiresAt - Date.now() < expiryMarginMs * 2) await refreshSession()
}
