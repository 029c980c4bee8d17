import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import { paymentFacts } from '../../payments/index.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import {
  type MailLocale,
  type MessageDescriptor,
  mailI18n,
  resolveMailLocale,
} from '../../platform/mail/i18n.ts'
import { formatMoney } from '../../platform/money.ts'
import { findProgram } from '../../programs/index.ts'
import { addressOf } from '../orders/books.ts'
import { paidStatuses } from '../orders/codes.ts'
import type { OrderRow } from '../orders/life.ts'
import { orderNumber } from '../shared.ts'
import { receiptMessages as m } from './messages.ts'

/**
 * A food order's receipt as a PDF (spec section 7 "order receipt"; issue 15 item 4): the
 * restaurant's name and address, the order number, the date and time on the restaurant's clock,
 * every item with its VAT rate, the VAT per rate (net, VAT, gross), the totals and how it was paid.
 * Amounts are the order's stored minor units, formatted for the reader's language. Text is set in
 * DejaVu Sans (embedded, subset) so Russian and Ukrainian read as well as Dutch.
 */

const require = createRequire(import.meta.url)
const fonts = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
}

export interface ReceiptOptions {
  /** The reader's language (`nl`, `en`, …); the order's own language when not given. */
  language?: string | undefined
  /** Uncompressed content streams (for tests that read the text back). */
  compress?: boolean
}

/** The receipt of an order; `programId` null means any restaurant (the guest's session already chose). */
export async function orderReceiptPdf(
  db: DbOrTrx,
  programId: string | null,
  orderId: string,
  opts: ReceiptOptions = {},
): Promise<{ pdf: Buffer; filename: string }> {
  const order = (await db
    .selectFrom('food_orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirst()) as
    | (OrderRow & { source: string; eat_in: boolean; pickup_fee_heading: string })
    | undefined
  if (!order || (programId !== null && order.program_id !== programId)) throw notFound('order')
  const [program, restaurant, items] = await Promise.all([
    findProgram(db, order.program_id),
    db
      .selectFrom('food_restaurants')
      .select(['address', 'phone', 'time_zone'])
      .where('program_id', '=', order.program_id)
      .executeTakeFirst(),
    db
      .selectFrom('food_order_items')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute(),
  ])
  const facts = order.payment_id ? await paymentFacts(db, order.payment_id) : undefined
  const locale = resolveMailLocale(opts.language ?? order.language)
  const i18n = mailI18n(locale)
  const t = (d: MessageDescriptor, values?: Record<string, unknown>) =>
    i18n._({ ...d, ...(values ? { values } : {}) })
  const money = (amount: bigint | number) =>
    formatMoney(locale, { amount: BigInt(amount), currency: order.currency })
  const zone = restaurant?.time_zone ?? 'Europe/Amsterdam'
  const when = order.paid_at ?? order.created_at
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: zone,
  }).format(when)
  const percent = (bp: number | null) =>
    bp === null
      ? t(m.exempt)
      : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000)

  const paid = (paidStatuses as readonly number[]).includes(order.status)
  const method =
    order.payment_method === 'cash'
      ? t(m.methodCash)
      : facts?.method === 'ideal' || order.payment_method === 'ideal'
        ? t(m.methodIdeal)
        : t(m.methodCard)
  const type = order.eat_in
    ? t(m.typeEatIn)
    : order.pickup_in_restaurant
      ? t(m.typePickup)
      : t(m.typeDelivery)

  // VAT per rate: the items' stored VAT summed by their rate.
  const byRate = new Map<string, { bp: number | null; gross: bigint; vat: bigint }>()
  for (const i of items) {
    const key = String(i.vat_rate_bp)
    const r = byRate.get(key) ?? { bp: i.vat_rate_bp, gross: 0n, vat: 0n }
    r.gross += BigInt(i.price)
    r.vat += BigInt(i.vat)
    byRate.set(key, r)
  }

  const title = t(m.title, { number: orderNumber(order.order_id) })
  const brand = program?.title ?? 'Cardpay'
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: locale,
    compress: opts.compress ?? true,
    displayTitle: true,
    info: { Title: title, Author: brand, Creator: brand, Producer: 'Cardpay' },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('regular', fonts.regular)
  doc.registerFont('bold', fonts.bold)
  const left = 56
  const width = doc.page.width - 2 * left
  const amountWidth = 110
  const muted = '#6b7280'
  const text = '#1f2937'
  const rule = () => {
    doc.moveDown(0.4)
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.7)
      .strokeColor('#e5e7eb')
      .stroke()
    doc.y += 8
  }
  /** A line with text on the left and an amount on the right. */
  const line = (
    label: string,
    amount: string,
    opts: { bold?: boolean; size?: number; sub?: string } = {},
  ) => {
    const y = doc.y
    const size = opts.size ?? 10.5
    doc
      .font(opts.bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(text)
      .text(amount, left + width - amountWidth, y, { width: amountWidth, align: 'right' })
    const right = doc.y
    doc
      .font(opts.bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(text)
      .text(label, left, y, {
        width: width - amountWidth - 12,
      })
    if (opts.sub)
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(muted)
        .text(opts.sub, { width: width - amountWidth - 12 })
    doc.y = Math.max(doc.y, right) + 3
    doc.x = left
  }

  doc.font('bold').fontSize(18).fillColor(text).text(brand, left, left, { width })
  doc.font('regular').fontSize(10).fillColor(muted)
  if (restaurant?.address) doc.text(restaurant.address, { width })
  if (restaurant?.phone) doc.text(restaurant.phone, { width })
  rule()
  doc.font('bold').fontSize(14).fillColor(text).text(title, { width })
  doc.moveDown(0.3)
  const fact = (label: string, value: string) =>
    doc.font('regular').fontSize(10.5).fillColor(text).text(`${label}: ${value}`, { width })
  fact(t(m.orderNumber), orderNumber(order.order_id))
  fact(t(m.date), dateTime)
  fact(t(m.type), type)
  if (order.name) fact(t(m.customer), order.name)
  const address = addressOf(order)
  if (address) fact(t(m.address), address)
  rule()

  // The restaurant's own name for the pickup fee, as the cart showed it (kept at checkout).
  const pickupFee = order.pickup_fee_heading.trim() || t(m.pickupFee)
  for (const i of items) {
    const variant = (i.variant as { title: string } | null)?.title
    const extras = (i.extras as { title: string }[]).map((e) => e.title)
    const name =
      i.kind === 'delivery'
        ? t(m.delivery)
        : i.kind === 'pickup_fee'
          ? pickupFee
          : `${i.quantity} × ${i.title}${variant ? ` (${variant})` : ''}`
    const sub = [
      extras.length ? `+ ${extras.join(', ')}` : '',
      t(m.vatRate, { rate: percent(i.vat_rate_bp) }),
    ]
      .filter(Boolean)
      .join(' · ')
    line(name, money(i.price), { sub })
  }
  rule()
  line(t(m.products), money(order.products_total))
  if (order.delivery_cost > 0n) line(t(m.delivery), money(order.delivery_cost))
  if (order.pickup_fee > 0n) line(pickupFee, money(order.pickup_fee))
  line(t(m.total), money(order.total), { bold: true, size: 13 })
  doc.moveDown(0.3)
  for (const r of [...byRate.values()].sort((a, b) => (b.bp ?? -1) - (a.bp ?? -1))) {
    line(t(m.vatLine, { rate: percent(r.bp), net: money(r.gross - r.vat) }), money(r.vat), { size: 9.5 })
  }
  line(t(m.vatTotal), money(order.vat), { size: 9.5 })
  rule()
  fact(t(m.payment), paid ? t(m.paidWith, { method }) : t(m.notPaid))
  if (paid && order.paid_at)
    fact(
      t(m.paidAt),
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: zone }).format(
        order.paid_at,
      ),
    )
  if (facts?.reference) fact(t(m.reference), facts.reference)
  doc.moveDown(1)
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(muted)
    .text(t(m.footer, { restaurant: brand }), { width })
  doc.end()
  return { pdf: await done, filename: `receipt-${order.order_id}.pdf` }
}

export type { MailLocale }
