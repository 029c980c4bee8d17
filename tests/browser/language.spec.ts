import { expect, type Page, test } from '@playwright/test'
import { portalUrl } from './portals.ts'

async function chooseLanguage(page: Page, name: string) {
  await page.getByTestId('language-switcher').filter({ visible: true }).click()
  await page.getByRole('menuitem', { name }).click()
}

test.describe('interface language', () => {
  test('switching changes the text at once and survives a reload', async ({ page }) => {
    await page.goto(portalUrl('admin'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administration')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')

    await chooseLanguage(page, 'Deutsch')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verwaltung')
    await expect(page.getByTestId('sign-in-card').getByRole('heading')).toHaveText('Anmelden')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page).toHaveTitle('Verwaltung · Cardpay')

    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verwaltung')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')

    await chooseLanguage(page, 'Українська')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Адміністрування')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Адміністрування')
  })

  test('the server renders the stored language, so the first paint is already right', async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'ru', url: portalUrl('acceptor') }])
    const response = await page.goto(portalUrl('acceptor'))
    expect(await response?.text()).toContain('<html lang="ru"')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Торговые точки')
  })

  test('a choice kept only in localStorage still wins over the browser language', async ({
    page,
    context,
  }) => {
    await page.goto(portalUrl('programs'))
    await chooseLanguage(page, 'Nederlands')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Programma-eigenaren')
    await context.clearCookies()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Programma-eigenaren')
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('nl')
  })

  test.describe('without a stored choice', () => {
    test.use({ locale: 'fr-FR' })
    test('Dutch is the default when the browser language is not offered', async ({ page }) => {
      await page.goto(portalUrl('cardholder'))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kaarthouders')
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    })
  })

  test.describe('browser language', () => {
    test.use({ locale: 'uk-UA' })
    test('a supported browser language is used', async ({ page }) => {
      await page.goto(portalUrl('cardholder'))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Власники карток')
    })
  })
})
