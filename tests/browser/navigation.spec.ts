import { expect, test } from '@playwright/test'
import { portalUrl } from './portals.ts'

test.describe('navigation guard', () => {
  test('an unknown path says the page does not exist, with the way to the start page', async ({ page }) => {
    // The specification sends unknown paths to / silently; issue 12 asks for a clear message.
    await page.goto(portalUrl('acceptor', '/no/such/page?x=1'))
    await expect(page).toHaveURL(portalUrl('acceptor', '/no/such/page?x=1'))
    await expect(page.getByTestId('page-not-found')).toContainText('This page does not exist')
    await expect(page).toHaveTitle('Page not found · Cardpay')
    await page.getByTestId('not-found-back').click()
    await expect(page).toHaveURL(portalUrl('acceptor', '/'))
    // The sign-in page's code loads on the way (a busy CI machine takes seconds): then the message goes.
    await expect(page.getByTestId('page-not-found')).toHaveCount(0, { timeout: 15_000 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acceptors')
  })

  test('the server answers an unknown path with 404 and the message, not a redirect', async ({ page }) => {
    const response = await page.goto(portalUrl('admin', '/definitely-missing'))
    expect(response?.status()).toBe(404)
    expect(response?.request().redirectedFrom()).toBeNull()
    expect(await response?.text()).toContain('data-testid="page-not-found"')
  })

  test('a portal route sends a visitor who is not signed in to /', async ({ page }) => {
    await page.goto(portalUrl('programs', '/home'))
    await expect(page).toHaveURL(portalUrl('programs', '/'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Program owners')
  })
})
