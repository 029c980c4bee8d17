import { type Answer, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import type { Portal } from '~/lib/portal.ts'
import { hydrateSession, refreshSession, type TokenAnswer } from '~/lib/session.ts'

/** The API of each portal's registration (modules/identity/registration/routes.ts). */
export const signupPrefix = {
  programs: '/user/signup',
  acceptor: '/user/acceptor-signup',
  cardholder: '/user/cardholders/signup',
} as const satisfies Partial<Record<Portal, string>>

export type SignupPortal = keyof typeof signupPrefix

export const isSignupPortal = (portal: Portal): portal is SignupPortal => portal in signupPrefix

export type CodeSent = Schema<'SignupCodeSent'>

export type CodeConfirmed = Schema<'SignupCodeConfirmed'>

/** Calls that answer whatever the visitor types (no session to refresh). */
const guest = { session: false } as const

export const requestCode = (portal: SignupPortal, email: string, language: string) =>
  api.post<CodeSent>(`${signupPrefix[portal]}/step_one`, { email, language }, guest)

export const resendCode = (portal: SignupPortal, email: string, language: string) =>
  api.post<CodeSent>(`${signupPrefix[portal]}/resend`, { email, language }, guest)

export const confirmCode = (portal: SignupPortal, email: string, code: string) =>
  api.post<CodeConfirmed>(`${signupPrefix[portal]}/code`, { email, code }, guest)

/**
 * The last step: creates the account and signs the browser in. `X-Auth-Mode: cookie` makes the
 * API put the tokens in httpOnly cookies; the session store then learns the user through one
 * refresh (which also writes the session marker the server-side render relies on), or, if that
 * refresh fails, from this answer.
 */
export async function completeSignup(
  portal: SignupPortal,
  body: Record<string, unknown>,
): Promise<TokenAnswer> {
  const answer = await api.post<TokenAnswer>(`${signupPrefix[portal]}/complete`, body, {
    ...guest,
    headers: { 'x-auth-mode': 'cookie' },
  })
  if (!(await refreshSession())) {
    hydrateSession({
      session: { user: answer.user, expiresAt: Date.now() + answer.expires_in * 1000 },
      restorable: false,
    })
  }
  return answer
}

/** A program owner or acceptor based in a country the platform does not serve yet leaves an e-mail. */
export const registerInterest = (email: string, country: string, type: 1 | 2 | 3, language: string) =>
  api.post<Answer<'/user/signup/unsupported-country', 'post', 202>>(
    '/user/signup/unsupported-country',
    { email, country, type, language },
    guest,
  )

export const signupCountries = () =>
  api.get<Answer<'/user/signup/countries'>>('/user/signup/countries', guest)
