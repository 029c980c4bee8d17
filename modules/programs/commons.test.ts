import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { type SignedIn, seedUser, signInAs } from '../../tests/support/factories.ts'
import type { ErrorBody } from '../platform/http.ts'
import type { Page } from '../platform/pagination.ts'

let t: TestContext
let owner: SignedIn
let acceptor: SignedIn
let admin: SignedIn
let holder: SignedIn

beforeAll(async () => {
  t = await createTestContext()
  const sign = async (type: 1 | 2 | 3 | 4) => signInAs(t.h, await seedUser(t, { type }))
  ;[owner, acceptor, admin, holder] = await Promise.all([sign(1), sign(2), sign(4), sign(3)])
})
afterAll(() => t.close())

const commons = (path: string, who: SignedIn | null = owner, lang?: string) =>
  t.h.get<Page<Record<string, unknown>> & ErrorBody>(`/api/v1/manager/commons/${path}`, {
    ...(who ? { token: who.token } : {}),
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  })

describe('commons lists', () => {
  it('lists program and acceptor statuses with stable uuids, filtered by status type', async () => {
    const all = await commons('statuses')
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ count: 12, pages: 1, next: null, previous: null })
    expect(all.body.results.map((s) => s.id)).toEqual([
      11001, 11002, 11003, 11004, 11005, 11006, 11007, 21001, 21002, 21003, 21004, 21005,
    ])
    expect(all.body.results[0]).toMatchObject({ title: 'active', status_type: 11, uuid: expect.any(String) })
    const again = await commons('statuses?status_type=21')
    expect(again.body.results.map((s) => s.title)).toEqual([
      'active',
      'pending',
      'unsubscribed',
      'rejected',
      'blocked',
    ])
    expect(again.body.results[0]!.uuid).toBe(all.body.results[7]!.uuid)
    expect((await commons('statuses?status_type=31')).status).toBe(400)
    const types = await commons('status-types')
    expect(types.body.results.map((s) => [s.id, s.title])).toEqual([
      [11, 'program'],
      [21, 'acceptor'],
    ])
  })

  it('describes in the caller’s language', async () => {
    const nl = await commons('statuses?status_type=11', owner)
    expect(nl.headers.get('content-language')).toBe('nl')
    expect(nl.body.results[6]!.description).toBe(
      'Geblokkeerd: niet beschikbaar voor acceptanten en kaarthouders',
    )
    const uk = await commons('program-types', owner, 'uk')
    expect(uk.body.results.map((p) => p.id)).toEqual([1001, 2001, 3001, 4001, 5001])
    expect(uk.body.results[0]!.description).toBe('Ваучери й подарункові картки')
    const en = await commons('value-types?lang=en', owner, 'de')
    expect(en.body.results).toEqual([
      { id: 1, title: 'amount', description: 'A fixed amount in the program currency' },
      { id: 2, title: 'percent', description: 'A percentage of the amount due' },
    ])
  })

  it('lists currencies with EUR first as the default', async () => {
    const res = await commons('currencies?lang=en')
    expect(res.body.results[0]).toEqual({
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
      decimals: 2,
      is_default: true,
    })
    expect(res.body.results.filter((c) => c.is_default)).toHaveLength(1)
    expect(res.body.results.map((c) => c.code)).toEqual(expect.arrayContaining(['USD', 'GBP', 'PLN']))
  })

  it('lists reminder sender types and reminder templates with their placeholders kept', async () => {
    const senders = await commons('reminder-sender-types?lang=en')
    expect(senders.body.results.map((s) => [s.id, s.title])).toEqual([
      [1, 'beforeDueDate'],
      [2, 'afterDueDate'],
    ])
    const templates = await commons('reminder-templates?lang=de')
    expect(templates.body.count).toBe(4)
    const [friendly, , formal] = templates.body.results
    expect(friendly).toMatchObject({
      key: 'friendly',
      title: 'Freundliche Erinnerung',
      subject: 'Rechnung {invoice_number} ist am {due_date} fällig',
      is_formal: false,
      is_system: true,
      sender_type: { id: 1, title: 'beforeDueDate' },
      value: 3,
      placeholders: ['name', 'invoice_number', 'amount', 'due_date', 'company', 'pay_link'],
    })
    expect(friendly!.text).toContain('Online bezahlen: {pay_link}')
    expect(formal).toMatchObject({ is_formal: true, sender_type: { id: 2 }, value: 21 })
    expect(formal!.text).toContain('Sehr geehrte(r) {name},')
  })

  it('is for owners, acceptors and admins: card holders 403, no token 401', async () => {
    const paths = [
      'status-types',
      'statuses',
      'program-types',
      'currencies',
      'value-types',
      'reminder-sender-types',
      'reminder-templates',
    ]
    for (const path of paths) {
      for (const who of [owner, acceptor, admin]) expect((await commons(path, who)).status, path).toBe(200)
      expect((await commons(path, holder)).status, path).toBe(403)
      expect((await commons(path, null)).status, path).toBe(401)
    }
  })
})

describe('commons images', () => {
  const upload = (body: Blob, name: string, who: SignedIn | null = owner, field = 'image') => {
    const form = new FormData()
    form.append(field, body, name)
    return t.h.request<{ result: Record<string, unknown> } & ErrorBody>(
      'POST',
      '/api/v1/manager/commons/images',
      {
        raw: form,
        ...(who ? { token: who.token } : {}),
      },
    )
  }

  it('stores a PNG as a JPG, keeping its proportions, and serves it to anyone', async () => {
    const png = await sharp({
      create: { width: 800, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    const res = await upload(new Blob([png], { type: 'image/png' }), 'logo.png')
    expect(res.status).toBe(201)
    expect(res.body.result).toMatchObject({ width: 800, height: 500, url: expect.stringMatching(/\.jpg$/) })
    const url = res.body.result.url as string
    const served = await t.app.request(url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    const bytes = Buffer.from(await served.arrayBuffer())
    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 500 })
    // Transparency became white.
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
    expect(data[0]).toBeGreaterThan(240)
    const row = await t.services.db
      .selectFrom('program_images')
      .selectAll()
      .where('id', '=', res.body.result.uuid as string)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ owner_user_id: owner.userId, bytes: bytes.length })
    expect(
      (await t.app.request('/api/v1/manager/commons/images/0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d.jpg')).status,
    ).toBe(404)
    expect((await t.app.request('/api/v1/manager/commons/images/..%2F..%2Fkeys.jpg')).status).toBe(400)
  })

  it('shrinks a large JPG to 2048 px and strips its metadata', async () => {
    const jpg = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#4d7cfe' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .jpeg()
      .toBuffer()
    const res = await upload(new Blob([jpg], { type: 'image/jpeg' }), 'wide.jpg', acceptor)
    expect(res.status).toBe(201)
    expect(res.body.result).toMatchObject({ width: 2048, height: 683 })
    const served = Buffer.from(await (await t.app.request(res.body.result.url as string)).arrayBuffer())
    expect((await sharp(served).metadata()).exif).toBeUndefined()
  })

  it('refuses other types, files over 1 MB and missing files (400), and bodies over the limit (413)', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    const wrongType = await upload(new Blob([gif], { type: 'image/png' }), 'fake.png')
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.error.fields).toEqual({ image: ['the image must be a JPG or PNG'] })
    const text = await upload(new Blob(['hello'], { type: 'image/jpeg' }), 'hello.jpg')
    expect(text.body.error.fields).toEqual({ image: ['the image must be a JPG or PNG'] })
    // Noise compresses badly: a real PNG of about 1.4 MB.
    const noisy = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
      .png()
      .toBuffer()
    expect(noisy.length).toBeGreaterThan(1024 * 1024)
    const big = await upload(new Blob([noisy], { type: 'image/png' }), 'big.png')
    expect(big.status).toBe(400)
    expect(big.body.error.fields).toEqual({ image: ['the image must be at most 1 MB'] })
    const huge = await upload(new Blob([randomBytes(3 * 1024 * 1024)], { type: 'image/png' }), 'huge.png')
    expect(huge.status).toBe(413)
    expect((await upload(new Blob([gif]), 'x.png', owner, 'picture')).status).toBe(400)
  })

  it('is for owners, acceptors and admins', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    expect((await upload(new Blob([png]), 'a.png', admin)).status).toBe(201)
    expect((await upload(new Blob([png]), 'a.png', holder)).status).toBe(403)
    expect((await upload(new Blob([png]), 'a.png', null)).status).toBe(401)
  })
})
