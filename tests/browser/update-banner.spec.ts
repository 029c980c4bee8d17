import { expect, test } from '@playwright/test'
import { portalUrl, signInUrl } from './portals.ts'

const bannerText = 'The updated version of the application is available!'

test.describe('update banner', () => {
  test('is hidden while the served build is the one running', async ({ page }) => {
    const checked = page.waitForResponse((r) => r.url().endsWith('/version.json'))
    await page.goto(portalUrl('admin'))
    expect((await checked).ok()).toBe(true)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText(bannerText)).toHaveCount(0)
  })

  test('appears when version.json changes, and Update now reloads the page', async ({ page }) => {
    await page.goto(signInUrl('cardholder'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Card holders')
    await expect(page.getByText(bannerText)).toHaveCount(0)

    // A new deployment: the served id no longer matches the one compiled into this page.
    await page.route('**/version.json', (route) =>
      route.fulfill({ json: { buildId: 'a-newer-build' }, headers: { 'cache-control': 'no-cache' } }),
    )
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    const banner = page.getByTestId('update-banner')
    await expect(banner).toContainText(bannerText)

    await page.evaluate(() => {
      ;(window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true
    })
    const reloaded = page.waitForEvent('load')
    await banner.getByRole('button', { name: 'Update now' }).click()
    await reloaded
    expect(
      await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate),
    ).toBeUndefined()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Card holders')
  })

  test('is translated', async ({ page }) => {
    await page.context().addCookies([{ name: 'lang', value: 'nl', url: portalUrl('admin') }])
    await page.route('**/version.json', (route) => route.fulfill({ json: { buildId: 'another-build' } }))
    await page.goto(portalUrl('admin'))
    const banner = page.getByTestId('update-banner')
    await expect(banner).toContainText('Er is een nieuwe versie van de applicatie beschikbaar!')
    await expect(banner.getByRole('button')).toHaveText('Nu bijwerken')
  })
})
