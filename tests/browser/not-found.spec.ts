import { randomBytes, randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { apiCall, ok } from './api.ts'
import { type PortalName, portalUrl } from './portals.ts'
import { portalPage } from './session.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * Links to what does not exist (any more): a deleted draft, another owner's program, an unknown
 * transaction or checkout. Each shows a not-found state with a way back, on a phone-sized screen,
 * and asks the API a handful of times at most: a query that fails with 4xx is not retried, and a
 * failed query never makes the screen fetch it again by itself (it used to, about 140 times a
 * second, with "Loading…" on screen forever).
 */

test.afterAll(closeSeedDb)

const phone = { width: 390, height: 844 }
/** How long the page is watched after the not-found state shows, and how many API calls it may make. */
const watchMs = 3000
const maxRequests = 5

/** Counts the page's API requests from now on. */
function countApiRequests(page: Page): () => string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/v1/')) seen.push(`${request.method()} ${url.pathname}`)
  })
  return () => seen
}

/** Opens `path`, expects the not-found state, watches the requests for a while, then goes back. */
async function expectNotFound(
  page: Page,
  portal: PortalName,
  path: string,
  back: { name: RegExp; url: string },
) {
  await page.setViewportSize(phone)
  const requests = countApiRequests(page)
  await page.goto(portalUrl(portal, path))
  const state = page.locator('[data-not-found]')
  await expect(state).toBeVisible()
  await expect(page.getByText('Loading…')).toHaveCount(0)
  await page.waitForTimeout(watchMs)
  expect(requests().length, `API requests on ${path}: ${requests().join(', ')}`).toBeLessThanOrEqual(
    maxRequests,
  )
  // The way back fits the phone's screen and leads to the list.
  const way = state.getByTestId('not-found-back')
  await expect(way).toHaveText(back.name)
  await expect(way).toBeInViewport()
  await way.click()
  await expect(page).toHaveURL(portalUrl(portal, back.url))
}

test.describe('links to what does not exist', () => {
  test('a deleted draft program: not found with the way back to Programs', async ({ browser }) => {
    const page = await signedInPage(browser, 'programs', await seedUser('programs'))
    const draft = ok(
      await apiCall<{ result: { uuid: string } }>(page, 'POST', '/manager/programs', {
        type: 2001,
        title: `Draft ${randomBytes(4).toString('hex')}`,
      }),
      201,
      'create a draft',
    ).result.uuid
    ok(await apiCall(page, 'DELETE', `/manager/programs/${draft}`), 204, 'delete the draft')

    await expectNotFound(page, 'programs', `/programs/cm/draft/${draft}`, {
      name: /all programs/i,
      url: '/programs',
    })
    // The program page of the same link says the same.
    await expectNotFound(page, 'programs', `/programs/${draft}`, { name: /all programs/i, url: '/programs' })
  })

  test("another owner's program is not found either", async ({ browser }) => {
    const other = await signedInPage(browser, 'programs', await seedUser('programs'))
    const theirs = ok(
      await apiCall<{ result: { uuid: string } }>(other, 'POST', '/manager/programs', {
        type: 3001,
        title: `Theirs ${randomBytes(4).toString('hex')}`,
      }),
      201,
      'create their program',
    ).result.uuid
    const page = await signedInPage(browser, 'programs', await seedUser('programs'))
    await expectNotFound(page, 'programs', `/programs/pm/draft/${theirs}`, {
      name: /all programs/i,
      url: '/programs',
    })
  })

  test('an unknown transaction: not found with the way back to Transactions', async ({ browser }) => {
    const page = await signedInPage(browser, 'programs', await seedUser('programs'))
    await expectNotFound(page, 'programs', `/transactions/${randomUUID()}`, {
      name: /transactions/i,
      url: '/transactions',
    })
  })

  test('an unknown checkout: not found for a guest, with the way back to the start page', async ({
    browser,
  }) => {
    const page = await portalPage(browser, 'cardholder')
    // The card holders' start page is the food area (spec section 2).
    await expectNotFound(page, 'cardholder', `/checkout/${randomUUID()}`, {
      name: /start page/i,
      url: '/food',
    })
  })
})

test.describe('pages rendered on the server', () => {
  test("a guest's checkout page carries the amount in its first HTML", async ({ browser, request }) => {
    const owner = await signedInPage(browser, 'programs', await seedUser('programs'))
    const description = `Server-rendered ${randomBytes(4).toString('hex')}`
    const payment = ok(
      await apiCall<{ uuid: string }>(owner, 'POST', '/payment/payments', {
        amount: 4321,
        currency: 'EUR',
        description,
      }),
      201,
      'ask for a payment',
    )
    // No browser, no JavaScript: the HTML as the server sends it.
    const response = await request.get(portalUrl('cardholder', `/checkout/${payment.uuid}`), {
      headers: { cookie: 'lang=en', accept: 'text/html' },
    })
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain(description)
    expect(html).toMatch(/data-testid="checkout-amount"[^>]*>[^<]*43\.21/)
    expect(html).toMatch(/<title>[^<]*Cardpay<\/title>/)
  })

  test('an unknown checkout answers 404 with the not-found state in its first HTML', async ({ request }) => {
    const response = await request.get(portalUrl('cardholder', `/checkout/${randomUUID()}`), {
      headers: { cookie: 'lang=en', accept: 'text/html' },
    })
    expect(response.status()).toBe(404)
    expect(await response.text()).toContain('data-not-found')
  })
})
