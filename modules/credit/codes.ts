import { randomInt } from 'node:crypto'

/**
 * The credit module's codes: bill states (spec section 4), reminder row states, the payable kind of
 * a bill's payment, the 6-letter credit program id (spec section 9) and the limits of a bill.
 */
export const billStatuses = ['unpaid', 'overdue', 'paid', 'archived'] as const
export type BillStatus = (typeof billStatuses)[number]

/** The states a holder can still pay in. */
export const openBillStatuses: readonly BillStatus[] = ['unpaid', 'overdue']

export const reminderStatuses = ['planned', 'sending', 'sent', 'skipped', 'failed'] as const
export type ReminderStatus = (typeof reminderStatuses)[number]

/**
 * Why a reminder was not sent (timeline and `reason` of a row): the bill was paid or archived
 * first, the step's moment had passed when the bill was issued, the owner changed the ladder or the
 * due date, the mail server refused the holder's address for good, or the ladder stopped after such
 * a refusal.
 */
export const reminderSkipReasons = [
  'paid',
  'archived',
  'issued_after',
  'replanned',
  'smtp_rejected',
  'stopped',
] as const
export type ReminderSkipReason = (typeof reminderSkipReasons)[number]

/** Entries of a bill's timeline. */
export const billEventKinds = [
  'issued',
  'reminder_sent',
  'reminder_skipped',
  'reminder_failed',
  'penalty_added',
  'payment_received',
  'payment_refunded',
  'paid',
  'overdue',
  'due_date_moved',
  'archived',
  'reminders_stopped',
] as const
export type BillEventKind = (typeof billEventKinds)[number]

/** The payable kind of a bill's payment (payments module). */
export const billPayable = 'credit_bill'

/** Limits of a bill. */
export const billLimits = {
  maxItems: 100,
  maxQuantity: 1_000_000,
  /** Minor units per unit: €10,000,000.00. */
  maxUnitPrice: 1_000_000_000,
  /** Days between issue date and due date. */
  maxTermDays: 3650,
} as const

/** Steps in a ladder. */
export const maxLadderSteps = 20

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** A credit program id: 6 uppercase letters from the CSPRNG (26^6 ≈ 309 million). */
export function newProgramCode(): string {
  let code = ''
  for (let i = 0; i < 6; i++) code += letters[randomInt(letters.length)]
  return code
}
