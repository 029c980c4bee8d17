import { expect, test } from '@playwright/test'
import { portalUrl } from './portals.ts'
import { closeSeedDb, seedUser, signIn } from './users-seed.ts'

/**
 * Date-times are read in the business time zone (Europe/Amsterdam), whatever zone the browser is in:
 * the server renders them there, so the browser hydrates the same text. In the browser's own zone a
 * visitor away from the server's zone got a hydration error on every page with a date-time
 * (React #418), and times that disagreed with the days of the ledger.
 */

test.afterAll(closeSeedDb)

test.use({ timezoneId: 'Pacific/Auckland' })

test('a browser in another time zone reads date-times in the business zone, without errors', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.context().addCookies([{ name: 'lang', value: 'en', url: portalUrl('cardholder') }])
  const user = await seedUser('cardholder')
  await signIn(page, 'cardholder', user)
  const before = Date.now()
  await page.goto(portalUrl('cardholder', '/profile'))
  const session = page.getByTestId('session').first()
  await expect(session).toContainText('last active')
  const shown = (await session.locator('time').textContent()) ?? ''
  const inAmsterdam = (at: number) =>
    new Intl.DateTimeFormat('en', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Amsterdam',
    }).format(at)
  const minutes = [-2, -1, 0, 1].map((m) => inAmsterdam(before + m * 60_000))
  expect(minutes, `"${shown}" is a time of now in Europe/Amsterdam`).toContain(shown)
  expect(errors).toEqual([])
})
