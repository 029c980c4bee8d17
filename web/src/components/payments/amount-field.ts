import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { parseAmountInput } from './money-input.ts'

/**
 * An amount typed as text in the interface language (`12,50`), checked as the user types; the
 * messages are Lingui ids. The API's upper limit (one million) is checked here too.
 */
export const maxAmountMinor = 100_000_000n

export function amountField(currency: string, locale: string) {
  return z
    .string()
    .trim()
    .min(1, { error: msg`Enter an amount.`.id })
    .refine((v) => parseAmountInput(v, currency, locale) !== undefined, {
      error: msg`Enter an amount such as 12.50.`.id,
    })
    .refine((v) => (parseAmountInput(v, currency, locale) ?? 1n) > 0n, {
      error: msg`The amount must be more than zero.`.id,
    })
    .refine((v) => (parseAmountInput(v, currency, locale) ?? 0n) <= maxAmountMinor, {
      error: msg`The amount is too large.`.id,
    })
}
