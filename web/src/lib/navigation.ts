import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Portal } from './portal.ts'

/** The main screens of the portals (spec section 2), each reachable from the portal navigation. */
export type MainPath =
  | '/home'
  | '/finances'
  | '/transactions'
  | '/statistics'
  | '/users'
  | '/programs'
  | '/cards'
  | '/posts'
  | '/orders'
  | '/bills'
  | '/food'
  | '/terminal'
  | '/help'
  | '/support'

/** A main screen's name (its icon is in `navigation-icons.ts`, which only the portal frame loads). */
export interface MainScreen {
  label: MessageDescriptor
}

export const mainScreens: Record<MainPath, MainScreen> = {
  '/home': { label: msg`Home` },
  '/finances': { label: msg`Finances` },
  '/transactions': { label: msg`Transactions` },
  '/statistics': { label: msg`Statistics` },
  '/users': { label: msg`Users` },
  '/programs': { label: msg`Programs` },
  '/cards': { label: msg`Cards` },
  '/posts': { label: msg`Posts` },
  '/orders': { label: msg`Orders` },
  '/bills': { label: msg`Bills` },
  '/food': { label: msg`Food` },
  '/terminal': { label: msg`Terminal` },
  '/help': { label: msg`Help` },
  '/support': { label: msg`Contact support` },
}

/**
 * Each portal's navigation, in the order it is shown. Transactions (the specification's
 * "transactions list", path not shown) is `/transactions` on every portal: each user sees their
 * own scope of payments and refunds.
 */
export const portalNavigation: Record<Portal, readonly MainPath[]> = {
  admin: ['/finances', '/transactions', '/statistics', '/users', '/programs', '/cards', '/posts'],
  programs: ['/home', '/programs', '/transactions', '/posts'],
  acceptor: ['/home', '/orders', '/terminal', '/transactions', '/programs', '/statistics', '/posts'],
  cardholder: ['/food', '/cards', '/programs', '/bills', '/transactions', '/posts', '/home'],
}

/**
 * Help and support (spec section 2, shared guest routes `/help` and `/support`), shown on every
 * portal below its navigation (signed in) and in the guest frame's links (signed out).
 */
export const helpNavigation: readonly MainPath[] = ['/help', '/support']

/**
 * Where a signed-in user lands from a login page (spec section 2): Finances for admin, Programs
 * for program owner, Orders for acceptor, Food for card holder.
 */
export const portalHome: Record<Portal, MainPath> = {
  admin: '/finances',
  programs: '/programs',
  acceptor: '/orders',
  cardholder: '/food',
}

/**
 * Main screens a portal has although its navigation does not list them: help and support on every
 * portal (their own menu, `helpNavigation`); the program owner's `/finances` redirects to
 * Programs, so it is handled by that route.
 */
const alsoReachable: Partial<Record<Portal, readonly MainPath[]>> = {
  // The owner works the terminal at their programs' cashpoints, reached from Home.
  programs: ['/terminal'],
}

export function portalHasScreen(portal: Portal, path: MainPath): boolean {
  return (
    portalNavigation[portal].includes(path) ||
    helpNavigation.includes(path) ||
    (alsoReachable[portal]?.includes(path) ?? false)
  )
}
