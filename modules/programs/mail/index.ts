import { registerEmails } from '../../platform/mail/render.ts'
import { acceptorInvitationEmail } from './acceptor-invitation.ts'

export { acceptorInvitationEmail }

registerEmails(acceptorInvitationEmail)

declare module '../../platform/mail/render.ts' {
  interface MailTemplates {
    'programs.acceptor-invitation': typeof acceptorInvitationEmail
  }
}
