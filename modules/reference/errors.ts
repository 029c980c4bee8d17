import type { Listed, ModuleErrors } from '../platform/errors.ts'

/** The reference module's closed list of error reasons (geography look-ups). */
export const referenceReasons = ['address_not_located'] as const

/** Codes of the reference module's own field checks. */
export const referenceFieldCodes = [
  'unknown_country',
  'unknown_state',
  'unknown_continent',
  'state_not_of_country',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof referenceReasons> {}
  interface FieldErrorCodes extends Listed<typeof referenceFieldCodes> {}
}

export const referenceErrors: ModuleErrors = { reasons: referenceReasons, fieldCodes: referenceFieldCodes }
