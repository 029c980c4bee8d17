import type { Portal } from '../platform/config.ts'
import type { UserType } from '../platform/context.ts'

/** User types of the specification and the portal each one signs in to. */
export const userTypes = { programOwner: 1, acceptor: 2, cardHolder: 3, admin: 4 } as const satisfies Record<
  string,
  UserType
>

export const portalOfType: Record<UserType, Portal> = {
  1: 'programs',
  2: 'acceptor',
  3: 'cardholder',
  4: 'admin',
}
export const typeOfPortal: Record<Portal, UserType> = { programs: 1, acceptor: 2, cardholder: 3, admin: 4 }
export const portals = ['admin', 'programs', 'acceptor', 'cardholder'] as const satisfies readonly Portal[]

/** The admin list filter of the specification: all, po, acc, ch. */
export const typeFilters = { all: null, po: 1, acc: 2, ch: 3, admin: 4 } as const
