import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Badge } from '~/components/ui/badge.tsx'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import type { ErrorReason } from '~/lib/api-types.gen.ts'
import type { BillDetail, BillStatus, PreviewRow } from './queries.ts'

/** The credit screens' words for the API's codes (docs/credit.md). */

export const billStatusNames: Record<BillStatus, MessageDescriptor> = {
  unpaid: msg`Unpaid`,
  overdue: msg`Overdue`,
  paid: msg`Paid`,
  archived: msg`Archived`,
}

const billStatusVariants = {
  unpaid: 'warning',
  overdue: 'destructive',
  paid: 'success',
  archived: 'muted',
} as const

export function BillStatusBadge({ status }: { status: BillStatus }) {
  const { i18n } = useLingui()
  return (
    <Badge variant={billStatusVariants[status]} data-testid="bill-status" data-status={status}>
      {i18n._(billStatusNames[status])}
    </Badge>
  )
}

export type TimelineKind = BillDetail['timeline'][number]['kind']

export const timelineNames: Record<TimelineKind, MessageDescriptor> = {
  issued: msg`Bill issued`,
  reminder_sent: msg`Reminder sent`,
  reminder_skipped: msg`Reminder not sent`,
  reminder_failed: msg`Reminder could not be delivered`,
  penalty_added: msg`Penalty added`,
  payment_received: msg`Payment received`,
  payment_refunded: msg`Payment refunded`,
  paid: msg`Paid in full`,
  overdue: msg`Past its due date`,
  due_date_moved: msg`Due date moved`,
  archived: msg`Archived`,
  reminders_stopped: msg`Reminders stopped`,
}

export type ReminderStatus = NonNullable<PreviewRow['status']>

export const reminderStatusNames: Record<ReminderStatus, MessageDescriptor> = {
  planned: msg`Planned`,
  sending: msg`Sending`,
  sent: msg`Sent`,
  skipped: msg`Not sent`,
  failed: msg`Not delivered`,
}

/** Why a reminder was not sent (docs/credit.md, `reminderSkipReasons`). */
export const skipReasonNames: Record<string, MessageDescriptor> = {
  paid: msg`the bill was paid`,
  archived: msg`the bill was archived`,
  issued_after: msg`its moment had passed when the bill was issued`,
  replanned: msg`the ladder or the due date changed`,
  smtp_rejected: msg`the holder's mail server refused the address`,
  stopped: msg`reminders stopped after a refused address`,
}

/** Why a planned reminder is not at its configured moment. */
export const movedNames: Record<string, MessageDescriptor> = {
  window: msg`moved into the send window`,
  dst_gap: msg`moved past the clock change`,
  spacing: msg`a minute after the previous reminder`,
  catch_up: msg`sent late after an interruption`,
}

const byReason: Partial<Record<ErrorReason, MessageDescriptor>> = {
  not_credit_program: msg`Only credit management programs have bills and reminders.`,
  program_not_active: msg`Activate the program before issuing bills.`,
  bill_archived: msg`This bill is archived; it cannot be changed.`,
  bill_paid: msg`This bill is paid; it cannot be changed.`,
  ladder_invalid: msg`The reminder ladder needs at least one switched-on reminder.`,
  ladder_full: msg`A ladder has at most 20 reminders.`,
  email_already_registered: msg`This e-mail address already has an account: find the holder by name or e-mail.`,
}

/** What to tell the owner about a failed credit call. */
export function creditErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError && error.reason) {
    const known = byReason[error.reason]
    if (known) return known
  }
  return describeApiError(error)
}
