import { expect, type Page, test } from '@playwright/test'
import { portalUrl, signInUrl } from './portals.ts'
import { demoUsers, signInAs, signInCard } from './session.ts'

/** Opens the language menu (again, if the first click came before the page was hydrated) and picks one. */
async function chooseLanguage(page: Page, name: string) {
  const item = page.getByRole('menuitem', { name })
  await expect(async () => {
    if (!(await item.isVisible()))
      await page.getByTestId('language-switcher').filter({ visible: true }).click()
    await expect(item).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await item.click()
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
      await page.goto(signInUrl('cardholder'))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kaarthouders')
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    })
  })

  test.describe('browser language', () => {
    test.use({ locale: 'uk-UA' })
    test('a supported browser language is used', async ({ page }) => {
      await page.goto(signInUrl('cardholder'))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Власники карток')
    })
  })

  test('the sign-in screen follows a switch, validation messages included', async ({ page }) => {
    await page.goto(portalUrl('programs'))
    await chooseLanguage(page, 'Deutsch')
    await expect(signInCard(page).getByRole('heading')).toHaveText('Anmelden')
    await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible()
    await signInCard(page).getByRole('button', { name: 'Anmelden' }).click()
    await expect(page.getByText('E-Mail-Adresse erforderlich')).toBeVisible()
    await chooseLanguage(page, 'Русский')
    await expect(page.getByText('Укажите адрес электронной почты')).toBeVisible()
    await expect(signInCard(page).getByRole('link', { name: 'Забыли пароль?' })).toBeVisible()
  })

  test('signed in, a switch from the user menu is saved to the profile', async ({ page }) => {
    await signInAs(page, 'cardholder')
    await page.getByTestId('user-menu').click()
    await page.getByTestId('user-menu-language').press('ArrowRight')
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/user/profile') && r.request().method() === 'PUT',
    )
    // German: the demo users' own language is Dutch, the product's default (scripts/seed-demo.ts).
    await page.getByRole('menuitem', { name: 'Deutsch' }).click()
    expect((await saved).status()).toBe(200)
    await expect(page.getByTestId('portal-nav').getByRole('link', { name: 'Essen' })).toBeVisible()
    const profile = await page.request.get(portalUrl('cardholder', '/api/v1/user/profile'))
    expect(((await profile.json()) as { language: string }).language).toBe('de')
    await page.reload()
    await expect(page.getByTestId('user-menu')).toContainText(demoUsers.cardholder.name)
    await expect(page.getByTestId('portal-nav').getByRole('link', { name: 'Essen' })).toBeVisible()

    // Put it back for the other tests that sign this user in.
    await page.request.put(portalUrl('cardholder', '/api/v1/user/profile'), {
      data: { language: 'nl' },
      headers: { 'x-requested-with': 'cardpay' },
    })
  })
})

test('in Dutch a button that opens something says "Openen", not the amount word "Openstaand"', async ({
  page,
}) => {
  // "Open" the verb and "Open" the outstanding amount were one message, translated as the latter.
  await page.context().addCookies([{ name: 'lang', value: 'nl', url: portalUrl('cardholder') }])
  await page.goto(portalUrl('cardholder', '/pay'))
  await expect(page.getByRole('button', { name: 'Openen', exact: true })).toBeVisible()
  await expect(page.getByText('Openstaand')).toHaveCount(0)
})

test('in Dutch the admin’s transaction filters show their whole choice at desktop width', async ({
  page,
}) => {
  // "Betalingen en terugbetalingen" was cut to "Betalingen en terugbetali" in a quarter-width select.
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInAs(page, 'admin')
  await page.context().addCookies([{ name: 'lang', value: 'nl', url: portalUrl('admin') }])
  await page.goto(portalUrl('admin', '/transactions'))
  const kind = page.getByTestId('transactions-kind')
  await expect(kind).toHaveText('Betalingen en terugbetalingen')
  for (const trigger of [kind, page.getByTestId('transactions-status')]) {
    const cut = await trigger
      .locator(':scope > span')
      .evaluate(
        (span) => span.scrollWidth > span.clientWidth + 1 || span.scrollHeight > span.clientHeight + 1,
      )
    expect(cut, `${await trigger.textContent()} is cut off`).toBe(false)
  }
})
