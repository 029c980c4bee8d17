import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Portal } from '../../../modules/platform/config.ts'

export type { Portal }

export const portals = ['admin', 'programs', 'acceptor', 'cardholder'] as const satisfies readonly Portal[]

export function isPortal(value: unknown): value is Portal {
  return typeof value === 'string' && (portals as readonly string[]).includes(value)
}

/** What a portal is called and who it is for, as shown in its frame and the page title. */
export interface PortalCopy {
  title: MessageDescriptor
  subtitle: MessageDescriptor
  highlights: readonly MessageDescriptor[]
}

export const portalCopy: Record<Portal, PortalCopy> = {
  admin: {
    title: msg`Administration`,
    subtitle: msg`Users, programs, finances and ledgers of the whole platform in one place.`,
    highlights: [
      msg`Follow users and programs across all portals`,
      msg`Read finances, ledgers and journals`,
      msg`See statistics, cards and posts`,
    ],
  },
  programs: {
    title: msg`Program owners`,
    subtitle: msg`Create and run card, credit management, payment and food programs.`,
    highlights: [
      msg`Issue vouchers and gift cards`,
      msg`Send bills with reminders and penalties`,
      msg`Invite acceptors and restaurants`,
    ],
  },
  acceptor: {
    title: msg`Acceptors`,
    subtitle: msg`Take orders and payments for the programs your business takes part in.`,
    highlights: [
      msg`Accept or decline program invitations`,
      msg`Manage orders, programs and cash points`,
      msg`Follow your daily totals and statistics`,
    ],
  },
  cardholder: {
    title: msg`Card holders`,
    subtitle: msg`Your cards, bills, payments and food orders together.`,
    highlights: [
      msg`Activate cards and check balances`,
      msg`Pay bills and pay by QR code`,
      msg`Order food from your favourite places`,
    ],
  },
}
