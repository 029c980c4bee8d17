import { type ParsedLocation, redirect } from '@tanstack/react-router'
import { takePendingPost } from '~/components/feed/pending-post.ts'
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

/**
 * sessionStorage key under which the acceptor portal keeps an invitation link opened before
 * signing in (`/programs?invitation=<uuid>&invite=<token>`): only this tab, since it holds the
 * link's secret, and only until the sign-in that follows.
 */
export const pendingInvitationKey = 'programInvitation'

export interface PendingInvitation {
  invitation: string
  invite: string
}

/**
 * sessionStorage key under which the card-holder portal keeps the code of a card link opened
 * before signing in (`/cards/add?token=<code>`, a printed card's QR code): only this tab, and only
 * until the sign-in that follows.
 */
export const pendingCardKey = 'cardToken'

/**
 * sessionStorage key under which the card-holder portal keeps a bill link opened before signing in
 * (`/bills/<uuid>`, or `/bills/<uuid>/payment`: a reminder e-mail's pay link): only this tab, and
 * only until the sign-in that follows.
 */
export const pendingBillKey = 'billLink'

/** A bill link: the bill, and whether it was its pay link. */
export interface BillLink {
  bill: string
  pay: boolean
}

/** A card code as a link carries it: 16 letters and digits, any case, dashes or spaces optional. */
const cardCodePattern = /^[A-Za-z0-9]{4}[-\s]?[A-Za-z0-9]{4}[-\s]?[A-Za-z0-9]{4}[-\s]?[A-Za-z0-9]{4}$/

const billPage = /^\/bills\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/payment)?\/?$/i

const programPage = /^\/programs\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i

/**
 * Where a visitor signs in. `/` on the admin, program-owner and acceptor portals (spec section 2:
 * "/ (login)"); on the card-holder portal `/` goes to the food area (spec: "/ (redirects to the
 * food area)"), so its sign-in page is `/sign-in`.
 */
export function signInPath(portal: Portal): '/' | '/sign-in' {
  return portal === 'cardholder' ? '/sign-in' : '/'
}

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
 * The card-holder portal's start page (spec section 2): a visitor who is not signed in goes to the
 * food area, unless they came from a card link (`?card=`), which is for signing in.
 */
export function guardCardholderRoot(context: GuardContext, search: { card?: string | undefined }): void {
  if (context.portal !== 'cardholder' || context.session) return
  if (search.card) throw redirect({ to: '/sign-in', search: { card: search.card }, replace: true })
  throw redirect({ to: '/food', replace: true })
}

/**
 * Signed-in routes (`_portal`). Not signed in: to sign in (`signInPath`); on the acceptor host a program information
 * page first keeps its uuid (localStorage `programId`; while rendering on the server it travels as
 * `/?program=<uuid>` and the sign-in page stores it), and so does an invitation link
 * (`/programs?invitation=<uuid>&invite=<token>`, kept for this tab) so that signing in leads back
 * to it; on the card-holder host a card link (`/cards/add?token=<code>`, as `/sign-in?card=<code>`)
 * and a bill link (`/bills/<uuid>` or its `/payment`, as `/sign-in?bill=<uuid>&pay=1`). When the server could not tell (access cookie expired, refresh cookie unseen) the route
 * renders as "restoring" and the browser decides.
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
    const invitation = invitationLinkOf(location)
    if (invitation && !context.sessionRestorable) {
      if (typeof window === 'undefined') throw redirect({ to: '/', search: invitation, replace: true })
      rememberPendingInvitation(invitation)
      throw redirect({ to: '/', replace: true })
    }
  }
  if (context.portal === 'cardholder' && !context.sessionRestorable) {
    const card = cardLinkOf(location)
    if (card) {
      if (typeof window === 'undefined') throw redirect({ to: '/sign-in', search: { card }, replace: true })
      rememberPendingCard(card)
      throw redirect({ to: '/sign-in', replace: true })
    }
    const bill = billLinkOf(location)
    if (bill) {
      if (typeof window === 'undefined') {
        throw redirect({
          to: '/sign-in',
          search: bill.pay ? { bill: bill.bill, pay: 1 } : { bill: bill.bill },
          replace: true,
        })
      }
      rememberPendingBill(bill)
      throw redirect({ to: '/sign-in', replace: true })
    }
  }
  if (context.sessionRestorable) return { session: null, restoring: true }
  throw redirect({ to: signInPath(context.portal), replace: true })
}

/** A main screen the current portal does not have is an unknown path: to `/` (spec section 2). */
export function requireScreen(portal: Portal, path: MainPath): void {
  if (!portalHasScreen(portal, path)) throw redirect({ to: '/', replace: true })
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The invitation of an acceptor's e-mail link (`/programs?invitation=<uuid>&invite=<token>`), if this is one. */
export function invitationLinkOf(
  location: Pick<ParsedLocation, 'pathname' | 'search'>,
): PendingInvitation | null {
  if (location.pathname.replace(/\/$/, '') !== '/programs') return null
  const search = location.search as Record<string, unknown>
  const invitation = search.invitation === undefined ? '' : String(search.invitation)
  const invite = search.invite === undefined ? '' : String(search.invite)
  if (!uuidPattern.test(invitation) || invite.length === 0 || invite.length > 200) return null
  return { invitation, invite }
}

/** The invitation link kept for after signing in, read without using it up (the sign-in page shows it). */
export function peekPendingInvitation(): PendingInvitation | null {
  try {
    const stored = sessionStorage.getItem(pendingInvitationKey)
    const link = stored ? (JSON.parse(stored) as Partial<PendingInvitation>) : null
    if (link && typeof link.invitation === 'string' && typeof link.invite === 'string') {
      return invitationLinkOf({ pathname: '/programs', search: link })
    }
  } catch {
    // Storage unavailable or garbled: nothing to show.
  }
  return null
}

export function rememberPendingInvitation(link: PendingInvitation): void {
  try {
    sessionStorage.setItem(pendingInvitationKey, JSON.stringify(link))
  } catch {
    // Storage unavailable: after signing in the acceptor finds the invitation under Programs.
  }
}

/** The card code of a card link (`/cards/add?token=<code>`), if this is one. */
export function cardLinkOf(location: Pick<ParsedLocation, 'pathname' | 'search'>): string | null {
  if (location.pathname.replace(/\/$/, '') !== '/cards/add') return null
  const token = (location.search as Record<string, unknown>).token
  return isCardCode(token) ? token.trim() : null
}

export const isCardCode = (value: unknown): value is string =>
  typeof value === 'string' && cardCodePattern.test(value.trim())

export function rememberPendingCard(token: string): void {
  try {
    sessionStorage.setItem(pendingCardKey, token)
  } catch {
    // Storage unavailable: the card holder types the code again under Cards.
  }
}

/** The bill of a bill link (`/bills/<uuid>`, `/bills/<uuid>/payment`), if this is one. */
export function billLinkOf(location: Pick<ParsedLocation, 'pathname'>): BillLink | null {
  const match = billPage.exec(location.pathname)
  if (!match?.[1]) return null
  return { bill: match[1].toLowerCase(), pay: match[2] !== undefined }
}

export function rememberPendingBill(link: BillLink): void {
  try {
    sessionStorage.setItem(pendingBillKey, JSON.stringify(link))
  } catch {
    // Storage unavailable: after signing in the card holder finds the bill under Bills.
  }
}

/**
 * A link the visitor opened before a session ended or could not be restored (the app goes to sign
 * in from wherever it is): kept so that signing in leads back to it. Bill links only: other pages
 * are reached from the portal's home.
 */
export function rememberPendingLink(portal: Portal, location: Pick<ParsedLocation, 'pathname'>): void {
  if (portal !== 'cardholder') return
  const bill = billLinkOf(location)
  if (bill) rememberPendingBill(bill)
}

/** The bill link kept for after signing in, read without using it up (the sign-in page shows it). */
export function peekPendingBill(): BillLink | null {
  try {
    const stored = sessionStorage.getItem(pendingBillKey)
    const link = stored ? (JSON.parse(stored) as Partial<BillLink>) : null
    if (link && typeof link.bill === 'string' && uuidPattern.test(link.bill)) {
      return { bill: link.bill, pay: link.pay === true }
    }
  } catch {
    // Storage unavailable or garbled: nothing to show.
  }
  return null
}

type BillDestination =
  | { to: '/bills/$uuid'; params: { uuid: string } }
  | { to: '/bills/$uuid/payment'; params: { uuid: string } }

/** The bill link a card holder opened before signing in, used once. */
function takePendingBill(): BillDestination | null {
  const link = peekPendingBill()
  try {
    sessionStorage.removeItem(pendingBillKey)
  } catch {
    // Storage unavailable: nothing was kept either.
  }
  if (!link) return null
  return { to: link.pay ? '/bills/$uuid/payment' : '/bills/$uuid', params: { uuid: link.bill } }
}

/** The card link a card holder opened before signing in, used once. */
function takePendingCard(): { to: '/cards/add'; search: { token: string } } | null {
  try {
    const token = sessionStorage.getItem(pendingCardKey)
    sessionStorage.removeItem(pendingCardKey)
    if (isCardCode(token)) return { to: '/cards/add', search: { token } }
  } catch {
    // Storage unavailable: the portal's home, as usual.
  }
  return null
}

/**
 * Where a user goes right after signing in when they came from a link: an acceptor to the
 * invitation of an e-mail link (with its token), else to a program page opened before signing in;
 * a card holder back to the card link (a printed card's code) or the bill link (an e-mail's) they
 * opened. Each is used once.
 */
export function takePendingDestination(
  portal: Portal,
):
  | { to: '/programs'; search: PendingInvitation }
  | { to: '/programs/$uuid'; params: { uuid: string } }
  | { to: '/cards/add'; search: { token: string } }
  | BillDestination
  | { to: '/posts/$url'; params: { url: string } }
  | null {
  // A post a guest wanted to like or comment on, or a `/post/{url}` link (components/feed).
  const post = takePendingPost()
  if (post) return { to: '/posts/$url', params: { url: post } }
  if (portal === 'cardholder') {
    const card = takePendingCard()
    const bill = takePendingBill()
    return card ?? bill
  }
  if (portal !== 'acceptor') return null
  try {
    const stored = sessionStorage.getItem(pendingInvitationKey)
    sessionStorage.removeItem(pendingInvitationKey)
    const link = stored ? (JSON.parse(stored) as Partial<PendingInvitation>) : null
    if (link && typeof link.invitation === 'string' && typeof link.invite === 'string') {
      const checked = invitationLinkOf({ pathname: '/programs', search: link })
      if (checked) return { to: '/programs', search: checked }
    }
    const program = localStorage.getItem(pendingProgramKey)
    localStorage.removeItem(pendingProgramKey)
    if (program && uuidPattern.test(program)) return { to: '/programs/$uuid', params: { uuid: program } }
  } catch {
    // Storage unavailable: the portal's home, as usual.
  }
  return null
}

export function rememberPendingProgram(uuid: string): void {
  try {
    localStorage.setItem(pendingProgramKey, uuid)
  } catch {
    // Storage unavailable: the program is simply not preselected after sign-in.
  }
}
