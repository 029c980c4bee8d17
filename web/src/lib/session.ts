import { createIsomorphicFn } from '@tanstack/react-start'
import { api, configureApiSession } from './api.ts'
import type { Schema } from './api-types.gen.ts'
import type { Portal } from './portal.ts'

/**
 * Who is signed in. The tokens themselves live in httpOnly cookies set by the API (`cp_at`, and
 * `cp_rt` sent only to /api/v1/auth), out of reach of page scripts; this module keeps what the
 * pages may know: the user and when the access token expires.
 *
 * - Server rendering: `readSessionState()` validates the request's access cookie against the API
 *   (`session.server.ts`).
 * - Browser: a small store, seeded from the server's answer at hydration (router `hydrate`), set by
 *   `signIn`/`refreshSession`, cleared by `signOut`/`endSession`.
 *
 * A readable marker cookie (`cp_session`, no secret in it) tells the server that a refresh cookie
 * probably exists even when the access cookie is gone or expired: the page is then rendered as
 * "restoring" and the browser refreshes (the server never sees the refresh cookie).
 */

/** Profile types of the specification: 1 program owner, 2 acceptor, 3 card holder, 4 admin. */
export type UserType = SessionUser['type']

export const userTypeOfPortal: Record<Portal, UserType> = {
  programs: 1,
  acceptor: 2,
  cardholder: 3,
  admin: 4,
}

/** The signed-in user as `auth/login`, `auth/refresh` and `auth/validate` answer it. */
export type SessionUser = Schema<'SessionUser'>

export interface Session {
  user: SessionUser
  /** Epoch milliseconds (this runtime's clock) when the access token expires; null if unknown. */
  expiresAt: number | null
}

export interface SessionState {
  session: Session | null
  /** Nobody is signed in according to the access cookie, but a refresh may sign them in again. */
  restorable: boolean
}

/** The answer of `auth/login` and `auth/refresh` in cookie mode (the tokens went into cookies). */
export type TokenAnswer = Schema<'Tokens'>

/** Name of the readable marker cookie (see the module comment). */
export const sessionMarkerCookie = 'cp_session'

/** Whether a session's user may use this portal (spec section 6: the profile type must match). */
export function sessionFitsPortal(session: Session | null, portal: Portal): boolean {
  return session !== null && session.user.type === userTypeOfPortal[portal]
}

// ---- browser store -------------------------------------------------------------------------

let state: SessionState = { session: null, restorable: false }
let refreshInFlight: Promise<boolean> | null = null
const changeListeners = new Set<() => void>()
const endedListeners = new Set<() => void>()

function setState(next: SessionState) {
  state = next
  for (const listener of changeListeners) listener()
}

/** The session as this browser knows it now (null on the server: use `readSessionState`). */
export function currentSession(): Session | null {
  return state.session
}

/** For `useSyncExternalStore`: called whenever the session changes. */
export function subscribeSession(listener: () => void): () => void {
  changeListeners.add(listener)
  return () => changeListeners.delete(listener)
}

/**
 * Registers what happens when the session ends without the user asking (a refresh was refused):
 * the app clears its caches and goes to `/`. Answers the unsubscribe function.
 */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener)
  return () => endedListeners.delete(listener)
}

/** Seeds the browser store with what the server rendered (router `hydrate`). */
export function hydrateSession(next: SessionState): void {
  setState(next)
}

function writeMarker(sessionExpiresAt: string | null) {
  if (typeof document === 'undefined') return
  if (sessionExpiresAt === null) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers
    document.cookie = `${sessionMarkerCookie}=; Path=/; Max-Age=0; SameSite=Lax`
    return
  }
  const until = Date.parse(sessionExpiresAt)
  // Like the API's token cookies: kept across browser restarts only for "keep me signed in".
  const persistent = until - Date.now() > 24 * 3600 * 1000
  const expires = persistent ? `; Expires=${new Date(until).toUTCString()}` : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers
  document.cookie = `${sessionMarkerCookie}=1; Path=/; SameSite=Lax${expires}`
}

function applyTokens(answer: TokenAnswer): Session {
  const session: Session = { user: answer.user, expiresAt: Date.now() + answer.expires_in * 1000 }
  writeMarker(answer.session_expires_at)
  setState({ session, restorable: false })
  return session
}

/** Forgets the session in this browser (the httpOnly cookies are the API's to clear). */
function clearLocally() {
  writeMarker(null)
  setState({ session: null, restorable: false })
}

/** The session ended on its own (refresh refused): forget it and tell the app (which goes to `/`). */
export function endSession(): void {
  clearLocally()
  for (const listener of endedListeners) listener()
}

/**
 * Exchanges the refresh cookie for new tokens. One refresh at a time: concurrent callers get the
 * same promise. A 4xx answer (spec section 8) ends the session; a network or server failure
 * leaves it as it is (the next call tries again) and answers false.
 */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    try {
      const answer = await api.post<TokenAnswer>('/auth/refresh', undefined, {
        session: false,
        headers: { 'x-auth-mode': 'cookie' },
      })
      applyTokens(answer)
      return true
    } catch (error) {
      const status = (error as { status?: number }).status ?? 0
      if (status >= 400 && status < 500) endSession()
      return false
    } finally {
      refreshInFlight = null
    }
  })()
  return refreshInFlight
}

configureApiSession({
  accessExpiresAt: () => state.session?.expiresAt ?? null,
  canRefresh: () => state.session !== null || state.restorable,
  refresh: refreshSession,
  refreshing: () => refreshInFlight,
})

/**
 * After a server render that found no valid access cookie but a marker: try the refresh cookie.
 * True when the user is signed in again. Safe to call more than once.
 */
export async function restoreSession(): Promise<boolean> {
  if (state.session) return true
  if (!state.restorable) return false
  const restored = await refreshSession()
  // One attempt per page load: a failure (even offline) leaves the visitor signed out here.
  if (!restored) setState({ session: null, restorable: false })
  return restored
}

export interface SignInInput {
  email: string
  password: string
  remember: boolean
}

/**
 * Signs in on this portal (the API refuses an account of another portal with 403 `wrong_portal`).
 * Throws `ApiError` with the envelope for the form.
 */
export async function signIn(input: SignInInput, portal: Portal): Promise<Session> {
  const answer = await api.post<TokenAnswer>(
    '/auth/login',
    { ...input, portal },
    { session: false, headers: { 'x-auth-mode': 'cookie' } },
  )
  return applyTokens(answer)
}

/** Ends the session on the server (its tokens stop working, the API clears the cookies) and here. */
export async function signOut(): Promise<void> {
  try {
    await api.post('/auth/logout', undefined, { session: false })
  } catch {
    // Already ended or offline: forgetting it here is what the user asked for.
  } finally {
    clearLocally()
  }
}

/** Keeps the user's stored fields in step after a profile save (name, language). */
export function updateSessionUser(patch: Partial<SessionUser>): void {
  if (!state.session) return
  setState({ ...state, session: { ...state.session, user: { ...state.session.user, ...patch } } })
}

/**
 * The session of this page: validated against the API from the request's cookies on the server,
 * the browser store in the browser.
 */
export const readSessionState = createIsomorphicFn()
  .server(async (): Promise<SessionState> => {
    const { sessionFromRequest } = await import('./session.server.ts')
    return sessionFromRequest()
  })
  .client(async (): Promise<SessionState> => state)

/** The signed-in user of this page, or null. */
export async function readSession(): Promise<Session | null> {
  return (await readSessionState()).session
}
