import { expect, test } from '@playwright/test'
import { portalUrl } from './portals.ts'

test.describe('navigation guard', () => {
  test('an unknown path redirects to /', async ({ page }) => {
    await page.goto(portalUrl('acceptor', '/no/such/page?x=1'))
    await expect(page).toHaveURL(portalUrl('acceptor', '/'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acceptors')
  })

  test('the server answers an unknown path with a redirect, not a page', async ({ page }) => {
    const response = await page.goto(portalUrl('admin', '/definitely-missing'))
    const redirect = await response?.request().redirectedFrom()?.response()
    expect(redirect?.status()).toBe(307)
    expect(redirect?.headers().location).toBe('/')
  })

  test('a portal route sends a visitor who is not signed in to /', async ({ page }) => {
    await page.goto(portalUrl('programs', '/home'))
    await expect(page).toHaveURL(portalUrl('programs', '/'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Program owners')
  })
})
