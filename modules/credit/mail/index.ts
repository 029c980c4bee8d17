import { registerEmails } from '../../platform/mail/render.ts'
import { billIssuedEmail } from './bill-issued.ts'
import { billReminderEmail } from './bill-reminder.ts'
import { remindersStoppedEmail } from './reminders-stopped.ts'

export { billIssuedEmail, billReminderEmail, remindersStoppedEmail }

registerEmails(billIssuedEmail, billReminderEmail, remindersStoppedEmail)

declare module '../../platform/mail/render.ts' {
  interface MailTemplates {
    'credit.bill-issued': typeof billIssuedEmail
    'credit.bill-reminder': typeof billReminderEmail
    'credit.reminders-stopped': typeof remindersStoppedEmail
  }
}
