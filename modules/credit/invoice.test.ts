import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { issueBill, seedCreditProgram } from '../../tests/support/credit.ts'
import { expectStatus, type Member, seeding, seedMember } from '../../tests/support/factories.ts'
import { zonedDate } from '../platform/dates.ts'
import { buildInvoice as build, type InvoiceInput } from './mail/invoice.ts'

/**
 * The invoice PDF (issue 13, item 3): through the API for the owner and the holder, and its
 * content in words (`buildInvoice`, what the PDF draws) across languages, tones and time zones.
 */
let t: TestContext
let owner: Member
let holder: Member
let program: string
let billUuid: string

const due = () =>
  new Date(Date.parse(`${zonedDate(new Date(), 'Europe/Amsterdam')}T12:00:00Z`) + 14 * 86_400_000)
    .toISOString()
    .slice(0, 10)

beforeAll(async () => {
  t = await createTestContext()
  const s = seeding(t)
  ;[owner, holder] = await Promise.all([
    seedMember(s, 'owner', { legal_type: 1, company_name: 'Bakkerij Piet BV' }),
    seedMember(s, 'holder', { first_name: 'Anna', last_name: 'de Vries', language: 'de' }),
  ])
  program = (await seedCreditProgram(owner, { steps: [{ days: 3 }] })).uuid
  expectStatus(
    await owner.api('PATCH', `/manager/reminder-settings/${program}`, {
      is_formal: true,
      contact: {
        account: 'NL91ABNA0417164300',
        phone_code: '+31',
        phone_number: '201234567',
        chamber: '12345678',
        vat: 'NL123456789B01',
        is_showed: true,
        address: { country: 'NL', state: '', city: 'Amsterdam', address: 'Damrak 1', zip: '1012 LG' },
      },
    }),
    200,
    'bill contact',
  )
  billUuid = (await issueBill(owner, program, holder.id, { due_date: due() })).uuid
}, 120_000)
afterAll(() => t.close())

async function download(path: string, token: string | null) {
  const res = await t.app.request(`/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) }
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-'

describe('GET …/bills/{uuid}/invoice', () => {
  it('gives the owner and the holder the PDF; another holder, another owner and no token are refused', async () => {
    const mine = await download(`/manager/bills/${billUuid}/invoice`, owner.api.token as string)
    expect(mine.status).toBe(200)
    expect(mine.headers.get('content-type')).toBe('application/pdf')
    expect(mine.headers.get('content-disposition')).toMatch(
      /^attachment; filename="invoice-[A-Z]{6}-1\.pdf"$/,
    )
    expect(mine.headers.get('cache-control')).toBe('private, no-store')
    expect(isPdf(mine.bytes)).toBe(true)
    expect(mine.bytes.length).toBeGreaterThan(5_000)

    const held = await download(`/payment/bills/${billUuid}/invoice?lang=ru`, holder.api.token as string)
    expect(held.status).toBe(200)
    expect(isPdf(held.bytes)).toBe(true)

    const s = seeding(t)
    const [otherOwner, otherHolder] = await Promise.all([seedMember(s, 'owner'), seedMember(s, 'holder')])
    expect(
      (await download(`/manager/bills/${billUuid}/invoice`, otherOwner.api.token as string)).status,
    ).toBe(404)
    expect(
      (await download(`/payment/bills/${billUuid}/invoice`, otherHolder.api.token as string)).status,
    ).toBe(404)
    expect((await download(`/payment/bills/${billUuid}/invoice`, owner.api.token as string)).status).toBe(403)
    expect((await download(`/manager/bills/${billUuid}/invoice`, holder.api.token as string)).status).toBe(
      403,
    )
    expect((await download(`/manager/bills/${billUuid}/invoice`, null)).status).toBe(401)
    expect(
      (await download(`/manager/bills/${billUuid}/invoice?lang=xx`, owner.api.token as string)).status,
    ).toBe(400)
  })
})

const input = (over: Partial<InvoiceInput> = {}): InvoiceInput => ({
  number: 'KQZTRW-12',
  status: 'unpaid',
  company: 'Bakkerij Piet BV',
  contact: {
    account: 'NL91ABNA0417164300',
    phone: '+31 201234567',
    chamber: '12345678',
    vat: 'NL123456789B01',
    address: ['Damrak 1', '1012 LG Amsterdam', 'Niederlande'],
  },
  is_formal: true,
  holder: { name: 'Anna de Vries', email: 'anna@example.com' },
  issue_date: '2026-10-24',
  due_date: '2026-11-07',
  reference: 'PO-7',
  currency: 'EUR',
  items: [
    { description: 'Brot', quantity: 2, unit_price: 5000n, vat_rate: 21, net: 10000n },
    { description: 'Beratung', quantity: 1, unit_price: 1999n, vat_rate: 9, net: 1999n },
  ],
  vat_per_rate: [
    { vat_rate: 21, net: 10000n, vat: 2100n },
    { vat_rate: 9, net: 1999n, vat: 180n },
  ],
  subtotal: 11999n,
  total: 14279n,
  penalties: [{ description: 'Second reminder', amount: 1500n }],
  payments: [],
  open: 15779n,
  time_zone: 'Europe/Amsterdam',
  pay_url: 'http://localhost:3000/bills/b/payment',
  qr: Buffer.from('png'),
  printed_at: new Date('2026-10-25T10:00:00Z'),
  ...over,
})

/** The content with Intl's no-break spaces (in "50,00 €", "21 %") as plain ones, to compare with text. */
const buildInvoice = (...args: Parameters<typeof build>): ReturnType<typeof build> => {
  const content = build(...args)
  const pay = content.pay
  const plain = JSON.parse(JSON.stringify({ ...content, pay: null }).replace(/[\u00a0\u202f]/g, ' '))
  return { ...plain, pay }
}

describe('the invoice’s content', () => {
  it('states the spec’s invoice fields with amounts in the currency, in the holder’s language', () => {
    const de = buildInvoice(input(), 'de')
    expect(de.title).toBe('Rechnung KQZTRW-12')
    expect(de.facts).toEqual([
      { label: 'Rechnungsnummer', value: 'KQZTRW-12' },
      { label: 'Rechnungsdatum', value: '24. Oktober 2026' },
      { label: 'Fälligkeitsdatum', value: '7. November 2026' },
      { label: 'Referenz', value: 'PO-7' },
    ])
    expect(de.from.lines).toEqual([
      'Bakkerij Piet BV',
      'Damrak 1',
      '1012 LG Amsterdam',
      'Niederlande',
      'Telefon: +31 201234567',
      'Handelsregisternummer: 12345678',
      'USt-IdNr.: NL123456789B01',
      'Bankkonto: NL91ABNA0417164300',
    ])
    expect(de.to.lines).toEqual(['Anna de Vries', 'anna@example.com'])
    expect(de.items[0]).toEqual(['Brot', '2', '50,00 €', '21 %', '100,00 €'])
    expect(de.sums.map((s) => s.value)).toEqual(['119,99 €', '21,00 €', '1,80 €'])
    expect(de.sums[1]!.label).toBe('MwSt. 21 % auf 100,00 €')
    expect(de.total).toEqual({ label: 'Gesamt', value: '142,79 €' })
    expect(de.penalties).toEqual({
      label: 'Mahngebühren',
      rows: [{ label: 'Second reminder', value: '15,00 €' }],
    })
    expect(de.open).toEqual({ label: 'Offener Betrag', value: '157,79 €' })
    expect(de.pay?.url).toBe('http://localhost:3000/bills/b/payment')
    const yen = buildInvoice(input({ currency: 'JPY', total: 1500n, open: 1500n }), 'en')
    expect(yen.total.value).toBe('¥1,500')
  })

  it('is formal or informal as the program is', () => {
    expect(buildInvoice(input(), 'de').request).toBe(
      'Wir bitten Sie, den offenen Betrag von 157,79 € bis spätestens 7. November 2026 zu begleichen.',
    )
    expect(buildInvoice(input({ is_formal: false }), 'de').request).toBe(
      'Bitte bezahle den offenen Betrag von 157,79 € bis zum 7. November 2026.',
    )
    expect(buildInvoice(input({ is_formal: false }), 'nl').request).toContain('Betaal het openstaande bedrag')
  })

  it('prints no contact the owner hides, no pay code once paid, nothing to pay once withdrawn', () => {
    expect(buildInvoice(input({ contact: null }), 'en').from.lines).toEqual(['Bakkerij Piet BV'])
    const paid = buildInvoice(
      input({
        status: 'paid',
        open: 0n,
        payments: [{ paid_at: new Date('2026-11-01T09:00:00Z'), amount: 15779n }],
      }),
      'en',
    )
    expect(paid.pay).toBeNull()
    expect(paid.request).toBe('This invoice has been paid. Thank you.')
    expect(paid.payments).toEqual([{ label: 'Paid on November 1, 2026', value: '€157.79' }])
    const archived = buildInvoice(input({ status: 'archived' }), 'en')
    expect(archived.pay).toBeNull()
    expect(archived.open).toBeNull()
  })

  it('dates payments and the printing in the bill’s zone, across midnight and daylight saving', () => {
    // 22:30 UTC on 24 October is 00:30 on the 25th in Amsterdam (CEST, +2), still the 24th in UTC.
    const late = new Date('2026-10-24T22:30:00Z')
    const payment = (zone: string) =>
      buildInvoice(input({ time_zone: zone, payments: [{ paid_at: late, amount: 100n }] }), 'en').payments[0]!
        .label
    expect(payment('Europe/Amsterdam')).toBe('Paid on October 25, 2026')
    expect(payment('UTC')).toBe('Paid on October 24, 2026')
    // The night the clocks go back (25 October 2026, 03:00 CEST → 02:00 CET): 23:30 UTC is the 26th
    // at 00:30 CET (+1), not yet with the summer offset.
    const afterFallBack = new Date('2026-10-25T23:30:00Z')
    expect(buildInvoice(input({ printed_at: afterFallBack }), 'en').printed).toBe(
      'Printed on October 26, 2026. Dates in the time zone Europe/Amsterdam.',
    )
    // Spring forward in New York (8 March 2026, 02:00 EST → 03:00 EDT): 04:30 UTC is 23:30 EST on
    // the 7th; 07:30 UTC is 03:30 EDT on the 8th.
    const ny = (at: string) =>
      buildInvoice(input({ time_zone: 'America/New_York', printed_at: new Date(at) }), 'en').printed
    expect(ny('2026-03-08T04:30:00Z')).toContain('March 7, 2026')
    expect(ny('2026-03-08T07:30:00Z')).toContain('March 8, 2026')
    // Calendar dates (issue and due date) are days already: never shifted by a zone.
    const far = buildInvoice(input({ time_zone: 'Pacific/Chatham' }), 'en')
    expect(far.facts[1]).toEqual({ label: 'Invoice date', value: 'October 24, 2026' })
  })
})
