import { z } from 'zod'
import { defineEmail, type MailBlock, mailMoney } from '../../platform/mail/define.ts'

const m = {
  preheader: /*i18n*/ {
    id: 'credit.bill-reminder.preheader',
    message: 'Invoice {number}: {amount} to pay',
  },
  invoice: /*i18n*/ { id: 'credit.bill-reminder.invoice', message: 'Invoice' },
  open: /*i18n*/ { id: 'credit.bill-reminder.open', message: 'Amount to pay' },
  due: /*i18n*/ { id: 'credit.bill-reminder.due', message: 'Due date' },
  payBy: /*i18n*/ { id: 'credit.bill-reminder.pay-by', message: 'Please pay by' },
  penalty: /*i18n*/ {
    id: 'credit.bill-reminder.penalty',
    message: 'Added with this reminder',
    comment: 'A late-payment penalty this reminder adds to the invoice',
  },
  pay: /*i18n*/ { id: 'credit.bill-reminder.pay', message: 'Pay now' },
  qr: /*i18n*/ {
    id: 'credit.bill-reminder.qr',
    message: 'Or scan this code with your phone to pay',
  },
  paid: /*i18n*/ {
    id: 'credit.bill-reminder.already-paid',
    message: 'Paid in the meantime? Then you can ignore this message.',
  },
  footer: /*i18n*/ {
    id: 'credit.bill-reminder.footer',
    message: 'You receive this e-mail because {company} sent you invoice {number}.',
  },
}

/**
 * A bill reminder to a card holder, in their language: the step's own subject and text (the
 * owner's words, or a system template in the holder's language, placeholders filled), the bill's
 * figures, the pay link as a button and as a QR code (an inline attachment, `cid` below).
 */
export const billReminderEmail = defineEmail({
  name: 'credit.bill-reminder',
  schema: z.object({
    subject: z.string().trim().min(1).max(300),
    text: z.string().trim().min(1).max(20_000),
    company: z.string().trim().min(1).max(300),
    number: z.string().min(1).max(40),
    open: mailMoney,
    penalty: mailMoney.nullable(),
    due_date: z.string(),
    pay_by: z.string().nullable(),
    pay_url: z.url({ protocol: /^https?$/ }),
    qr_cid: z.string().min(1).max(100),
  }),
  example: {
    subject: 'Reminder: invoice ABCDEF-12 is overdue',
    text: 'Dear Anna de Vries,\n\nWe have not yet received the payment of invoice ABCDEF-12.\n\nKind regards,\nBakkerij Piet',
    company: 'Bakkerij Piet',
    number: 'ABCDEF-12',
    open: { amount: 12_100, currency: 'EUR' },
    penalty: { amount: 1500, currency: 'EUR' },
    due_date: '2026-12-01',
    pay_by: '2026-12-15',
    pay_url: 'http://localhost:3000/bills/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/payment',
    qr_cid: 'pay-qr@cardpay',
  },
  build(data, { t, money, date }) {
    const day = (d: string) => date(new Date(`${d}T12:00:00Z`), 'long')
    const rows = [
      { label: t(m.invoice), value: data.number },
      { label: t(m.open), value: money(data.open) },
      { label: t(m.due), value: day(data.due_date) },
      ...(data.pay_by ? [{ label: t(m.payBy), value: day(data.pay_by) }] : []),
      ...(data.penalty ? [{ label: t(m.penalty), value: money(data.penalty) }] : []),
    ]
    const blocks: MailBlock[] = [
      ...data.text
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((text): MailBlock => ({ type: 'paragraph', text })),
      { type: 'details', rows },
      { type: 'button', label: t(m.pay), url: data.pay_url },
      { type: 'note', text: t(m.qr) },
      { type: 'image', cid: data.qr_cid, alt: data.pay_url, width: 180 },
      { type: 'note', text: t(m.paid) },
    ]
    return {
      subject: data.subject,
      preheader: t(m.preheader, { number: data.number, amount: money(data.open) }),
      blocks,
      footer: t(m.footer, { company: data.company, number: data.number }),
    }
  },
})
