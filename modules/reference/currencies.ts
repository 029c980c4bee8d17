import currencyCodes from 'currency-codes'
import { readCountries } from './sources.ts'

/**
 * Currencies from ISO 4217 (`currency-codes`): code, name and decimals (minor-unit digits). Only
 * those some country pays with (per the country data) are listed, which leaves out funds, metals
 * and test codes (XAU, XTS, …). Symbols and localized names come from Intl (the runtime's CLDR), so
 * nothing is typed by hand.
 */
export interface Currency {
  code: string
  name: string
  symbol: string
  decimals: number
}

export const defaultCurrency = 'EUR'

const inUse = new Set(readCountries().map((c) => c.currency_code))
const iso = currencyCodes.data
  .filter((c) => inUse.has(c.code) || c.code === defaultCurrency)
  .sort((a, b) => a.code.localeCompare(b.code))

/** The narrow symbol (`€`, `$`, `£`); the code itself where CLDR knows none. */
function symbolOf(code: string): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  })
  return parts.formatToParts(0).find((p) => p.type === 'currency')?.value ?? code
}

/** Every listed currency, names in `lang`. */
export function listCurrencies(lang: string): Currency[] {
  const names = new Intl.DisplayNames([lang, 'en'], { type: 'currency', fallback: 'none' })
  return iso.map((c) => ({
    code: c.code,
    name: names.of(c.code) ?? c.currency,
    symbol: symbolOf(c.code),
    decimals: c.digits,
  }))
}

/** One currency by ISO code, or undefined when it is not listed. */
export function findCurrency(code: string, lang = 'en'): Currency | undefined {
  return listCurrencies(lang).find((c) => c.code === code.toUpperCase())
}
