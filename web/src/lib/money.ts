/**
 * Money on the finance screens: the API answers integer minor units (cents) with a currency code;
 * the screens show them in the interface language's notation (`€ 1.234,56` in Dutch, `€1,234.56`
 * in English). The amount goes to Intl as a decimal string, never through a floating-point
 * division, so no cent is lost or rounded however large the amount.
 */

const digitsByCurrency = new Map<string, number>()

/** Decimal places of a currency's minor unit (2 for EUR, 0 for JPY); 2 for a code Intl does not know. */
export function minorUnitDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency)
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2
    } catch {
      digits = 2
    }
    digitsByCurrency.set(currency, digits)
  }
  return digits
}

/** `123456` with 2 digits is `"1234.56"`; `-5` is `"-0.05"`. Exact for any integer. */
export function minorToDecimal(amount: number | bigint, digits: number): string {
  const value = BigInt(amount)
  const negative = value < 0n
  const text = (negative ? -value : value).toString().padStart(digits + 1, '0')
  const units = text.slice(0, text.length - digits)
  const fraction = digits > 0 ? `.${text.slice(text.length - digits)}` : ''
  return `${negative ? '-' : ''}${units}${fraction}`
}

const formatters = new Map<string, Intl.NumberFormat>()

function formatter(locale: string, currency: string): Intl.NumberFormat | undefined {
  const key = `${locale}\u0000${currency}`
  let format = formatters.get(key)
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    } catch {
      return undefined
    }
    formatters.set(key, format)
  }
  return format
}

/** An amount in minor units as the language writes money, e.g. `formatMoney(123456, 'EUR', 'nl')`. */
export function formatMoney(amount: number | bigint, currency: string, locale: string): string {
  const decimal = minorToDecimal(amount, minorUnitDigits(currency))
  const format = formatter(locale, currency)
  return format ? format.format(decimal as Intl.StringNumericLiteral) : `${decimal} ${currency}`
}
