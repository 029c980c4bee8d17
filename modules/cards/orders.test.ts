import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardProgram } from '../../tests/support/card-program.ts'
import { type SignedIn, seedUser, signInAs } from '../../tests/support/factories.ts'
import { loseAnswer } from '../../tests/support/idempotency.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { eventually } from '../../tests/support/smtp.ts'
import { paymentEnded, paymentPaid } from '../payments/index.ts'
import { publish } from '../platform/events.ts'
import type { ErrorBody } from '../platform/http.ts'
import type { Page } from '../platform/pagination.ts'
import { insertIssuedCards } from './db/cards.ts'
import type { HeldCardJson, OrderJson } from './http/schemas.ts'
import { tokenAlphabet, tokenPattern } from './tokens.ts'
import { addMonths } from './validity.ts'

let t: LiveTestContext
let owner: SignedIn
let otherOwner: SignedIn
let admin: SignedIn
let acceptor: SignedIn
let holder: SignedIn
let otherHolder: SignedIn
let guesser: SignedIn

beforeAll(async () => {
  t = await createLiveTestContext({ env: { PAY_LIMIT_PER_ADDRESS: '1000' } })
  const sign = async (type: 1 | 2 | 3 | 4) => signInAs(t.h, await seedUser(t, { type }))
  ;[owner, otherOwner, admin, acceptor, holder, otherHolder, guesser] = await Promise.all([
    sign(1),
    sign(1),
    sign(4),
    sign(2),
    sign(3),
    sign(3),
    sign(3),
  ])
})
afterAll(() => t.close())

/** Waits for a value (not null or false), answering it. */
const until = async <T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> =>
  (await eventually(check, 20_000, what)) as T

type OrderRes = { result: OrderJson } & ErrorBody
type HeldRes = { result: HeldCardJson } & ErrorBody
const order = (program_uuid: string, quantity: number, who = owner, headers: Record<string, string> = {}) =>
  t.h.post<unknown, OrderRes>(
    '/api/v1/payment/order',
    { program_uuid, quantity },
    { token: who.token, headers },
  )
const newest = (program: string, who = owner) =>
  t.h.get<OrderRes>(`/api/v1/payment/order?program_uuid=${program}`, { token: who.token })
const payWithCard = (orderUuid: string, card = '4242 4242 4242 4242') =>
  t.h.post<unknown, { status: string; redirect_url: string | null } & ErrorBody>('/api/v1/payment/pay', {
    order_uuid: orderUuid,
    payment_type: 'card',
    card_number: card,
    exp_month: 12,
    exp_year: 30,
    cvc: '123',
  })
const activate = (token: string, who = holder) =>
  t.h.post<unknown, HeldRes>('/api/v1/card/active', { token }, { token: who.token })
const lookUp = (token: string, who = holder) =>
  t.h.get<HeldRes>(`/api/v1/card/active/${encodeURIComponent(token)}`, { token: who.token })

async function paidOrder(program: string, quantity: number): Promise<OrderJson> {
  const placed = await order(program, quantity)
  expect(placed.status, JSON.stringify(placed.body)).toBe(200)
  const paid = await payWithCard(placed.body.result.uuid)
  expect(paid.status, JSON.stringify(paid.body)).toBe(200)
  expect(paid.body.status).toBe('paid')
  return until(async () => {
    const res = await newest(program)
    return res.body.result.status === 'paid' ? res.body.result : null
  }, 'the order paid and its cards issued')
}

const cardsOf = (orderId: string) =>
  t.services.db.selectFrom('cards').selectAll().where('order_id', '=', orderId).orderBy('token').execute()

async function ledgerLines(orderId: string) {
  return t.services.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .innerJoin('ledger_sub_accounts as s', 's.id', 'l.sub_account_id')
    .select([
      'e.id',
      'e.journal',
      'l.account',
      's.kind',
      's.external_id',
      'l.currency',
      'l.debit',
      'l.credit',
    ])
    .where('e.source_kind', '=', 'card_order.issued')
    .where('e.source_id', '=', orderId)
    .orderBy('l.line_no')
    .execute()
}

describe('ordering cards', () => {
  it('prices an order exactly and pays it to the platform with the order’s uuid as the payment’s', async () => {
    const { program } = await cardProgram(t, owner, { value: 2500 })
    const res = await order(program, 24)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const o = res.body.result
    expect(o).toMatchObject({
      program_uuid: program,
      program_title: 'Christmas vouchers',
      quantity: 24,
      unit_value: 2500,
      unit_price: 50,
      unit_vat: 11, // 21 % of 50 = 10.5, rounded half up
      vat_rate: 21,
      amount: 24 * (2500 + 50 + 11),
      currency: 'EUR',
      status: 'open',
      cards_issued: 0,
      paid_at: null,
      payment: { uuid: o.uuid, status: 'created', pay_url: `${t.url}/checkout/${o.uuid}` },
    })
    expect(o.amount).toBe(61_464)
    const payment = await t.services.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', o.uuid)
      .executeTakeFirstOrThrow()
    expect(payment).toMatchObject({
      payable_kind: 'card_order',
      payable_id: o.uuid,
      program_uuid: null,
      owner_user_id: null,
      acceptor_user_id: null,
      payer_user_id: owner.userId,
      created_by: owner.userId,
      amount: 61_464n,
      currency: 'EUR',
      description: '24 cards — Christmas vouchers',
    })
    expect(payment.return_url).toBe(
      `${new URL(t.url).protocol}//programs.localhost:${new URL(t.url).port}/programs/${program}/order?order=${o.uuid}`,
    )
    // The owner sees it among their payments.
    expect((await t.h.get(`/api/v1/payment/payments/${o.uuid}`, { token: owner.token })).status).toBe(200)
    expect((await newest(program)).body.result.uuid).toBe(o.uuid)
    expect((await newest(program, admin)).body.result.uuid).toBe(o.uuid)
  })

  it('supersedes the open order: cancelled, its payment closed for good', async () => {
    const { program } = await cardProgram(t, owner)
    const first = (await order(program, 5)).body.result
    const second = await order(program, 7)
    expect(second.status).toBe(200)
    expect(second.body.result.uuid).not.toBe(first.uuid)
    const rows = await t.services.db
      .selectFrom('card_orders')
      .select(['id', 'status'])
      .where('program_id', '=', program)
      .orderBy('number')
      .execute()
    expect(rows).toEqual([
      { id: first.uuid, status: 'cancelled' },
      { id: second.body.result.uuid, status: 'open' },
    ])
    const closed = await t.services.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', first.uuid)
      .executeTakeFirstOrThrow()
    expect(closed.status).toBe('cancelled')
    const late = await payWithCard(first.uuid)
    expect(late.status).toBe(409)
    expect((await newest(program)).body.result).toMatchObject({ uuid: second.body.result.uuid, quantity: 7 })
  })

  it('answers a retried order with the same Idempotency-Key once', async () => {
    const { program } = await cardProgram(t, owner)
    const key = { 'idempotency-key': `order-${program}` }
    const a = await order(program, 3, owner, key)
    const b = await order(program, 3, owner, key)
    expect(b.status).toBe(200)
    expect(b.headers.get('idempotent-replayed')).toBe('true')
    expect(b.body.result.uuid).toBe(a.body.result.uuid)
    const count = await t.services.db
      .selectFrom('card_orders')
      .select('id')
      .where('program_id', '=', program)
      .execute()
    expect(count).toHaveLength(1)
  })

  it('places one order when the process died after it committed and before it answered', async () => {
    const { program } = await cardProgram(t, owner)
    const key = `order-lost-${program}`
    const a = await order(program, 4, owner, { 'idempotency-key': key })
    expect(a.status).toBe(200)
    await loseAnswer(t.services.db, key)
    const b = await order(program, 4, owner, { 'idempotency-key': key })
    expect(b.status).toBe(200)
    expect(b.headers.get('idempotent-replayed')).toBeNull()
    expect(b.body.result).toMatchObject({ uuid: a.body.result.uuid, status: 'open' })
    const orders = await t.services.db
      .selectFrom('card_orders')
      .select('id')
      .where('program_id', '=', program)
      .execute()
    expect(orders).toHaveLength(1)
  })

  it('refuses an order while the open one is being paid (409 order_in_payment)', async () => {
    const { program } = await cardProgram(t, owner)
    const open = (await order(program, 2)).body.result
    const threeDs = await payWithCard(open.uuid, '4000 0027 6000 3184')
    expect(threeDs.body.status).toBe('pending')
    const refused = await order(program, 4)
    expect(refused.status).toBe(409)
    expect(refused.body.error.reason).toBe('order_in_payment')
    expect((await newest(program)).body.result).toMatchObject({ uuid: open.uuid, status: 'open' })
  })

  it('refuses bad quantities (400 on quantity) and programs that cannot take orders (422)', async () => {
    const { program } = await cardProgram(t, owner)
    for (const quantity of [0, 10_001, 2.5, '12']) {
      const res = await t.h.post<unknown, ErrorBody>(
        '/api/v1/payment/order',
        { program_uuid: program, quantity },
        { token: owner.token },
      )
      expect(res.status).toBe(400)
      expect(res.body.error.fields).toHaveProperty(['quantity'])
    }
    expect((await order(program, 10_000)).status).toBe(200)

    const draft = await cardProgram(t, owner, { active: false })
    expect((await order(draft.program, 1)).body.error).toMatchObject({
      code: 'business_rule',
      reason: 'program_not_active',
    })

    // PATCH programs cannot take a card program past its card's steps: no card type, no draftStep2.
    const bare = (
      await t.h.post<unknown, { result: { uuid: string } }>(
        '/api/v1/manager/programs',
        { type: 1001, title: 'No card' },
        { token: owner.token },
      )
    ).body.result.uuid
    const skipped = await t.h.patch<unknown, ErrorBody>(
      `/api/v1/manager/programs/${bare}`,
      { status: 11003 },
      { token: owner.token },
    )
    expect(skipped.status).toBe(422)
    expect(skipped.body.error.reason).toBe('card_type_missing')
    expect((await order(bare, 1)).body.error.reason).toBe('program_not_active')

    // A currency with no card price.
    const dollars = (
      await t.h.post<unknown, { result: { uuid: string } }>(
        '/api/v1/manager/programs',
        { type: 1001, title: 'Dollar vouchers', currency: 'USD' },
        { token: owner.token },
      )
    ).body.result.uuid
    const card = (
      await t.h.post<unknown, { result: { uuid: string } }>(
        '/api/v1/manager/cards',
        { program: dollars, type: 101 },
        { token: owner.token },
      )
    ).body.result.uuid
    await t.h.patch(
      `/api/v1/manager/cards/${card}`,
      { values: [{ value: 1000 }], validity: { mode: 'program' } },
      { token: owner.token },
    )
    await t.h.patch(`/api/v1/manager/programs/${dollars}`, { status: 11001 }, { token: owner.token })
    expect((await order(dollars, 1)).body.error.reason).toBe('card_price_missing')

    // A blocked program takes no orders.
    await t.h.patch(`/api/v1/manager/programs/${program}`, { status: 11007 }, { token: owner.token })
    expect((await order(program, 1)).body.error.reason).toBe('program_not_active')
  })

  it('ends an open order whose payment expired', async () => {
    const { program } = await cardProgram(t, owner)
    const open = (await order(program, 2)).body.result
    await t.services.db.transaction().execute((trx) =>
      publish(trx, paymentEnded, {
        payment_id: open.uuid,
        payable_kind: 'card_order',
        payable_id: open.uuid,
        program_uuid: null,
        currency: 'EUR',
        status: 'expired',
      }),
    )
    await eventually(
      async () => (await newest(program)).body.result.status === 'expired',
      15_000,
      'order expired',
    )
    // A new order is placed without any open one to supersede.
    expect((await order(program, 2)).body.result.status).toBe('open')
  })
})

describe('a paid order', () => {
  let program: string
  let card: string
  let paid: OrderJson
  let tokens: string[]

  beforeAll(async () => {
    ;({ program, card } = await cardProgram(t, owner, {
      programTitle: 'Spring market',
      title: 'Spring voucher',
      value: 2500,
      use_number: 3,
      validity: { mode: 'until', until: '2030-12-31' },
    }))
    paid = await paidOrder(program, 30)
    tokens = (await cardsOf(paid.uuid)).map((c) => c.token)
  })

  it('issues its cards once, with unique tokens, and posts the cards journal entry', async () => {
    expect(paid).toMatchObject({ status: 'paid', cards_issued: 30, payment: { status: 'paid' } })
    expect(paid.paid_at).toEqual(expect.any(String))
    const cards = await cardsOf(paid.uuid)
    expect(cards).toHaveLength(30)
    expect(new Set(tokens).size).toBe(30)
    for (const c of cards) {
      expect(c.token).toMatch(tokenPattern)
      expect(c).toMatchObject({
        program_id: program,
        card_type: 101,
        value: 2500n,
        balance: 2500n,
        currency: 'EUR',
        use_number: 3,
        uses_left: 3,
        status: 'issued',
        holder_user_id: null,
      })
      expect(c.expires_at?.toISOString()).toBe('2030-12-31T23:00:00.000Z')
    }

    const lines = await until(async () => {
      const l = await ledgerLines(paid.uuid)
      return l.length ? l : null
    }, 'the ledger entry')
    expect(lines.map(({ id: _, ...l }) => l)).toEqual([
      {
        journal: 'cards',
        account: 230,
        kind: 'general',
        external_id: '',
        currency: 'EUR',
        debit: 76_830n,
        credit: 0n,
      },
      {
        journal: 'cards',
        account: 220,
        kind: 'program',
        external_id: program,
        currency: 'EUR',
        debit: 0n,
        credit: 75_000n,
      },
      {
        journal: 'cards',
        account: 410,
        kind: 'general',
        external_id: '',
        currency: 'EUR',
        debit: 0n,
        credit: 1_500n,
      },
      {
        journal: 'cards',
        account: 210,
        kind: 'general',
        external_id: '',
        currency: 'EUR',
        debit: 0n,
        credit: 330n,
      },
    ])
    expect(paid.amount).toBe(76_830)
    const debits = lines.reduce((s, l) => s + l.debit, 0n)
    const credits = lines.reduce((s, l) => s + l.credit, 0n)
    expect(debits).toBe(credits)
  })

  it('issues nothing more when the paid news comes again', async () => {
    const eventId = await t.services.db.transaction().execute((trx) =>
      publish(trx, paymentPaid, {
        payment_id: paid.uuid,
        payable_kind: 'card_order',
        payable_id: paid.uuid,
        program_uuid: null,
        currency: 'EUR',
        amount: paid.amount,
      }),
    )
    await eventually(
      async () =>
        t.services.db
          .selectFrom('processed_events')
          .select('event_id')
          .where('event_id', '=', eventId)
          .where('handler', '=', 'cards.card-order-paid')
          .executeTakeFirst(),
      15_000,
      'the duplicate processed',
    )
    expect(await cardsOf(paid.uuid)).toHaveLength(30)
    const entries = await t.services.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('source_kind', '=', 'card_order.issued')
      .where('source_id', '=', paid.uuid)
      .execute()
    expect(entries).toHaveLength(1)
    expect((await newest(program)).body.result).toMatchObject({ status: 'paid', cards_issued: 30 })
  })

  it('cannot be refunded (422 card_order_not_refundable)', async () => {
    const res = await t.h.post<unknown, ErrorBody>(
      `/api/v1/payment/payments/${paid.uuid}/refunds`,
      {},
      { token: admin.token, headers: { 'idempotency-key': `refund-${paid.uuid}` } },
    )
    expect(res.status).toBe(422)
    expect(res.body.error.reason).toBe('card_order_not_refundable')
  })

  it('locks the card’s settings except title, description and image', async () => {
    const locked = await t.h.patch<unknown, ErrorBody>(
      `/api/v1/manager/cards/${card}`,
      { values: [{ value: 5000 }] },
      { token: owner.token },
    )
    expect(locked.status).toBe(422)
    expect(locked.body.error.reason).toBe('card_settings_locked')
    const unchanged = await t.h.patch<unknown, { result: { title: string; locked: boolean } }>(
      `/api/v1/manager/cards/${card}`,
      { title: 'Spring voucher 2030', values: [{ value: 2500, use_number: 3 }] },
      { token: owner.token },
    )
    expect(unchanged.status).toBe(200)
    expect(unchanged.body.result).toMatchObject({ title: 'Spring voucher 2030', locked: true })
  })

  it('lists as a batch and downloads as CSV', async () => {
    const open = (await order(program, 2)).body.result
    const page = await t.h.get<Page<OrderJson>>(`/api/v1/card/batches?program=${program}`, {
      token: owner.token,
    })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ count: 2, pages: 1, previous: null, next: null })
    expect(page.body.results.map((o) => [o.uuid, o.status])).toEqual([
      [open.uuid, 'open'],
      [paid.uuid, 'paid'],
    ])
    const onlyPaid = await t.h.get<Page<OrderJson>>(`/api/v1/card/batches?program=${program}&status=paid`, {
      token: owner.token,
    })
    expect(onlyPaid.body.results.map((o) => o.uuid)).toEqual([paid.uuid])
    const all = await t.h.get<Page<OrderJson>>('/api/v1/card/batches?size=100', { token: admin.token })
    expect(all.body.results.map((o) => o.uuid)).toContain(paid.uuid)
    const noProgram = await t.h.get<ErrorBody>('/api/v1/card/batches', { token: owner.token })
    expect(noProgram.status).toBe(400)
    expect(noProgram.body.error.fields).toHaveProperty(['program'])

    const csv = await t.h.get<string>(`/api/v1/card/batches/${paid.uuid}/cards.csv`, { token: owner.token })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="card-order-${paid.number}.csv"`,
    )
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe('token,value,currency,use_number,expires_at')
    expect(lines).toHaveLength(31)
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(tokens)
    expect(lines[1]).toMatch(/^[A-Z2-9-]{19},25\.00,EUR,3,2030-12-31T23:00:00\.000Z$/)
    expect(
      (await t.h.get(`/api/v1/card/batches/${paid.uuid}/cards.csv`, { token: admin.token })).status,
    ).toBe(200)
    const unpaid = await t.h.get<ErrorBody>(`/api/v1/card/batches/${open.uuid}/cards.csv`, {
      token: owner.token,
    })
    expect(unpaid.status).toBe(409)
    expect(unpaid.body.error.reason).toBe('order_not_paid')
  })

  it('has cards that card holders activate by token, once', async () => {
    const token = tokens[0] as string
    const preview = await lookUp(token.toLowerCase())
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.result).toMatchObject({
      token,
      status: 'issued',
      program: { uuid: program, title: 'Spring market' },
      card: { type: { id: 101, code: 'voucher' }, title: 'Spring voucher 2030', orientation: 'horizontal' },
      value: 2500,
      balance: 2500,
      currency: 'EUR',
      use_number: 3,
      uses_left: 3,
      activated_at: null,
      expires_at: '2030-12-31T23:00:00.000Z',
    })

    const first = await activate(token.replace(/-/g, ' ').toLowerCase())
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.result).toMatchObject({
      token,
      status: 'active',
      expires_at: '2030-12-31T23:00:00.000Z',
    })
    expect(first.body.result.activated_at).toEqual(expect.any(String))
    const again = await activate(token)
    expect(again.status).toBe(200)
    expect(again.body.result.activated_at).toBe(first.body.result.activated_at)
    expect((await lookUp(token)).body.result.status).toBe('active')

    const mine = await t.h.get<{ results: HeldCardJson[] }>('/api/v1/card/active', { token: holder.token })
    expect(mine.body.results.map((c) => c.token)).toEqual([token])
    expect(
      (await t.h.get<{ results: unknown[] }>('/api/v1/card/active', { token: otherHolder.token })).body
        .results,
    ).toEqual([])

    const theirs = await activate(token, otherHolder)
    expect(theirs.status).toBe(409)
    expect(theirs.body.error.reason).toBe('card_already_activated')
    expect((await lookUp(token, otherHolder)).status).toBe(409)

    const event = await t.services.db
      .selectFrom('outbox')
      .select('payload')
      .where('name', '=', 'cards.card.activated')
      .execute()
    expect(event.map((e) => e.payload)).toEqual([
      { card_id: first.body.result.uuid, program_id: program, holder_user_id: holder.userId },
    ])
  })

  it('answers unknown tokens 404, malformed ones 400, and limits tries to 10 a minute per card holder (429)', async () => {
    expect((await activate('AAAA-BBBB-CCCC-DDDD', otherHolder)).status).toBe(404)
    const malformed = await activate('AAAA-BBBB', otherHolder)
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.fields).toHaveProperty(['token'])
    expect((await lookUp('not-a-token', otherHolder)).status).toBe(400)

    for (let i = 0; i < 10; i++) {
      const res =
        i % 2
          ? await activate(`ZZZZ-ZZZZ-ZZZZ-ZZZ${tokenAlphabet[i]}`, guesser)
          : await lookUp(`YYYY-YYYY-YYYY-YYY${tokenAlphabet[i]}`, guesser)
      expect(res.status).toBe(404)
    }
    const limited = await activate(tokens[1] as string, guesser)
    expect(limited.status).toBe(429)
    expect(limited.body.error.reason).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // The limit is the guesser's own: others go on, and one's own cards never count.
    expect((await activate(tokens[1] as string, otherHolder)).status).toBe(200)
    for (let i = 0; i < 12; i++) expect((await lookUp(tokens[0] as string)).status).toBe(200)
  })

  it('issues 10,000 cards of one order', async () => {
    const big = await cardProgram(t, owner, { programTitle: 'City vouchers' })
    const started = Date.now()
    const issued = await paidOrder(big.program, 10_000)
    expect(issued).toMatchObject({
      quantity: 10_000,
      cards_issued: 10_000,
      amount: 10_000 * (2500 + 50 + 11),
    })
    expect(Date.now() - started).toBeLessThan(15_000)
    const [{ count, distinct }] = (
      await sql<{ count: string; distinct: string }>`
      select count(*) as count, count(distinct token) as distinct from cards where order_id = ${issued.uuid}`.execute(
        t.services.db,
      )
    ).rows as [{ count: string; distinct: string }]
    expect([Number(count), Number(distinct)]).toEqual([10_000, 10_000])
    const csv = await t.h.get<string>(`/api/v1/card/batches/${issued.uuid}/cards.csv`, { token: owner.token })
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(10_001)
  })

  it('makes a token again when it exists already', async () => {
    const existing = tokens.slice(0, 3)
    const fresh = ['2222-2222-2222-2222', '3333-3333-3333-3333', '4444-4444-4444-4444']
    let calls = 0
    // The first chunk's tokens all collide with issued cards; the next tries are new.
    const tokensOf = (count: number) => (calls++ === 0 ? existing.slice(0, count) : fresh.slice(0, count))
    await t.services.db
      .transaction()
      .execute(async (trx) => {
        const n = await insertIssuedCards(
          trx,
          {
            order_id: paid.uuid,
            program_id: program,
            card_type: 101,
            value: 100n,
            currency: 'EUR',
            use_number: 1,
            expires_at: null,
          },
          3,
          tokensOf,
        )
        expect(n).toBe(3)
        const made = await trx.selectFrom('cards').select('token').where('token', 'in', fresh).execute()
        expect(made).toHaveLength(3)
        throw new Error('roll back')
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'))
    expect(calls).toBe(2)
    expect(await cardsOf(paid.uuid)).toHaveLength(30)
  })

  it('refuses to activate an expired card or a card of a blocked program (422), which shows blocked', async () => {
    const expired = tokens[5] as string
    await t.services.db
      .updateTable('cards')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', expired)
      .execute()
    expect((await lookUp(expired, otherHolder)).body.result.status).toBe('expired')
    const late = await activate(expired, otherHolder)
    expect(late.status).toBe(422)
    expect(late.body.error.reason).toBe('card_expired')

    const block = (status: number) =>
      t.h.patch(`/api/v1/manager/programs/${program}`, { status }, { token: owner.token })
    expect((await block(11007)).status).toBe(202)
    try {
      expect((await lookUp(tokens[6] as string, otherHolder)).body.result.status).toBe('blocked')
      const refused = await activate(tokens[6] as string, otherHolder)
      expect(refused.status).toBe(422)
      expect(refused.body.error.reason).toBe('program_blocked')
      const held = await t.h.get<{ results: HeldCardJson[] }>('/api/v1/card/active', { token: holder.token })
      expect(held.body.results.map((c) => c.status)).toEqual(['blocked'])
    } finally {
      expect((await block(11001)).status).toBe(200)
    }
    expect((await activate(tokens[6] as string, otherHolder)).status).toBe(200)
  })

  it('expires a card valid for a period after activation counted from the moment it is activated', async () => {
    const months = await cardProgram(t, owner, {
      type: 201,
      value: 0,
      use_number: null,
      validity: { mode: 'after_activation', expiry_type: 21, expiry_value: 6 },
    })
    const gift = await paidOrder(months.program, 1)
    expect(gift).toMatchObject({ unit_value: 0, unit_price: 100, unit_vat: 21, amount: 121 })
    const [issued] = await cardsOf(gift.uuid)
    expect(issued?.expires_at).toBeNull()
    const res = await activate(issued!.token)
    expect(res.status).toBe(200)
    const activatedAt = new Date(res.body.result.activated_at as string)
    expect(res.body.result.expires_at).toBe(addMonths(activatedAt, 6).toISOString())
    expect(res.body.result).toMatchObject({
      value: 0,
      balance: 0,
      use_number: null,
      uses_left: null,
      card: { type: { code: 'gift' } },
    })
    // A flexible gift card's order posts no card value (no zero line).
    const lines = await until(async () => {
      const l = await ledgerLines(gift.uuid)
      return l.length ? l : null
    }, 'the ledger entry')
    expect(lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      [230, 121n, 0n],
      [410, 0n, 100n],
      [210, 0n, 21n],
    ])
  })
})

describe('who may', () => {
  it('owners their own programs’ orders and batches (another owner’s: 404); acceptors and card holders 403; no token 401', async () => {
    const { program } = await cardProgram(t, owner)
    const open = (await order(program, 1)).body.result
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/v1/payment/order?program_uuid=${program}`],
      ['POST', '/api/v1/payment/order', { program_uuid: program, quantity: 1 }],
      ['GET', `/api/v1/card/batches?program=${program}`],
      ['GET', `/api/v1/card/batches/${open.uuid}/cards.csv`],
    ]
    for (const [method, path, body] of routes) {
      const init =
        body === undefined
          ? {}
          : { raw: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      const as = (who?: SignedIn) =>
        t.h.request(method, path, { ...init, ...(who ? { token: who.token } : {}) })
      expect((await as(otherOwner)).status, `${method} ${path} other owner`).toBe(404)
      expect((await as(acceptor)).status, `${method} ${path} acceptor`).toBe(403)
      expect((await as(holder)).status, `${method} ${path} card holder`).toBe(403)
      expect((await as()).status, `${method} ${path} no token`).toBe(401)
    }
    // Admins read orders but do not place them.
    expect((await order(program, 1, admin)).status).toBe(403)
    expect((await newest(program)).body.result.uuid).toBe(open.uuid)

    for (const [method, path, body] of [
      ['GET', '/api/v1/card/active'],
      ['GET', '/api/v1/card/active/AAAA-BBBB-CCCC-DDDD'],
      ['POST', '/api/v1/card/active', { token: 'AAAA-BBBB-CCCC-DDDD' }],
    ] as [string, string, unknown?][]) {
      const init =
        body === undefined
          ? {}
          : { raw: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      for (const who of [owner, acceptor, admin]) {
        expect(
          (await t.h.request(method, path, { ...init, token: who.token })).status,
          `${method} ${path}`,
        ).toBe(403)
      }
      expect((await t.h.request(method, path, init)).status).toBe(401)
    }
  })
})
