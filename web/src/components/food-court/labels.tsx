import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Badge } from '~/components/ui/badge.tsx'
import { type InviteFilter, type InviteStatus, inviteStatuses } from './api.ts'

export const inviteStatusNames: Record<InviteStatus, MessageDescriptor> = {
  [inviteStatuses.unsent]: msg`Not invited`,
  [inviteStatuses.pending]: msg`Pending`,
  [inviteStatuses.active]: msg`Active`,
  [inviteStatuses.declined]: msg`Declined`,
}

export const inviteFilterNames: Record<InviteFilter, MessageDescriptor> = {
  all: msg`All`,
  active: msg`Active`,
  pending: msg`Pending`,
  declined: msg`Declined`,
}

const variants = {
  [inviteStatuses.unsent]: 'muted',
  [inviteStatuses.pending]: 'warning',
  [inviteStatuses.active]: 'success',
  [inviteStatuses.declined]: 'destructive',
} as const

export function InviteStatusBadge({ status, testId }: { status: InviteStatus; testId?: string }) {
  const { i18n } = useLingui()
  return (
    <Badge variant={variants[status] ?? 'muted'} data-testid={testId} data-status={status}>
      {i18n._(inviteStatusNames[status] ?? inviteStatusNames[0])}
    </Badge>
  )
}

/** A restaurant's part of a court order, by its status (`part_status`). */
export const partNames = {
  created: msg`Awaiting payment`,
  held: msg`Held until delivered`,
  releasing: msg`Paying out`,
  paid_out: msg`Paid out`,
  refunding: msg`Refunding`,
  refunded: msg`Refunded`,
  failed: msg`Payout failed`,
} as const
