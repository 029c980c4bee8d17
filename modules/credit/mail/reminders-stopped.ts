import { z } from 'zod'
import { defineEmail, type MailBlock } from '../../platform/mail/define.ts'

const m = {
  subject: /*i18n*/ {
    id: 'credit.reminders-stopped.subject',
    message: 'Reminders of invoice {number} stopped: the e-mail was refused',
  },
  preheader: /*i18n*/ {
    id: 'credit.reminders-stopped.preheader',
    message: 'The mail server of {holder} refused the reminder for good.',
  },
  heading: /*i18n*/ { id: 'credit.reminders-stopped.heading', message: 'A reminder could not be delivered' },
  body: /*i18n*/ {
    id: 'credit.reminders-stopped.body',
    message:
      'The reminder "{step}" of invoice {number} to {holder} ({email}) was refused by their mail server. No further reminders of this invoice will be sent. Check the address and contact the card holder another way.',
  },
  server: /*i18n*/ { id: 'credit.reminders-stopped.server', message: 'The mail server said' },
  button: /*i18n*/ { id: 'credit.reminders-stopped.button', message: 'Open the invoice' },
}

/** Tells a program owner that a bill's ladder stopped because the holder's address refused mail. */
export const remindersStoppedEmail = defineEmail({
  name: 'credit.reminders-stopped',
  schema: z.object({
    number: z.string().min(1).max(40),
    holder: z.string().trim().min(1).max(300),
    email: z.string().min(3).max(320),
    step: z.string().min(1).max(200),
    response: z.string().max(1000),
    url: z.url({ protocol: /^https?$/ }),
  }),
  example: {
    number: 'ABCDEF-12',
    holder: 'Anna de Vries',
    email: 'anna@example.com',
    step: 'Payment reminder',
    response: '550 5.1.1 <anna@example.com>: Recipient address rejected: User unknown',
    url: 'http://programs.localhost:3000/bills/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  },
  build(data, { t }) {
    const v = { number: data.number, holder: data.holder, email: data.email, step: data.step }
    const blocks: MailBlock[] = [
      { type: 'heading', text: t(m.heading) },
      { type: 'paragraph', text: t(m.body, v) },
      ...(data.response ? [{ type: 'quote' as const, text: `${t(m.server)}: ${data.response}` }] : []),
      { type: 'button', label: t(m.button), url: data.url },
    ]
    return { subject: t(m.subject, v), preheader: t(m.preheader, v), blocks }
  },
})
