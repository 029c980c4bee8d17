import { businessRule, type Listed, type ModuleErrors } from '../platform/errors.ts'

/** The credit module's closed list of error reasons (docs/credit.md). */
export const creditReasons = [
  'not_credit_program',
  'program_not_active',
  'bill_archived',
  'bill_paid',
  'ladder_full',
  'ladder_invalid',
] as const

/** Codes of the credit module's own field checks. */
export const creditFieldCodes = [
  'not_card_holder',
  'due_before_issue',
  'date_in_past',
  'window_invalid',
  'vat_rate_unknown',
  'penalty_currency',
  'image_unknown',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof creditReasons> {}
  interface FieldErrorCodes extends Listed<typeof creditFieldCodes> {}
}

export const creditErrors: ModuleErrors = { reasons: creditReasons, fieldCodes: creditFieldCodes }

export const notCreditProgram = () =>
  businessRule('only credit management programs have bills and reminders', 'not_credit_program')
export const creditProgramNotActive = () =>
  businessRule('only an active credit management program issues bills', 'program_not_active')
export const billRefused = (reason: 'bill_archived' | 'bill_paid', message: string) =>
  businessRule(message, reason)
export const ladderFull = (max: number) =>
  businessRule(`a ladder has at most ${max} steps`, 'ladder_full', { maximum: max })
