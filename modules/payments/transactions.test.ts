import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { harnessApi, type SignedIn, seedProgram, seedUser, signInAs } from '../../tests/support/factories.ts'
import type { ErrorBody } from '../platform/http.ts'
import { newId } from '../platform/ids.ts'
import { mailLocales } from '../platform/mail/i18n.ts'
import { secretBox } from '../platform/secrets.ts'
import { buildReceipt, type ReceiptInput } from './receipts/content.ts'
import { pdfText } from './receipts/pdf-text.ts'
import { splitGross, vatRateOn } from './vat.ts'

/**
 * Transactions, receipts and VAT. The payments are written straight into the tables (as the
 * payment commands would leave them), so the scope rules are checked against known rows.
 */

let t: TestContext
let accountId: string
const u = {} as Record<'admin' | 'ownerA' | 'ownerB' | 'acceptorA' | 'holderA' | 'holderB', SignedIn>
/** Owner A's program (a draft: the payments are written into the tables). */
let programA: string

interface Seeded {
  id: string
  number: bigint
  reference: string
  payable_id: string
  attempt?: string
}

async function insertPayment(p: {
  owner?: string | null
  created_by?: string | null
  acceptor?: string | null
  payer?: string | null
  program?: string | null
  status: string
  amount: bigint
  description: string
  created: string
  metadata?: Record<string, string>
  attempt?: { status: string; method?: string; brand?: string; last4?: string } | null
  refunded?: bigint
}): Promise<Seeded> {
  const id = newId()
  const payable_id = newId()
  const db = t.services.db
  const row = await db
    .insertInto('payments')
    .values({
      id,
      payable_kind: 'payment_link',
      payable_id,
      program_uuid: p.program ?? null,
      owner_user_id: p.owner ?? null,
      acceptor_user_id: p.acceptor ?? null,
      payer_user_id: p.payer ?? null,
      created_by: p.created_by === undefined ? (p.owner ?? null) : p.created_by,
      account_id: accountId,
      amount: p.amount,
      currency: 'EUR',
      refunded_amount: p.refunded ?? 0n,
      status: p.status,
      description: p.description,
      method: p.attempt?.method ?? null,
      card_brand: p.attempt?.brand ?? null,
      card_last4: p.attempt?.last4 ?? null,
      metadata: JSON.stringify(p.metadata ?? {}),
      expires_at: new Date(Date.parse(p.created) + 7 * 86_400_000),
      paid_at: ['paid', 'partially_refunded', 'refunded'].includes(p.status) ? new Date(p.created) : null,
      created_at: new Date(p.created),
    })
    .returning('number')
    .executeTakeFirstOrThrow()
  let attempt: string | undefined
  if (p.attempt) {
    attempt = newId()
    await db
      .insertInto('payment_attempts')
      .values({
        id: attempt,
        payment_id: id,
        number: 1,
        account_id: accountId,
        provider: 'sandbox',
        method: p.attempt.method ?? 'card',
        status: p.attempt.status,
        card_brand: p.attempt.brand ?? null,
        card_last4: p.attempt.last4 ?? null,
        created_at: new Date(p.created),
      })
      .execute()
    if (p.attempt.status === 'paid') {
      // The winning attempt, as applying the provider's capture records it.
      await db
        .updateTable('payments')
        .set({ paid_attempt_id: attempt, captured_amount: p.amount })
        .where('id', '=', id)
        .execute()
    }
  }
  return {
    id,
    number: row.number,
    reference: `PAY-${row.number.toString().padStart(6, '0')}`,
    payable_id,
    attempt,
  }
}

async function insertRefund(
  payment: Seeded,
  amount: bigint,
  status: string,
  created: string,
): Promise<string> {
  const id = newId()
  await t.services.db
    .insertInto('payment_refunds')
    .values({
      id,
      payment_id: payment.id,
      attempt_id: payment.attempt ?? '',
      amount,
      currency: 'EUR',
      status,
      created_at: new Date(created),
      updated_at: new Date(created),
    })
    .execute()
  return id
}

// P1: paid at acceptor A's cashpoint for owner A by holder A, with VAT, then partly refunded (R1)
// and a refund that failed (R2). P2: owner A's, failed, paid at by holder B. P3: owner B's, paid
// by holder A. P4: owner A's, never started (no attempt): no money moved, never listed. P5: made by
// owner A with no owner set, pending, at 00:30 Dutch time on 22 November (23:30 UTC the day before).
let P1: Seeded, P2: Seeded, P3: Seeded, P4: Seeded, P5: Seeded
let R1: string, R2: string

beforeAll(async () => {
  t = await createTestContext()
  for (const [key, type] of [
    ['admin', 4],
    ['ownerA', 1],
    ['ownerB', 1],
    ['acceptorA', 2],
    ['holderA', 3],
    ['holderB', 3],
  ] as const) {
    u[key] = await signInAs(t.h, await seedUser(t, { type, company_name: `Company ${key}`, legal_type: 1 }))
  }
  programA = (await seedProgram({ api: harnessApi(t.h, u.ownerA.token) }, 'payment', { status: 'draft' }))
    .uuid
  accountId = newId()
  await t.services.db
    .insertInto('payment_accounts')
    .values({ id: accountId, provider: 'sandbox', mode: 'test', credentials: secretBox(t.config).seal('{}') })
    .execute()

  P1 = await insertPayment({
    owner: u.ownerA.userId,
    acceptor: u.acceptorA.userId,
    payer: u.holderA.userId,
    program: programA,
    status: 'partially_refunded',
    amount: 5000n,
    refunded: 1500n,
    description: 'Gift card Bakery de Vries',
    created: '2026-11-10T10:00:00Z',
    metadata: { vat_code: 'low' },
    attempt: { status: 'paid', method: 'card', brand: 'Visa', last4: '4242' },
  })
  R1 = await insertRefund(P1, 1500n, 'succeeded', '2026-11-12T10:00:00Z')
  R2 = await insertRefund(P1, 500n, 'failed', '2026-11-13T10:00:00Z')
  P2 = await insertPayment({
    owner: u.ownerA.userId,
    payer: u.holderB.userId,
    status: 'failed',
    amount: 2000n,
    description: 'Invoice 2026-17',
    created: '2026-11-15T10:00:00Z',
    attempt: { status: 'failed', method: 'ideal' },
  })
  P3 = await insertPayment({
    owner: u.ownerB.userId,
    payer: u.holderA.userId,
    status: 'paid',
    amount: 3000n,
    description: 'Lunch 100% organic_menu',
    created: '2026-11-20T10:00:00Z',
    attempt: { status: 'paid', method: 'card', brand: 'Mastercard', last4: '4444' },
  })
  P4 = await insertPayment({
    owner: u.ownerA.userId,
    status: 'created',
    amount: 1000n,
    description: 'Never paid',
    created: '2026-11-16T10:00:00Z',
    attempt: null,
  })
  P5 = await insertPayment({
    owner: null,
    created_by: u.ownerA.userId,
    payer: u.holderB.userId,
    status: 'pending',
    amount: 1250n,
    description: 'Late-night order',
    created: '2026-11-21T23:30:00Z',
    attempt: { status: 'open', method: 'card' },
  })
})
afterAll(() => t.close())

interface Tx {
  uuid: string
  kind: 'payment' | 'duplicate_capture' | 'refund'
  duplicate: boolean
  created: string
  description: string
  transaction_status: string
  currency: string
  amount: number
  payment_uuid: string
  reference: string
  method: string | null
  card_brand: string | null
  card_last4: string | null
  program_uuid: string | null
  order: { uuid: string; kind: string; invoice_url: string | null; receipt_url: string | null }
}
interface TxPage {
  count: number
  next: string | null
  previous: string | null
  pages: number
  size: number
  results: Tx[]
}

const list = (who: SignedIn, query = '') =>
  t.h.get<TxPage>(`/api/v1/payment/transactions?${query}`, { token: who.token })
const ids = (page: TxPage) => page.results.map((r) => r.uuid)

async function receipt(who: SignedIn | null, id: string, headers: Record<string, string> = {}, query = '') {
  const res = await t.app.request(`/api/v1/payment/transactions/${id}/receipt${query}`, {
    headers: { ...headers, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
  })
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) }
}

describe('GET payment/transactions', () => {
  it('lists every movement to an admin, newest first; a payment nobody started is not a movement', async () => {
    const res = await list(u.admin)
    expect(res.status).toBe(200)
    expect(ids(res.body)).toEqual([P5.id, P3.id, P2.id, R2, R1, P1.id])
    expect(res.body).toMatchObject({ count: 6, pages: 1, size: 25, next: null, previous: null })
    expect(ids(res.body)).not.toContain(P4.id)
  })

  it('answers the specification’s fields: payments in their status, refunds in theirs, receipts once money moved', async () => {
    const { body } = await list(u.admin)
    const byId = new Map(body.results.map((r) => [r.uuid, r]))
    expect(byId.get(P1.id)).toEqual({
      uuid: P1.id,
      kind: 'payment',
      duplicate: false,
      merchant: null,
      cashpoint: null,
      created: '2026-11-10T10:00:00.000Z',
      description: 'Gift card Bakery de Vries',
      // Typed by a person: no code, shown as typed.
      description_code: null,
      description_params: {},
      transaction_status: 'partially_refunded',
      currency: 'EUR',
      amount: 5000,
      payment_uuid: P1.id,
      reference: P1.reference,
      method: 'card',
      card_brand: 'Visa',
      card_last4: '4242',
      program_uuid: programA,
      order: {
        uuid: P1.payable_id,
        kind: 'payment_link',
        invoice_url: null,
        receipt_url: `/api/v1/payment/transactions/${P1.id}/receipt`,
      },
    })
    expect(P1.reference).toMatch(/^PAY-\d{6,}$/)
    // A refund: its own amount and status, the refunded attempt's card, the payment's reference.
    expect(byId.get(R1)).toMatchObject({
      kind: 'refund',
      duplicate: false,
      merchant: null,
      transaction_status: 'succeeded',
      amount: 1500,
      payment_uuid: P1.id,
      reference: P1.reference,
      card_brand: 'Visa',
      card_last4: '4242',
      order: { uuid: P1.payable_id, receipt_url: `/api/v1/payment/transactions/${R1}/receipt` },
    })
    expect(byId.get(R2)).toMatchObject({
      transaction_status: 'failed',
      amount: 500,
      order: { receipt_url: null },
    })
    expect(byId.get(P2.id)).toMatchObject({ transaction_status: 'failed', order: { receipt_url: null } })
    expect(byId.get(P5.id)).toMatchObject({ transaction_status: 'pending', order: { receipt_url: null } })
    expect(byId.get(P3.id)?.order.receipt_url).toBe(`/api/v1/payment/transactions/${P3.id}/receipt`)
  })

  it('limits each role to its own: owner (owner or creator), acceptor (cashpoint), card holder (payer)', async () => {
    expect(ids((await list(u.ownerA)).body)).toEqual([P5.id, P2.id, R2, R1, P1.id])
    expect(ids((await list(u.ownerB)).body)).toEqual([P3.id])
    expect(ids((await list(u.acceptorA)).body)).toEqual([R2, R1, P1.id])
    expect(ids((await list(u.holderA)).body)).toEqual([P3.id, R2, R1, P1.id])
    expect(ids((await list(u.holderB)).body)).toEqual([P5.id, P2.id])
  })

  it('refuses a caller without a token', async () => {
    const res = await t.h.get<ErrorBody>('/api/v1/payment/transactions')
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('unauthorized')
  })

  it('filters by kind, status, program, Dutch calendar days and reference or description', async () => {
    expect(ids((await list(u.admin, 'kind=refund')).body)).toEqual([R2, R1])
    expect(ids((await list(u.admin, 'kind=payment&status=paid')).body)).toEqual([P3.id])
    expect(ids((await list(u.admin, 'status=succeeded')).body)).toEqual([R1])
    expect(ids((await list(u.admin, `program=${programA}`)).body)).toEqual([R2, R1, P1.id])
    // 23:30 UTC on the 21st is 00:30 on the 22nd in Amsterdam.
    expect(ids((await list(u.admin, 'from=2026-11-22')).body)).toEqual([P5.id])
    expect(ids((await list(u.admin, 'to=2026-11-21')).body)).toEqual([P3.id, P2.id, R2, R1, P1.id])
    expect(ids((await list(u.admin, 'from=2026-11-12&to=2026-11-13')).body)).toEqual([R2, R1])
    expect(ids((await list(u.admin, `q=${P2.reference.toLowerCase()}`)).body)).toEqual([P2.id])
    expect(ids((await list(u.admin, `q=${P2.number}`)).body)).toEqual([P2.id])
    expect(ids((await list(u.admin, 'q=BAKERY')).body)).toEqual([R2, R1, P1.id])
    // LIKE wildcards match themselves.
    expect(ids((await list(u.admin, `q=${encodeURIComponent('100%')}`)).body)).toEqual([P3.id])
    expect(ids((await list(u.admin, `q=${encodeURIComponent('lunch_100')}`)).body)).toEqual([])
    expect(ids((await list(u.admin, `q=${encodeURIComponent('_menu')}`)).body)).toEqual([P3.id])
    // Filters never widen the scope.
    expect(ids((await list(u.holderB, 'q=bakery')).body)).toEqual([])
    // Card holder A paid in program A: theirs to filter by.
    expect(ids((await list(u.holderA, `program=${programA}`)).body)).toEqual([R2, R1, P1.id])
  })

  it('answers 404 for a program the caller may not see, or none, as in a path: never an empty page', async () => {
    for (const [who, program] of [
      [u.ownerB, programA], // another owner's
      [u.holderB, programA], // a card holder who never paid in it
      [u.admin, newId()], // none at all
      [u.ownerA, newId()],
    ] as const) {
      const res = (await list(who, `program=${program}`)) as unknown as { status: number; body: ErrorBody }
      expect(res.status).toBe(404)
      expect(res.body.error.code).toBe('not_found')
    }
  })

  it('pages with links that keep the filters', async () => {
    const first = await list(u.admin, 'size=4&kind=payment')
    expect(first.body).toMatchObject({ count: 4, pages: 1 })
    const p1 = await list(u.admin, 'size=2')
    expect(p1.body).toMatchObject({ count: 6, pages: 3, size: 2, previous: null })
    expect(ids(p1.body)).toEqual([P5.id, P3.id])
    const next = new URL(p1.body.next ?? '')
    expect(next.searchParams.get('page')).toBe('2')
    expect(next.searchParams.get('size')).toBe('2')
    const p3 = await list(u.admin, 'size=2&page=3')
    expect(ids(p3.body)).toEqual([R1, P1.id])
    expect(p3.body.next).toBeNull()
    const past = await list(u.admin, 'size=2&page=9')
    expect(past.body.results).toEqual([])
  })

  it('refuses bad filters with a message per field', async () => {
    const res = await t.h.get<ErrorBody>(
      '/api/v1/payment/transactions?status=done&kind=fee&from=2026-02-30&program=abc&size=0',
      { token: u.admin.token },
    )
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual([
      'from',
      'kind',
      'program',
      'size',
      'status',
    ])
  })
})

describe('GET payment/transactions/{uuid}', () => {
  const one = (who: SignedIn | null, id: string) =>
    t.h.get<Tx & ErrorBody>(`/api/v1/payment/transactions/${id}`, who ? { token: who.token } : {})

  it('answers a payment or a refund within the caller’s scope', async () => {
    expect((await one(u.holderA, R1)).body).toMatchObject({ uuid: R1, kind: 'refund', amount: 1500 })
    expect((await one(u.acceptorA, P1.id)).body).toMatchObject({ uuid: P1.id, kind: 'payment' })
    expect((await one(u.ownerA, P5.id)).status).toBe(200)
    expect((await one(u.admin, P3.id)).status).toBe(200)
  })

  it('is a 404 for anyone else’s transaction, for a payment never started and for an unknown id', async () => {
    for (const [who, id] of [
      [u.ownerB, P1.id],
      [u.ownerB, R1],
      [u.ownerA, P3.id],
      [u.acceptorA, P2.id],
      [u.holderB, P1.id],
      [u.holderA, P5.id],
      [u.admin, P4.id],
      [u.admin, newId()],
    ] as const) {
      const res = await one(who, id)
      expect(res.status, id).toBe(404)
      expect(res.body.error.code).toBe('not_found')
    }
  })

  it('refuses without a token (401) and a malformed id (400)', async () => {
    expect((await one(null, P1.id)).status).toBe(401)
    expect((await one(u.admin, 'PAY-001001')).status).toBe(400)
  })
})

describe('GET payment/transactions/{uuid}/receipt', () => {
  const text = (bytes: Uint8Array) => pdfText(bytes).replace(/\s+/g, ' ')

  it('is a PDF in the reader’s language with receiver, reference, amount, VAT and the card’s last four only', async () => {
    const res = await receipt(u.holderA, P1.id, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-language')).toBe('de')
    expect(res.headers.get('cache-control')).toContain('no-store')
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const body = text(res.bytes)
    expect(body).toContain('Zahlungsbeleg')
    expect(body).toContain('Company acceptorA') // the acceptor received the money at their cashpoint
    expect(body).toContain(P1.reference)
    expect(body).toContain('Gift card Bakery de Vries')
    expect(body).toContain('50,00 €')
    // 9 % VAT (the low rate since 2019) out of € 50.00: € 4.13, net € 45.87.
    expect(body).toContain('MwSt. 9 % 4,13 €')
    expect(body).toContain('45,87 €')
    expect(body).toContain('Visa mit Endziffern 4242')
    // Never more of the card than its last four digits, and nothing that looks like a card number.
    // (Card numbers have 12 to 19 digits; the receipt number, a uuid, is set aside first.)
    expect(body.replace(P1.id, '')).not.toMatch(/\d(?:[ -]?\d){7,}/)
  })

  it('says refund on a refund’s receipt, with the refunded amount and the original payment', async () => {
    const res = await receipt(u.ownerA, R1, {}, '?lang=nl')
    expect(res.status).toBe(200)
    const body = text(res.bytes)
    expect(body).toContain('Bewijs van terugbetaling')
    expect(body).toContain('Terugbetaald bedrag € 15,00')
    expect(body).toContain(`${P1.reference} van € 50,00`)
    expect(body).toContain('Btw 9% € 1,24')
  })

  it('reads in each of the five languages; ?lang wins over Accept-Language; no VAT line without a rate', async () => {
    const titles = {
      en: 'Payment receipt',
      nl: 'Betaalbewijs',
      de: 'Zahlungsbeleg',
      ru: 'Квитанция об оплате',
      uk: 'Квитанція про оплату',
    }
    for (const lang of mailLocales) {
      const res = await receipt(u.holderA, P3.id, { 'accept-language': 'fr' }, `?lang=${lang}`)
      expect(res.status, lang).toBe(200)
      const body = text(res.bytes)
      expect(body, lang).toContain(titles[lang])
      expect(body, lang).toContain('Company ownerB')
      expect(body, lang).not.toMatch(/MwSt|VAT|Btw|НДС|ПДВ/)
    }
    // No language asked: Dutch.
    expect(text((await receipt(u.holderA, P3.id)).bytes)).toContain('Betaalbewijs')
  })

  it('is a 404 for another user’s transaction and where no money moved; 401 without a token', async () => {
    expect((await receipt(u.ownerB, P1.id)).status).toBe(404)
    expect((await receipt(u.holderB, R1)).status).toBe(404)
    expect((await receipt(u.acceptorA, P3.id)).status).toBe(404)
    expect((await receipt(u.ownerA, R2)).status).toBe(404) // the refund failed
    expect((await receipt(u.ownerA, P2.id)).status).toBe(404) // the payment failed
    expect((await receipt(u.ownerA, P5.id)).status).toBe(404) // still pending
    expect((await receipt(null, P1.id)).status).toBe(401)
  })
})

describe('receipt content', () => {
  const base: ReceiptInput = {
    kind: 'payment',
    id: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    reference: 'PAY-001042',
    description: 'Order 17',
    moved_at: new Date('2026-11-22T09:15:00Z'),
    amount: { amount: 12100n, currency: 'EUR' },
    payment_amount: { amount: 12100n, currency: 'EUR' },
    payment_paid_at: new Date('2026-11-22T09:15:00Z'),
    method: 'ideal',
    card_brand: null,
    card_last4: null,
    receiver: { name: 'Bakkerij B.V.', vat_number: 'NL123456789B01', registration_number: '12345678' },
    vat_code: 'high',
    issued_at: new Date('2026-11-23T08:00:00Z'),
  }

  it('prints only a well-formed last four of a card, and method names', () => {
    const card = buildReceipt({ ...base, method: 'card', card_brand: 'Visa', card_last4: '4242' }, 'en')
    expect(card.details).toContainEqual({ label: 'Payment method', value: 'Card' })
    expect(card.details).toContainEqual({ label: 'Card', value: 'Visa ending in 4242' })
    // Providers store the brand as a code ("visa" from the sandbox): the receipt names it.
    const coded = buildReceipt({ ...base, method: 'card', card_brand: 'visa', card_last4: '4242' }, 'nl')
    expect(coded.details).toContainEqual({ label: 'Kaart', value: 'Visa eindigend op 4242' })
    const odd = buildReceipt({ ...base, method: 'card', card_brand: 'Visa', card_last4: '42 ' }, 'en')
    expect(odd.details.map((d) => d.label)).not.toContain('Card')
    expect(buildReceipt(base, 'nl').details).toContainEqual({ label: 'Betaalmethode', value: 'iDEAL' })
  })

  it('names the cashpoint of a sale at the counter, and leaves out a description it never had', () => {
    const sale = buildReceipt({ ...base, cashpoint: 'Toonbank', description: '' }, 'nl')
    expect(sale.details).toContainEqual({ label: 'Kassapunt', value: 'Toonbank' })
    expect(sale.details.map((d) => d.label)).not.toContain('Omschrijving')
    expect(buildReceipt(base, 'en').details.map((d) => d.label)).not.toContain('Cashpoint')
  })

  it('splits VAT at the rate of the day the payment was paid, and says exempt', () => {
    const now = buildReceipt(base, 'en')
    expect(now.vat).toEqual([
      { label: 'Amount excluding VAT', value: '€100.00' },
      { label: 'VAT 21%', value: '€21.00' },
    ])
    // Paid in 2012 before October: the high rate was 19 %.
    const old = buildReceipt({ ...base, payment_paid_at: new Date('2012-06-01T12:00:00Z') }, 'en')
    expect(old.vat[1]).toEqual({ label: 'VAT 19%', value: '€19.32' })
    const exempt = buildReceipt({ ...base, vat_code: 'exempt' }, 'nl')
    expect(exempt.vat).toEqual([{ label: 'Btw', value: 'Vrijgesteld van btw' }])
    expect(buildReceipt({ ...base, vat_code: null }, 'en').vat).toEqual([])
    expect(now.receiver?.lines).toEqual([
      'Bakkerij B.V.',
      'VAT number: NL123456789B01',
      'Chamber of Commerce number: 12345678',
    ])
  })

  it('has a translation of every line in every language', () => {
    const english = buildReceipt({ ...base, kind: 'refund' }, 'en')
    for (const locale of mailLocales.filter((l) => l !== 'en')) {
      const other = buildReceipt({ ...base, kind: 'refund' }, locale)
      expect(other.title, locale).not.toBe(english.title)
      expect(other.intro, locale).not.toBe(english.intro)
      expect(other.footer, locale).not.toBe(english.footer)
      other.details.forEach((row, i) => {
        if (row.label !== 'Datum')
          expect(row.label, `${locale} ${row.label}`).not.toBe(english.details[i]?.label)
      })
    }
  })
})

describe('GET payment/helpers/vat', () => {
  interface Rate {
    code: string
    percentage: number | null
    title: string
    effective_from: string
    effective_to: string | null
    history: { percentage: number | null; effective_from: string; effective_to: string | null }[]
  }

  it('answers the Dutch rates in force, titled in the reader’s language', async () => {
    const res = await t.h.get<{ at: string; results: Rate[] }>('/api/v1/payment/helpers/vat?lang=nl', {
      token: u.holderA.token,
    })
    expect(res.status).toBe(200)
    expect(res.body.results.map((r) => [r.code, r.percentage, r.title])).toEqual([
      ['high', 21, 'Hoog tarief'],
      ['low', 9, 'Laag tarief'],
      ['zero', 0, 'Nultarief'],
      ['exempt', null, 'Vrijgesteld van btw'],
    ])
    const low = res.body.results.find((r) => r.code === 'low')
    expect(low).toMatchObject({
      effective_from: '2019-01-01',
      effective_to: null,
      history: [{ percentage: 6, effective_from: '1986-10-01', effective_to: '2018-12-31' }],
    })
    const en = await t.h.get<{ results: Rate[] }>('/api/v1/payment/helpers/vat', {
      token: u.ownerA.token,
      headers: { 'accept-language': 'en' },
    })
    expect(en.body.results[0]?.title).toBe('High rate')
  })

  it('answers the rates of a past day', async () => {
    const res = await t.h.get<{ at: string; results: Rate[] }>('/api/v1/payment/helpers/vat?at=2018-06-01', {
      token: u.admin.token,
    })
    expect(res.body.at).toBe('2018-06-01')
    expect(res.body.results.map((r) => r.percentage)).toEqual([21, 6, 0, null])
  })

  it('is for signed-in users only and checks the day', async () => {
    expect((await t.h.get('/api/v1/payment/helpers/vat')).status).toBe(401)
    expect(
      (await t.h.get('/api/v1/payment/helpers/vat?at=2026-13-01', { token: u.admin.token })).status,
    ).toBe(400)
  })
})

describe('splitGross', () => {
  it('takes VAT out of a gross amount, rounding the VAT half up', () => {
    expect(splitGross(12100n, 21)).toEqual({ net: 10000n, vat: 2100n })
    expect(splitGross(10900n, 9)).toEqual({ net: 10000n, vat: 900n })
    expect(splitGross(5000n, 9)).toEqual({ net: 4587n, vat: 413n }) // 412.84 → 413
    expect(splitGross(100n, 21)).toEqual({ net: 83n, vat: 17n }) // 17.36 → 17
    expect(splitGross(1n, 21)).toEqual({ net: 1n, vat: 0n }) // 0.17 → 0
    expect(splitGross(1n, 100)).toEqual({ net: 0n, vat: 1n }) // 0.5 → 1: half up
    expect(splitGross(3n, 100)).toEqual({ net: 1n, vat: 2n }) // 1.5 → 2
    expect(splitGross(0n, 21)).toEqual({ net: 0n, vat: 0n })
    expect(splitGross(999n, 0)).toEqual({ net: 999n, vat: 0n })
    expect(splitGross(999n, null)).toEqual({ net: 999n, vat: 0n })
    expect(splitGross(1125n, 12.5)).toEqual({ net: 1000n, vat: 125n })
  })

  it('mirrors a negative gross (a refund), so refunding everything reverses exactly the VAT', () => {
    expect(splitGross(-5000n, 9)).toEqual({ net: -4587n, vat: -413n })
    expect(splitGross(-1n, 100)).toEqual({ net: 0n, vat: -1n })
  })

  it('refuses a percentage it cannot compute exactly', () => {
    expect(() => splitGross(100n, -1)).toThrow(RangeError)
    expect(() => splitGross(100n, 21.005)).toThrow(RangeError)
  })

  it('always adds up, and the VAT is the nearest minor unit to the exact share (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 10_000 }),
        (gross, bp) => {
          const { net, vat } = splitGross(gross, bp / 100)
          expect(net + vat).toBe(gross)
          // |vat − gross·bp/(10000+bp)| ≤ 1/2, in integers: |2·vat·d − 2·gross·bp| ≤ d.
          const d = 10_000n + BigInt(bp)
          const diff = 2n * vat * d - 2n * gross * BigInt(bp)
          expect(diff <= d && diff >= -d).toBe(true)
          // Half up (away from zero): a tie goes to the larger magnitude.
          if (diff === d || diff === -d) expect(vat * gross >= 0n && diff > 0n === gross > 0n).toBe(true)
          expect(vat * gross >= 0n).toBe(true)
        },
      ),
    )
  })

  it('knows the low rate has been 9 % since 2019 and was 6 % before', () => {
    expect(vatRateOn('low', '2018-12-31')?.percentage).toBe(6)
    expect(vatRateOn('low', '2019-01-01')?.percentage).toBe(9)
    expect(vatRateOn('high', '2012-09-30')?.percentage).toBe(19)
    expect(vatRateOn('high', '2012-10-01')?.percentage).toBe(21)
    expect(vatRateOn('exempt', '2026-11-22')?.percentage).toBeNull()
    expect(vatRateOn('high', '1990-01-01')).toBeUndefined()
  })
})
