import type { Listed, ModuleErrors } from '../platform/errors.ts'

/** The terminal module's closed list of error reasons (terminal requests, the /pay page, payment requests, notifications, statistics). */
export const terminalReasons = [
  'not_payment_program',
  'program_blocked',
  'program_not_active',
  'cashpoint_inactive',
  'fieldsValidation',
  'request_uuid_taken',
  'request_claimed',
  'request_finished',
  'token_invalid',
  'token_used',
  'token_expired',
  'token_cancelled',
  'token_replaced',
] as const

/** Codes of the terminal module's own field checks. */
export const terminalFieldCodes = [
  'unknown_cashpoint',
  'not_input_field',
  'given_twice',
  'invalid_amount',
  'not_program_currency',
  'already_used',
  'unknown_category',
  'not_field_of_category',
  'choose_field',
  'invalid_token',
  'before_from',
  'period_too_long',
  'invalid_time_zone',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof terminalReasons> {}
  interface FieldErrorCodes extends Listed<typeof terminalFieldCodes> {}
}

export const terminalErrors: ModuleErrors = { reasons: terminalReasons, fieldCodes: terminalFieldCodes }
