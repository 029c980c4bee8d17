import { AppError, type ErrorReason, type FieldErrorCode, fieldProblem } from '../../platform/errors.ts'

/**
 * Registration's answers, worded as the specification words them (platform.md sections 5 and 8),
 * each a field error in the 400 envelope with a stable `reason` the screens branch on.
 */
export const fieldError = (field: string, message: string, reason: ErrorReason & FieldErrorCode) =>
  new AppError('validation_failed', message, { reason, fields: { [field]: [fieldProblem(reason, message)] } })

/** The e-mail has an account: a card holder's ("cardholder already registered") or another type's. */
export function alreadyRegistered(existingType: number) {
  return existingType === 3
    ? fieldError('email', 'cardholder already registered', 'cardholder_already_registered')
    : fieldError('email', 'email already registered', 'email_already_registered')
}

/** A dead code, signup token or password link: the screen offers to send a new one (`reason`). */
export const linkExpired = (field: string) => fieldError(field, 'link expired', 'link_expired')

export const wrongCode = () => fieldError('code', 'wrong confirmation code', 'wrong_confirmation_code')

export const unsupportedCountry = () => fieldError('country', 'unsupported country', 'unsupported_country')

/** Too soon or too often; `retryAfter` (seconds) becomes the Retry-After header. */
export class TooManyRequests extends AppError {
  constructor(message: string, reason: ErrorReason, retryAfter: number) {
    super('too_many_requests', message, { reason, retryAfter })
  }
}
