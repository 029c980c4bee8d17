import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardProgram } from '../../tests/support/card-program.ts'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { type SignedIn, seedUser, signInAs } from '../../tests/support/factories.ts'
import type { ErrorBody } from '../platform/http.ts'
import type { CardJson } from './http/schemas.ts'

let t: TestContext
let owner: SignedIn
let otherOwner: SignedIn
let admin: SignedIn
let acceptor: SignedIn
let holder: SignedIn

beforeAll(async () => {
  t = await createTestContext()
  const sign = async (type: 1 | 2 | 3 | 4) => signInAs(t.h, await seedUser(t, { type }))
  ;[owner, otherOwner, admin, acceptor, holder] = await Promise.all([
    sign(1),
    sign(1),
    sign(4),
    sign(2),
    sign(3),
  ])
})
afterAll(() => t.close())

type CardRes = { result: CardJson } & ErrorBody
type ProgramRes = { result: { uuid: string; status: { id: number }; step: number | null } } & ErrorBody
const api = (path: string) => `/api/v1/manager${path}`

async function newProgram(who = owner, type = 1001, title = 'Gift cards of the market') {
  const res = await t.h.post<unknown, ProgramRes>(api('/programs'), { type, title }, { token: who.token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.result.uuid
}
const status = async (program: string, who = owner) =>
  (await t.h.get<ProgramRes>(api(`/programs/${program}`), { token: who.token })).body.result.status.id
const choose = (program: string, type: number, who = owner) =>
  t.h.post<unknown, CardRes>(api('/cards'), { program, type }, { token: who.token })
const patch = (card: string, body: Record<string, unknown>, who = owner, lang = '') =>
  t.h.patch<unknown, CardRes>(api(`/cards/${card}${lang}`), body, { token: who.token })
const statusEvents = async (program: string) =>
  (
    await t.services.db
      .selectFrom('outbox')
      .select('payload')
      .where('name', '=', 'programs.program.status-changed')
      .orderBy('created_at')
      .execute()
  )
    .map((r) => r.payload as { program_id: string; from: number; to: number })
    .filter((p) => p.program_id === program)
    .map((p) => [p.from, p.to])

const complete = {
  title: 'Market voucher',
  values: [{ value: 2500, use_number: 1 }],
  validity: { mode: 'program' },
}

describe('card settings and the draft steps they drive', () => {
  it('choosing a type is draftStep2, complete settings draftStep3, through the programs module’s status changes', async () => {
    const program = await newProgram()
    expect(await status(program)).toBe(11002)
    const chosen = await choose(program, 101)
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(201)
    expect(chosen.body.result).toMatchObject({
      program_uuid: program,
      type: { id: 101, code: 'voucher' },
      title: 'Gift cards of the market',
      values: [],
      validity: null,
      complete: false,
      locked: false,
      orientation: 'horizontal',
    })
    expect(await status(program)).toBe(11003)

    // Incomplete settings keep the program at draftStep2.
    const partial = await patch(chosen.body.result.uuid, { description: 'For the Saturday market' })
    expect(partial.status).toBe(200)
    expect(partial.body.result.complete).toBe(false)
    expect(await status(program)).toBe(11003)
    // Nor can PATCH programs move it on while the card is incomplete.
    const early = await t.h.patch<unknown, ErrorBody>(
      `/api/v1/manager/programs/${program}`,
      { status: 11004 },
      { token: owner.token },
    )
    expect(early.status).toBe(422)
    expect(early.body.error.reason).toBe('card_not_complete')
    expect(await status(program)).toBe(11003)

    const done = await patch(chosen.body.result.uuid, complete)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.result).toMatchObject({
      title: 'Market voucher',
      description: 'For the Saturday market',
      values: [{ value: 2500, currency: 'EUR', use_number: 1 }],
      validity: { mode: 'program' },
      complete: true,
    })
    expect(await status(program)).toBe(11004)
    const get = await t.h.get<CardRes>(api(`/cards?program=${program}`), { token: owner.token })
    expect(get.body.result).toEqual(done.body.result)
    const values = await t.h.get<{ results: unknown[] }>(api(`/card-values?program=${program}`), {
      token: owner.token,
    })
    expect(values.body.results).toEqual([{ value: 2500, currency: 'EUR', use_number: 1 }])

    // The programs module's event for each step, as PATCH programs publishes it.
    expect(await statusEvents(program)).toEqual([
      [11002, 11003],
      [11003, 11004],
    ])
    expect(
      (await t.h.patch(api(`/programs/${program}`), { status: 11001 }, { token: owner.token })).status,
    ).toBe(200)
  })

  it('another type deletes the card and starts again at draftStep2; the same type keeps it; deleting it is draftStep1', async () => {
    const program = await newProgram()
    const voucher = (await choose(program, 101)).body.result
    await patch(voucher.uuid, complete)
    expect(await status(program)).toBe(11004)

    const same = await choose(program, 101)
    expect(same.status).toBe(200)
    expect(same.body.result).toMatchObject({ uuid: voucher.uuid, title: 'Market voucher', complete: true })
    expect(await status(program)).toBe(11004)

    const gift = await choose(program, 201)
    expect(gift.status).toBe(201)
    expect(gift.body.result.uuid).not.toBe(voucher.uuid)
    expect(gift.body.result).toMatchObject({ type: { id: 201, code: 'gift' }, values: [], complete: false })
    expect(await status(program)).toBe(11003)
    expect((await patch(voucher.uuid, { title: 'Gone' })).status).toBe(404)
    const rows = await t.services.db
      .selectFrom('program_cards')
      .select('id')
      .where('program_id', '=', program)
      .execute()
    expect(rows.map((r) => r.id)).toEqual([gift.body.result.uuid])

    // A flexible gift card (value 0, loaded later) with unlimited use is complete.
    const flexible = await patch(gift.body.result.uuid, {
      values: [{ value: 0, use_number: null }],
      validity: { mode: 'after_activation', expiry_type: 21, expiry_value: 18 },
    })
    expect(flexible.status, JSON.stringify(flexible.body)).toBe(200)
    expect(flexible.body.result).toMatchObject({
      values: [{ value: 0, currency: 'EUR', use_number: null }],
      validity: { mode: 'after_activation', expiry_type: 21, expiry_value: 18 },
      complete: true,
    })
    expect(await status(program)).toBe(11004)

    const deleted = await t.h.delete(api(`/cards/${gift.body.result.uuid}`), { token: owner.token })
    expect(deleted.status).toBe(204)
    expect(await status(program)).toBe(11002)
    expect(
      (await t.h.get<CardRes>(api(`/cards?program=${program}`), { token: owner.token })).body.result,
    ).toBeNull()
    expect(await statusEvents(program)).toEqual([
      [11002, 11003],
      [11003, 11004],
      [11004, 11003],
      [11003, 11004],
      [11004, 11002],
    ])
  })

  it('keeps the type and the card once the program is active (409 program_not_draft); other program types 422', async () => {
    const { program, card } = await cardProgram(t, owner)
    const again = await choose(program, 201)
    expect(again.status).toBe(409)
    expect(again.body.error.reason).toBe('program_not_draft')
    const del = await t.h.delete<ErrorBody>(api(`/cards/${card}`), { token: owner.token })
    expect(del.status).toBe(409)
    // Until cards are paid for, the settings can still change.
    expect((await patch(card, { values: [{ value: 3000 }] })).body.result.values).toEqual([
      { value: 3000, currency: 'EUR', use_number: 1 },
    ])

    const payments = await newProgram(owner, 3001)
    const wrong = await choose(payments, 101)
    expect(wrong.status).toBe(422)
    expect(wrong.body.error.reason).toBe('not_card_program')
    expect((await t.h.get<ErrorBody>(api(`/cards?program=${payments}`), { token: owner.token })).status).toBe(
      422,
    )
  })

  it('a blocked program’s card is frozen (422 program_blocked)', async () => {
    const { program, card } = await cardProgram(t, owner)
    expect(
      (await t.h.patch(api(`/programs/${program}`), { status: 11007 }, { token: owner.token })).status,
    ).toBe(202)
    const res = await patch(card, { title: 'New' })
    expect(res.status).toBe(422)
    expect(res.body.error.reason).toBe('program_blocked')
  })

  it('takes an image the owner uploaded, and serves its URL', async () => {
    const program = await newProgram()
    const card = (await choose(program, 201)).body.result.uuid
    const png = await sharp({ create: { width: 40, height: 25, channels: 3, background: '#4d7cfe' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'card.png')
    const uploaded = await t.h.request<{ result: { uuid: string; url: string } }>(
      'POST',
      api('/commons/images'),
      {
        token: owner.token,
        raw: form,
      },
    )
    expect(uploaded.status).toBe(201)
    const res = await patch(card, { image: uploaded.body.result.uuid, orientation: 'vertical' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.result).toMatchObject({
      image: uploaded.body.result.uuid,
      image_url: uploaded.body.result.url,
      orientation: 'vertical',
    })
    expect((await t.h.get(res.body.result.image_url as string)).status).toBe(200)
    expect((await patch(card, { image: null })).body.result).toMatchObject({ image: null, image_url: null })

    // Someone else's image is no image of theirs.
    const theirs = new FormData()
    theirs.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png')
    const other = await t.h.request<{ result: { uuid: string } }>('POST', api('/commons/images'), {
      token: otherOwner.token,
      raw: theirs,
    })
    const refused = await patch(card, { image: other.body.result.uuid })
    expect(refused.status).toBe(400)
    expect(refused.body.error.fields).toEqual({ image: ['no such image: upload it first'] })
  })
})

describe('validation, 400 per field', () => {
  let voucher: string
  let program: string
  beforeAll(async () => {
    program = await newProgram()
    voucher = (await choose(program, 101)).body.result.uuid
  })

  const fieldsOf = async (body: Record<string, unknown>) => {
    const res = await patch(voucher, body)
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    return res.body.error.fields
  }

  it('names the wrong value row, validity and date fields', async () => {
    expect(await fieldsOf({ values: [{ value: -1 }] })).toHaveProperty(['values.0.value'])
    expect(await fieldsOf({ values: [{ value: 12.5 }] })).toHaveProperty(['values.0.value'])
    expect(await fieldsOf({ values: [{ value: 0 }] })).toEqual({
      'values.0.value': ['a voucher needs a value above 0'],
    })
    expect(await fieldsOf({ values: [{ value: 100, currency: 'usd' }] })).toEqual({
      'values.0.currency': ['must be the program’s currency (EUR)'],
    })
    expect(await fieldsOf({ values: [{ value: 100, use_number: 0 }] })).toHaveProperty([
      'values.0.use_number',
    ])
    expect(await fieldsOf({ values: [{ value: 100 }, { value: 200 }] })).toHaveProperty(['values'])
    expect(await fieldsOf({ values: [] })).toHaveProperty(['values'])
    expect(await fieldsOf({ validity: { mode: 'until', until: '2020-01-01' } })).toEqual({
      'validity.until': ['must not be in the past'],
    })
    expect(await fieldsOf({ validity: { mode: 'until', until: '2031-02-30' } })).toEqual({
      'validity.until': ['must be a date (YYYY-MM-DD)'],
    })
    expect(
      await fieldsOf({ validity: { mode: 'after_activation', expiry_type: 21, expiry_value: 0 } }),
    ).toHaveProperty(['validity.expiry_value'])
    expect(
      await fieldsOf({ validity: { mode: 'after_activation', expiry_type: 21, expiry_value: 121 } }),
    ).toEqual({
      'validity.expiry_value': ['at most 120'],
    })
    expect(
      await fieldsOf({ validity: { mode: 'after_activation', expiry_type: 41, expiry_value: 2 } }),
    ).toHaveProperty(['validity.expiry_type'])
    expect(await fieldsOf({ validity: { mode: 'sometimes' } })).toHaveProperty(['validity.mode'])
    expect(await fieldsOf({ start_date: '2031-05-01', expiry_date: '2031-04-30' })).toEqual({
      expiry_date: ['the program cannot end before it starts'],
    })
    expect(
      await fieldsOf({ start_date: '2031-05-01', validity: { mode: 'until', until: '2031-04-01' } }),
    ).toEqual({ 'validity.until': ['must not be before the start date'] })
    expect(await fieldsOf({ title: '  ' })).toEqual({ title: ['title is required'] })
    expect(await fieldsOf({ orientation: 'diagonal' })).toHaveProperty(['orientation'])
    expect(await fieldsOf({ colour: 'red' })).toHaveProperty(['_'])
    expect(await fieldsOf({})).toHaveProperty(['_'])
    expect(await fieldsOf({ image: 'not-a-uuid' })).toHaveProperty(['image'])
  })

  it('changes nothing when refused', async () => {
    await fieldsOf({ title: 'Changed', values: [{ value: 0 }] })
    const card = await t.h.get<CardRes>(api(`/cards?program=${program}`), { token: owner.token })
    expect(card.body.result).toMatchObject({ uuid: voucher, title: 'Gift cards of the market', values: [] })
  })

  it('refuses a type that is not 101 or 201, on `type`', async () => {
    const res = await choose(await newProgram(), 301)
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toHaveProperty(['type'])
  })
})

describe('card types, prices and expiries', () => {
  it('titles types and expiries in the caller’s language', async () => {
    const de = await t.h.get<{ results: { id: number; code: string; title: string; prices: unknown[] }[] }>(
      api('/card-types?lang=de'),
      { token: owner.token },
    )
    expect(de.status).toBe(200)
    expect(de.body.results.map((r) => [r.id, r.code, r.title])).toEqual([
      [101, 'voucher', 'Gutschein'],
      [201, 'gift', 'Geschenkkarte'],
    ])
    expect(de.body.results[0]?.prices).toEqual([{ currency: 'EUR', price: 50, vat: 11, vat_rate: 21 }])
    const nl = await t.h.get<{ results: { title: string }[] }>(api('/card-types'), {
      token: owner.token,
      headers: { 'accept-language': 'nl-NL,nl;q=0.9' },
    })
    expect(nl.body.results.map((r) => r.title)).toEqual(['Waardebon', 'Cadeaukaart'])
    const uk = await t.h.get<{ results: { id: number; title: string; description: string }[] }>(
      api('/card-expiries?lang=uk'),
      { token: admin.token },
    )
    expect(uk.body.results).toEqual([
      { id: 31, title: 'year', description: 'Роки' },
      { id: 21, title: 'month', description: 'Місяці' },
      { id: 11, title: 'day', description: 'Дні' },
    ])
    const card = await t.h.get<CardRes>(
      api(`/cards?program=${(await cardProgram(t, owner)).program}&lang=ru`),
      {
        token: owner.token,
      },
    )
    expect(card.body.result.type.title).toBe('Ваучер')
  })

  it('lets an admin set the price of a card per currency', async () => {
    const set = await t.h.patch<unknown, { result: { id: number; prices: unknown[] } } & ErrorBody>(
      api('/card-types/201?lang=en'),
      { currency: 'usd', price: 150 },
      { token: admin.token },
    )
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.result.prices).toEqual([
      { currency: 'EUR', price: 100, vat: 21, vat_rate: 21 },
      { currency: 'USD', price: 150, vat: 32, vat_rate: 21 },
    ])
    const usd = await t.h.get<{ results: unknown[] }>(api('/card-type-prices?currency=USD'), {
      token: owner.token,
    })
    expect(usd.body.results).toEqual([{ type: 201, currency: 'USD', price: 150, vat: 32, vat_rate: 21 }])
    expect(
      (await t.h.patch(api('/card-types/201'), { currency: 'EUR', price: 1 }, { token: owner.token })).status,
    ).toBe(403)
    expect(
      (await t.h.patch(api('/card-types/301'), { currency: 'EUR', price: 1 }, { token: admin.token })).status,
    ).toBe(404)
    const bad = await t.h.patch<unknown, ErrorBody>(
      api('/card-types/101'),
      { currency: 'EUR', price: -5 },
      {
        token: admin.token,
      },
    )
    expect(bad.body.error.fields).toHaveProperty(['price'])
  })
})

describe('who may', () => {
  it('owners their own programs’ cards (another owner’s: 404); admins read; acceptors and card holders 403; no token 401', async () => {
    const { program, card } = await cardProgram(t, owner, { active: false })
    const draft = await newProgram()
    const routes: [string, string, unknown?][] = [
      ['GET', api(`/cards?program=${program}`)],
      ['GET', api(`/card-values?program=${program}`)],
      ['POST', api('/cards'), { program: draft, type: 101 }],
      ['PATCH', api(`/cards/${card}`), { title: 'Mine now' }],
      ['DELETE', api(`/cards/${card}`)],
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
    for (const path of [api(`/cards?program=${program}`), api(`/card-values?program=${program}`)]) {
      expect((await t.h.get(path, { token: admin.token })).status).toBe(200)
    }
    // Admins read but do not change a program's card.
    expect((await patch(card, { title: 'Admin' }, admin)).status).toBe(403)
    for (const path of ['/card-types', '/card-type-prices', '/card-expiries']) {
      expect((await t.h.get(api(path), { token: acceptor.token })).status).toBe(403)
      expect((await t.h.get(api(path), { token: holder.token })).status).toBe(403)
      expect((await t.h.get(api(path))).status).toBe(401)
    }
    // Nothing changed.
    const mine = await t.h.get<CardRes>(api(`/cards?program=${program}`), { token: owner.token })
    expect(mine.body.result).toMatchObject({ uuid: card, title: 'Christmas voucher' })
    expect(await status(program)).toBe(11004)
  })
})

describe('the API reference', () => {
  it('lists every cards route with its schemas', async () => {
    const doc = await t.h.get<{
      paths: Record<string, Record<string, unknown>>
      components: { schemas: object }
    }>('/api/v1/openapi.json')
    const routes = Object.entries(doc.body.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/v1/manager/card-types',
        'PATCH /api/v1/manager/card-types/{id}',
        'GET /api/v1/manager/card-type-prices',
        'GET /api/v1/manager/card-expiries',
        'GET /api/v1/manager/card-values',
        'GET /api/v1/manager/cards',
        'POST /api/v1/manager/cards',
        'PATCH /api/v1/manager/cards/{uuid}',
        'DELETE /api/v1/manager/cards/{uuid}',
        'GET /api/v1/payment/order',
        'POST /api/v1/payment/order',
        'GET /api/v1/card/batches',
        'GET /api/v1/card/batches/{uuid}/cards.csv',
        'GET /api/v1/card/active',
        'GET /api/v1/card/active/{token}',
        'POST /api/v1/card/active',
      ]),
    )
    for (const name of ['ProgramCard', 'CardSettings', 'CardValidity', 'CardOrder', 'CardType', 'HeldCard']) {
      expect(doc.body.components.schemas).toHaveProperty(name)
    }
  })
})
