import type { ApiApp } from '../../platform/module.ts'
import { registerBusinessCompleteRoutes } from './http/business-signup.ts'
import { registerCardholderComplete } from './http/cardholder-signup.ts'
import { registerCodeRoutes } from './http/code-routes.ts'
import { registerPasswordRoutes } from './http/password.ts'
import { registerUnsupportedCountryRoutes } from './http/unsupported-country.ts'
import { sendPasswordReset, sendSignupCode } from './jobs/send-emails.ts'

/**
 * Registration and forgot-password (API group `user`):
 *
 *   program owner  /user/signup/{step_one,resend,code,complete}, /user/signup/unsupported-country
 *   acceptor       /user/acceptor-signup/{step_one,resend,code,complete} (+ invite_token)
 *   card holder    /user/cardholders/signup/{step_one,resend,code,complete}
 *   password       /user/password/code, /user/password, /user/password/change
 */
export function registerRegistrationRoutes(app: ApiApp) {
  registerCodeRoutes(app, { prefix: '/user/signup', userType: 1, who: 'program owner' })
  registerCodeRoutes(app, { prefix: '/user/acceptor-signup', userType: 2, who: 'acceptor' })
  registerCodeRoutes(app, { prefix: '/user/cardholders/signup', userType: 3, who: 'card holder' })
  registerBusinessCompleteRoutes(app)
  registerCardholderComplete(app)
  registerUnsupportedCountryRoutes(app)
  registerPasswordRoutes(app)
}

/** The e-mails of registration and forgot-password, sent from the notifications queue. */
export const registrationHandlers = [sendSignupCode, sendPasswordReset]
