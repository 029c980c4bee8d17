import { type ParsedLocation, redirect } from '@tanstack/react-router'
import { type MainPath, portalHasScreen, portalHome } from './navigation.ts'
import type { Portal } from './portal.ts'
import type { Session } from './session.ts'

/**
 * The navigation guard of spec section 2, as functions the routes call from `beforeLoad`. The root
 * route has already validated the session, loaded the profile when its type was missing and
 * dropped a session whose type does not match the portal (see `routes/__root.tsx`).
 */

export interface GuardContext {
  portal: Portal
  session: Session | null
  sessionRestorable: boolean
}

/** localStorage key under which the acceptor portal keeps a program opened before signing in. */
export const pendingProgramKey = 'programId'

const programPage = /^\/programs\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i

/** Home of the portal for a signed-in user: Finances, Programs, Orders or Food; otherwise Home. */
export function homePath(portal: Portal): MainPath {
  return portalHome[portal] ?? '/home'
}

/**
 * A login page (`/`): a signed-in user goes to the portal's home.
 */
export function guardLoginPage(context: GuardContext): void {
  if (context.session) throw redirect({ to: homePath(context.portal), replace: true })
}

/**
 * Signed-in routes (`_portal`). Not signed in: to `/`; on the acceptor host a program information
 * page first keeps its uuid (localStorage `programId`; while rendering on the server it travels as
 * `/?program=<uuid>` and the sign-in page stores it). When the server could not tell (access cookie
 * expired, refresh cookie unseen) the route renders as "restoring" and the browser decides.
 */
export function guardPortalRoute(
  context: GuardContext,
  location: ParsedLocation,
): { session: Session | null; restoring: boolean } {
  if (context.session) return { session: context.session, restoring: false }
  if (context.portal === 'acceptor') {
    const program = programPage.exec(location.pathname)?.[1]
    if (program) {
      if (typeof window === 'undefined') throw redirect({ to: '/', search: { program }, replace: true })
      rememberPendingProgram(program)
      throw redirect({ to: '/', replace: true })
    }
  }
  if (context.sessionRestorable) return { session: null, restoring: true }
  throw redirect({ to: '/', replace: true })
}

/** A main screen the current portal does not have is an unknown path: to `/` (spec section 2). */
export function requireScreen(portal: Portal, path: MainPath): void {
  if (!portalHasScreen(portal, path)) throw redirect({ to: '/', replace: true })
}

export function rememberPendingProgram(uuid: string): void {
  try {
    localStorage.setItem(pendingProgramKey, uuid)
  } catch {
    // Storage unavailable: the program is simply not preselected after sign-in.
  }
}
