import type { Listed, ModuleErrors } from '../platform/errors.ts'

/** The identity module's closed list of error reasons: sign-in, sessions, users and registration. */
export const identityReasons = [
  'no_token',
  'token_invalid',
  'session_ended',
  'wrong_user_type',
  'refresh_unknown',
  'refresh_reused',
  'refresh_ended',
  'invalid_credentials',
  'sign_in_throttled',
  'account_disabled',
  'wrong_portal',
  'cannot_disable_self',
  'email_already_registered',
  'cardholder_already_registered',
  'link_expired',
  'wrong_confirmation_code',
  'unsupported_country',
  'country_supported',
  'code_resend_too_soon',
  'code_limit',
  'reset_too_soon',
  'reset_limit',
  'wrong_password',
] as const

/** Codes of identity's own field checks (registration, profile, avatar). */
export const identityFieldCodes = [
  'passwords_do_not_match',
  'email_already_registered',
  'cardholder_already_registered',
  'link_expired',
  'wrong_confirmation_code',
  'unsupported_country',
  'country_supported',
  'wrong_password',
  'not_for_account_type',
  'invalid_phone',
  'invalid_phone_code',
  'implausible_birth_date',
  'image_too_large',
  'image_not_jpg_png',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof identityReasons> {}
  interface FieldErrorCodes extends Listed<typeof identityFieldCodes> {}
}

export const identityErrors: ModuleErrors = { reasons: identityReasons, fieldCodes: identityFieldCodes }
