import { type CountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max'

export type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string }

/** The refusals of `validatePhone`, each with the field error code it is answered with. */
const phoneRefusals = {
  required: 'phone is required',
  invalid_phone: 'invalid phone number',
  invalid_phone_code: 'invalid phone code',
} as const

/** The field error code of a refused phone number (`required`, `invalid_phone`, `invalid_phone_code`). */
export function phoneRefusalCode(check: { message: string }): keyof typeof phoneRefusals {
  const found = Object.entries(phoneRefusals).find(([, message]) => message === check.message)
  return (found?.[0] as keyof typeof phoneRefusals | undefined) ?? 'invalid_phone'
}

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
  if (!number) return { ok: false, message: phoneRefusals.required }
  if (!/^[+\d(][\d\s().-]*$/.test(number)) return { ok: false, message: phoneRefusals.invalid_phone }
  const code = (phoneCode ?? '').trim().replace(/^\+/, '')
  if (!number.startsWith('+') && !/^\d{1,3}$/.test(code))
    return { ok: false, message: phoneRefusals.invalid_phone_code }
  let parsed: ReturnType<typeof parsePhoneNumberFromString>
  try {
    parsed = number.startsWith('+')
      ? parsePhoneNumberFromString(number)
      : parsePhoneNumberFromString(number, { defaultCallingCode: code as CountryCallingCode })
  } catch {
    return { ok: false, message: phoneRefusals.invalid_phone_code } // a calling code no country has
  }
  if (!parsed)
    return {
      ok: false,
      message: number.startsWith('+') ? phoneRefusals.invalid_phone : phoneRefusals.invalid_phone_code,
    }
  if (!parsed.isValid()) return { ok: false, message: phoneRefusals.invalid_phone }
  return { ok: true, e164: parsed.number }
}
