import { type ExpiryType, expiryTypes } from './codes.ts'
import { endOfDay } from './dates.ts'

/**
 * How long a card is valid (spec section 3: "during the program period, after activation (days,
 * months, years) or not later than a date, and may exceed the program period"):
 *
 * - `program`: while the program runs, to the end of its expiry date (no end when it has none);
 * - `after_activation`: n years, months or days from the moment the card holder activates it;
 * - `until`: to the end of a given date, which may be after the program's end.
 */
export type Validity =
  | { mode: 'program' }
  | { mode: 'after_activation'; expiry_type: ExpiryType; expiry_value: number }
  | { mode: 'until'; until: string }

/** What an order keeps of the validity: the rule and, for `program`, the program's end as ordered. */
export type ValiditySnapshot = Validity & { program_expiry_date?: string | null }

/**
 * The moment a card expires when that is known before anyone activates it (a date), or null (no
 * end, or counted from activation).
 */
export function expiryAtIssue(validity: ValiditySnapshot): Date | null {
  switch (validity.mode) {
    case 'program':
      return validity.program_expiry_date ? endOfDay(validity.program_expiry_date) : null
    case 'until':
      return endOfDay(validity.until)
    case 'after_activation':
      return null
  }
}

/**
 * Adds whole calendar months in UTC, keeping the time of day; a day the target month lacks
 * becomes its last day (31 January + 1 month = 28 or 29 February), as people count months.
 */
export function addMonths(at: Date, months: number): Date {
  const y = at.getUTCFullYear()
  const m = at.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  const d = new Date(at.getTime())
  d.setUTCDate(1)
  d.setUTCFullYear(y, m, Math.min(at.getUTCDate(), lastDay))
  return d
}

/** A period of `value` years, months or days after `from`. */
export function addPeriod(from: Date, type: ExpiryType, value: number): Date {
  switch (type) {
    case expiryTypes.year:
      return addMonths(from, 12 * value)
    case expiryTypes.month:
      return addMonths(from, value)
    case expiryTypes.day:
      return new Date(from.getTime() + value * 86_400_000)
  }
}

/**
 * When a card activated at `activatedAt` expires: counted from activation for `after_activation`,
 * else the date known at issue (`issued`, stored on the card).
 */
export function expiryOnActivation(validity: Validity, activatedAt: Date, issued: Date | null): Date | null {
  if (validity.mode === 'after_activation') {
    return addPeriod(activatedAt, validity.expiry_type, validity.expiry_value)
  }
  return issued
}
