import { randomBytes } from 'node:crypto'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { expectStatus, seedMember, unique } from '../support/factories.ts'
import { picture, type SeededRestaurant, seedRestaurant, upload, uploadFoodImage } from '../support/food.ts'
import { expectAccessible, expectNoHorizontalScroll } from './checks.ts'
import { portalUrl } from './portals.ts'
import { browserSeeding } from './seeding.ts'
import { closeSeedDb } from './users-seed.ts'

/** The `content` of every `<meta name="theme-color">` in the HTML, in order. */
function themeColours(html: string): string[] {
  return [...html.matchAll(/<meta name="theme-color" content="([^"]*)"/g)].map((m) => m[1] ?? '')
}

/**
 * The food area as a guest meets it (issue 14, item 5 and the brand of item 3): a restaurant with
 * its own domain (`*.localhost` reaches the test server in Chromium) and brand; a guest on a phone
 * opens `/food` on that domain and finds the page in the restaurant's colours, title, description,
 * favicon and analytics tag, with its schema.org JSON-LD, all in the server's HTML; finds the
 * restaurant by a dish's name, dismisses its announcement for good, opens it (the menu, the week's
 * hours with today marked) and a dish (price, variants, extras), in Dutch and in English. The
 * domain's sitemap.xml and robots.txt are the restaurant's; an unknown restaurant or dish is a
 * not-found page; the platform's own host lists it without the brand.
 */

test.afterAll(closeSeedDb)

const phone = { width: 390, height: 844 }
const port = Number(process.env.E2E_PORT ?? 3199)
const brandColour = '#e63946'

interface World {
  restaurant: SeededRestaurant
  title: string
  domain: string
  seoTitle: string
}

async function seedWorld(browser: Browser): Promise<World> {
  const s = browserSeeding(browser)
  const owner = await seedMember(s, 'owner', { legal_type: 1, company_name: unique('Hoek BV') })
  const title = unique('Eetcafe De Hoek')
  const restaurant = await seedRestaurant(owner, { restaurant: { title } })
  expectStatus(
    await owner.api('POST', '/food/announcements', {
      program_uuid: restaurant.uuid,
      announcement: 'Closed on Christmas Day',
    }),
    201,
    'an announcement',
  )
  const domain = `hoek-${randomBytes(4).toString('hex')}.localhost`
  const seoTitle = `${title} Amsterdam`
  const favicon = await picture(512, 512, 'png', brandColour)
  expectStatus(
    await upload(owner.api, '/food/branding', {
      program_uuid: restaurant.uuid,
      domain_name: domain,
      theme: brandColour,
      seo_title: seoTitle,
      seo_description: 'Broodjes, soep en pizza aan de gracht',
      seo_keywords: 'eetcafe, pizza, amsterdam',
      seo_language: 'nl',
      google_analytics_id: 'G-TEST12345',
      favicon_logo: { bytes: favicon, name: 'favicon.png', type: 'image/png' },
    }),
    200,
    'the brand',
  )
  await s.pageOf(owner).context().close()
  return { restaurant, title, domain, seoTitle }
}

let world: Promise<World> | undefined
const worldOf = (browser: Browser) => {
  world ??= seedWorld(browser)
  return world
}

const on = (domain: string, path: string) => `http://${domain}:${port}${path}`

/** A guest's phone on the restaurant's domain, in `lang`; the analytics script never leaves the machine. */
async function guestPage(browser: Browser, domain: string, lang: 'nl' | 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: phone })
  await context.addCookies([{ name: 'lang', value: lang, url: on(domain, '/') }])
  await context.route('https://www.googletagmanager.com/**', (route) => route.abort())
  const page = await context.newPage()
  const errors: string[] = []
  pageErrors.set(page, errors)
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return page
}

/** Script errors of each guest page: none is expected (a failed hydration, a query's error sent along). */
const pageErrors = new WeakMap<Page, string[]>()
const expectNoPageErrors = (page: Page) => expect(pageErrors.get(page) ?? [], 'page errors').toEqual([])

/** The HTML the server answers for `path` on the domain, before any script ran (Chromium resolves `*.localhost`). */
async function serverHtml(page: Page, domain: string, path: string): Promise<string> {
  if (!page.url().startsWith(on(domain, '/'))) await page.goto(on(domain, '/robots.txt'))
  return page.evaluate(
    async (url) => (await fetch(url, { headers: { accept: 'text/html' } })).text(),
    on(domain, path),
  )
}

test('the server renders /food on the restaurant’s domain in its brand, with its JSON-LD', async ({
  browser,
}) => {
  const w = await worldOf(browser)
  const page = await guestPage(browser, w.domain, 'nl')
  const html = await serverHtml(page, w.domain, '/food')
  // The first HTML, before any script: the brand, the list and the structured data are in it.
  expect(html).toContain(`<title>Restaurants · ${w.seoTitle}</title>`)
  expect(html).toMatch(/<meta name="description" content="Broodjes, soep en pizza aan de gracht"/)
  expect(html).toMatch(/<meta name="keywords" content="eetcafe, pizza, amsterdam"/)
  // Exactly one theme-color, the brand's (a browser reading two may take the platform's).
  expect(themeColours(html)).toEqual([brandColour])
  expect(html).toContain(`--brand-500:${brandColour}`)
  expect(html).toMatch(
    /<link rel="icon" type="image\/png" sizes="32x32" href="\/api\/v1\/food\/images\/[^"]+-32\.png"/,
  )
  expect(html).toContain('googletagmanager.com/gtag/js?id=G-TEST12345')
  expect(html).toContain('"@type":"Restaurant"')
  expect(html).toContain('"@type":"Menu"')
  expect(html).toContain(w.title)

  const place = await serverHtml(page, w.domain, `/food/place/${w.restaurant.uuid}`)
  expect(place).toContain('application/ld+json')
  expect(place).toContain('"@type":"MenuItem"')
  expect(place).toContain('Margherita')
  expect(place).toContain('data-testid="hours-today"')
  // The data sent along for hydration holds what the menu's rows draw, not the whole answer again.
  expect(place).not.toContain('category_uuid')
  expect(place).not.toMatch(/[{,]keywords:/)
  expect(themeColours(place)).toEqual([brandColour])

  // The domain's sitemap and robots are the restaurant's.
  const sitemap = await serverHtml(page, w.domain, '/sitemap.xml')
  expect(sitemap).toContain(`/food/place/${w.restaurant.uuid}`)
  expect(sitemap).toContain(`/food/product/${w.restaurant.product}`)
  const robots = await serverHtml(page, w.domain, '/robots.txt')
  expect(robots).toContain('Disallow: /api/')
  expect(robots).toContain(`Sitemap: http://${w.domain}`)
  await page.context().close()
})

test('a guest finds the restaurant by a dish, opens it and a dish, in Dutch', async ({ browser }) => {
  // Three axe runs and a reload on a phone: more than the default half minute on a busy machine.
  test.setTimeout(120_000)
  const w = await worldOf(browser)
  const page = await guestPage(browser, w.domain, 'nl')
  await page.goto(on(w.domain, '/food'))
  await expect(page).toHaveTitle(`Restaurants · ${w.seoTitle}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
  // The brand's colour is the page's primary colour.
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary-500').trim(),
  )
  expect(primary).toBe(brandColour)
  await expect(page.getByTestId('screen-title')).toHaveText('Restaurants')
  // On a phone the language switcher is its globe only: with "Nederlands" beside it, the header
  // cut the restaurant's own name short ("Eetcafé D…").
  const switcher = await page.getByTestId('language-switcher').boundingBox()
  expect(switcher?.width, 'the language switcher leaves the header to the brand name').toBeLessThan(70)

  // Its domain lists only it; a search for a dish finds it, one for nothing says so.
  const tiles = page.getByTestId('restaurant-tile')
  await expect(tiles).toHaveCount(1)
  await expect(tiles.getByTestId('restaurant-title')).toHaveText(w.title)
  await expect(tiles.getByTestId('restaurant-state')).toHaveText(/Open tot \d\d:\d\d|Nu open/)
  await expect(tiles.getByTestId('restaurant-delivery')).toContainText('Bezorging vanaf € 2,50')
  // Enter submits the search form: typed before the page is live (a phone on a slow line), the
  // browser sends it as a plain GET; once live, the app navigates.
  await page.getByTestId('food-search').fill('geen-gerecht-zo')
  await page.getByTestId('food-search').press('Enter')
  await expect(page.getByTestId('empty-state')).toContainText('Geen restaurant gevonden')
  await expect(page).toHaveURL(/search=geen-gerecht-zo/)
  await page.getByTestId('food-search').fill('margherita')
  await page.getByTestId('food-search').press('Enter')
  await expect(page).toHaveURL(/search=margherita/)
  await expect(tiles).toHaveCount(1)
  await expectNoHorizontalScroll(page)
  await expectAccessible(page)

  // The announcement goes away when dismissed, and stays away on this device.
  const announcement = page.getByTestId('food-announcement')
  await expect(announcement).toContainText('Closed on Christmas Day')
  await announcement.getByRole('button', { name: 'Melding sluiten' }).click()
  await expect(announcement).toHaveCount(0)
  await page.reload()
  await expect(tiles).toHaveCount(1)
  await expect(page.getByTestId('food-announcement')).toHaveCount(0)

  // The restaurant: its menu and the week's hours, today marked.
  await tiles.click()
  await expect(page).toHaveURL(new RegExp(`/food/place/${w.restaurant.uuid}$`))
  await expect(page.getByTestId('screen-title')).toHaveText(w.title)
  await expect(page).toHaveTitle(`${w.title} · ${w.seoTitle}`)
  await expect(page.getByTestId('menu-category')).toHaveCount(1)
  await expect(page.getByTestId('menu-category').getByRole('heading', { name: 'Pizza' })).toBeVisible()
  const dish = page.getByTestId('dish')
  await expect(dish.getByTestId('dish-title')).toHaveText('Margherita')
  await expect(dish.getByTestId('dish-price')).toHaveText('€ 9,50')
  await expect(page.getByTestId('hours-today')).toContainText('Vandaag')
  await expect(page.getByTestId('hours-today')).toContainText('00:00–24:00')
  await expect(page.getByTestId('hours-day')).toHaveCount(6)
  // The structured data is the server's: in the page as it loads (a navigation does not fetch it).
  await page.reload()
  await expect(page.getByTestId('screen-title')).toHaveText(w.title)
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1)
  await expectNoHorizontalScroll(page)
  await expectAccessible(page)

  // A dish: price, variants and extras.
  await dish.click()
  await expect(page).toHaveURL(new RegExp(`/food/product/${w.restaurant.product}$`))
  await expect(page.getByTestId('screen-title')).toHaveText('Margherita')
  await expect(page.getByTestId('product-price')).toHaveText('€ 9,50')
  await expect(page.getByTestId('product-variants')).toContainText('Varianten')
  await expect(page.getByTestId('product-variants')).toContainText('Large')
  await expect(page.getByTestId('product-variants')).toContainText('+ € 12,50')
  await expect(page.getByTestId('product-extras')).toContainText('Extra cheese')
  await expect(page.getByTestId('product-extras')).toContainText('+ € 1,00')
  await expectNoHorizontalScroll(page)
  await expectAccessible(page)
  await page.getByTestId('product-restaurant-link').click()
  await expect(page.getByTestId('screen-title')).toHaveText(w.title)
  expectNoPageErrors(page)
  await page.context().close()
})

test('the same pages in English, and the not-found pages', async ({ browser }) => {
  test.setTimeout(90_000)
  const w = await worldOf(browser)
  const page = await guestPage(browser, w.domain, 'en')
  await page.goto(on(w.domain, '/food?search=margherita'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByTestId('food-search')).toHaveValue('margherita')
  await expect(page.getByTestId('restaurant-tile')).toHaveCount(1)
  await expect(page.getByTestId('restaurant-delivery')).toContainText('Delivery from €2.50')
  await page.getByTestId('restaurant-tile').click()
  await expect(page.getByTestId('hours-today')).toContainText('Today')
  await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible()
  await page.getByTestId('dish').click()
  await expect(page.getByTestId('product-price')).toHaveText('€9.50')
  await expect(page.getByTestId('product-variants')).toContainText('+ €12.50')
  await expect(page.getByTestId('product-extras')).toContainText('Extras')
  await expectAccessible(page)

  const unknown = '00000000-0000-4000-8000-000000000000'
  const fetched: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/food/')) fetched.push(r.url())
  })
  await page.goto(on(w.domain, `/food/place/${unknown}`))
  await expect(page.getByTestId('restaurant-not-found')).toBeVisible()
  await expect(page.getByTestId('screen-title')).toHaveText('Restaurant not found')
  await page.goto(on(w.domain, `/food/product/${unknown}`))
  await expect(page.getByTestId('product-not-found')).toBeVisible()
  await expectNoHorizontalScroll(page)
  // The server answered the 404: the browser does not ask again.
  expect(fetched.filter((url) => url.includes(unknown))).toEqual([])
  expectNoPageErrors(page)
  await page.context().close()
})

test('the platform’s own host lists the restaurant without the brand', async ({ browser }) => {
  const w = await worldOf(browser)
  const context = await browser.newContext({ viewport: phone })
  await context.addCookies([{ name: 'lang', value: 'en', url: portalUrl('cardholder', '/') }])
  const page = await context.newPage()
  await page.goto(portalUrl('cardholder', `/food?search=${encodeURIComponent(w.title)}`))
  await expect(page.getByTestId('restaurant-title')).toHaveText(w.title)
  await expect(page).toHaveTitle('Restaurants · Cardpay')
  expect(await page.locator('style').filter({ hasText: '--brand-500' }).count()).toBe(0)
  const html = await (await page.request.get(portalUrl('cardholder', '/food'))).text()
  expect(themeColours(html)).toEqual(['#4d7cfe'])
  // Its scripts load after the first paint (services/api/scripts-after-paint.ts): TanStack Start's
  // preload links and entry script, as the real build writes them, are rewritten.
  expect(html).not.toContain('<link rel="modulepreload"')
  expect(html).not.toMatch(/<script type="module"[^>]*src=/)
  expect(html).toMatch(
    /var p=\["\/assets\/[^"]+\.js"(,"\/assets\/[^"]+\.js")+\],s="\/assets\/index-[^"]+\.js"/,
  )
  // The page is live all the same: its scripts came after the paint and it hydrated.
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('script[src*="/assets/index-"]').length))
    .toBe(1)
  await expect.poll(() => page.evaluate(() => '$_TSR' in window)).toBe(false)
  await context.close()
})

test('a dish without choices has its “+” on the menu, which puts one in the basket', async ({ browser }) => {
  const s = browserSeeding(browser)
  const owner = await seedMember(s, 'owner', { legal_type: 1, company_name: unique('Soep BV') })
  const restaurant = await seedRestaurant(owner, { restaurant: { title: unique('Soepbar') } })
  expectStatus(
    await owner.api('POST', '/food/products', {
      category_uuid: restaurant.category,
      title: 'Tomatensoep',
      description: 'Met basilicum',
      image: await uploadFoodImage(owner),
      price: 650,
      quantity: 1,
      unit: 'piece',
    }),
    201,
    'a dish without choices',
  )
  await s.pageOf(owner).context().close()
  const context = await browser.newContext({ viewport: phone })
  await context.addCookies([{ name: 'lang', value: 'en', url: portalUrl('cardholder', '/') }])
  const page = await context.newPage()
  await page.goto(portalUrl('cardholder', `/food/place/${restaurant.uuid}`))
  const soup = page.getByTestId('dish').filter({ hasText: 'Tomatensoep' })
  await expect(soup).toBeVisible()
  // Only the dish without choices has one (the Margherita's choices are on its own page).
  const add = page.getByRole('button', { name: 'Add Tomatensoep to your basket' })
  await expect(page.getByTestId('quick-add')).toHaveCount(1)
  await expect(add).toBeVisible()
  await expectNoHorizontalScroll(page)
  await expectAccessible(page)
  await add.click()
  await expect(page.getByTestId('basket-count')).toHaveText('1')
  await context.close()
})

test('/ on the restaurant’s domain opens the restaurant; its manifest and icons are its own', async ({
  browser,
}) => {
  const w = await worldOf(browser)
  const page = await guestPage(browser, w.domain, 'nl')
  await page.goto(on(w.domain, '/'))
  await expect(page).toHaveURL(on(w.domain, `/food/place/${w.restaurant.uuid}`))
  await expect(page.getByTestId('screen-title')).toHaveText(w.title)
  // The manifest is linked from the head and answered per host, with icons from the favicon.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json())
  expect(manifest).toMatchObject({ name: w.seoTitle, theme_color: brandColour, start_url: '/', lang: 'nl' })
  const icons = manifest.icons as { src: string; sizes: string }[]
  expect(icons.map((i) => i.sizes)).toEqual(['192x192', '512x512'])
  for (const icon of icons) {
    const answer = await page.evaluate(async (src) => {
      const res = await fetch(src)
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        size: (await res.arrayBuffer()).byteLength,
      }
    }, icon.src)
    expect(answer, icon.src).toMatchObject({ status: 200, type: 'image/png' })
    expect(answer.size).toBeGreaterThan(100)
  }
  // The platform's own host has Cardpay's manifest.
  const platform = await page.request.get(portalUrl('cardholder', '/manifest.webmanifest'))
  expect(await platform.json()).toMatchObject({ name: 'Cardpay' })
  expectNoPageErrors(page)
  await page.context().close()
})

test('the owner’s switches: a switched-off area is not served on the domain', async ({ browser }) => {
  const s = browserSeeding(browser)
  const owner = await seedMember(s, 'owner', { legal_type: 1, company_name: unique('Switch BV') })
  const brand = async (fields: Record<string, string>) => {
    const restaurant = await seedRestaurant(owner, { restaurant: { title: unique('Eetcafe Schakel') } })
    const domain = `switch-${randomBytes(4).toString('hex')}.localhost`
    expectStatus(
      await upload(owner.api, '/food/branding', {
        program_uuid: restaurant.uuid,
        domain_name: domain,
        theme: brandColour,
        ...fields,
      }),
      200,
      'the brand',
    )
    return { restaurant, domain }
  }
  const [noPayment, noFood] = await Promise.all([
    brand({ disable_payment: 'true', disable_card: 'true' }),
    brand({ disable_food: 'true' }),
  ])
  await s.pageOf(owner).context().close()

  const page = await guestPage(browser, noPayment.domain, 'en')
  // QR pay (payment) and a card page are not offered on this domain: its start, the restaurant.
  await page.goto(on(noPayment.domain, '/pay'))
  await expect(page).toHaveURL(on(noPayment.domain, `/food/place/${noPayment.restaurant.uuid}`))
  await page.goto(on(noPayment.domain, '/cards'))
  await expect(page).toHaveURL(on(noPayment.domain, `/food/place/${noPayment.restaurant.uuid}`))
  // Its food is still there, and the platform's own host still has QR pay.
  await page.goto(on(noPayment.domain, '/food'))
  await expect(page.getByTestId('restaurant-tile')).toHaveCount(1)
  await page.goto(portalUrl('cardholder', '/pay'))
  await expect(page).toHaveURL(portalUrl('cardholder', '/pay'))

  // A domain without its food: the food pages lead to signing in, `/` too.
  await page.goto(on(noFood.domain, `/food/place/${noFood.restaurant.uuid}`))
  await expect(page).toHaveURL(on(noFood.domain, '/sign-in'))
  await page.goto(on(noFood.domain, '/'))
  await expect(page).toHaveURL(on(noFood.domain, '/sign-in'))
  expectNoPageErrors(page)
  await page.context().close()
})
