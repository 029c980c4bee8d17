import type { MailLocale } from '../../platform/mail/i18n.ts'
import type { Services } from '../../platform/module.ts'
import { openAmount } from '../billing.ts'
import { payQrCodes } from '../commands/pay-qr.ts'
import { billDisplayNumber, billPayUrl } from '../commands/payments.ts'
import { type BillRow, billLines, billPayments } from '../db/bills.ts'
import { findCreditProgram } from '../db/programs.ts'
import { buildInvoice, type InvoiceContact, renderInvoicePdf } from '../mail/invoice.ts'
import { programTitles } from './bills.ts'

/**
 * A bill's invoice as a PDF in `locale` (the holder's language unless the reader asks for
 * another): the owner and the holder download the same document. The bill contact is printed when
 * the owner shows it on bills (`is_showed`), the tone follows the program's `is_formal`, dates are
 * the bill's (its zone: the holder's, else the program's), and while something is open the pay
 * link with its QR code (the one kept in `credit_bill_qr`, drawn now when the bill has none yet).
 */
export async function billInvoicePdf(
  services: Services,
  bill: BillRow,
  locale: MailLocale,
  now = new Date(),
): Promise<{ pdf: Buffer; filename: string }> {
  const { db, config } = services
  const [settings, titles, lines, payments] = await Promise.all([
    findCreditProgram(db, bill.program_id),
    programTitles(db, [bill.program_id]),
    billLines(db, bill.id),
    billPayments(db, bill.id),
  ])
  const number = billDisplayNumber(settings?.code ?? undefined, bill.number)
  const open = openAmount(bill)
  const payUrl = billPayUrl(config, bill.id)
  const payable = open > 0n && (bill.status === 'unpaid' || bill.status === 'overdue')
  const qr = payable ? ((await payQrCodes(db, [{ id: bill.id, url: payUrl }])).get(bill.id) ?? null) : null
  const contact: InvoiceContact | null =
    settings?.contact_is_showed === true
      ? {
          account: settings.contact_account,
          phone: [settings.contact_phone_code, settings.contact_phone_number].filter(Boolean).join(' '),
          chamber: settings.contact_chamber,
          vat: settings.contact_vat,
          address: [
            settings.contact_address,
            [settings.contact_zip, settings.contact_city].filter(Boolean).join(' '),
            settings.contact_state,
            countryName(settings.contact_country, locale),
          ].filter((l) => l.trim() !== ''),
        }
      : null
  const perRate = new Map<string, { vat_rate: number | null; net: bigint }>()
  for (const l of lines) {
    if (l.kind !== 'item' || !l.vat_code) continue
    const key = `${l.vat_code}:${l.vat_rate_bp}`
    const r = perRate.get(key) ?? { vat_rate: l.vat_rate_bp === null ? null : l.vat_rate_bp / 100, net: 0n }
    r.net += l.net
    perRate.set(key, r)
  }
  const content = buildInvoice(
    {
      number,
      status: bill.status,
      company: titles.get(bill.program_id) || number,
      contact,
      is_formal: settings?.is_formal ?? true,
      holder: { name: bill.holder_name, email: bill.holder_email },
      issue_date: bill.issue_date,
      due_date: bill.due_date,
      reference: bill.reference,
      currency: bill.currency,
      items: lines
        .filter((l) => l.kind === 'item')
        .map((l) => ({
          description: l.description,
          quantity: l.quantity,
          unit_price: l.unit_price,
          vat_rate: l.vat_rate_bp === null ? null : l.vat_rate_bp / 100,
          net: l.net,
        })),
      // VAT per rate as the bill computed it: on the sum of the rate's net amounts, half away from zero.
      vat_per_rate: [...perRate.values()].map((r) => ({
        ...r,
        vat:
          r.vat_rate === null ? 0n : (r.net * BigInt(Math.round(r.vat_rate * 100)) * 2n + 10_000n) / 20_000n,
      })),
      subtotal: bill.subtotal,
      total: bill.total,
      penalties: lines
        .filter((l) => l.kind === 'penalty')
        .map((l) => ({ description: l.description, amount: l.net })),
      payments: payments
        .filter((p) => p.status === 'paid' && p.paid_at !== null)
        .map((p) => ({ paid_at: p.paid_at as Date, amount: p.amount })),
      open,
      time_zone: bill.time_zone,
      pay_url: payUrl,
      qr,
      printed_at: now,
    },
    locale,
  )
  return { pdf: await renderInvoicePdf(content), filename: `invoice-${number}.pdf` }
}

/** A two-letter country code in the invoice's language; anything else as written. */
function countryName(value: string, locale: string): string {
  if (!/^[A-Za-z]{2}$/.test(value)) return value
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(value.toUpperCase()) ?? value
  } catch {
    return value
  }
}
