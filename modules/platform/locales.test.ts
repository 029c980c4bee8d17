import { describe, expect, it } from 'vitest'
import { localeFromAcceptLanguage } from './locales.ts'

describe('localeFromAcceptLanguage', () => {
  it('picks the best supported language by weight, Dutch when none fits', () => {
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,uk;q=0.8,en;q=0.7')).toBe('uk')
    expect(localeFromAcceptLanguage('en;q=0.2, de-AT')).toBe('de')
    expect(localeFromAcceptLanguage('fr, es')).toBe('nl')
    expect(localeFromAcceptLanguage('ru;q=0')).toBe('nl')
    expect(localeFromAcceptLanguage(undefined)).toBe('nl')
  })
})
