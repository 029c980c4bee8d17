import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import { brandColour } from '../../platform/mail/layout.ts'
import type { ReceiptContent, ReceiptRow } from './content.ts'

/**
 * Lays a receipt out as an A4 PDF. The text is set in DejaVu Sans, embedded (as a subset of the
 * glyphs used): the PDF standard fonts only cover Western European letters, and receipts are read
 * in Russian and Ukrainian too.
 */

const require = createRequire(import.meta.url)
const fonts = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
}

const colours = { text: '#1f2937', muted: '#6b7280', border: '#e5e7eb', brand: brandColour }
const margin = 56
const labelWidth = 170

export function renderReceiptPdf(content: ReceiptContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    lang: content.locale,
    displayTitle: true,
    info: { Title: content.title, Author: content.brand, Creator: content.brand, Producer: content.brand },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('regular', fonts.regular)
  doc.registerFont('bold', fonts.bold)

  const width = doc.page.width - 2 * margin
  const left = margin
  const rule = (gap = 10) => {
    doc.moveDown(0.4)
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.7)
      .strokeColor(colours.border)
      .stroke()
    doc.y += gap
  }
  const row = (r: ReceiptRow, opts: { bold?: boolean; size?: number } = {}) => {
    const size = opts.size ?? 10.5
    const y = doc.y
    doc
      .font('regular')
      .fontSize(size)
      .fillColor(colours.muted)
      .text(r.label, left, y, { width: labelWidth - 12 })
    const labelBottom = doc.y
    doc
      .font(opts.bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(colours.text)
      .text(r.value, left + labelWidth, y, { width: width - labelWidth })
    doc.y = Math.max(doc.y, labelBottom) + 5
    doc.x = left
  }

  // The brand bar.
  doc.rect(0, 0, doc.page.width, 36).fill(colours.brand)
  doc.font('bold').fontSize(13).fillColor('#ffffff').text(content.brand, left, 12, { width })
  doc.y = 72

  doc.font('bold').fontSize(20).fillColor(colours.text).text(content.title, left, doc.y, { width })
  doc.moveDown(0.4)
  doc.font('regular').fontSize(10.5).fillColor(colours.text).text(content.intro, { width })
  rule(14)

  if (content.receiver) {
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(colours.muted)
      .text(content.receiver.label.toUpperCase(), { width })
    doc.moveDown(0.2)
    const [name, ...rest] = content.receiver.lines
    if (name) doc.font('bold').fontSize(11.5).fillColor(colours.text).text(name, { width })
    for (const line of rest) doc.font('regular').fontSize(10.5).fillColor(colours.text).text(line, { width })
    rule(14)
  }

  for (const r of content.details) row(r)
  rule(12)
  row(content.total, { bold: true, size: 13 })
  if (content.vat.length) {
    doc.moveDown(0.2)
    for (const r of content.vat) row(r, { size: 9.5 })
  }
  rule(12)

  doc.font('regular').fontSize(9).fillColor(colours.muted).text(content.issued, left, doc.y, { width })
  doc.moveDown(0.4)
  doc.text(content.footer, { width })

  doc.end()
  return done
}
