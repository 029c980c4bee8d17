import { z } from 'zod'
import { defineEvent } from '../platform/events.ts'

/** A bill was issued to a card holder: its ledger entry is requested in the same transaction. */
export const billIssued = defineEvent(
  'credit.bill.issued',
  z.object({ bill_id: z.uuid(), program_id: z.uuid(), holder_user_id: z.uuid() }),
)

/** A bill is paid in full (its remaining reminders are skipped). */
export const billPaid = defineEvent('credit.bill.paid', z.object({ bill_id: z.uuid(), program_id: z.uuid() }))

/** A bill was archived (or cancelled) by its owner, with a reason. */
export const billArchived = defineEvent(
  'credit.bill.archived',
  z.object({ bill_id: z.uuid(), program_id: z.uuid() }),
)

/**
 * A bill's ladder stopped for good: the holder's mail server refused a reminder (a 5xx). The
 * owner is told by e-mail (notifications queue).
 */
export const remindersStopped = defineEvent(
  'credit.reminders.stopped',
  z.object({ bill_id: z.uuid(), reminder_id: z.uuid(), response: z.string().max(1000) }),
)

/**
 * A program's ladder or send window changed (at `changed_at`): the reminders not sent yet of its
 * open bills issued before then are planned again (reminders queue, a bill at a time). Bills
 * issued later were planned with the new ladder already.
 */
export const ladderChanged = defineEvent(
  'credit.ladder.changed',
  z.object({ program_id: z.uuid(), changed_at: z.iso.datetime() }),
)
