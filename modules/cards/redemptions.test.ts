import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  acceptorAtCashpoint,
  activateCards,
  cardProgram,
  issuedCards,
  openCashpoint,
  seedSignedIn,
} from '../../tests/support/card-program.ts'
import {
  activateCards as activate,
  joinProgram,
  type SignedIn,
  seedCashpoint,
  seedIssuedCards,
  seedProgram,
  seedUser,
  signInAs,
} from '../../tests/support/factories.ts'
import { loseAnswer } from '../../tests/support/idempotency.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { type RouteRule, runRouteSecurityTests, type Tenants } from '../../tests/support/route-security.ts'
import { eventually } from '../../tests/support/smtp.ts'
import type { ErrorBody } from '../platform/http.ts'
import type { Page } from '../platform/pagination.ts'
import type { CardPreviewJson, HolderRedemptionJson, RedemptionJson } from './http/redemption-schemas.ts'
import type { HeldCardJson } from './http/schemas.ts'
import { cardsModule } from './index.ts'

/**
 * Spending cards at acceptors (docs/cards.md): an owner's card programs with acceptors at
 * cashpoints, cards issued by the worker after a sandbox payment and activated by card holders,
 * then taken at the cashpoints through the API; the ledger entries are posted by the worker.
 */
let t: LiveTestContext
let owner: SignedIn
let otherOwner: SignedIn
let admin: SignedIn
let holder: SignedIn
let otherHolder: SignedIn
let acceptor: SignedIn & { email: string }
let otherAcceptor: SignedIn & { email: string }

/** Three card programs: a voucher with 3 uses, a once-use voucher, and a gift card with unlimited uses. */
const programs = { multi: '', once: '', gift: '' }
/** The acceptor's cashpoint in each program, and the other acceptor's in the multi-use one. */
const at = { multi: '', once: '', gift: '', other: '' }
let otherPlace = ''
let multi: string[] = []
let once: string[] = []
let gift: string[] = []

beforeAll(async () => {
  t = await createLiveTestContext({ env: { PAY_LIMIT_PER_ADDRESS: '1000' } })
  const sign = async (type: 1 | 3 | 4) => signInAs(t.h, await seedUser(t, { type }))
  ;[owner, otherOwner, admin, holder, otherHolder] = await Promise.all([
    seedSignedIn(t, { type: 1, legal_type: 1, company_name: 'Markt Noord BV' }),
    sign(1),
    sign(4),
    seedSignedIn(t, { type: 3, first_name: 'Anna', last_name: 'de Vries' }),
    sign(3),
  ])
  ;[acceptor, otherAcceptor] = await Promise.all([
    seedSignedIn(t, { type: 2, legal_type: 1, company_name: 'Bakkerij Piet' }),
    seedSignedIn(t, { type: 2, legal_type: 1, company_name: 'Slagerij Jan' }),
  ])
  programs.multi = (
    await cardProgram(t, owner, {
      programTitle: 'Spring market',
      title: 'Spring voucher',
      value: 2500,
      use_number: 3,
      validity: { mode: 'until', until: '2030-12-31' },
    })
  ).program
  programs.once = (
    await cardProgram(t, owner, {
      programTitle: 'Lunch day',
      title: 'Lunch voucher',
      value: 2500,
      use_number: 1,
    })
  ).program
  programs.gift = (
    await cardProgram(t, owner, {
      programTitle: 'Town gift card',
      title: 'Town gift',
      type: 201,
      value: 5000,
      use_number: null,
    })
  ).program
  at.multi = (await acceptorAtCashpoint(t, owner, programs.multi, acceptor)).cashpoint
  at.once = (await acceptorAtCashpoint(t, owner, programs.once, acceptor)).cashpoint
  at.gift = (await acceptorAtCashpoint(t, owner, programs.gift, acceptor)).cashpoint
  ;({ cashpoint: at.other, place: otherPlace } = await acceptorAtCashpoint(
    t,
    owner,
    programs.multi,
    otherAcceptor,
    'Butcher’s till',
  ))
  multi = (await issuedCards(t, owner, programs.multi, 10)).tokens
  once = (await issuedCards(t, owner, programs.once, 3)).tokens
  gift = (await issuedCards(t, owner, programs.gift, 3)).tokens
  // multi[3] stays not activated; at most 10 activations a minute per card holder.
  await activateCards(t, holder, [
    multi[0],
    multi[1],
    multi[2],
    multi[4],
    multi[5],
    multi[6],
    once[0],
    gift[0],
  ] as string[])
  await activateCards(t, otherHolder, [multi[7], multi[8], multi[9], once[1], gift[1], gift[2]] as string[])
}, 120_000)
afterAll(() => t.close())

type RedemptionRes = { result: RedemptionJson } & ErrorBody
type PreviewRes = { result: CardPreviewJson } & ErrorBody
let keys = 0
const key = () => `redeem-${Date.now()}-${++keys}`

const redeem = (
  cashpoint: string,
  token: string,
  amount: number,
  who: SignedIn = acceptor,
  idempotencyKey: string | null = key(),
) =>
  t.h.post<unknown, RedemptionRes>(
    '/api/v1/card/redemptions',
    { cashpoint, token, amount },
    { token: who.token, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} },
  )
const preview = (cashpoint: string, token: string, who: SignedIn = acceptor) =>
  t.h.get<PreviewRes>(
    `/api/v1/card/redemptions/preview?cashpoint=${cashpoint}&token=${encodeURIComponent(token)}&lang=en`,
    { token: who.token },
  )
const reverse = (uuid: string, who: SignedIn = acceptor) =>
  t.h.post<unknown, RedemptionRes>(`/api/v1/card/redemptions/${uuid}/reverse`, {}, { token: who.token })
const cardRow = (token: string) =>
  t.services.db.selectFrom('cards').selectAll().where('token', '=', token).executeTakeFirstOrThrow()

/** The lines of the ledger entry a source posted, once the worker has posted it. */
async function entryOf(kind: string, id: string) {
  const lines = await eventually(
    async () => {
      const lines = await t.services.db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
        .innerJoin('ledger_sub_accounts as s', 's.id', 'l.sub_account_id')
        .select(['e.journal', 'l.account', 's.kind', 's.external_id', 'l.currency', 'l.debit', 'l.credit'])
        .where('e.source_kind', '=', kind)
        .where('e.source_id', '=', id)
        .orderBy('l.line_no')
        .execute()
      return lines.length ? lines : null
    },
    20_000,
    `the ledger entry of ${kind} ${id}`,
  )
  return lines as NonNullable<typeof lines>
}

const line = (account: number, kind: string, external_id: string, debit: bigint, credit: bigint) => ({
  journal: 'cards',
  account,
  kind,
  external_id,
  currency: 'EUR',
  debit,
  credit,
})

describe('taking a card at a cashpoint', () => {
  it('shows the card first, then takes part of it and then the rest, and posts what the program owes the acceptor', async () => {
    const token = multi[0] as string
    const seen = await preview(at.multi, token.toLowerCase().replaceAll('-', ' '))
    expect(seen.status, JSON.stringify(seen.body)).toBe(200)
    expect(seen.body.result).toMatchObject({
      token,
      card: {
        title: 'Spring voucher',
        type: { id: 101, code: 'voucher', title: 'Voucher' },
        image_url: null,
        orientation: 'horizontal',
        program: { uuid: programs.multi, title: 'Spring market' },
      },
      value: 2500,
      balance: 2500,
      currency: 'EUR',
      use_number: 3,
      uses_left: 3,
      expires_at: '2030-12-31T23:00:00.000Z',
      status: 'active',
      holder_name: 'Anna de Vries',
    })

    const first = await redeem(at.multi, token, 1000)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const r = first.body.result
    expect(r).toMatchObject({
      program: { uuid: programs.multi, title: 'Spring market' },
      cashpoint: { uuid: at.multi, title: 'Counter 1' },
      acceptor: { uuid: acceptor.userId, name: 'Bakkerij Piet' },
      card: { token_last4: token.slice(-4), title: 'Spring voucher' },
      amount: 1000,
      forfeited: 0,
      currency: 'EUR',
      balance_after: 1500,
      uses_left_after: 2,
      status: 'completed',
      reversed_at: null,
      reversible: true,
    })
    expect(r.number).toEqual(expect.any(Number))
    expect(await cardRow(token)).toMatchObject({ balance: 1500n, uses_left: 2, status: 'active' })

    const rest = await redeem(at.multi, token, 1500)
    expect(rest.status, JSON.stringify(rest.body)).toBe(201)
    expect(rest.body.result).toMatchObject({
      amount: 1500,
      forfeited: 0,
      balance_after: 0,
      uses_left_after: 1,
    })
    expect(rest.body.result.number).toBeGreaterThan(r.number)
    expect(await cardRow(token)).toMatchObject({ balance: 0n, uses_left: 1, status: 'used' })
    expect((await preview(at.multi, token)).body.result).toMatchObject({ status: 'used', balance: 0 })

    const nothing = await redeem(at.multi, token, 1)
    expect(nothing.status).toBe(400)
    expect(nothing.body.error.fields).toEqual({ amount: ['nothing is left on this card'] })
    expect(nothing.body.error.reason).toBe('amount_above_balance')

    const acceptorSub = `${programs.multi}/${acceptor.userId}`
    expect(await entryOf('card.redeemed', r.uuid)).toEqual([
      line(220, 'program', programs.multi, 1000n, 0n),
      line(230, 'acceptor', acceptorSub, 0n, 1000n),
    ])
    expect(await entryOf('card.redeemed', rest.body.result.uuid)).toEqual([
      line(220, 'program', programs.multi, 1500n, 0n),
      line(230, 'acceptor', acceptorSub, 0n, 1500n),
    ])
    const events = await t.services.db
      .selectFrom('outbox')
      .select(['payload'])
      .where('name', '=', 'cards.card.redeemed')
      .execute()
    expect(events.map((e) => e.payload)).toContainEqual({
      redemption_id: r.uuid,
      card_id: r.card.uuid,
      program_id: programs.multi,
      cashpoint_id: at.multi,
      acceptor_user_id: acceptor.userId,
      amount: 1000,
      forfeited: 0,
      currency: 'EUR',
    })
  })

  it('counts uses down, and the last use forfeits what is left to the program', async () => {
    const token = multi[1] as string
    const uses = []
    for (let i = 0; i < 3; i++) {
      const res = await redeem(at.multi, token, 100)
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      uses.push(res.body.result)
    }
    expect(uses.map((u) => [u.uses_left_after, u.balance_after, u.forfeited])).toEqual([
      [2, 2400, 0],
      [1, 2300, 0],
      [0, 0, 2200],
    ])
    expect(await cardRow(token)).toMatchObject({ balance: 0n, uses_left: 0, status: 'used' })
    expect(await entryOf('card.redeemed', uses[2]!.uuid)).toEqual([
      line(220, 'program', programs.multi, 2300n, 0n),
      line(230, 'acceptor', `${programs.multi}/${acceptor.userId}`, 0n, 100n),
      line(230, 'program', programs.multi, 0n, 2200n),
    ])
  })

  it('takes a once-use card once: the rest is forfeited in a balanced three-line entry', async () => {
    const token = once[0] as string
    const res = await redeem(at.once, token, 1000)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.result).toMatchObject({
      amount: 1000,
      forfeited: 1500,
      balance_after: 0,
      uses_left_after: 0,
      status: 'completed',
      reversible: false,
    })
    expect(await cardRow(token)).toMatchObject({ balance: 0n, uses_left: 0, status: 'used' })
    const lines = await entryOf('card.redeemed', res.body.result.uuid)
    expect(lines).toEqual([
      line(220, 'program', programs.once, 2500n, 0n),
      line(230, 'acceptor', `${programs.once}/${acceptor.userId}`, 0n, 1000n),
      line(230, 'program', programs.once, 0n, 1500n),
    ])
    expect(lines.reduce((s, l) => s + l.debit, 0n)).toBe(lines.reduce((s, l) => s + l.credit, 0n))
    const again = await redeem(at.once, token, 1)
    expect(again.status).toBe(400)
    expect(again.body.error.fields).toHaveProperty(['amount'])
  })

  it('refuses more than the balance (400 on amount, saying what is left) and bad input', async () => {
    const token = multi[2] as string
    const over = await redeem(at.multi, token, 2501)
    expect(over.status).toBe(400)
    expect(over.body.error.fields).toEqual({ amount: ['only €25.00 is left on this card'] })
    expect(over.body.error.reason).toBe('amount_above_balance')
    for (const [body, field] of [
      [{ cashpoint: at.multi, token, amount: 0 }, 'amount'],
      [{ cashpoint: at.multi, token, amount: 10.5 }, 'amount'],
      [{ cashpoint: at.multi, token: 'K7QM-2XRT', amount: 100 }, 'token'],
      [{ cashpoint: 'counter', token, amount: 100 }, 'cashpoint'],
    ] as const) {
      const res = await t.h.post<unknown, ErrorBody>('/api/v1/card/redemptions', body, {
        token: acceptor.token,
        headers: { 'idempotency-key': key() },
      })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error.fields).toHaveProperty([field])
    }
    expect(await cardRow(token)).toMatchObject({ balance: 2500n, uses_left: 3, status: 'active' })
  })

  it('refuses a card nobody activated (422 card_not_activated), an expired and a blocked one (422)', async () => {
    const issued = multi[3] as string
    expect((await preview(at.multi, issued)).body.result).toMatchObject({
      status: 'issued',
      holder_name: null,
    })
    const notYet = await redeem(at.multi, issued, 100)
    expect(notYet.status).toBe(422)
    expect(notYet.body.error.reason).toBe('card_not_activated')

    const expired = multi[4] as string
    await t.services.db
      .updateTable('cards')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', expired)
      .execute()
    expect((await preview(at.multi, expired)).body.result.status).toBe('expired')
    const late = await redeem(at.multi, expired, 100)
    expect(late.status).toBe(422)
    expect(late.body.error.reason).toBe('card_expired')

    const blocked = multi[5] as string
    await t.services.db.updateTable('cards').set({ status: 'blocked' }).where('token', '=', blocked).execute()
    expect((await preview(at.multi, blocked)).body.result.status).toBe('blocked')
    const refused = await redeem(at.multi, blocked, 100)
    expect(refused.status).toBe(422)
    expect(refused.body.error.reason).toBe('card_blocked')
    await t.services.db.updateTable('cards').set({ status: 'active' }).where('token', '=', blocked).execute()
  })

  it('answers a token of another program 404, as an unknown one, and another acceptor’s cashpoint 404', async () => {
    for (const token of [gift[1] as string, 'AAAA-BBBB-CCCC-DDDD']) {
      expect((await preview(at.multi, token)).status).toBe(404)
      expect((await redeem(at.multi, token, 100)).status).toBe(404)
    }
    const theirs = multi[7] as string
    expect((await preview(at.other, theirs)).status).toBe(404)
    expect((await redeem(at.other, theirs, 100)).status).toBe(404)
    expect((await preview(at.other, theirs, otherAcceptor)).status).toBe(200)
    expect(await cardRow(theirs)).toMatchObject({ balance: 2500n, uses_left: 3 })
  })

  it('takes cards only at an open cashpoint of an acceptor still taking part (422 cashpoint_inactive, 403)', async () => {
    const token = multi[8] as string
    const spare = await openCashpoint(t, otherAcceptor, programs.multi, 'Spare till')
    const close = await t.h.patch(
      `/api/v1/manager/cashpoints/${spare}`,
      { is_active: false },
      {
        token: otherAcceptor.token,
      },
    )
    expect(close.status).toBe(200)
    const closed = await redeem(spare, token, 100, otherAcceptor)
    expect(closed.status).toBe(422)
    expect(closed.body.error.reason).toBe('cashpoint_inactive')

    const place = (status: number) =>
      t.h.patch(`/api/v1/manager/program-acceptors/${otherPlace}`, { status }, { token: owner.token })
    expect((await place(21005)).status).toBe(200)
    try {
      const blocked = await redeem(at.other, token, 100, otherAcceptor)
      expect(blocked.status).toBe(403)
      expect(blocked.body.error.reason).toBe('not_program_acceptor')
      expect((await preview(at.other, token, otherAcceptor)).status).toBe(403)
    } finally {
      expect((await place(21001)).status).toBe(200)
    }
    expect((await redeem(at.other, token, 100, otherAcceptor)).status).toBe(201)
  })

  it('lets acceptors only: program owners, card holders and admins 403, no token 401', async () => {
    const token = multi[9] as string
    const body = JSON.stringify({ cashpoint: at.multi, token, amount: 100 })
    for (const who of [owner, holder, admin, undefined]) {
      const expected = who ? 403 : 401
      const post = await t.h.request('POST', '/api/v1/card/redemptions', {
        raw: body,
        headers: { 'content-type': 'application/json', 'idempotency-key': key() },
        ...(who ? { token: who.token } : {}),
      })
      expect(post.status).toBe(expected)
      const look = await t.h.request(
        'GET',
        `/api/v1/card/redemptions/preview?cashpoint=${at.multi}&token=${token}`,
        who ? { token: who.token } : {},
      )
      expect(look.status).toBe(expected)
    }
    expect((await t.h.get('/api/v1/card/redemptions', { token: holder.token })).status).toBe(403)
    expect((await t.h.get('/api/v1/card/redemptions')).status).toBe(401)
    expect(await cardRow(token)).toMatchObject({ balance: 2500n, uses_left: 3 })
  })
})

describe('concurrency and retries', () => {
  it('spends a card worth 5 × the amount exactly 5 times out of 10 parallel requests', async () => {
    const token = gift[0] as string
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(at.gift, token, 1000)))
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([201, 201, 201, 201, 201, 400, 400, 400, 400, 400])
    for (const r of results.filter((x) => x.status === 400)) {
      expect(r.body.error.fields).toHaveProperty(['amount'])
    }
    expect(
      results
        .filter((r) => r.status === 201)
        .map((r) => r.body.result.balance_after)
        .sort((a, b) => a - b),
    ).toEqual([0, 1000, 2000, 3000, 4000])
    const card = await cardRow(token)
    expect(card).toMatchObject({ balance: 0n, status: 'used', uses_left: null })
    const rows = await t.services.db
      .selectFrom('card_redemptions')
      .select(['amount'])
      .where('card_id', '=', card.id)
      .execute()
    expect(rows.reduce((s, r) => s + r.amount, 0n)).toBe(5000n)
  })

  it('spends once for a retried request with the same Idempotency-Key, and requires one', async () => {
    const token = gift[1] as string
    const retryKey = key()
    const a = await redeem(at.gift, token, 700, acceptor, retryKey)
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    const b = await redeem(at.gift, token, 700, acceptor, retryKey)
    expect(b.status).toBe(201)
    expect(b.headers.get('idempotent-replayed')).toBe('true')
    expect(b.body.result.uuid).toBe(a.body.result.uuid)
    expect(await cardRow(token)).toMatchObject({ balance: 4300n })
    const count = await t.services.db
      .selectFrom('card_redemptions')
      .select('id')
      .where('card_id', '=', a.body.result.card.uuid)
      .execute()
    expect(count).toHaveLength(1)

    const reused = await redeem(at.gift, token, 800, acceptor, retryKey)
    expect(reused.status).toBe(409)
    expect(reused.body.error.reason).toBe('idempotency_key_reused')
    const without = await redeem(at.gift, token, 700, acceptor, null)
    expect(without.status).toBe(400)
    expect(without.body.error.fields).toHaveProperty(['Idempotency-Key'])
    expect(await cardRow(token)).toMatchObject({ balance: 4300n })
  })

  it('spends once when the process died after the redemption committed and before it answered', async () => {
    const token = gift[2] as string
    const before = (await cardRow(token)).balance
    const retryKey = key()
    const a = await redeem(at.gift, token, 300, acceptor, retryKey)
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    await loseAnswer(t.services.db, retryKey)
    const b = await redeem(at.gift, token, 300, acceptor, retryKey)
    expect(b.status, JSON.stringify(b.body)).toBe(201)
    expect(b.headers.get('idempotent-replayed')).toBeNull()
    expect(b.body.result.uuid).toBe(a.body.result.uuid)
    expect((await cardRow(token)).balance).toBe(before - 300n)
    const rows = await t.services.db
      .selectFrom('card_redemptions')
      .select('id')
      .where('card_id', '=', a.body.result.card.uuid)
      .execute()
    expect(rows).toHaveLength(1)
  })
})

describe('reversing a redemption', () => {
  it('puts the amount and the use back once, for the acceptor who took it, with the opposite entry', async () => {
    const token = multi[6] as string
    const taken = (await redeem(at.multi, token, 2500)).body.result
    expect(await cardRow(token)).toMatchObject({ balance: 0n, uses_left: 2, status: 'used' })
    expect((await reverse(taken.uuid, otherAcceptor)).status).toBe(404)
    for (const who of [owner, holder, admin]) expect((await reverse(taken.uuid, who)).status).toBe(403)
    expect((await t.h.post(`/api/v1/card/redemptions/${taken.uuid}/reverse`, {})).status).toBe(401)

    const res = await reverse(taken.uuid)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.result).toMatchObject({ uuid: taken.uuid, status: 'reversed', reversible: false })
    expect(res.body.result.reversed_at).toEqual(expect.any(String))
    expect(await cardRow(token)).toMatchObject({ balance: 2500n, uses_left: 3, status: 'active' })
    const again = await reverse(taken.uuid)
    expect(again.status).toBe(409)
    expect(again.body.error.reason).toBe('redemption_reversed')
    expect(await cardRow(token)).toMatchObject({ balance: 2500n, uses_left: 3 })

    const acceptorSub = `${programs.multi}/${acceptor.userId}`
    expect(await entryOf('card.redemption-reversed', taken.uuid)).toEqual([
      line(230, 'acceptor', acceptorSub, 2500n, 0n),
      line(220, 'program', programs.multi, 0n, 2500n),
    ])
    // The card can be spent again.
    expect((await redeem(at.multi, token, 500)).status).toBe(201)
  })

  it('refuses one that forfeited value, one older than 24 hours and one on an expired card (422)', async () => {
    const forfeited = await t.services.db
      .selectFrom('card_redemptions')
      .select('id')
      .where('program_id', '=', programs.once)
      .where('forfeited', '>', 0n)
      .executeTakeFirstOrThrow()
    const refused = await reverse(forfeited.id)
    expect(refused.status).toBe(422)
    expect(refused.body.error.reason).toBe('reversal_forfeited')

    const token = multi[2] as string
    const old = (await redeem(at.multi, token, 100)).body.result
    await t.services.db
      .updateTable('card_redemptions')
      .set({ created_at: new Date(Date.now() - 24 * 60 * 60_000 - 1000) })
      .where('id', '=', old.uuid)
      .execute()
    const tooLate = await reverse(old.uuid)
    expect(tooLate.status).toBe(422)
    expect(tooLate.body.error.reason).toBe('reversal_too_late')

    const recent = (await redeem(at.multi, token, 100)).body.result
    expect(recent.reversible).toBe(true)
    await t.services.db
      .updateTable('cards')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', token)
      .execute()
    const onExpired = await reverse(recent.uuid)
    expect(onExpired.status).toBe(422)
    expect(onExpired.body.error.reason).toBe('reversal_card_expired')
    expect(await cardRow(token)).toMatchObject({ balance: 2300n, uses_left: 1 })
  })
})

describe('who sees redemptions', () => {
  it('shows the card holder where their card was spent', async () => {
    const token = multi[0] as string
    const res = await t.h.get<{ result: HeldCardJson & { redemptions: HolderRedemptionJson[] } } & ErrorBody>(
      `/api/v1/card/active/${token}`,
      { token: holder.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.result).toMatchObject({ status: 'used', balance: 0, uses_left: 1 })
    expect(res.body.result.redemptions.map((r) => [r.amount, r.forfeited, r.status])).toEqual([
      [1500, 0, 'completed'],
      [1000, 0, 'completed'],
    ])
    expect(res.body.result.redemptions[0]).toMatchObject({
      currency: 'EUR',
      acceptor_name: 'Bakkerij Piet',
      cashpoint_title: 'Counter 1',
    })
    const reversedToo = await t.h.get<{ result: { redemptions: HolderRedemptionJson[] } }>(
      `/api/v1/card/active/${multi[6]}`,
      { token: holder.token },
    )
    expect(reversedToo.body.result.redemptions.map((r) => [r.amount, r.status])).toEqual([
      [500, 'completed'],
      [2500, 'reversed'],
    ])
    const list = await t.h.get<{ results: HeldCardJson[] }>('/api/v1/card/active', { token: holder.token })
    expect(list.body.results.find((c) => c.token === token)?.status).toBe('used')
    expect((await t.h.get(`/api/v1/card/active/${token}`, { token: otherHolder.token })).status).toBe(409)
    const notYet = await t.h.get<{ result: { status: string; redemptions: unknown[] } }>(
      `/api/v1/card/active/${multi[3]}`,
      { token: otherHolder.token },
    )
    expect(notYet.body.result).toMatchObject({ status: 'issued', redemptions: [] })
  })

  it('lists an acceptor’s own, an owner’s programs’, and all for admins, filtered by cashpoint and program', async () => {
    const list = (query: string, who: SignedIn) =>
      t.h.get<Page<RedemptionJson>>(`/api/v1/card/redemptions?size=100${query}`, { token: who.token })
    const all = await t.services.db
      .selectFrom('card_redemptions')
      .select(['id', 'acceptor_user_id', 'cashpoint_id'])
      .execute()
    const mine = all.filter((r) => r.acceptor_user_id === acceptor.userId)

    const own = await list('', acceptor)
    expect(own.status).toBe(200)
    expect(own.body.count).toBe(mine.length)
    expect(own.body.results.every((r) => r.acceptor.uuid === acceptor.userId)).toBe(true)
    const numbers = own.body.results.map((r) => r.number)
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a))

    const theirs = await list('', otherAcceptor)
    expect(theirs.body.results.map((r) => r.acceptor.uuid)).toEqual([otherAcceptor.userId])
    expect(theirs.body.results[0]).toMatchObject({ cashpoint: { title: 'Butcher’s till' }, reversible: true })

    const atGift = await list(`&cashpoint=${at.gift}`, acceptor)
    expect(atGift.body.count).toBe(all.filter((r) => r.cashpoint_id === at.gift).length)
    expect(atGift.body.count).toBeGreaterThan(0)
    expect(atGift.body.results.every((r) => r.program.uuid === programs.gift)).toBe(true)
    const onceOnly = await list(`&program=${programs.once}`, acceptor)
    expect(onceOnly.body.results.map((r) => r.forfeited)).toEqual([1500])
    // Another acceptor's cashpoint as a filter is not theirs to name: 404, as in a path.
    const theirCashpoint = (await list(`&cashpoint=${at.other}`, acceptor)) as unknown as {
      status: number
      body: ErrorBody
    }
    expect(theirCashpoint.status).toBe(404)
    expect(theirCashpoint.body.error.code).toBe('not_found')

    const owned = await list('', owner)
    expect(owned.body.count).toBe(all.length)
    expect(owned.body.results.every((r) => r.reversible === false)).toBe(true)
    expect((await list(`&program=${programs.multi}`, owner)).body.results.map((r) => r.program.uuid)).toEqual(
      expect.arrayContaining([programs.multi]),
    )
    expect((await list('', otherOwner)).body.count).toBe(0)
    // Another owner's program or cashpoint, and ids that do not exist: 404, never an empty page.
    expect((await list(`&program=${programs.multi}`, otherOwner)).status).toBe(404)
    expect((await list(`&cashpoint=${at.multi}`, otherOwner)).status).toBe(404)
    expect((await list(`&program=${randomUUID()}`, admin)).status).toBe(404)
    expect((await list(`&cashpoint=${randomUUID()}`, admin)).status).toBe(404)
    expect((await list(`&cashpoint=${at.other}`, owner)).status).toBe(200)
    expect((await list('', admin)).body.count).toBe(all.length)
    const paged = await t.h.get<Page<RedemptionJson>>('/api/v1/card/redemptions?size=2&page=2', {
      token: admin.token,
    })
    expect(paged.body).toMatchObject({ size: 2, pages: Math.ceil(all.length / 2) })
    expect(paged.body.results).toHaveLength(2)
  })
})

describe('looking tokens up at a cashpoint', () => {
  it('allows 30 a minute per acceptor, then 429 with Retry-After, also for redemptions of unknown tokens', async () => {
    const counter = await seedSignedIn(t, { type: 2, legal_type: 1, company_name: 'Kaashandel Mies' })
    const { cashpoint } = await acceptorAtCashpoint(t, owner, programs.multi, counter, 'Cheese counter')
    for (let i = 0; i < 30; i++) {
      expect((await preview(cashpoint, multi[0] as string, counter)).status, `lookup ${i + 1}`).toBe(200)
    }
    const limited = await preview(cashpoint, multi[0] as string, counter)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await redeem(cashpoint, 'AAAA-BBBB-CCCC-DDDD', 100, counter)).status).toBe(429)
    // Others are not held up by it.
    expect((await preview(at.multi, multi[0] as string)).status).toBe(200)
  })
})

/**
 * Tenant A's card objects for the route security harness: an active card program with its card,
 * an order of two cards, one activated by tenant A's card holder and spent once at tenant A's
 * acceptor's cashpoint.
 */
interface CardObjects {
  program: string
  card: string
  order: string
  cashpoint: string
  token: string
  redemption: string
}
async function cardObjects({ a }: Tenants): Promise<CardObjects> {
  const made = await seedProgram(a.owner, 'card', { card: { values: [{ value: 2500, use_number: 3 }] } })
  const program = made.uuid
  await joinProgram(a.owner, program, a.acceptor)
  const cashpoint = await seedCashpoint(a.acceptor, program)
  const { order, tokens } = await seedIssuedCards(a.owner, program, 2)
  const token = tokens[0] as string
  await activate(a.holder, [token])
  const taken = await a.acceptor.api<{ result: { uuid: string } }>(
    'POST',
    '/card/redemptions',
    { cashpoint, token, amount: 100 },
    { 'idempotency-key': `security-${token}` },
  )
  if (taken.status !== 201) throw new Error(`redeem: ${taken.status} ${JSON.stringify(taken.body)}`)
  return {
    program,
    card: made.card as string,
    order: order.uuid,
    cashpoint,
    token,
    redemption: taken.body.result.uuid,
  }
}
const readers = ['owner', 'admin'] as const
const byProgram = { as: 'owner', request: (o: CardObjects) => ({ query: { program: o.program } }) } as const
const theCard = (body?: unknown) =>
  ({ as: 'owner', request: (o: CardObjects) => ({ params: { uuid: o.card }, body }) }) as const
const cardRoutes: Record<string, RouteRule<CardObjects>> = {
  'GET /manager/card-types': { roles: readers },
  'PATCH /manager/card-types/{id}': { roles: ['admin'] },
  'GET /manager/card-type-prices': { roles: readers },
  'GET /manager/card-expiries': { roles: readers },
  'GET /manager/cards': { roles: readers, foreign: byProgram },
  'GET /manager/card-values': { roles: readers, foreign: byProgram },
  'POST /manager/cards': {
    roles: ['owner'],
    foreign: { as: 'owner', request: (o) => ({ body: { program: o.program, type: 101 } }) },
  },
  'PATCH /manager/cards/{uuid}': { roles: ['owner'], foreign: theCard({ title: 'Mine now' }) },
  'DELETE /manager/cards/{uuid}': { roles: ['owner'], foreign: theCard() },
  'GET /payment/order': {
    roles: readers,
    foreign: { as: 'owner', request: (o) => ({ query: { program_uuid: o.program } }) },
  },
  'POST /payment/order': {
    roles: ['owner'],
    foreign: { as: 'owner', request: (o) => ({ body: { program_uuid: o.program, quantity: 1 } }) },
  },
  'GET /card/batches': { roles: readers, foreign: byProgram },
  'GET /card/batches/{uuid}/cards.csv': {
    roles: readers,
    foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.order } }) },
  },
  // A card's token is a bearer secret: another holder's card is 409 card_already_activated (docs/access.md).
  'GET /card/active': { roles: ['holder'] },
  'GET /card/active/{token}': { roles: ['holder'] },
  'POST /card/active': { roles: ['holder'] },
  // Public card programs have no tenant: a private or inactive one is 404 for every holder.
  'GET /card/programs': { roles: ['holder'] },
  'GET /card/programs/{uuid}': { roles: ['holder'] },
  'GET /card/redemptions/preview': {
    roles: ['acceptor'],
    foreign: { as: 'acceptor', request: (o) => ({ query: { cashpoint: o.cashpoint, token: o.token } }) },
  },
  'POST /card/redemptions': {
    roles: ['acceptor'],
    foreign: {
      as: 'acceptor',
      request: (o) => ({ body: { cashpoint: o.cashpoint, token: o.token, amount: 100 } }),
    },
  },
  'GET /card/redemptions': {
    roles: ['owner', 'acceptor', 'admin'],
    foreign: [
      byProgram,
      { as: 'acceptor', request: (o) => ({ query: { program: o.program } }) },
      { as: 'acceptor', request: (o) => ({ query: { cashpoint: o.cashpoint } }) },
      { as: 'owner', request: (o) => ({ query: { cashpoint: o.cashpoint } }) },
    ],
  },
  'POST /card/redemptions/{uuid}/reverse': {
    roles: ['acceptor'],
    foreign: { as: 'acceptor', request: (o) => ({ params: { uuid: o.redemption } }) },
  },
}

runRouteSecurityTests({ context: () => t, module: cardsModule, setup: cardObjects, routes: cardRoutes })
