import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ApiError } from './api.ts'

/**
 * The API speaks English in its messages (`"invalid email"`); the screens speak the user's
 * language. Messages of the specification (sections 5 and 8) the API answers with are translated
 * here; add a line when a screen meets a new one. Unknown messages are shown as the API wrote them.
 */
const known: Record<string, MessageDescriptor> = {
  'email required': msg`Email required`,
  'invalid email': msg`Invalid email`,
  'password required': msg`Password required`,
  'invalid email or password': msg`Invalid email or password`,
  'confirmation code required': msg`Confirmation code required`,
  'wrong confirmation code': msg`Wrong confirmation code`,
  'email already registered': msg`Email already registered`,
  'cardholder already registered': msg`Cardholder already registered`,
  'email does not exist': msg`Email does not exist`,
  'passwords do not match': msg`Passwords do not match`,
  'link expired': msg`Link expired`,
  'token no longer valid': msg`Token no longer valid, enter a new one`,
  'this account does not belong to this portal': msg`This account does not belong to this portal`,
  'this account has been disabled': msg`This account has been disabled`,
}

/** Refusals any screen may meet, by the API's `reason`. */
const knownReasons: Record<string, MessageDescriptor> = {
  platform_provider_missing: msg`Payments to the platform cannot be taken yet: no payment provider is set up for the platform. An administrator sets it up under Finances → Payment provider.`,
}

export const serverErrorMessage = msg`Server error, please try again later`
export const genericErrorMessage = msg`Something went wrong, please try again later`
export const networkErrorMessage = msg`No connection to the server. Check your connection and try again.`

/** The translated message for an API message, if it is one the screens know. */
export function apiMessage(text: string): MessageDescriptor | undefined {
  return known[text.trim().toLowerCase()]
}

/** What to tell the user about a failed call when no screen-specific wording applies. */
export function describeApiError(error: unknown): MessageDescriptor {
  if (!(error instanceof ApiError)) return genericErrorMessage
  if (error.code === 'network') return networkErrorMessage
  if (error.status >= 500) return serverErrorMessage
  if (error.status === 429) return waitMessage(error.retryAfter)
  const byReason = error.reason ? knownReasons[error.reason] : undefined
  return byReason ?? apiMessage(error.message) ?? genericErrorMessage
}

/**
 * Puts the per-field messages of a 400 answer under the form's fields (as Lingui ids, which
 * `FormMessage` translates; unknown messages as written). Answers true when at least one field of
 * this form got a message, so the caller knows whether a general message is still needed.
 */
export function applyFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError)) return false
  const names = new Set(Object.keys(form.getValues()))
  let applied = false
  for (const [field, messages] of Object.entries(error.fields)) {
    const first = messages[0]
    if (!first || !names.has(field)) continue
    form.setError(field as Path<T>, { type: 'server', message: apiMessage(first)?.id ?? first })
    applied = true
  }
  return applied
}

/** A 429 in words: how long to wait (from Retry-After), in seconds under a minute and a half, else minutes. */
export function waitMessage(seconds: number | undefined): MessageDescriptor {
  if (seconds === undefined) return msg`Too many tries. Please wait a moment and try again.`
  if (seconds < 90) {
    return msg`Too many tries. Try again in ${plural(seconds, { one: '# second', other: '# seconds' })}.`
  }
  const minutes = Math.ceil(seconds / 60)
  return msg`Too many tries. Try again in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`
}
