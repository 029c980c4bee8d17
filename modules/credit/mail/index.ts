import { registerEmails } from '../../platform/mail/render.ts'
import { billReminderEmail } from './bill-reminder.ts'
import { remindersStoppedEmail } from './reminders-stopped.ts'

export { billReminderEmail, remindersStoppedEmail }

registerEmails(billReminderEmail, remindersStoppedEmail)

declare module '../../platform/mail/render.ts' {
  interface MailTemplates {
    'credit.bill-reminder': typeof billReminderEmail
    'credit.reminders-stopped': typeof remindersStoppedEmail
  }
}
