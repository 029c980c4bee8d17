import { registerEmails } from '../../platform/mail/render.ts'
import { passwordResetEmail } from './password-reset.ts'
import { signupCodeEmail } from './signup-code.ts'

export { passwordResetEmail, signupCodeEmail }

registerEmails(signupCodeEmail, passwordResetEmail)

declare module '../../platform/mail/render.ts' {
  interface MailTemplates {
    'identity.signup-code': typeof signupCodeEmail
    'identity.password-reset': typeof passwordResetEmail
  }
}
