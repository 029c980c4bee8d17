import { describe, expect, it } from 'vitest'
import { validatePhone } from './phone.ts'

describe('validatePhone', () => {
  it('accepts a national number with its calling code, with or without +, and answers E.164', () => {
    expect(validatePhone('+31', '06 12345678')).toEqual({ ok: true, e164: '+31612345678' })
    expect(validatePhone('31', '612345678')).toEqual({ ok: true, e164: '+31612345678' })
    expect(validatePhone('+44', '07400 123456')).toEqual({ ok: true, e164: '+447400123456' })
    expect(validatePhone('+1', '(650) 253-0000')).toEqual({ ok: true, e164: '+16502530000' })
  })

  it('takes an international number as it is, whatever the code', () => {
    expect(validatePhone('', '+49 151 12345678')).toEqual({ ok: true, e164: '+4915112345678' })
    expect(validatePhone('+31', '+32 470 12 34 56')).toEqual({ ok: true, e164: '+32470123456' })
  })

  it('refuses numbers that are not real for the country', () => {
    expect(validatePhone('+31', '123')).toEqual({ ok: false, message: 'invalid phone number' })
    expect(validatePhone('+31', '06 1234 5678 9')).toEqual({ ok: false, message: 'invalid phone number' })
    expect(validatePhone('+1', '(011) 555-0123')).toEqual({ ok: false, message: 'invalid phone number' }) // no area code starts with 0
    expect(validatePhone('+31', 'call me')).toEqual({ ok: false, message: 'invalid phone number' })
  })

  it('refuses a missing number and a missing or unknown calling code', () => {
    expect(validatePhone('+31', '  ')).toEqual({ ok: false, message: 'phone is required' })
    expect(validatePhone(null, undefined)).toEqual({ ok: false, message: 'phone is required' })
    expect(validatePhone('', '0612345678')).toEqual({ ok: false, message: 'invalid phone code' })
    expect(validatePhone('+999', '612345678')).toEqual({ ok: false, message: 'invalid phone code' })
    expect(validatePhone('+31x', '612345678')).toEqual({ ok: false, message: 'invalid phone code' })
  })
})
