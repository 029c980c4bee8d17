import type { MessageDescriptor } from '@lingui/core'
import type { ReminderSenderTypeName } from '../codes.ts'

/**
 * The system reminder templates a credit management program starts from
 * (`manager/commons/reminder-templates`; the specification names them but shows none). A usual
 * dunning sequence: a friendly note before the due date, a reminder after it, a formal reminder
 * and a final notice. The owner copies and edits them in their reminder settings.
 *
 * `subject` and `text` keep placeholders in braces that the credit module fills when it sends a
 * reminder: {name}, {invoice_number}, {amount}, {due_date}, {company} and {pay_link} (the holder's
 * page of the bill, where they pay it). Translations keep them
 * as they are.
 */
export const reminderPlaceholders = [
  'name',
  'invoice_number',
  'amount',
  'due_date',
  'company',
  'pay_link',
] as const

export interface ReminderTemplateDefinition {
  id: number
  key: string
  is_formal: boolean
  sender_type: ReminderSenderTypeName
  /** Days before or after the due date. */
  days: number
  title: MessageDescriptor
  description: MessageDescriptor
  subject: MessageDescriptor
  text: MessageDescriptor
}

export const reminderTemplates: readonly ReminderTemplateDefinition[] = [
  {
    id: 1,
    key: 'friendly',
    is_formal: false,
    sender_type: 'beforeDueDate',
    days: 3,
    title: /*i18n*/ { id: 'programs.reminder-template.friendly.title', message: 'Friendly reminder' },
    description: /*i18n*/ {
      id: 'programs.reminder-template.friendly.description',
      message: 'A short note a few days before the due date',
    },
    subject: /*i18n*/ {
      id: 'programs.reminder-template.friendly.subject',
      message: 'Invoice {invoice_number} is due on {due_date}',
    },
    text: /*i18n*/ {
      id: 'programs.reminder-template.friendly.text',
      message:
        'Dear {name},\n\nThis is a friendly reminder that invoice {invoice_number} of {amount} is due on {due_date}. If you have already paid it, please ignore this message.\n\nPay online: {pay_link}\n\nKind regards,\n{company}',
    },
  },
  {
    id: 2,
    key: 'reminder',
    is_formal: false,
    sender_type: 'afterDueDate',
    days: 7,
    title: /*i18n*/ { id: 'programs.reminder-template.reminder.title', message: 'Payment reminder' },
    description: /*i18n*/ {
      id: 'programs.reminder-template.reminder.description',
      message: 'The first reminder after the due date has passed',
    },
    subject: /*i18n*/ {
      id: 'programs.reminder-template.reminder.subject',
      message: 'Reminder: invoice {invoice_number} is overdue',
    },
    text: /*i18n*/ {
      id: 'programs.reminder-template.reminder.text',
      message:
        'Dear {name},\n\nWe have not yet received the payment of invoice {invoice_number} of {amount}, which was due on {due_date}. Please pay it within 14 days. If you have already paid it, please ignore this message.\n\nPay online: {pay_link}\n\nKind regards,\n{company}',
    },
  },
  {
    id: 3,
    key: 'formal',
    is_formal: true,
    sender_type: 'afterDueDate',
    days: 21,
    title: /*i18n*/ { id: 'programs.reminder-template.formal.title', message: 'Formal reminder' },
    description: /*i18n*/ {
      id: 'programs.reminder-template.formal.description',
      message: 'A formal reminder that announces collection costs',
    },
    subject: /*i18n*/ {
      id: 'programs.reminder-template.formal.subject',
      message: 'Formal reminder: invoice {invoice_number}',
    },
    text: /*i18n*/ {
      id: 'programs.reminder-template.formal.text',
      message:
        'Dear {name},\n\nDespite our earlier reminder, invoice {invoice_number} of {amount}, due on {due_date}, is still unpaid. We ask you to pay it within 14 days of receiving this letter. If you do not, we will charge collection costs as the law allows.\n\nPay online: {pay_link}\n\nYours sincerely,\n{company}',
    },
  },
  {
    id: 4,
    key: 'final',
    is_formal: true,
    sender_type: 'afterDueDate',
    days: 35,
    title: /*i18n*/ { id: 'programs.reminder-template.final.title', message: 'Final notice' },
    description: /*i18n*/ {
      id: 'programs.reminder-template.final.description',
      message: 'The last notice before the claim is handed over for collection',
    },
    subject: /*i18n*/ {
      id: 'programs.reminder-template.final.subject',
      message: 'Final notice: invoice {invoice_number}',
    },
    text: /*i18n*/ {
      id: 'programs.reminder-template.final.text',
      message:
        'Dear {name},\n\nThis is our final notice for invoice {invoice_number} of {amount}, due on {due_date}. If we have not received the amount within 5 days, we will hand the claim over for collection, which adds costs for you.\n\nPay online: {pay_link}\n\nYours sincerely,\n{company}',
    },
  },
]
