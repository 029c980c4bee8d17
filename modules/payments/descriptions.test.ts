import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  acceptorAtCashpoint,
  activateCards,
  cardProgram,
  issuedCards,
  seedSignedIn,
} from '../../tests/support/card-program.ts'
import {
  harnessApi,
  type SignedIn,
  seedPaidPayment,
  seedUser,
  signInAs,
  until,
} from '../../tests/support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { ledgerEntryRequested, reverseEntry } from '../ledger/index.ts'
import type { Page } from '../platform/pagination.ts'
import { pdfText } from './receipts/pdf-text.ts'

/**
 * Server texts in the reader's language (issue 12, item 9): the descriptions the platform words
 * itself are stored as a code with parameters and served with them, so each screen words them in
 * its reader's language; receipts are worded in the request's language on the server. Card orders,
 * payments, card redemptions and reversals go through the API and the worker, as in production.
 */
let t: LiveTestContext
let owner: SignedIn
let admin: SignedIn
let holder: SignedIn
let acceptor: SignedIn & { email: string }
let program = ''
let order = ''
let tokens: string[] = []

beforeAll(async () => {
  t = await createLiveTestContext({ env: { PAY_LIMIT_PER_ADDRESS: '1000' } })
  await t.startWorker()
  owner = await seedSignedIn(t, { type: 1, legal_type: 1, company_name: 'Markt Zuid BV' })
  admin = await signInAs(t.h, await seedUser(t, { type: 4 }))
  holder = await seedSignedIn(t, { type: 3 })
  acceptor = await seedSignedIn(t, { type: 2, legal_type: 1, company_name: 'Kaasboer Kees' })
  program = (await cardProgram(t, owner, { programTitle: 'Kerstbonnen', title: 'Kerstbon', value: 2500 }))
    .program
  ;({ order, tokens } = await issuedCards(t, owner, program, 3))
}, 120_000)
afterAll(() => t.close())

interface Described {
  description: string
  description_code: string | null
  description_params: Record<string, unknown>
}
type Entry = Described & { uuid: string; source: { kind: string; id: string }; journal: string }

/** The entry a source posted, as `GET payment/journals` lists it, once the worker has posted it. */
async function entryOf(kind: string, id: string, query: string): Promise<Entry> {
  return until(async () => {
    const res = await t.h.get<Page<Entry>>(`/api/v1/payment/journals?${query}&size=200`, {
      token: admin.token,
    })
    expect(res.status).toBe(200)
    return res.body.results.find((e) => e.source.kind === kind && e.source.id === id)
  }, `the ${kind} entry of ${id}`)
}

const transaction = (id: string, who: SignedIn = owner) =>
  t.h.get<Described & { reference: string; payment_uuid: string }>(`/api/v1/payment/transactions/${id}`, {
    token: who.token,
  })

async function receiptText(id: string, lang: string): Promise<string> {
  const res = await t.app.request(`/api/v1/payment/transactions/${id}/receipt?lang=${lang}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  })
  expect(res.status).toBe(200)
  return pdfText(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, ' ')
}

describe('a card order', () => {
  it('is described as a code with its parameters, served by the transaction, the checkout and the payment', async () => {
    const expected = {
      description: '3 cards — Kerstbonnen',
      description_code: 'card_order',
      description_params: { quantity: 3, program_title: 'Kerstbonnen' },
    }
    const tx = await transaction(order)
    expect(tx.status).toBe(200)
    expect(tx.body).toMatchObject(expected)
    const checkout = await t.h.get<Described>(`/api/v1/payment/checkout/${order}`)
    expect(checkout.body).toMatchObject(expected)
    const payment = await t.h.get<Described>(`/api/v1/payment/payments/${order}`, { token: owner.token })
    expect(payment.body).toMatchObject(expected)
    const row = await t.services.db
      .selectFrom('payments')
      .select(['description_code', 'description_params'])
      .where('id', '=', order)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ description_code: 'card_order', description_params: expected.description_params })
  })

  it('reads its receipt in the language asked for', async () => {
    expect(await receiptText(order, 'nl')).toContain('3 kaarten — Kerstbonnen')
    expect(await receiptText(order, 'de')).toContain('3 Karten — Kerstbonnen')
    expect(await receiptText(order, 'en')).toContain('3 cards — Kerstbonnen')
  })

  it('posts its capture and its issuing with codes: the payment, its reference and its own description', async () => {
    const tx = await transaction(order)
    const attempt = await t.services.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('payment_id', '=', order)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow()
    const captured = await entryOf(
      'payment.captured',
      attempt.id,
      `journal=sales&search=${tx.body.reference}`,
    )
    expect(captured).toMatchObject({
      description: `Payment ${tx.body.reference}: 3 cards — Kerstbonnen`,
      description_code: 'payment.captured',
      description_params: {
        reference: tx.body.reference,
        payment: order,
        description: {
          code: 'card_order',
          params: { quantity: 3, program_title: 'Kerstbonnen' },
          text: '3 cards — Kerstbonnen',
        },
      },
    })
    const fee = await entryOf('payment.fee', attempt.id, `journal=purchase&search=${tx.body.reference}`)
    expect(fee).toMatchObject({
      description_code: 'payment.fee',
      description_params: { reference: tx.body.reference, payment: order },
    })
    const issued = await entryOf('card_order.issued', order, `journal=cards&sub_account=program:${program}`)
    expect(issued).toMatchObject({
      description_code: 'card_order.issued',
      description_params: { quantity: 3, order, program, number: expect.any(Number) },
    })
    expect(issued.description).toBe(`Card order ${issued.description_params.number}: 3 cards issued`)

    // One entry read on its own answers the same.
    const one = await t.h.get<Entry>(`/api/v1/payment/journals/${issued.uuid}`, { token: owner.token })
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ description_code: 'card_order.issued' })
  })
})

describe('a payment somebody described', () => {
  it('keeps the typed words without a code, also inside its capture entry', async () => {
    const paid = await seedPaidPayment(
      { api: harnessApi(t.h, owner.token) },
      { description: 'Appeltaart voor 12', amount: 1800 },
    )
    const tx = await transaction(paid.uuid)
    expect(tx.body).toMatchObject({
      description: 'Appeltaart voor 12',
      description_code: null,
      description_params: {},
    })
    const attempt = await t.services.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('payment_id', '=', paid.uuid)
      .executeTakeFirstOrThrow()
    const captured = await entryOf(
      'payment.captured',
      attempt.id,
      `journal=sales&search=${tx.body.reference}`,
    )
    expect(captured.description_params).toEqual({
      reference: tx.body.reference,
      payment: paid.uuid,
      description: { code: null, params: {}, text: 'Appeltaart voor 12' },
    })
    expect(await receiptText(paid.uuid, 'nl')).toContain('Appeltaart voor 12')
  })
})

describe('card redemptions and reversals', () => {
  it('are posted with codes and amounts in minor units', async () => {
    const { cashpoint } = await acceptorAtCashpoint(t, owner, program, acceptor)
    await activateCards(t, holder, [tokens[0] as string])
    const taken = await t.h.post<unknown, { result: { uuid: string; number: number } }>(
      '/api/v1/card/redemptions',
      { cashpoint, token: tokens[0], amount: 1000 },
      { token: acceptor.token, headers: { 'idempotency-key': `descriptions-${Date.now()}` } },
    )
    expect(taken.status).toBe(201)
    const redemption = taken.body.result
    const redeemed = await entryOf(
      'card.redeemed',
      redemption.uuid,
      `journal=cards&sub_account=program:${program}`,
    )
    expect(redeemed).toMatchObject({
      description_code: 'card.redeemed',
      description_params: {
        number: redemption.number,
        amount: 1000,
        forfeited: 1500,
        currency: 'EUR',
        program,
      },
    })
    // The acceptor's sub-account in the program is named by the acceptor and the program, on the
    // entry's lines and in the balances alike (an admin reads both).
    const detail = await t.h.get<{
      lines: { account: number; sub_account: { kind: string; title: string | null } }[]
    }>(`/api/v1/payment/journals/${redeemed.uuid}`, { token: admin.token })
    expect(detail.status).toBe(200)
    expect(detail.body.lines.find((l) => l.sub_account.kind === 'acceptor')?.sub_account.title).toBe(
      'Kaasboer Kees · Kerstbonnen',
    )
    const balances = await t.h.get<{
      results: {
        number: number
        sub_accounts?: { kind: string; external_id: string; title: string | null }[]
      }[]
    }>('/api/v1/payment/ledgers?sub_accounts=true', { token: admin.token })
    expect(balances.status).toBe(200)
    expect(balances.body.results.find((a) => a.number === 230)?.sub_accounts).toContainEqual(
      expect.objectContaining({
        kind: 'acceptor',
        external_id: `${program}/${acceptor.userId}`,
        title: 'Kaasboer Kees · Kerstbonnen',
      }),
    )

    const reversal = await t.services.db
      .transaction()
      .execute((trx) => reverseEntry(trx, { entry_id: redeemed.uuid }))
    const listed = await entryOf('reversal', redeemed.uuid, `journal=cards&sub_account=program:${program}`)
    expect(listed.uuid).toBe(reversal.entry.id)
    expect(listed).toMatchObject({
      description_code: 'entry.reversal',
      description_params: { journal: 'cards', number: expect.any(Number), entry: redeemed.uuid },
    })
  })
})

describe('the posting request', () => {
  const request = {
    journal: 'sales',
    date: '2026-11-27',
    description: 'A sale',
    source: { kind: 'test.sale', id: '1' },
    lines: [
      { account: 120, currency: 'EUR', debit: 100 },
      { account: 230, currency: 'EUR', credit: 100 },
    ],
  }
  it('takes only codes of the closed list, with small JSON parameters', () => {
    const parse = (extra: Record<string, unknown>) =>
      ledgerEntryRequested.schema.safeParse({ ...request, ...extra }).success
    expect(parse({})).toBe(true)
    expect(parse({ description_code: 'payment.captured', description_params: { reference: 'PAY-1' } })).toBe(
      true,
    )
    expect(parse({ description_code: 'payment.teleported' })).toBe(false)
    expect(parse({ description_code: 'payment.fee', description_params: { big: 'x'.repeat(5000) } })).toBe(
      false,
    )
  })
})
