import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import {
  expectStatus,
  joinProgram,
  type Member,
  seeding,
  seedMember,
  unique,
} from '../../tests/support/factories.ts'
import {
  picture,
  seedRestaurant,
  upload,
  uploadFoodImage,
  validRestaurant,
} from '../../tests/support/food.ts'
import type { ErrorBody } from '../platform/http.ts'
import { restaurantDetailBody } from './queries/guest.ts'

let t: TestContext
let owner: Member
let otherOwner: Member
let acceptor: Member
let holder: Member

beforeAll(async () => {
  t = await createTestContext()
  const s = seeding(t)
  ;[owner, otherOwner, acceptor, holder] = await Promise.all([
    seedMember(s, 'owner', { legal_type: 1, company_name: 'Trattoria BV' }),
    seedMember(s, 'owner'),
    seedMember(s, 'acceptor'),
    seedMember(s, 'holder'),
  ])
}, 60_000)
afterAll(() => t.close())

type Json = Record<string, unknown>
type Answer = { result: Json; results: Json[] } & ErrorBody
const guest = () => seeding(t).guest

/** The field codes of a 400, as `field: code`. */
const fieldCodes = (body: ErrorBody) =>
  Object.entries(body.error.field_codes ?? {}).flatMap(([field, list]) =>
    list.map((p) => `${field}: ${p.code}`),
  )

describe('creating and changing a restaurant (the food wizard)', () => {
  it('creates a food program with its restaurant at draftStep2, every field as sent', async () => {
    const image = await uploadFoodImage(owner, 'programs')
    const body = validRestaurant(image, {
      can_pickup_in_rest: true,
      pickup_fee_heading: 'Packaging',
      pickup_fee: '0,50',
      default_asap: true,
      order_limit: 20,
      order_limit_message: 'We are busy, try again soon',
      delivering_sms_text: 'Your pizza is on its way',
      working_hours_exceptions: [{ date: '2026-12-25', closed: true }],
    })
    const res = await owner.api<Answer>('POST', '/food/programs', body)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.result).toMatchObject({
      title: body.title,
      status: 11003,
      step: 2,
      currency: 'EUR',
      image: { uuid: image, srcset: expect.stringContaining('160w') },
      pickup_fee: 50,
      min_order_amount: 1500,
      order_limit: 20,
      default_asap: true,
      type_of_delivery: 2,
      delivery_ranges: [
        { range_start: 0, range_end: 3, cost: 250 },
        { range_start: 3, range_end: 6, cost: 450 },
      ],
      working_hours_exceptions: [{ date: '2026-12-25', closed: true, start_time: null, end_time: null }],
    })
    expect((res.body.result.working_hours as Json[]).length).toBe(7)
    const read = await owner.api<Answer>('GET', `/food/programs/${res.body.result.uuid}`)
    expect(read.body.result).toEqual(res.body.result)
  })

  it('refuses bad input with every problem named by field and code, and creates nothing', async () => {
    const before = await t.services.db
      .selectFrom('programs')
      .select('id')
      .where('owner_user_id', '=', owner.id)
      .execute()
    const res = await owner.api<ErrorBody>('POST', '/food/programs', {
      title: ' ',
      description: '',
      delivery_ranges: [
        { range_start: 0, range_end: 3, cost: '2,' },
        { range_start: 2, range_end: 5, cost: 100 },
      ],
      working_hours: [{ day_of_week: 1, start_time: '9:00', end_time: '17:00' }],
      working_hours_exceptions: [
        { date: '2026-12-25', closed: true },
        { date: '2026-12-25', closed: true },
      ],
      latitude: 52.1,
      longitude: 4.3,
    })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('validation_failed')
    expect(fieldCodes(res.body).sort()).toEqual(
      [
        'title: required',
        'description: required',
        'address: required',
        'image: required',
        'delivery_ranges.0.cost: cost_separator_at_edge',
        'delivery_ranges.1.range_start: range_overlaps_previous',
        'working_hours.0.start_time: invalid_time_format',
        'working_hours_exceptions.1.date: date_already_exists',
      ].sort(),
    )
    expect(res.body.error.fields?.['working_hours_exceptions.1.date']).toEqual(['Date already exists'])
    const after = await t.services.db
      .selectFrom('programs')
      .select('id')
      .where('owner_user_id', '=', owner.id)
      .execute()
    expect(after.length).toBe(before.length)
  })

  it('refuses an image that is not the owner’s own upload, and unknown fields', async () => {
    const theirs = await uploadFoodImage(otherOwner, 'programs')
    const res = await owner.api<ErrorBody>('POST', '/food/programs', validRestaurant(theirs))
    expect(res.status).toBe(400)
    expect(fieldCodes(res.body)).toEqual(['image: image_unknown'])
    const unknown = await owner.api<ErrorBody>('POST', '/food/programs', {
      ...validRestaurant(theirs),
      colour: 'red',
    })
    expect(fieldCodes(unknown.body)).toContain('_: unknown_field')
  })

  it('zip code delivery: zip codes must exist, costs not start or end with a separator', async () => {
    const image = await uploadFoodImage(owner, 'programs')
    const res = await owner.api<ErrorBody>(
      'POST',
      '/food/programs',
      validRestaurant(image, {
        type_of_delivery: 1,
        delivery_range_zip_codes: [
          { zip_code: '1011', cost: '.50' },
          { zip_code: '0123', cost: 100 },
          { zip_code: '1012 AB', cost: null },
        ],
      }),
    )
    expect(fieldCodes(res.body)).toEqual([
      'delivery_range_zip_codes.0.cost: cost_separator_at_edge',
      'delivery_range_zip_codes.1.zip_code: zip_code_not_found',
      'delivery_range_zip_codes.2.cost: required',
    ])
    expect(res.body.error.fields?.['delivery_range_zip_codes.1.zip_code']).toEqual([
      'One of the zip codes does not exist',
    ])
  })

  it('PATCH merges the change, checks the whole restaurant again and changes nothing when refused', async () => {
    const { uuid } = await seedRestaurant(owner, { status: 'draft' })
    const ok = await owner.api<Answer>('PATCH', `/food/programs/${uuid}`, {
      title: 'Trattoria Roma',
      can_pickup_in_rest: true,
      delivery_ranges: [],
      working_hours: [{ day_of_week: 5, start_time: '17:00', end_time: '02:00' }],
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.result).toMatchObject({
      title: 'Trattoria Roma',
      delivery_ranges: [],
      can_pickup_in_rest: true,
    })
    expect((ok.body.result.working_hours as Json[]).filter((d) => d.enabled)).toEqual([
      { day_of_week: 5, enabled: true, start_time: '17:00', end_time: '02:00' },
    ])
    // Without pickup a delivery range is needed again: refused, nothing changes.
    const bad = await owner.api<ErrorBody>('PATCH', `/food/programs/${uuid}`, {
      can_pickup_in_rest: false,
      title: 'X',
    })
    expect(bad.status).toBe(400)
    expect(fieldCodes(bad.body)).toEqual(['delivery_ranges: delivery_range_required'])
    const read = await owner.api<Answer>('GET', `/food/programs/${uuid}`)
    expect(read.body.result).toMatchObject({ title: 'Trattoria Roma', can_pickup_in_rest: true })
  })

  it('a food program made through manager/programs answers defaults, then its restaurant moves it to draftStep2', async () => {
    const made = await owner.api<Answer>('POST', '/manager/programs', { type: 4001, title: 'Pizzeria Uno' })
    const uuid = made.body.result.uuid as string
    const read = await owner.api<Answer>('GET', `/food/programs/${uuid}`)
    expect(read.body.result).toMatchObject({ status: 11002, step: 1, image: null, type_of_delivery: 2 })
    expect((read.body.result.working_hours as Json[]).map((d) => d.enabled)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ])
    // The restaurant step is not done: the wizard cannot skip it.
    const skip = await owner.api<ErrorBody>('PATCH', `/manager/programs/${uuid}`, { status: 11003 })
    expect(skip.status).toBe(422)
    expect(skip.body.error.reason).toBe('restaurant_not_complete')
    const image = await uploadFoodImage(owner, 'programs')
    const { title: _title, ...rest } = validRestaurant(image)
    const saved = await owner.api<Answer>('PATCH', `/food/programs/${uuid}`, rest)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.result).toMatchObject({ title: 'Pizzeria Uno', status: 11003, step: 2 })
  })

  it('draftStep3 and activation need an active product (menu_empty)', async () => {
    const image = await uploadFoodImage(owner, 'programs')
    const uuid = expectStatus(
      await owner.api<Answer>('POST', '/food/programs', validRestaurant(image)),
      201,
      'create',
    ).result.uuid as string
    const empty = await owner.api<ErrorBody>('PATCH', `/manager/programs/${uuid}`, { status: 11004 })
    expect(empty.status).toBe(422)
    expect(empty.body.error.reason).toBe('menu_empty')
    const { uuid: full } = await seedRestaurant(owner)
    const read = await owner.api<Answer>('GET', `/food/programs/${full}`)
    expect(read.body.result).toMatchObject({ status: 11001, step: null })
  })

  it('lists the owner’s food programs only; another owner’s is 404, another type 422', async () => {
    const list = await owner.api<{ count: number; results: Json[] }>('GET', '/food/programs?size=100')
    expect(list.status).toBe(200)
    expect(list.body.count).toBeGreaterThan(2)
    const theirs = await seedRestaurant(otherOwner, { status: 'draft' })
    expect(list.body.results.map((r) => r.uuid)).not.toContain(theirs.uuid)
    expect((await owner.api('GET', `/food/programs/${theirs.uuid}`)).status).toBe(404)
    expect((await owner.api('PATCH', `/food/programs/${theirs.uuid}`, { title: 'Mine' })).status).toBe(404)
    const card = await owner.api<Answer>('POST', '/manager/programs', { type: 3001, title: 'Not food' })
    const other = await owner.api<ErrorBody>('GET', `/food/programs/${card.body.result.uuid}`)
    expect(other.status).toBe(422)
    expect(other.body.error.reason).toBe('not_food_program')
  })
})

describe('the menu', () => {
  let restaurant: { uuid: string; category: string; product: string }

  beforeAll(async () => {
    restaurant = await seedRestaurant(owner)
  })

  it('keeps categories and products in the owner’s order and reorders them (products/order)', async () => {
    const drinks = expectStatus(
      await owner.api<Answer>('POST', '/food/categories', { program_uuid: restaurant.uuid, title: 'Drinks' }),
      201,
      'category',
    ).result.uuid as string
    const image = await uploadFoodImage(owner)
    const add = async (title: string) =>
      expectStatus(
        await owner.api<Answer>('POST', '/food/products', {
          category_uuid: drinks,
          title,
          description: `${title}, cold`,
          image,
          price: '2,75',
          quantity: 330,
          unit: 'milliliter',
        }),
        201,
        title,
      ).result
    const cola = await add('Cola')
    const water = await add('Water')
    expect(cola).toMatchObject({
      price: 275,
      quantity: 330,
      unit: 'milliliter',
      is_active: true,
      position: 0,
    })
    expect(water.position).toBe(1)
    const ordered = await owner.api<Answer>('POST', '/food/products/order', {
      program_uuid: restaurant.uuid,
      order: [
        { category_uuid: drinks, index: 0 },
        { category_uuid: restaurant.category, index: 1 },
        { product_uuid: water.uuid, index: 0 },
        { product_uuid: cola.uuid, index: 1 },
      ],
    })
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200)
    expect(ordered.body.results.map((c) => c.title)).toEqual(['Drinks', 'Pizza'])
    const products = await owner.api<Answer>('GET', `/food/products?program_uuid=${restaurant.uuid}`)
    expect(products.body.results.map((p) => p.title)).toEqual(['Water', 'Cola', 'Margherita'])
    // Naming another restaurant's product: nothing changes.
    const theirs = await seedRestaurant(otherOwner, { status: 'draft' })
    const foreign = await owner.api<ErrorBody>('POST', '/food/products/order', {
      program_uuid: restaurant.uuid,
      order: [
        { product_uuid: cola.uuid, index: 0 },
        { product_uuid: theirs.product, index: 1 },
      ],
    })
    expect(fieldCodes(foreign.body)).toEqual(['order.1.product_uuid: product_unknown'])
    const again = await owner.api<Answer>(
      'GET',
      `/food/products?program_uuid=${restaurant.uuid}&category_uuid=${drinks}`,
    )
    expect(again.body.results.map((p) => p.title)).toEqual(['Water', 'Cola'])
  })

  it('checks products: required fields, complete-or-empty variants and extras, duplicate keywords', async () => {
    const res = await owner.api<ErrorBody>('POST', '/food/products', {
      category_uuid: restaurant.category,
      title: ' ',
      price: 100,
      quantity: 1,
      unit: 'bucket',
      keywords: ['spicy', 'Spicy'],
      variants: [{ title: 'Large', price: 100 }],
      extras: [{ title: '', quantity: null, unit: '', price: '' }],
    })
    expect(res.status).toBe(400)
    expect(fieldCodes(res.body)).toEqual([
      'title: required',
      'description: required',
      'image: required',
      'unit: invalid_choice',
      'keywords.1: keyword_already_exists',
      'keywords: duplicate_keywords',
      'variants.0.quantity: fill_in_all_fields',
      'variants.0.unit: fill_in_all_fields',
    ])
    const noCategory = await owner.api<ErrorBody>('POST', '/food/products', { title: 'Lost' })
    expect(fieldCodes(noCategory.body)).toContain('category_uuid: required')
  })

  it('changes variants and extras in place (ids stay), drops empty rows, refuses foreign ids', async () => {
    const before = expectStatus(
      await owner.api<Answer>('GET', `/food/products?program_uuid=${restaurant.uuid}`),
      200,
      'list',
    )
    const margherita = before.results.find((p) => p.uuid === restaurant.product) as Json
    const large = (margherita.variants as Json[])[0] as Json
    const res = await owner.api<Answer>('PATCH', `/food/products/${restaurant.product}`, {
      variants: [
        { uuid: large.uuid, title: 'Large', quantity: 1, unit: 'piece', price: 1350 },
        { title: 'Family', quantity: 1, unit: 'piece', price: 1950 },
        { title: '', quantity: null, unit: null, price: null },
      ],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.result.variants).toEqual([
      { uuid: large.uuid, title: 'Large', quantity: 1, unit: 'piece', price: 1350 },
      { uuid: expect.any(String), title: 'Family', quantity: 1, unit: 'piece', price: 1950 },
    ])
    expect((res.body.result.extras as Json[]).map((e) => e.title)).toEqual(['Extra cheese'])
    const foreign = await owner.api<ErrorBody>('PATCH', `/food/products/${restaurant.product}`, {
      extras: [{ uuid: large.uuid, title: 'Olives', quantity: 20, unit: 'gram', price: 50 }],
    })
    expect(fieldCodes(foreign.body)).toEqual(['extras.0.uuid: option_unknown'])
  })

  it('an empty category can be deleted, one with products not', async () => {
    const full = await owner.api<ErrorBody>('DELETE', `/food/categories/${restaurant.category}`)
    expect(full.status).toBe(409)
    expect(full.body.error.reason).toBe('category_not_empty')
    const spare = expectStatus(
      await owner.api<Answer>('POST', '/food/categories', {
        program_uuid: restaurant.uuid,
        title: 'Desserts',
      }),
      201,
      'category',
    ).result.uuid
    expect((await owner.api('DELETE', `/food/categories/${spare}`)).status).toBe(204)
    expect((await owner.api('PATCH', `/food/categories/${spare}`, { title: 'Gone' })).status).toBe(404)
  })

  it('acceptors working at the restaurant edit the menu; not its settings; a former acceptor is refused', async () => {
    const staff = await seedMember(seeding(t), 'acceptor')
    const place = await joinProgram(owner, restaurant.uuid, staff)
    const image = await uploadFoodImage(staff)
    const added = await staff.api<Answer>('POST', '/food/products', {
      category_uuid: restaurant.category,
      title: 'Diavola',
      description: 'Spicy salami',
      image,
      price: 1150,
      quantity: 1,
      unit: 'piece',
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect((await staff.api('GET', `/food/programs/${restaurant.uuid}`)).status).toBe(200)
    const list = await staff.api<{ results: Json[] }>('GET', '/food/programs')
    expect(list.body.results.map((r) => r.uuid)).toEqual([restaurant.uuid])
    const settings = await staff.api<ErrorBody>('PATCH', `/food/programs/${restaurant.uuid}`, {
      title: 'Ours',
    })
    expect(settings.status).toBe(403)
    // An acceptor with no place in the restaurant: it does not exist for them.
    expect((await acceptor.api('GET', `/food/categories?program_uuid=${restaurant.uuid}`)).status).toBe(404)
    // Unsubscribed: 403 not_program_acceptor.
    expect((await owner.api('DELETE', `/manager/program-acceptors/${place}`)).status).toBe(204)
    const former = await staff.api<ErrorBody>('PATCH', `/food/products/${added.body.result.uuid}`, {
      title: 'Mine',
    })
    expect(former.status).toBe(403)
    expect(former.body.error.reason).toBe('not_program_acceptor')
  })

  it('product images are kept in four widths as WebP and JPG, served publicly', async () => {
    const res = await upload<Answer>(owner.api, '/food/products/images', {
      image: { bytes: await picture(1200, 900, 'png'), name: 'pizza.png', type: 'image/png' },
    })
    expect(res.status).toBe(201)
    const image = res.body.result as { url: string; srcset: string; srcset_fallback: string; width: number }
    expect(image.width).toBe(1200)
    expect(image.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['160w', '320w', '640w', '960w'])
    expect(image.url).toMatch(/-640\.jpg$/)
    const webp = await t.h.get(image.srcset.split(' ')[0] as string)
    expect(webp.status).toBe(200)
    expect(webp.headers.get('content-type')).toBe('image/webp')
    const small = await upload<Answer>(owner.api, '/food/products/images', {
      image: { bytes: await picture(200, 200), name: 'small.jpg', type: 'image/jpeg' },
    })
    expect((small.body.result as { srcset: string }).srcset).toMatch(/160w, .*200w$/)
    const gif = await upload<ErrorBody>(owner.api, '/food/products/images', {
      image: { bytes: Buffer.from('GIF89a not really'), name: 'x.gif', type: 'image/gif' },
    })
    expect(fieldCodes(gif.body)).toEqual(['image: image_not_jpg_png'])
  })
})

describe('terms, privacy, brand and announcements', () => {
  let restaurant: { uuid: string; category: string; product: string }

  beforeAll(async () => {
    restaurant = await seedRestaurant(owner)
  })

  it('uploads terms and privacy as PDF, answering their uri for the program', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% a tiny pdf\n')
    const terms = await upload<{ uri: string }>(owner.api, '/food/terms-and-conditions', {
      file: { bytes: pdf, name: 'terms.pdf', type: 'application/pdf' },
    })
    expect(terms.status).toBe(201)
    expect(terms.body.uri).toMatch(/^\/api\/v1\/food\/documents\/[0-9a-f-]{36}\.pdf$/)
    const privacy = await upload<{ uri: string }>(owner.api, '/food/privacy', {
      file: { bytes: pdf, name: 'privacy.pdf', type: 'application/pdf' },
    })
    const saved = await owner.api<Answer>('PATCH', `/food/programs/${restaurant.uuid}`, {
      tc_pdf_url: terms.body.uri,
      privacy_pdf_url: privacy.body.uri,
    })
    expect(saved.body.result).toMatchObject({ tc_pdf_url: terms.body.uri, privacy_pdf_url: privacy.body.uri })
    const served = await t.h.get(terms.body.uri)
    expect(served.headers.get('content-type')).toBe('application/pdf')
    const notPdf = await upload<ErrorBody>(owner.api, '/food/privacy', {
      file: { bytes: Buffer.from('hello'), name: 'x.pdf', type: 'application/pdf' },
    })
    expect(fieldCodes(notPdf.body)).toEqual(['file: pdf_required'])
    // Swapped: a privacy statement is not terms.
    const swapped = await owner.api<ErrorBody>('PATCH', `/food/programs/${restaurant.uuid}`, {
      tc_pdf_url: privacy.body.uri.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000'),
    })
    expect(fieldCodes(swapped.body)).toEqual(['tc_pdf_url: document_unknown'])
  })

  it('saves a brand: domain, colour with 10 shades, switches, SEO and logos', async () => {
    const domain = `${unique('pizza').replace(' ', '-')}.nl`
    const res = await upload<Answer>(owner.api, '/food/branding', {
      program_uuid: restaurant.uuid,
      domain_name: domain.toUpperCase(),
      theme: '#E63946',
      disable_card: 'true',
      seo_title: 'Trattoria — pizza in Amsterdam',
      seo_keywords: 'pizza, pasta, , Pizza',
      seo_description: 'Wood-fired pizza delivered',
      google_analytics_id: 'G-ABC1234',
      app_logo: { bytes: await picture(300, 300, 'png'), name: 'logo.png', type: 'image/png' },
      favicon_logo: { bytes: await picture(512, 512, 'png'), name: 'icon.png', type: 'image/png' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.result).toMatchObject({
      domain_name: domain,
      theme: { color: '#e63946' },
      disable_card: true,
      disable_food: false,
      seo_keywords: 'pizza, pasta',
      seo_language: 'en',
      google_analytics_id: 'G-ABC1234',
      app_logo: { url: expect.stringMatching(/\.png$/) },
      favicon_logo: { srcset_fallback: expect.stringContaining('32w') },
    })
    expect((res.body.result.theme as { colors: string[] }).colors).toHaveLength(10)

    // The domain serves this restaurant's brand.
    const brand = await guest()<Answer>('GET', `/food/brand?host=${domain}:443`)
    expect(brand.body.result).toMatchObject({
      seo_title: 'Trattoria — pizza in Amsterdam',
      restaurant: { uuid: restaurant.uuid },
    })
    expect((await guest()('GET', '/food/brand?host=unknown.example')).status).toBe(404)

    // Another restaurant cannot take it, nor a portal's own host; a bad name is named.
    const other = await seedRestaurant(otherOwner, { status: 'draft' })
    const taken = await upload<ErrorBody>(otherOwner.api, '/food/branding', {
      program_uuid: other.uuid,
      domain_name: domain,
    })
    expect(taken.status).toBe(400)
    expect(taken.body.error.reason).toBe('domain_already_used')
    expect(fieldCodes(taken.body)).toEqual(['domain_name: domain_already_used'])
    const portal = await upload<ErrorBody>(otherOwner.api, '/food/branding', {
      program_uuid: other.uuid,
      domain_name: 'admin.localhost',
    })
    expect(portal.body.error.reason).toBe('domain_already_used')
    // Another owner naming this restaurant: it does not exist for them.
    const foreign = await upload<ErrorBody>(otherOwner.api, '/food/branding', {
      program_uuid: restaurant.uuid,
      seo_title: 'Mine',
    })
    expect(foreign.status).toBe(404)
    const bad = await upload<ErrorBody>(otherOwner.api, '/food/branding', {
      program_uuid: other.uuid,
      domain_name: 'pizza_napoli.nl',
    })
    expect(fieldCodes(bad.body)).toEqual(['domain_name: invalid_domain_name'])
    expect(bad.body.error.fields?.domain_name).toEqual(['The domain name is not valid'])
  })

  it('logos are PNG and large enough', async () => {
    const small = await upload<ErrorBody>(owner.api, '/food/branding', {
      program_uuid: restaurant.uuid,
      favicon_logo: { bytes: await picture(256, 256, 'png'), name: 'icon.png', type: 'image/png' },
    })
    expect(fieldCodes(small.body)).toEqual(['favicon_logo: logo_too_small'])
    const jpg = await upload<ErrorBody>(owner.api, '/food/branding', {
      program_uuid: restaurant.uuid,
      app_logo: { bytes: await picture(300, 300, 'jpeg'), name: 'logo.jpg', type: 'image/jpeg' },
    })
    expect(fieldCodes(jpg.body)).toEqual(['app_logo: logo_not_png'])
    const theme = await owner.api<Answer>('GET', '/food/theme')
    expect(theme.body.result).toMatchObject({ color: '#4d7cfe' })
  })

  it('announcements: create, change, delete; 404 notFount for none or another restaurant’s', async () => {
    const made = await owner.api<Answer>('POST', '/food/announcements', {
      program_uuid: restaurant.uuid,
      announcement: 'Closed on Christmas Day',
    })
    expect(made.status).toBe(201)
    const id = made.body.result.uuid as string
    const changed = await owner.api<Answer>('PUT', `/food/announcements/${id}`, {
      announcement: 'Open on Boxing Day',
    })
    expect(changed.body.result.announcement).toBe('Open on Boxing Day')
    const list = await owner.api<Answer>('GET', `/food/announcements?program_uuid=${restaurant.uuid}`)
    expect(list.body.results.map((a) => a.uuid)).toEqual([id])
    const shown = await guest()<{ announcements: Json[] }>('GET', '/food/restaurants')
    expect(shown.body.announcements).toContainEqual(
      expect.objectContaining({
        uuid: id,
        announcement: 'Open on Boxing Day',
        restaurant_uuid: restaurant.uuid,
      }),
    )
    const foreign = await otherOwner.api<ErrorBody>('PUT', `/food/announcements/${id}`, {
      announcement: 'Hacked',
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.reason).toBe('notFount')
    const blank = await owner.api<ErrorBody>('PUT', `/food/announcements/${id}`, { announcement: '  ' })
    expect(fieldCodes(blank.body)).toEqual(['announcement: required'])
    expect((await owner.api('DELETE', `/food/announcements/${id}`)).status).toBe(204)
    const gone = await owner.api<ErrorBody>('DELETE', `/food/announcements/${id}`)
    expect(gone.status).toBe(404)
    expect(gone.body.error.reason).toBe('notFount')
  })
})

describe('guests', () => {
  let restaurant: { uuid: string; category: string; product: string }
  let draft: { uuid: string; product: string }

  beforeAll(async () => {
    restaurant = await seedRestaurant(owner, { restaurant: { title: unique('Guest pizzeria') } })
    draft = await seedRestaurant(owner, { status: 'draft' })
  })

  it('lists active restaurants with their hours today and delivery cost; search by title or dish', async () => {
    const res = await guest()<{ data: Json[]; announcements: Json[] }>('GET', '/food/restaurants')
    expect(res.status).toBe(200)
    const item = res.body.data.find((r) => r.uuid === restaurant.uuid)
    expect(item).toMatchObject({
      delivery_cost: 250,
      currency: 'EUR',
      closed: false,
      closed_reason: null,
      opened_at: '00:00',
      closed_at: '24:00',
      current_day_of_week: expect.any(Number),
      // The clock its next opening is worded on, as on the restaurant's own page.
      time_zone: 'Europe/Amsterdam',
      image: { srcset: expect.stringContaining('w') },
    })
    expect(res.body.data.map((r) => r.uuid)).not.toContain(draft.uuid)
    const byTitle = await guest()<{ data: Json[] }>('GET', '/food/restaurants?search=guest%20PIZZERIA')
    expect(byTitle.body.data.map((r) => r.uuid)).toEqual([restaurant.uuid])
    const byDish = await guest()<{ data: Json[] }>('GET', '/food/restaurants?search=margherita')
    expect(byDish.body.data.map((r) => r.uuid)).toContain(restaurant.uuid)
    const none = await guest()<{ data: Json[] }>('GET', '/food/restaurants?search=sushi-burrito')
    expect(none.body.data).toEqual([])
  })

  it('shows a restaurant with its menu, hours and today; a draft or unknown one is 404', async () => {
    const res = await guest()<Answer>('GET', `/food/restaurants/${restaurant.uuid}`)
    expect(res.status).toBe(200)
    expect(res.body.result).toMatchObject({
      uuid: restaurant.uuid,
      closed: false,
      online_ordering: true,
      read_only_mode: false,
      current_day_of_week: expect.any(Number),
      today: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), exception: false },
      categories: [
        {
          uuid: restaurant.category,
          title: 'Pizza',
          products_count: 1,
          products: [{ uuid: restaurant.product, title: 'Margherita', price: 950, has_options: true }],
        },
      ],
    })
    expect((res.body.result.working_hours as Json[]).length).toBe(7)
    expect((await guest()('GET', `/food/restaurants/${draft.uuid}`)).status).toBe(404)
    expect((await guest()('GET', '/food/restaurants/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const searched = await guest()<Answer>('GET', `/food/restaurants/${restaurant.uuid}?search=vegetarian`)
    expect((searched.body.result.categories as Json[]).length).toBe(1)
    const nothing = await guest()<Answer>('GET', `/food/restaurants/${restaurant.uuid}?search=sushi`)
    expect(nothing.body.result.categories).toEqual([])
  })

  it('answers browsers compressed (made once a minute), the same JSON', async () => {
    const path = `/api/v1/food/restaurants/${restaurant.uuid}`
    const plain = await t.app.request(path)
    for (const coding of ['br', 'gzip'] as const) {
      const res = await t.app.request(path, { headers: { 'accept-encoding': coding } })
      expect(res.headers.get('content-encoding')).toBe(coding)
      expect(res.headers.get('vary')).toContain('Accept-Encoding')
      const bytes = Buffer.from(await res.arrayBuffer())
      const text = (coding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString()
      expect(JSON.parse(text)).toEqual(await plain.clone().json())
    }
  })

  it('answers an unchanged menu with 304 to its ETag, a changed one with 200 and a new tag', async () => {
    const path = `/api/v1/food/restaurants/${restaurant.uuid}`
    const first = await t.app.request(path, { headers: { 'accept-encoding': 'br' } })
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const again = await t.app.request(path, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    await owner.api('PATCH', `/food/products/${restaurant.product}`, { price: 990 })
    const changed = await t.app.request(path, { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    await owner.api('PATCH', `/food/products/${restaurant.product}`, { price: 950 })
  })

  it('reads the version once for every request that needs it, and ahead while the copy serves', async () => {
    let reads = 0
    // Each query PostgreSQL answers (a version read; a load only if the version moved).
    const counted = t.services.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        reads++
        return args.result
      },
    })
    await restaurantDetailBody(counted, restaurant.uuid)
    const start = Date.now()
    const clock = vi.spyOn(Date, 'now')
    try {
      // Past the second: twenty requests at once share one read.
      clock.mockReturnValue(start + 1500)
      reads = 0
      await Promise.all(Array.from({ length: 20 }, () => restaurantDetailBody(counted, restaurant.uuid)))
      expect(reads).toBe(1)
      // Within it, after 750 ms: answered from the copy at once, one read started behind it.
      clock.mockReturnValue(start + 2300)
      reads = 0
      await Promise.all(Array.from({ length: 20 }, () => restaurantDetailBody(counted, restaurant.uuid)))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(reads).toBe(1)
    } finally {
      clock.mockRestore()
    }
  })

  it('shows changes at once (the cached menu follows the version)', async () => {
    await guest()('GET', `/food/restaurants/${restaurant.uuid}`)
    await owner.api('PATCH', `/food/products/${restaurant.product}`, { title: 'Margherita DOC' })
    await owner.api('PATCH', `/food/programs/${restaurant.uuid}`, { description: 'Now with a new oven' })
    const res = await guest()<Answer>('GET', `/food/restaurants/${restaurant.uuid}`)
    expect(res.body.result.description).toBe('Now with a new oven')
    expect(res.body.result.categories).toMatchObject([{ products: [{ title: 'Margherita DOC' }] }])
  })

  it('shows a change made outside the food module within a second (a title through manager/programs)', async () => {
    await guest()('GET', `/food/restaurants/${restaurant.uuid}`)
    await owner.api('PATCH', `/manager/programs/${restaurant.uuid}`, { title: 'Pizzeria Nuova' })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const res = await guest()<Answer>('GET', `/food/restaurants/${restaurant.uuid}`)
    expect(res.body.result.title).toBe('Pizzeria Nuova')
  })

  it('read-only mode and ordering off close the restaurant with the owner’s words; an exception today closes it', async () => {
    await owner.api('PATCH', `/food/programs/${restaurant.uuid}`, {
      disable_online_ordering: true,
      order_limit_message: 'Back tomorrow',
    })
    const off = await guest()<Answer>('GET', `/food/restaurants/${restaurant.uuid}`)
    expect(off.body.result).toMatchObject({
      closed: true,
      closed_reason: 'ordering_disabled',
      closed_message: 'Back tomorrow',
    })
    const product = await guest()<Answer>('GET', `/food/products/${restaurant.product}`)
    expect(product.body.result).toMatchObject({ can_order: false, restaurant_closed: true })
    const today = (off.body.result.today as { date: string }).date
    await owner.api('PATCH', `/food/programs/${restaurant.uuid}`, {
      disable_online_ordering: false,
      working_hours_exceptions: [{ date: today, closed: true }],
    })
    const closed = await guest()<Answer>('GET', `/food/restaurants/${restaurant.uuid}`)
    expect(closed.body.result).toMatchObject({
      closed: true,
      closed_reason: 'closed_today',
      opened_at: null,
      today: { date: today, exception: true },
      working_hours_exceptions: [{ date: today, closed: true }],
    })
    await owner.api('PATCH', `/food/programs/${restaurant.uuid}`, { working_hours_exceptions: [] })
  })

  it('shows a product with its variants and extras; an inactive one is 404', async () => {
    const res = await guest()<Answer>('GET', `/food/products/${restaurant.product}`)
    expect(res.status).toBe(200)
    expect(res.body.result).toMatchObject({
      uuid: restaurant.product,
      price: 950,
      currency: 'EUR',
      can_order: true,
      restaurant_closed: false,
      variants: [{ title: 'Large', price: 1250, unit: 'piece' }],
      extras: [{ title: 'Extra cheese', quantity: 50, unit: 'gram', price: 100 }],
      restaurant: { uuid: restaurant.uuid },
    })
    await owner.api('PATCH', `/food/products/${restaurant.product}`, { is_active: false })
    expect((await guest()('GET', `/food/products/${restaurant.product}`)).status).toBe(404)
    const menu = await guest()<Answer>('GET', `/food/restaurants/${restaurant.uuid}`)
    expect(menu.body.result.categories).toEqual([])
    await owner.api('PATCH', `/food/products/${restaurant.product}`, { is_active: true })
    expect((await guest()('GET', `/food/products/${draft.product}`)).status).toBe(404)
  })

  it('JSON-LD: a schema.org Restaurant with its Menu; sitemap and robots per host', async () => {
    const res = await t.h.get<Json>(`/api/v1/food/restaurants/${restaurant.uuid}/json-ld?host=pizza.example`)
    expect(res.headers.get('content-type')).toContain('application/ld+json')
    expect(res.body).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      url: `http://pizza.example/food/place/${restaurant.uuid}`,
      hasMenu: {
        '@type': 'Menu',
        hasMenuSection: [
          {
            '@type': 'MenuSection',
            name: 'Pizza',
            hasMenuItem: [
              { '@type': 'MenuItem', offers: { '@type': 'Offer', price: '9.50', priceCurrency: 'EUR' } },
            ],
          },
        ],
      },
    })
    // A dish carries only what search engines read (no picture, size, availability or `@id`).
    const item = (res.body.hasMenu as { hasMenuSection: { hasMenuItem: Json[] }[] }).hasMenuSection[0]
      ?.hasMenuItem[0]
    expect(Object.keys(item ?? {}).sort()).toEqual(['@type', 'description', 'name', 'offers', 'url'])
    expect(item).toMatchObject({
      url: `http://pizza.example/food/product/${restaurant.product}`,
      offers: { '@type': 'Offer', price: '9.50', priceCurrency: 'EUR' },
    })
    const sitemap = await t.h.get<string>('/api/v1/food/sitemap.xml', { headers: { host: 'localhost:3000' } })
    expect(sitemap.body).toContain(`<loc>http://localhost:3000/food/place/${restaurant.uuid}</loc>`)
    expect(sitemap.body).not.toContain(draft.uuid)
    const root = await t.h.get<string>('/sitemap.xml', { headers: { host: 'localhost:3000' } })
    expect(root.status).toBe(200)
    expect(root.body).toContain('<urlset')
    const robots = await t.h.get<string>('/robots.txt', { headers: { host: 'pizza.example' } })
    expect(robots.body).toContain('Sitemap: http://pizza.example/sitemap.xml')
  })
})

describe('who may call', () => {
  it('is refused to card holders and admins (403) and without a token (401)', async () => {
    const { uuid } = await seedRestaurant(owner, { status: 'draft' })
    expect((await holder.api('GET', `/food/categories?program_uuid=${uuid}`)).status).toBe(403)
    expect((await t.h.get(`/api/v1/food/categories?program_uuid=${uuid}`)).status).toBe(401)
  })
})
