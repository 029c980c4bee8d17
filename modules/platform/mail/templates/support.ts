import { z } from 'zod'
import { defineEmail, type MailBlock, mailMoney } from '../define.ts'
import { brandName } from '../layout.ts'

/*
 * Every string is a message descriptor with an explicit id, marked with a `/*i18n*\/` comment:
 * `lingui extract` (Lingui 6's extractor collects such objects, no macro needed) puts the id and
 * the English `message` into the catalogs, and at run time `ctx.t()` looks the id up in the
 * compiled catalog of the recipient's language.
 */
const labels = {
  reference: /*i18n*/ { id: 'support.label.reference', message: 'Reference number' },
  subject: /*i18n*/ { id: 'support.label.subject', message: 'Subject' },
  amount: /*i18n*/ {
    id: 'support.label.disputed-amount',
    message: 'Disputed amount',
    comment: 'An amount of money the customer disagrees with (a bill, a payment)',
  },
  from: /*i18n*/ { id: 'support.label.from', message: 'From' },
  email: /*i18n*/ { id: 'support.label.email', message: 'E-mail address' },
  received: /*i18n*/ { id: 'support.label.received', message: 'Received' },
}

const received = {
  subject: /*i18n*/ {
    id: 'support.request-received.subject',
    message: 'We have received your support request {reference}',
  },
  preheader: /*i18n*/ {
    id: 'support.request-received.preheader',
    message: 'Our support team will get back to you as soon as possible.',
  },
  heading: /*i18n*/ { id: 'support.request-received.heading', message: 'Thank you for contacting us' },
  greeting: /*i18n*/ { id: 'support.request-received.greeting', message: 'Dear {name},' },
  body: /*i18n*/ {
    id: 'support.request-received.body',
    message:
      'We have received your support request. Our team will look into it and get back to you as soon as possible, usually within two working days.',
  },
  disputed: /*i18n*/ {
    id: 'support.request-received.disputed',
    message: 'You have disputed an amount of {amount}. We will check it and let you know the outcome.',
  },
  mention: /*i18n*/ {
    id: 'support.request-received.mention-reference',
    message: 'Please mention reference number {reference} whenever you contact us about this request.',
  },
  footer: /*i18n*/ {
    id: 'support.request-received.footer',
    message: 'You receive this e-mail because you sent a support request to {brand}.',
  },
}

const requestFields = {
  reference: z.string().trim().min(1).max(64),
  subject: z.string().trim().min(1).max(300),
  disputedAmount: mailMoney.optional(),
}

/** Acknowledges a support request to the person who sent it. */
export const supportRequestReceived = defineEmail({
  name: 'support.request-received',
  schema: z.object({
    name: z.string().trim().min(1).max(200),
    ...requestFields,
  }),
  example: {
    name: 'Anna de Vries',
    reference: 'SR-2024-000123',
    subject: 'Bill paid twice',
    disputedAmount: { amount: 125050, currency: 'EUR' },
  },
  build(data, { t, money }) {
    const rows = [
      { label: t(labels.reference), value: data.reference },
      { label: t(labels.subject), value: data.subject },
    ]
    const blocks: MailBlock[] = [
      { type: 'heading', text: t(received.heading) },
      { type: 'paragraph', text: t(received.greeting, { name: data.name }) },
      { type: 'paragraph', text: t(received.body) },
    ]
    if (data.disputedAmount) {
      const amount = money(data.disputedAmount)
      rows.push({ label: t(labels.amount), value: amount })
      blocks.push({ type: 'paragraph', text: t(received.disputed, { amount }) })
    }
    blocks.push(
      { type: 'details', rows },
      { type: 'note', text: t(received.mention, { reference: data.reference }) },
    )
    return {
      subject: t(received.subject, { reference: data.reference }),
      preheader: t(received.preheader),
      blocks,
      footer: t(received.footer, { brand: brandName }),
    }
  },
})

const notification = {
  subject: /*i18n*/ {
    id: 'support.request-notification.subject',
    message: 'New support request {reference}: {subject}',
  },
  preheader: /*i18n*/ {
    id: 'support.request-notification.preheader',
    message: '{name} has sent a new support request.',
  },
  heading: /*i18n*/ { id: 'support.request-notification.heading', message: 'New support request' },
  body: /*i18n*/ {
    id: 'support.request-notification.body',
    message: '{name} has sent a support request. Please answer it within two working days.',
  },
  messageIntro: /*i18n*/ { id: 'support.request-notification.message', message: 'Their message:' },
  open: /*i18n*/ { id: 'support.request-notification.open', message: 'Open the request' },
  footer: /*i18n*/ {
    id: 'support.request-notification.footer',
    message: 'You receive this e-mail because this address is the support inbox of {brand}.',
  },
}

/** Tells the support inbox that a new request came in. */
export const supportRequestNotification = defineEmail({
  name: 'support.request-notification',
  schema: z.object({
    ...requestFields,
    requesterName: z.string().trim().min(1).max(200),
    requesterEmail: z.email(),
    message: z.string().trim().min(1).max(20_000),
    /** ISO timestamp of when the request was made. */
    receivedAt: z.iso.datetime({ offset: true }).optional(),
    /** Where staff can open the request (admin portal). */
    url: z.url({ protocol: /^https?$/ }).optional(),
  }),
  example: {
    reference: 'SR-2024-000123',
    subject: 'Bill paid twice',
    requesterName: 'Anna de Vries',
    requesterEmail: 'anna@example.com',
    message: 'I paid bill 2024-17 twice.\nCould you refund one of the payments?',
    disputedAmount: { amount: 125050, currency: 'EUR' },
    receivedAt: '2024-05-06T09:30:00Z',
    url: 'http://admin.localhost:3000/support/SR-2024-000123',
  },
  build(data, { t, money, date }) {
    const rows = [
      { label: t(labels.reference), value: data.reference },
      { label: t(labels.from), value: data.requesterName },
      { label: t(labels.email), value: data.requesterEmail },
      { label: t(labels.subject), value: data.subject },
    ]
    if (data.disputedAmount) rows.push({ label: t(labels.amount), value: money(data.disputedAmount) })
    if (data.receivedAt)
      rows.push({ label: t(labels.received), value: date(new Date(data.receivedAt), 'long') })
    const blocks: MailBlock[] = [
      { type: 'heading', text: t(notification.heading) },
      { type: 'paragraph', text: t(notification.body, { name: data.requesterName }) },
      { type: 'details', rows },
      { type: 'paragraph', text: t(notification.messageIntro) },
      { type: 'quote', text: data.message },
    ]
    if (data.url) blocks.push({ type: 'button', label: t(notification.open), url: data.url })
    return {
      subject: t(notification.subject, { reference: data.reference, subject: data.subject }),
      preheader: t(notification.preheader, { name: data.requesterName }),
      blocks,
      footer: t(notification.footer, { brand: brandName }),
    }
  },
})
