/**
 * The limits of registration and password reset, in one place (the tests and the API description
 * read them from here).
 */
export const codeSettings = {
  /** An e-mailed confirmation code lives 15 minutes from the moment its e-mail is sent. */
  ttlMinutes: 15,
  /** Wrong tries a code survives; the 5th wrong one kills it ("link expired" from then on). */
  maxAttempts: 5,
  /** A new code for the same e-mail no sooner than this after the previous one. */
  cooldownSeconds: 60,
  /** At most this many codes per e-mail address and registration per hour. */
  hourlyLimit: 5,
  /** The signup token a confirmed code is exchanged for: good for one `complete`, 30 minutes. */
  signupTokenMinutes: 30,
} as const

export const resetSettings = {
  /** A password link lives 60 minutes. */
  ttlMinutes: 60,
  /** The first password link of an account made for someone else (an invitation) lives 7 days. */
  invitationTtlMinutes: 7 * 24 * 60,
  cooldownSeconds: 60,
  hourlyLimit: 5,
} as const

/**
 * Countries the platform serves (ISO 3166-1 alpha-2). Program owners and acceptors must be based
 * in one of them; anyone else may leave their e-mail through `signup/unsupported-country` and is
 * counted as interest for that country. Extend the list here when a country opens.
 */
export const supportedCountries = ['NL', 'BE', 'DE', 'LU', 'AT', 'FR'] as const

export const isSupportedCountry = (code: string) =>
  (supportedCountries as readonly string[]).includes(code.toUpperCase())
