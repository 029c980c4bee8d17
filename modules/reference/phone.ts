import { type CountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max'

export type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string }

/**
 * Checks a phone number as profiles store it: a calling code (`+31` or `31`) and the number
 * (national `06 12345678`, or international with `+`, which then wins over the code). Uses
 * libphonenumber's full metadata, so the number must be a real, dialable length and range for that
 * country, not merely digits. Answers the E.164 form to store (`+31612345678`).
 */
export function validatePhone(
  phoneCode: string | null | undefined,
  phone: string | null | undefined,
): PhoneCheck {
  const number = (phone ?? '').trim()
  if (!number) return { ok: false, message: 'phone is required' }
  if (!/^[+\d(][\d\s().-]*$/.test(number)) return { ok: false, message: 'invalid phone number' }
  const code = (phoneCode ?? '').trim().replace(/^\+/, '')
  if (!number.startsWith('+') && !/^\d{1,3}$/.test(code)) return { ok: false, message: 'invalid phone code' }
  let parsed: ReturnType<typeof parsePhoneNumberFromString>
  try {
    parsed = number.startsWith('+')
      ? parsePhoneNumberFromString(number)
      : parsePhoneNumberFromString(number, { defaultCallingCode: code as CountryCallingCode })
  } catch {
    return { ok: false, message: 'invalid phone code' } // a calling code no country has
  }
  if (!parsed)
    return { ok: false, message: number.startsWith('+') ? 'invalid phone number' : 'invalid phone code' }
  if (!parsed.isValid()) return { ok: false, message: 'invalid phone number' }
  return { ok: true, e164: parsed.number }
}
