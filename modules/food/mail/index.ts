import { registerEmails } from '../../platform/mail/render.ts'
import { foodOrderEmail } from './order-status.ts'

export { foodOrderEmail }

registerEmails(foodOrderEmail)

declare module '../../platform/mail/render.ts' {
  interface MailTemplates {
    'food.order-status': typeof foodOrderEmail
  }
}
