import { z } from 'zod'
import { defineEmail, type MailBlock, mailMoney } from '../../platform/mail/define.ts'

const m = {
  subject: /*i18n*/ {
    id: 'credit.bill-issued.subject',
    message: 'Invoice {number} from {company}',
  },
  preheader: /*i18n*/ {
    id: 'credit.bill-issued.preheader',
    message: '{amount} to pay by {due}',
  },
  intro: /*i18n*/ {
    id: 'credit.bill-issued.intro',
    message: 'Dear {name}, {company} sent you invoice {number}. You can see it and pay it online.',
  },
  invoice: /*i18n*/ { id: 'credit.bill-issued.invoice', message: 'Invoice' },
  total: /*i18n*/ { id: 'credit.bill-issued.total', message: 'Amount to pay' },
  due: /*i18n*/ { id: 'credit.bill-issued.due', message: 'Due date' },
  view: /*i18n*/ { id: 'credit.bill-issued.view', message: 'View and pay the invoice' },
  qr: /*i18n*/ {
    id: 'credit.bill-issued.qr',
    message: 'Or scan this code with your phone to pay',
  },
  account: /*i18n*/ {
    id: 'credit.bill-issued.account',
    message: 'New here? First choose your password with the link in the e-mail we sent you separately.',
  },
  footer: /*i18n*/ {
    id: 'credit.bill-issued.footer',
    message: 'You receive this e-mail because {company} sent you invoice {number}.',
  },
}

/**
 * A new bill to its card holder, in their language: who sent it, the amount and the due date, a
 * button to the bill (where it is paid) and the pay link as a QR code (an inline attachment).
 */
export const billIssuedEmail = defineEmail({
  name: 'credit.bill-issued',
  schema: z.object({
    name: z.string().trim().min(1).max(300),
    company: z.string().trim().min(1).max(300),
    number: z.string().min(1).max(40),
    total: mailMoney,
    due_date: z.string(),
    bill_url: z.url({ protocol: /^https?$/ }),
    pay_url: z.url({ protocol: /^https?$/ }),
    qr_cid: z.string().min(1).max(100),
    /** The holder's account was made for them and waits for its first password (the invitation). */
    new_account: z.boolean().default(false),
  }),
  example: {
    name: 'Anna de Vries',
    company: 'Bakkerij Piet',
    number: 'ABCDEF-12',
    total: { amount: 12_100, currency: 'EUR' },
    due_date: '2026-12-01',
    bill_url: 'http://localhost:3000/bills/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    pay_url: 'http://localhost:3000/bills/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/payment',
    qr_cid: 'pay-qr@cardpay',
    new_account: true,
  },
  build(data, { t, money, date }) {
    const due = date(new Date(`${data.due_date}T12:00:00Z`), 'long')
    const blocks: MailBlock[] = [
      {
        type: 'paragraph',
        text: t(m.intro, { name: data.name, company: data.company, number: data.number }),
      },
      {
        type: 'details',
        rows: [
          { label: t(m.invoice), value: data.number },
          { label: t(m.total), value: money(data.total) },
          { label: t(m.due), value: due },
        ],
      },
      { type: 'button', label: t(m.view), url: data.bill_url },
      { type: 'note', text: t(m.qr) },
      { type: 'image', cid: data.qr_cid, alt: data.pay_url, width: 180 },
      ...(data.new_account ? [{ type: 'note' as const, text: t(m.account) }] : []),
    ]
    return {
      subject: t(m.subject, { number: data.number, company: data.company }),
      preheader: t(m.preheader, { amount: money(data.total), due }),
      blocks,
      footer: t(m.footer, { company: data.company, number: data.number }),
    }
  },
})
