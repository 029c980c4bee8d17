import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import type { SignedIn } from '../../tests/support/factories.ts'
import type { ErrorBody } from '../platform/http.ts'
import { findEndpoint } from '../webhooks/index.ts'
import { catalogue, fieldUuid } from './catalogue.ts'
import { paymentProgramFixture, seedSignedIn } from './fixtures/payment-program.ts'

let t: TestContext
let owner: SignedIn
let acceptor: SignedIn
let otherOwner: SignedIn
let holder: SignedIn
let admin: SignedIn
let program: string

beforeAll(async () => {
  t = await createTestContext()
  ;({ owner, acceptor, program } = await paymentProgramFixture(t))
  otherOwner = await seedSignedIn(t, { type: 1 })
  holder = await seedSignedIn(t, { type: 3 })
  admin = await seedSignedIn(t, { type: 4 })
})
afterAll(() => t.close())

const api = (path = '') => `/api/v1/manager/payment-notifications${path}`
const category = (key: string) => catalogue.find((c) => c.key === key)!.uuid
const use = (key: string, ...fields: string[]) => ({
  uuid: category(key),
  fields: fields.map((f) => ({ uuid: fieldUuid(`${key}.${f}`), is_used: true })),
})

interface Notification {
  uuid: string
  program: string
  title: string
  url: string
  secret: string | null
  is_active: boolean
  endpoint_uuid: string
  categories: { key: string; is_used: boolean; fields: { key: string; is_used: boolean }[] }[]
}
type Res = { result: Notification } & ErrorBody

const create = (body: Record<string, unknown>, token = owner.token) =>
  t.h.post<unknown, Res>(api(), { program, ...body }, { token })

const used = (n: Notification) =>
  n.categories.flatMap((c) => c.fields.filter((f) => f.is_used).map((f) => f.key))

describe('the categories and fields catalogue', () => {
  it('lists payment, refund and failure with stable field uuids, for owners and admins only', async () => {
    const res = await t.h.get<{
      results: { key: string; event_type: string; fields: { uuid: string; key: string }[] }[]
    }>(api('/categories'), { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body.results.map((c) => [c.key, c.event_type])).toEqual([
      ['payment', 'payment.paid'],
      ['refund', 'payment.refunded'],
      ['failure', 'payment.failed'],
    ])
    const amount = res.body.results[0]?.fields.find((f) => f.key === 'payment.amount')
    expect(amount?.uuid).toBe(fieldUuid('payment.amount'))
    expect((await t.h.get(api('/categories'), { token: admin.token })).status).toBe(200)
    expect((await t.h.get(api('/categories'), { token: acceptor.token })).status).toBe(403)
    expect((await t.h.get(api('/categories'), { token: holder.token })).status).toBe(403)
    expect((await t.h.get(api('/categories'))).status).toBe(401)
  })
})

describe('validation (spec section 5: title required, a field when active)', () => {
  it('refuses a missing title as fieldsValidation', async () => {
    const res = await create({ url: 'https://shop.example/hook', categories: [use('payment', 'amount')] })
    expect(res.status).toBe(400)
    expect(res.body.error.reason).toBe('fieldsValidation')
    expect(res.body.error.fields).toHaveProperty('title')
    const blank = await create({
      title: '  ',
      url: 'https://shop.example/hook',
      categories: [use('payment', 'amount')],
    })
    expect(blank.body.error).toMatchObject({
      reason: 'fieldsValidation',
      fields: { title: ['title is required'] },
    })
  })

  it('refuses an active notification without a field, and takes an inactive one', async () => {
    const none = await create({ title: 'Shop', url: 'https://shop.example/hook', categories: [] })
    expect(none.status).toBe(400)
    expect(none.body.error.reason).toBe('fieldsValidation')
    expect(none.body.error.fields?.categories?.[0]).toMatch(/at least one field/)
    const unflagged = await create({
      title: 'Shop',
      url: 'https://shop.example/hook',
      categories: [
        { uuid: category('payment'), fields: [{ uuid: fieldUuid('payment.amount'), is_used: false }] },
      ],
    })
    expect(unflagged.status).toBe(400)
    const inactive = await create({ title: 'Later', url: 'https://shop.example/hook', is_active: false })
    expect(inactive.status).toBe(201)
    expect(inactive.body.result.is_active).toBe(false)
  })

  it('refuses unknown fields, a field under another category, a bad URL and a bad secret, per field', async () => {
    const wrong = await create({
      title: 'Shop',
      url: 'https://shop.example/hook',
      categories: [
        { uuid: category('payment'), fields: [{ uuid: fieldUuid('refund.refund_amount'), is_used: true }] },
      ],
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.reason).toBe('fieldsValidation')
    expect(wrong.body.error.fields).toHaveProperty(['categories.0.fields.0.uuid'])
    const url = await create({ title: 'Shop', url: 'not a url', categories: [use('payment', 'amount')] })
    expect(url.status).toBe(400)
    expect(url.body.error).toMatchObject({ reason: 'fieldsValidation', fields: { url: expect.any(Array) } })
    const secret = await create({
      title: 'Shop',
      url: 'https://shop.example/hook',
      secret: 'hunter2',
      categories: [use('payment', 'amount')],
    })
    expect(secret.body.error).toMatchObject({
      reason: 'fieldsValidation',
      fields: { secret: expect.any(Array) },
    })
  })
})

describe('managing notifications', () => {
  it('creates one on a webhooks endpoint with a new secret, changes, rotates and deletes it', async () => {
    const res = await create({
      title: 'Till system',
      description: 'Our till',
      url: 'https://till.example/cardpay',
      categories: [use('payment', 'amount', 'reference'), use('refund', 'refund_amount')],
    })
    expect(res.status).toBe(201)
    const n = res.body.result
    expect(n.secret).toMatch(/^whsec_/)
    expect(used(n)).toEqual(['payment.reference', 'payment.amount', 'refund.refund_amount'])
    expect(n.categories.find((c) => c.key === 'failure')?.is_used).toBe(false)
    const endpoint = await findEndpoint(t.services.db, n.endpoint_uuid)
    expect(endpoint).toMatchObject({
      url: 'https://till.example/cardpay',
      program_uuid: program,
      is_active: true,
    })

    const listed = await t.h.get<{ results: Notification[] }>(api(`?program=${program}`), {
      token: owner.token,
    })
    expect(listed.body.results.map((r) => r.uuid)).toContain(n.uuid)

    // Fields not listed keep their flag; a listed one is switched off.
    const patched = await t.h.patch<unknown, Res>(
      api(`/${n.uuid}`),
      {
        url: 'https://till.example/v2',
        categories: [
          { uuid: category('payment'), fields: [{ uuid: fieldUuid('payment.reference'), is_used: false }] },
        ],
      },
      { token: owner.token },
    )
    expect(patched.status).toBe(200)
    expect(used(patched.body.result)).toEqual(['payment.amount', 'refund.refund_amount'])
    expect(patched.body.result.secret).toBe(n.secret)
    expect((await findEndpoint(t.services.db, n.endpoint_uuid))?.url).toBe('https://till.example/v2')

    const rotated = await t.h.patch<unknown, Res>(
      api(`/${n.uuid}`),
      { rotate_secret: true },
      { token: owner.token },
    )
    expect(rotated.body.result.secret).toMatch(/^whsec_/)
    expect(rotated.body.result.secret).not.toBe(n.secret)

    // Switching every field off while active is refused; deactivated, it may send nothing.
    const allOff = {
      categories: [
        { uuid: category('payment'), fields: [{ uuid: fieldUuid('payment.amount'), is_used: false }] },
        { uuid: category('refund'), fields: [{ uuid: fieldUuid('refund.refund_amount'), is_used: false }] },
      ],
    }
    const refused = await t.h.patch<unknown, Res>(api(`/${n.uuid}`), allOff, { token: owner.token })
    expect(refused.status).toBe(400)
    expect(refused.body.error.reason).toBe('fieldsValidation')
    const off = await t.h.patch<unknown, Res>(
      api(`/${n.uuid}`),
      { ...allOff, is_active: false },
      { token: owner.token },
    )
    expect(off.status).toBe(200)
    expect((await findEndpoint(t.services.db, n.endpoint_uuid))?.is_active).toBe(false)

    expect((await t.h.delete(api(`/${n.uuid}`), { token: owner.token })).status).toBe(204)
    expect((await t.h.get(api(`/${n.uuid}`), { token: owner.token })).status).toBe(404)
    expect(await findEndpoint(t.services.db, n.endpoint_uuid)).toBeUndefined()
    const after = await t.h.get<{ results: Notification[] }>(api(`?program=${program}`), {
      token: owner.token,
    })
    expect(after.body.results.map((r) => r.uuid)).not.toContain(n.uuid)
  })

  it('belongs to payment management programs only', async () => {
    const card = await t.h.post<unknown, { result: { uuid: string } }>(
      '/api/v1/manager/programs',
      { type: 1001, title: 'Gift cards' },
      { token: owner.token },
    )
    const res = await t.h.post<unknown, ErrorBody>(
      api(),
      {
        program: card.body.result.uuid,
        title: 'x',
        url: 'https://x.example/',
        categories: [use('payment', 'amount')],
      },
      { token: owner.token },
    )
    expect(res.status).toBe(422)
    expect(res.body.error.reason).toBe('not_payment_program')
  })
})

describe('who may manage notifications', () => {
  it('is the program owner only; admins read without secrets; others are refused on every route', async () => {
    const mine = (
      await create({ title: 'Mine', url: 'https://mine.example/', categories: [use('payment', 'amount')] })
    ).body.result
    const body = { title: 'x', url: 'https://x.example/', categories: [use('payment', 'amount')] }

    // Another owner: neither the program nor the notification exists for them (404).
    const theirs = await create(body, otherOwner.token)
    expect(theirs.status).toBe(404)
    expect(theirs.body.error.code).toBe('not_found')
    expect((await t.h.get(api(`?program=${program}`), { token: otherOwner.token })).status).toBe(404)
    expect((await t.h.get(api(`/${mine.uuid}`), { token: otherOwner.token })).status).toBe(404)
    expect((await t.h.patch(api(`/${mine.uuid}`), { title: 'y' }, { token: otherOwner.token })).status).toBe(
      404,
    )
    expect((await t.h.delete(api(`/${mine.uuid}`), { token: otherOwner.token })).status).toBe(404)

    // Acceptors and card holders: 403 on every route; no token: 401.
    for (const who of [acceptor, holder]) {
      expect((await create(body, who.token)).status).toBe(403)
      expect((await t.h.get(api(`?program=${program}`), { token: who.token })).status).toBe(403)
      expect((await t.h.get(api(`/${mine.uuid}`), { token: who.token })).status).toBe(403)
      expect((await t.h.patch(api(`/${mine.uuid}`), { title: 'y' }, { token: who.token })).status).toBe(403)
      expect((await t.h.delete(api(`/${mine.uuid}`), { token: who.token })).status).toBe(403)
    }
    expect((await t.h.get(api(`/${mine.uuid}`))).status).toBe(401)

    // Admins read (without the secret) but do not change.
    const read = await t.h.get<Res>(api(`/${mine.uuid}`), { token: admin.token })
    expect(read.status).toBe(200)
    expect(read.body.result.secret).toBeNull()
    const list = await t.h.get<{ results: Notification[] }>(api(`?program=${program}`), {
      token: admin.token,
    })
    expect(list.body.results.every((r) => r.secret === null)).toBe(true)
    expect((await t.h.patch(api(`/${mine.uuid}`), { title: 'y' }, { token: admin.token })).status).toBe(403)
    expect((await create(body, admin.token)).status).toBe(403)
    expect((await t.h.get<Res>(api(`/${mine.uuid}`), { token: owner.token })).body.result.title).toBe('Mine')
  })
})
