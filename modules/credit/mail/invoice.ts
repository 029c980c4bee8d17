import { createRequire } from 'node:module'
import type { MessageDescriptor } from '@lingui/core'
import PDFDocument from 'pdfkit'
import { type MailLocale, mailI18n } from '../../platform/mail/i18n.ts'
import { brandColour, brandName } from '../../platform/mail/layout.ts'
import { formatMoney, type Money } from '../../platform/money.ts'

/*
 * A bill's invoice as a PDF (spec section 3, invoice: number, date, due date, items with quantity
 * and tariff, subtotal, VAT, penalties), in one language: the strings are message descriptors of
 * the server-side catalog the e-mails use (`node modules/platform/mail/catalogs.ts extract`).
 */
const m = {
  title: /*i18n*/ { id: 'credit.invoice.title', message: 'Invoice {number}' },
  from: /*i18n*/ {
    id: 'credit.invoice.from',
    message: 'From',
    comment: 'Label above the sender of an invoice',
  },
  billedTo: /*i18n*/ { id: 'credit.invoice.billed-to', message: 'Billed to' },
  number: /*i18n*/ { id: 'credit.invoice.number', message: 'Invoice number' },
  date: /*i18n*/ { id: 'credit.invoice.date', message: 'Invoice date' },
  due: /*i18n*/ { id: 'credit.invoice.due', message: 'Due date' },
  reference: /*i18n*/ { id: 'credit.invoice.reference', message: 'Reference' },
  phone: /*i18n*/ { id: 'credit.invoice.phone', message: 'Phone: {phone}' },
  chamber: /*i18n*/ {
    id: 'credit.invoice.chamber',
    message: 'Chamber of Commerce: {number}',
    comment: 'The company registration number (KvK number in the Netherlands)',
  },
  vatNumber: /*i18n*/ { id: 'credit.invoice.vat-number', message: 'VAT number: {number}' },
  account: /*i18n*/ { id: 'credit.invoice.account', message: 'Bank account: {account}' },
  description: /*i18n*/ { id: 'credit.invoice.description', message: 'Description' },
  quantity: /*i18n*/ { id: 'credit.invoice.quantity', message: 'Qty', comment: 'Column: quantity' },
  tariff: /*i18n*/ { id: 'credit.invoice.tariff', message: 'Unit price' },
  vat: /*i18n*/ { id: 'credit.invoice.vat', message: 'VAT' },
  amount: /*i18n*/ { id: 'credit.invoice.amount', message: 'Amount' },
  subtotal: /*i18n*/ { id: 'credit.invoice.subtotal', message: 'Subtotal' },
  vatOver: /*i18n*/ { id: 'credit.invoice.vat-over', message: 'VAT {rate} over {net}' },
  vatExempt: /*i18n*/ { id: 'credit.invoice.vat-exempt', message: 'exempt', comment: 'VAT column: no VAT' },
  total: /*i18n*/ { id: 'credit.invoice.total', message: 'Total' },
  penalties: /*i18n*/ {
    id: 'credit.invoice.penalties',
    message: 'Penalties',
    comment: 'Heading above the extra charges reminders added to an unpaid invoice',
  },
  paid: /*i18n*/ { id: 'credit.invoice.paid', message: 'Paid on {date}' },
  open: /*i18n*/ { id: 'credit.invoice.open', message: 'Open amount' },
  requestFormal: /*i18n*/ {
    id: 'credit.invoice.request-formal',
    message: 'We kindly request you to pay the open amount of {amount} no later than {due}.',
  },
  requestInformal: /*i18n*/ {
    id: 'credit.invoice.request-informal',
    message: 'Please pay the open amount of {amount} by {due}.',
  },
  paidInFull: /*i18n*/ {
    id: 'credit.invoice.paid-in-full',
    message: 'This invoice has been paid. Thank you.',
  },
  archived: /*i18n*/ {
    id: 'credit.invoice.archived',
    message: 'This invoice has been withdrawn and is not to be paid.',
  },
  scan: /*i18n*/ {
    id: 'credit.invoice.scan',
    message: 'Scan the code with your phone to pay online, or go to:',
  },
  printed: /*i18n*/ {
    id: 'credit.invoice.printed',
    message: 'Printed on {date}. Dates in the time zone {zone}.',
  },
} satisfies Record<string, MessageDescriptor>

export interface InvoiceContact {
  account: string
  phone: string
  chamber: string
  vat: string
  /** Street, zip and city, state, country: only the non-empty ones. */
  address: string[]
}

export interface InvoiceInput {
  number: string
  status: 'unpaid' | 'overdue' | 'paid' | 'archived'
  company: string
  /** The program's bill contact, when it is shown on bills. */
  contact: InvoiceContact | null
  is_formal: boolean
  holder: { name: string; email: string }
  issue_date: string
  due_date: string
  reference: string
  currency: string
  items: { description: string; quantity: number; unit_price: bigint; vat_rate: number | null; net: bigint }[]
  vat_per_rate: { vat_rate: number | null; net: bigint; vat: bigint }[]
  subtotal: bigint
  total: bigint
  penalties: { description: string; amount: bigint }[]
  payments: { paid_at: Date; amount: bigint }[]
  open: bigint
  /** The zone the bill is read in: the holder's, else the program's. */
  time_zone: string
  pay_url: string
  /** The pay link's QR code (PNG), printed while something is open. */
  qr: Buffer | null
  printed_at: Date
}

export interface InvoiceRow {
  label: string
  value: string
}

/** What the invoice says, in words, before it is laid out: read by tests, drawn by `renderInvoicePdf`. */
export interface InvoiceContent {
  locale: MailLocale
  title: string
  from: { label: string; lines: string[] }
  to: { label: string; lines: string[] }
  facts: InvoiceRow[]
  columns: [string, string, string, string, string]
  items: [string, string, string, string, string][]
  sums: InvoiceRow[]
  penalties: { label: string; rows: InvoiceRow[] } | null
  total: InvoiceRow
  payments: InvoiceRow[]
  open: InvoiceRow | null
  request: string
  pay: { text: string; url: string; qr: Buffer } | null
  printed: string
}

/**
 * A calendar date (the bill's issue and due dates are days in the bill's zone already): printed as
 * that day, never shifted by a zone.
 */
function calendarDate(locale: string, date: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  )
}

/** An instant (a payment, the printing) as the day it was in the bill's zone. */
function zonedDay(locale: string, at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(at)
}

export function buildInvoice(input: InvoiceInput, locale: MailLocale): InvoiceContent {
  const i18n = mailI18n(locale)
  const t = (d: MessageDescriptor, values?: Record<string, unknown>) =>
    i18n._({ ...d, ...(values ? { values } : {}) })
  const money = (amount: bigint): string => formatMoney(locale, { amount, currency: input.currency } as Money)
  const percent = (rate: number | null) =>
    rate === null
      ? t(m.vatExempt)
      : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100)
  const contact = input.contact
  const fromLines = [input.company, ...(contact?.address ?? [])]
  if (contact?.phone) fromLines.push(t(m.phone, { phone: contact.phone }))
  if (contact?.chamber) fromLines.push(t(m.chamber, { number: contact.chamber }))
  if (contact?.vat) fromLines.push(t(m.vatNumber, { number: contact.vat }))
  if (contact?.account) fromLines.push(t(m.account, { account: contact.account }))
  const facts: InvoiceRow[] = [
    { label: t(m.number), value: input.number },
    { label: t(m.date), value: calendarDate(locale, input.issue_date) },
    { label: t(m.due), value: calendarDate(locale, input.due_date) },
  ]
  if (input.reference.trim()) facts.push({ label: t(m.reference), value: input.reference })
  const due = calendarDate(locale, input.due_date)
  const request =
    input.status === 'archived'
      ? t(m.archived)
      : input.open <= 0n
        ? t(m.paidInFull)
        : t(input.is_formal ? m.requestFormal : m.requestInformal, { amount: money(input.open), due })
  return {
    locale,
    title: t(m.title, { number: input.number }),
    from: { label: t(m.from), lines: fromLines },
    to: { label: t(m.billedTo), lines: [input.holder.name, input.holder.email].filter(Boolean) },
    facts,
    columns: [t(m.description), t(m.quantity), t(m.tariff), t(m.vat), t(m.amount)],
    items: input.items.map((l) => [
      l.description,
      new Intl.NumberFormat(locale).format(l.quantity),
      money(l.unit_price),
      percent(l.vat_rate),
      money(l.net),
    ]),
    sums: [
      { label: t(m.subtotal), value: money(input.subtotal) },
      ...input.vat_per_rate
        .filter((r) => r.vat_rate !== null)
        .map((r) => ({
          label: t(m.vatOver, { rate: percent(r.vat_rate), net: money(r.net) }),
          value: money(r.vat),
        })),
    ],
    total: { label: t(m.total), value: money(input.total) },
    penalties:
      input.penalties.length === 0
        ? null
        : {
            label: t(m.penalties),
            rows: input.penalties.map((p) => ({ label: p.description, value: money(p.amount) })),
          },
    payments: input.payments.map((p) => ({
      label: t(m.paid, { date: zonedDay(locale, p.paid_at, input.time_zone) }),
      // What was paid, as paid: a positive amount like every screen shows it (not "− €157.79").
      value: money(p.amount),
    })),
    open:
      input.status === 'archived'
        ? null
        : { label: t(m.open), value: money(input.open > 0n ? input.open : 0n) },
    request,
    pay:
      input.qr && input.open > 0n && input.status !== 'archived'
        ? { text: t(m.scan), url: input.pay_url, qr: input.qr }
        : null,
    printed: t(m.printed, {
      date: zonedDay(locale, input.printed_at, input.time_zone),
      zone: input.time_zone,
    }),
  }
}

const require = createRequire(import.meta.url)
/** DejaVu Sans, embedded as a subset: the standard PDF fonts cover no Cyrillic (ru, uk invoices). */
const fonts = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
}
const colours = { text: '#1f2937', muted: '#6b7280', border: '#e5e7eb', brand: brandColour }
const margin = 50

/** Lays the invoice out on A4 pages (items run onto further pages when there are many). */
export function renderInvoicePdf(content: InvoiceContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    lang: content.locale,
    displayTitle: true,
    info: {
      Title: content.title,
      Author: content.from.lines[0] ?? brandName,
      Creator: brandName,
      Producer: brandName,
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('regular', fonts.regular)
  doc.registerFont('bold', fonts.bold)
  const left = margin
  const width = doc.page.width - 2 * margin
  const bottom = doc.page.height - margin
  const ensure = (height: number) => {
    if (doc.y + height > bottom) doc.addPage()
  }
  const rule = (gap = 8) => {
    doc.moveDown(0.3)
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.7)
      .strokeColor(colours.border)
      .stroke()
    doc.y += gap
  }

  doc.rect(0, 0, doc.page.width, 30).fill(colours.brand)
  doc.y = 56
  doc.font('bold').fontSize(20).fillColor(colours.text).text(content.title, left, doc.y, { width })
  doc.moveDown(0.6)

  // Sender and addressee side by side, the invoice's facts under the addressee.
  const top = doc.y
  const half = width / 2 - 10
  const block = (x: number, label: string, lines: string[]) => {
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(colours.muted)
      .text(label.toUpperCase(), x, doc.y, { width: half })
    for (const [i, line] of lines.entries()) {
      doc
        .font(i === 0 ? 'bold' : 'regular')
        .fontSize(i === 0 ? 11 : 9.5)
        .fillColor(colours.text)
        .text(line, x, doc.y, { width: half })
    }
  }
  block(left, content.from.label, content.from.lines)
  const fromBottom = doc.y
  doc.y = top
  const right = left + width / 2 + 10
  block(right, content.to.label, content.to.lines)
  doc.moveDown(0.6)
  for (const f of content.facts) {
    const y = doc.y
    doc.font('regular').fontSize(9.5).fillColor(colours.muted).text(f.label, right, y, { width: 110 })
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(colours.text)
      .text(f.value, right + 115, y, { width: half - 115 })
  }
  doc.y = Math.max(doc.y, fromBottom) + 10
  rule(10)

  // The items: description, quantity, unit price, VAT rate, amount.
  const cols = [width * 0.42, width * 0.1, width * 0.18, width * 0.1, width * 0.2]
  const row = (cells: readonly string[], bold: boolean) => {
    ensure(16)
    const y = doc.y
    let x = left
    let lowest = y
    cells.forEach((cell, i) => {
      doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(9.5)
        .fillColor(bold ? colours.muted : colours.text)
        .text(cell, x, y, { width: (cols[i] ?? 0) - 6, align: i === 0 ? 'left' : 'right' })
      lowest = Math.max(lowest, doc.y)
      x += cols[i] ?? 0
    })
    doc.x = left
    doc.y = lowest + 4
  }
  row(content.columns, true)
  for (const item of content.items) row(item, false)
  rule(8)

  const sum = (r: InvoiceRow, opts: { bold?: boolean; size?: number } = {}) => {
    ensure(16)
    const y = doc.y
    const size = opts.size ?? 9.5
    const x = left + width * 0.4
    doc
      .font(opts.bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(colours.text)
    doc.text(r.label, x, y, { width: width * 0.4 - 6 })
    const labelBottom = doc.y
    doc.text(r.value, x + width * 0.4, y, { width: width * 0.2 - 6, align: 'right' })
    doc.y = Math.max(doc.y, labelBottom) + 3
    doc.x = left
  }
  for (const s of content.sums) sum(s)
  sum(content.total, { bold: true, size: 11 })
  if (content.penalties) {
    doc.moveDown(0.4)
    sum({ label: content.penalties.label, value: '' }, { bold: true })
    for (const p of content.penalties.rows) sum(p)
  }
  for (const p of content.payments) sum(p)
  if (content.open) sum(content.open, { bold: true, size: 12 })
  rule(12)

  ensure(40)
  doc.font('regular').fontSize(10.5).fillColor(colours.text).text(content.request, left, doc.y, { width })
  if (content.pay) {
    ensure(150)
    doc.moveDown(0.8)
    const y = doc.y
    doc.image(content.pay.qr, left, y, { width: 120, height: 120 })
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(colours.text)
      .text(content.pay.text, left + 135, y + 30, { width: width - 135 })
    doc
      .fillColor(colours.brand)
      .text(content.pay.url, left + 135, doc.y + 2, { width: width - 135, link: content.pay.url })
    doc.y = y + 130
  }
  doc.moveDown(0.6)
  doc.font('regular').fontSize(8.5).fillColor(colours.muted).text(content.printed, left, doc.y, { width })
  doc.end()
  return done
}
