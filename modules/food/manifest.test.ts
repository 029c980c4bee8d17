import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { type Member, seeding, seedMember, unique } from '../../tests/support/factories.ts'
import { picture, seedRestaurant, upload } from '../../tests/support/food.ts'
import { defaultIconSvg, iconSource, webManifest } from './manifest.ts'
import type { BrandJson } from './queries/brand.ts'

let t: TestContext
let owner: Member

beforeAll(async () => {
  t = await createTestContext()
  owner = await seedMember(seeding(t), 'owner')
}, 60_000)
afterAll(() => t.close())

type Manifest = {
  name: string
  short_name: string
  theme_color: string
  start_url: string
  lang?: string
  icons: { src: string; sizes: string; type: string }[]
}

/** The PNG a host answers at `path`, with its size. */
async function icon(path: string, host: string) {
  const res = await t.app.request(path, { headers: { host } })
  const bytes = Buffer.from(await res.arrayBuffer())
  const meta = res.status === 200 ? await sharp(bytes).metadata() : undefined
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    width: meta?.width,
    height: meta?.height,
  }
}

describe('web app manifest per host', () => {
  it('the platform’s hosts: Cardpay with its own icons', async () => {
    const res = await t.h.get<string>('/manifest.webmanifest', { headers: { host: 'localhost:3000' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/manifest+json')
    const manifest = JSON.parse(
      typeof res.body === 'string' ? res.body : JSON.stringify(res.body),
    ) as Manifest
    expect(manifest).toMatchObject({ name: 'Cardpay', start_url: '/', theme_color: '#4d7cfe' })
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512'])
    expect(await icon('/icons/192.png', 'localhost:3000')).toMatchObject({
      status: 200,
      type: 'image/png',
      width: 192,
      height: 192,
    })
    expect(await icon('/icons/512.png', 'localhost:3000')).toMatchObject({ width: 512, height: 512 })
    expect((await t.app.request('/icons/64.png', { headers: { host: 'localhost:3000' } })).status).toBe(404)
  })

  it('a restaurant’s domain: its name, colour and icons from its favicon', async () => {
    const restaurant = await seedRestaurant(owner)
    const domain = `${unique('trattoria').replace(/\s/g, '-')}.example`
    const saved = await upload(owner.api, '/food/branding', {
      program_uuid: restaurant.uuid,
      domain_name: domain,
      theme: '#e63946',
      seo_title: 'Trattoria Roma — pizza',
      seo_language: 'de',
      // A wide favicon: the icon shows it whole on a square.
      favicon_logo: {
        bytes: await picture(1024, 512, 'png', '#2a9d8f'),
        name: 'icon.png',
        type: 'image/png',
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)

    const res = await t.h.get<Manifest>(`/api/v1/food/manifest.webmanifest?host=${domain}`)
    const manifest = (typeof res.body === 'string' ? JSON.parse(res.body) : res.body) as Manifest
    expect(manifest).toMatchObject({
      name: 'Trattoria Roma — pizza',
      theme_color: '#e63946',
      lang: 'de',
      start_url: '/',
    })
    const src = manifest.icons[1]?.src ?? ''
    expect(src).toMatch(/^\/icons\/512\.png\?v=[0-9a-f]+$/)
    const big = await icon(src, domain)
    expect(big).toMatchObject({ status: 200, width: 512, height: 512 })
    // From the favicon (teal), not the default icon (the brand's red).
    const res2 = await t.app.request(src, { headers: { host: domain } })
    const png = sharp(Buffer.from(await res2.arrayBuffer()))
    const middle = await png.clone().extract({ left: 256, top: 256, width: 1, height: 1 }).raw().toBuffer()
    expect([...middle]).toEqual([0x2a, 0x9d, 0x8f, 255])
    // Shown whole: the bands above and below are transparent.
    const top = await png.clone().extract({ left: 256, top: 10, width: 1, height: 1 }).raw().toBuffer()
    expect(top[3]).toBe(0)
    // The API twin names the same icon.
    expect((await t.app.request(`/api/v1/food/icons/192.png?host=${domain}`)).status).toBe(200)
  })
})

describe('icon sources (pure)', () => {
  const brand = (over: Partial<BrandJson> = {}) =>
    ({
      theme: { color: '#e63946', colors: [] },
      seo_title: '',
      seo_description: '',
      seo_language: 'nl',
      favicon_logo: null,
      app_logo: null,
      restaurant: {
        uuid: 'r',
        title: 'Eetcafé De Hoek aan de gracht',
        description: 'Soep',
        image: null,
        path: '/',
      },
      ...over,
    }) as unknown as BrandJson
  const image = (uuid: string, widths: number[], ext: string) => ({
    uuid,
    url: '',
    width: 960,
    height: 600,
    srcset: '',
    srcset_fallback: widths.map((w) => `/api/v1/food/images/${uuid}-${w}.${ext} ${w}w`).join(', '),
  })

  it('takes the favicon, then the app logo, then the restaurant’s picture, then the default', () => {
    const favicon = image('f0000000-0000-4000-8000-000000000001', [32, 180, 192, 512], 'png')
    const logo = image('a0000000-0000-4000-8000-000000000002', [128, 256], 'png')
    const photo = image('b0000000-0000-4000-8000-000000000003', [160, 320, 640, 960], 'jpg')
    expect(iconSource(brand({ favicon_logo: favicon, app_logo: logo }))).toMatchObject({
      kind: 'logo',
      file: `${favicon.uuid}-512.png`,
    })
    expect(iconSource(brand({ app_logo: logo }))).toMatchObject({
      kind: 'logo',
      file: `${logo.uuid}-256.png`,
    })
    const withPhoto = brand()
    withPhoto.restaurant.image = photo
    expect(iconSource(withPhoto)).toMatchObject({ kind: 'photo', file: `${photo.uuid}-960.jpg` })
    expect(iconSource(brand())).toEqual({ kind: 'default', color: '#e63946', version: 'e63946' })
    expect(iconSource(undefined)).toMatchObject({ kind: 'default', color: '#4d7cfe' })
  })

  it('names the brand: SEO title, a short name that fits under an icon', () => {
    const m = webManifest(brand()) as Record<string, string>
    expect(m.name).toBe('Eetcafé De Hoek aan de gracht')
    expect(m.short_name?.length).toBeLessThanOrEqual(12)
    expect(m.theme_color).toBe('#e63946')
    expect(webManifest(brand({ seo_title: 'De Hoek' })).name).toBe('De Hoek')
  })

  it('draws the default icon only in a well-formed colour', () => {
    expect(defaultIconSvg('#e63946')).toContain('fill="#e63946"')
    expect(defaultIconSvg('red"/><script>')).not.toContain('script')
  })
})
