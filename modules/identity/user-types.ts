import { userTypes } from '../platform/access.ts'
import type { Portal } from '../platform/config.ts'
import type { UserType } from '../platform/context.ts'

/** The user types by name live in the access kernel; identity adds the portal each signs in to. */
export { userTypes }

export const portalOfType: Record<UserType, Portal> = {
  [userTypes.owner]: 'programs',
  [userTypes.acceptor]: 'acceptor',
  [userTypes.holder]: 'cardholder',
  [userTypes.admin]: 'admin',
}
export const typeOfPortal: Record<Portal, UserType> = {
  programs: userTypes.owner,
  acceptor: userTypes.acceptor,
  cardholder: userTypes.holder,
  admin: userTypes.admin,
}
export const portals = ['admin', 'programs', 'acceptor', 'cardholder'] as const satisfies readonly Portal[]

/** The admin list filter of the specification: all, po, acc, ch. */
export const typeFilters = {
  all: null,
  po: userTypes.owner,
  acc: userTypes.acceptor,
  ch: userTypes.holder,
  admin: userTypes.admin,
} as const
