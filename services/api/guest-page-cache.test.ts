import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { modules } from '../../modules/index.ts'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { expectStatus, type Member, seeding, seedMember, unique } from '../../tests/support/factories.ts'
import { type SeededRestaurant, seedRestaurant, upload } from '../../tests/support/food.ts'
import { loadWeb, modulesPageStamp, type WebHandler } from './web.ts'

/**
 * The shared render of the food guest pages (web.ts `renderShared`, docs/food.md "Speed") against
 * the real API, PostgreSQL and Redis: a restaurant's page rendered once serves every guest for as
 * long as its data is unchanged, and the next request after a change made through the API (a
 * price, a name, the kitchen's pause, the brand) shows the change. The web build is a stand-in
 * whose server entry renders, like the real one, from the API's answers (the brand of the host and
 * the restaurant) and numbers its renders.
 */

type Render = (request: Request) => Promise<{ status: number; body: string }>
const hook = globalThis as { __guestPageCacheRender?: Render }

let t: TestContext
let owner: Member
let restaurant: SeededRestaurant
let dist: string
let web: WebHandler
let renders = 0

beforeAll(async () => {
  t = await createTestContext()
  owner = await seedMember(seeding(t), 'owner', { legal_type: 1, company_name: 'Cache BV' })
  restaurant = await seedRestaurant(owner, { restaurant: { title: unique('Eetcafe Cache') } })
  hook.__guestPageCacheRender = async (request) => {
    renders++
    const url = new URL(request.url)
    const host = request.headers.get('host') ?? ''
    const [brand, place] = await Promise.all([
      t.app.request(`/api/v1/food/brand?host=${encodeURIComponent(host)}`),
      t.app.request(`/api/v1/food/restaurants/${url.pathname.split('/').pop()}`),
    ])
    if (!place.ok) return { status: 404, body: `render ${renders}|not found` }
    const colour = brand.ok
      ? ((await brand.json()) as { result: { theme: { color: string } } }).result.theme.color
      : '-'
    const { result } = (await place.json()) as {
      result: {
        title: string
        paused_until: string | null
        categories: { products: { title: string; price: number }[] }[]
      }
    }
    const dishes = result.categories.flatMap((c) => c.products.map((p) => `${p.title} ${p.price}`))
    return {
      status: 200,
      body: `render ${renders}|${result.title}|${dishes.join(',')}|paused ${result.paused_until ?? 'no'}|colour ${colour}`,
    }
  }
  dist = await mkdtemp(path.join(tmpdir(), 'cardpay-web-cache-'))
  await mkdir(path.join(dist, 'client'), { recursive: true })
  await mkdir(path.join(dist, 'server'), { recursive: true })
  await writeFile(
    path.join(dist, 'server', 'server.js'),
    `export default { fetch: async (request) => { const { status, body } = await globalThis.__guestPageCacheRender(request); return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } }) } }\n`,
  )
  const handler = await loadWeb(dist, { pageStamp: modulesPageStamp(modules, t.services) })
  if (!handler) throw new Error('no web handler for the test build')
  web = handler
}, 60_000)

afterAll(async () => {
  delete hook.__guestPageCacheRender
  await rm(dist, { recursive: true, force: true })
  await t.close()
})

/** A guest's request for the restaurant's page (no cookie but the language), as text. */
const page = async (host = 'localhost') => {
  const res = await web(
    new Request(`http://${host}/food/place/${restaurant.uuid}`, { headers: { cookie: 'lang=nl', host } }),
  )
  expect(res.status).toBe(200)
  return res.text()
}

describe('the shared render of a restaurant’s page', () => {
  it('serves one render to every guest while nothing changes, past the second a page without a stamp gets', async () => {
    const first = await page()
    expect(first).toContain('Margherita 950')
    expect(await page()).toBe(first)
    const rendered = renders
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(await page()).toBe(first)
    expect(renders).toBe(rendered)
  })

  it('shows a new price at the next request', async () => {
    const before = await page()
    expectStatus(
      await owner.api('PATCH', `/food/products/${restaurant.product}`, { price: 1075 }),
      200,
      'price',
    )
    const after = await page()
    expect(after).not.toBe(before)
    expect(after).toContain('Margherita 1075')
    expect(await page()).toBe(after)
  })

  it('shows a dish’s new name at the next request', async () => {
    await page()
    expectStatus(
      await owner.api('PATCH', `/food/products/${restaurant.product}`, { title: 'Margherita verde' }),
      200,
      'name',
    )
    expect(await page()).toContain('Margherita verde 1075')
  })

  it('shows the kitchen’s pause at the next request, and its end', async () => {
    expect(await page()).toContain('paused no')
    expectStatus(
      await owner.api('PATCH', `/food/programs/${restaurant.uuid}/pause`, { minutes: 30 }),
      200,
      'pause',
    )
    expect(await page()).toMatch(/paused \d{4}-\d\d-\d\dT/)
    expectStatus(
      await owner.api('PATCH', `/food/programs/${restaurant.uuid}/pause`, { until: null }),
      200,
      'reopen',
    )
    expect(await page()).toContain('paused no')
  })

  it('on the restaurant’s domain: a new brand colour shows at the next request', async () => {
    const domain = `cache-${Date.now().toString(36)}.localhost`
    const brand = (theme: string) =>
      upload(owner.api, '/food/branding', { program_uuid: restaurant.uuid, domain_name: domain, theme })
    expectStatus(await brand('#e63946'), 200, 'brand')
    expect(await page(domain)).toContain('colour #e63946')
    expect(await page('localhost')).toContain('colour -')
    expectStatus(await brand('#2a9d8f'), 200, 'brand again')
    expect(await page(domain)).toContain('colour #2a9d8f')
  })

  it('an unknown restaurant’s not-found page is rendered for each request, never shared', async () => {
    const missing = () =>
      web(
        new Request('http://localhost/food/place/00000000-0000-4000-8000-000000000000', {
          headers: { cookie: 'lang=nl' },
        }),
      )
    const before = renders
    const first = await missing()
    const second = await missing()
    expect([first.status, second.status]).toEqual([404, 404])
    expect(await second.text()).not.toBe(await first.text())
    // One render each: the render made for sharing answers its request, not rendered twice.
    expect(renders - before).toBe(2)
  })
})
