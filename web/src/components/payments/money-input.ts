import { minorToDecimal, minorUnitDigits } from '~/lib/money.ts'

/**
 * Amounts typed by a person: `12.50`, `12,50`, `€ 12,5` or `1.234,56` in the interface language's
 * notation, turned into integer minor units by string arithmetic (never a floating-point
 * multiplication, which turns 0.29 into 28.999… cents).
 */

/** The decimal separator of a language's numbers (`,` in Dutch, `.` in English). */
export function decimalSeparator(locale: string): string {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  } catch {
    return '.'
  }
}

/**
 * Minor units of a typed amount, or undefined when it is not an amount with at most the currency's
 * decimals. A lone `.` or `,` followed by one or two digits (as many as the currency has) is the
 * decimal point whatever the language; other separators group thousands.
 */
export function parseAmountInput(text: string, currency: string, locale: string): bigint | undefined {
  const digits = minorUnitDigits(currency)
  const cleaned = text.replace(/[\s\u00a0\u202f€$£]/g, '').replace(new RegExp(`${currency}`, 'gi'), '')
  if (!/^\d[\d.,]*$/.test(cleaned)) return undefined
  let units = cleaned
  let fraction = ''
  const last = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','))
  if (last >= 0) {
    const tail = cleaned.slice(last + 1)
    const separator = cleaned[last]
    const onlyOnce = cleaned.indexOf(separator as string) === last
    // `1,234` in English is a thousand; `1.234` in Dutch too. One or two digits after a single
    // separator, or the language's own decimal separator, make it the decimal point.
    const isDecimal =
      digits > 0 &&
      tail.length <= digits &&
      (onlyOnce || separator === decimalSeparator(locale)) &&
      (tail.length < 3 || separator === decimalSeparator(locale))
    if (isDecimal) {
      units = cleaned.slice(0, last)
      fraction = tail
    }
  }
  // What is left of the units may only hold one kind of grouping separator, between groups of
  // three digits, and never the language's decimal separator (`12.505` in English is refused).
  if (!/^\d{1,3}(\.\d{3})*$|^\d{1,3}(,\d{3})*$|^\d+$/.test(units)) return undefined
  if (units.includes(decimalSeparator(locale))) return undefined
  const whole = units.replace(/[.,]/g, '')
  return BigInt(whole) * 10n ** BigInt(digits) + BigInt((fraction || '0').padEnd(digits, '0'))
}

/** Minor units as a person would type them back, in the language's decimal notation (`7,50`). */
export function formatAmountInput(amount: number | bigint, currency: string, locale: string): string {
  const text = minorToDecimal(amount, minorUnitDigits(currency))
  return text.replace('.', decimalSeparator(locale))
}
