import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { portalUrl } from './portals.ts'
import { closeSeedDb, seedUser, signIn, statusOf } from './users-seed.ts'

test.afterAll(closeSeedDb)

test.describe('admin users', () => {
  test('an admin filters by type and e-mail, opens a user and disables them, who is then signed out', async ({
    page,
    browser,
  }) => {
    // Never digits only: the router writes a number-like search value in quotes (`email=%2212%22`).
    const tag = `u${randomBytes(4).toString('hex')}`
    const admin = await seedUser('admin')
    const holder = await seedUser('cardholder', { email: `holder-${tag}@example.com`, first_name: 'Hilde' })
    const owner = await seedUser('programs', { email: `owner-${tag}@example.com`, first_name: 'Otto' })

    // The card holder is signed in elsewhere.
    const holderPage = await (await browser.newContext()).newPage()
    await signIn(holderPage, 'cardholder', holder)
    await holderPage.goto(portalUrl('cardholder', '/profile'))
    await expect(holderPage.getByTestId('profile-name')).toContainText('Hilde')

    await signIn(page, 'admin', admin)
    await page.goto(portalUrl('admin', '/users'))
    await page.getByTestId('users-filter-email').fill(tag)
    // Debounced into the URL; both users of this test match.
    await expect(page).toHaveURL(new RegExp(`email=${tag}`))
    await expect(page.getByTestId('users-row')).toHaveCount(2)

    await page.getByTestId('users-type-ch').click()
    await expect(page).toHaveURL(/type=ch/)
    await expect(page.getByTestId('users-row')).toHaveCount(1)
    await expect(page.getByTestId('users-row')).toContainText(holder.email)

    await page.getByTestId('users-type-po').click()
    await expect(page.getByTestId('users-row')).toHaveCount(1)
    await expect(page.getByTestId('users-row')).toContainText(owner.email)

    // The filters survive a reload: they live in the URL.
    await page.reload()
    await expect(page.getByTestId('users-filter-email')).toHaveValue(tag)
    await expect(page.getByTestId('users-type-po')).toHaveAttribute('data-state', 'active')
    await expect(page.getByTestId('users-row')).toHaveCount(1)

    await page.getByTestId('users-type-ch').click()
    await page.getByTestId('users-row').getByRole('link').click()
    await expect(page).toHaveURL(portalUrl('admin', `/user/${holder.uuid}`))
    await expect(page.getByTestId('user-email')).toContainText(holder.email)
    // Each value sits right under its label, also beside a long e-mail address that wraps (it
    // does at this width: three columns beside the menu).
    await page.setViewportSize({ width: 1024, height: 800 })
    const emailHeight = await page
      .getByTestId('user-email')
      .locator('dd')
      .evaluate((dd) => dd.clientHeight)
    expect(emailHeight).toBeGreaterThan(30)
    const gaps = await page
      .getByTestId('user-admin-details')
      .locator('dl > div')
      .evaluateAll((details) =>
        details.map((d) => {
          const dt = d.querySelector('dt')?.getBoundingClientRect()
          const dd = d.querySelector('dd')?.getBoundingClientRect()
          return dt && dd ? Math.round(dd.top - dt.bottom) : 0
        }),
      )
    expect(gaps.length).toBeGreaterThan(1)
    for (const gap of gaps) expect(gap).toBeLessThan(8)

    await page.getByTestId('user-disable').click()
    await expect(page.getByRole('dialog')).toContainText('signed out on every device')
    await page.getByTestId('user-access-confirm').click()
    await expect(page.getByText('The user is disabled and signed out everywhere.')).toBeVisible()
    await expect(page.getByTestId('user-disabled')).toBeVisible()
    await expect(page.getByTestId('user-enable')).toBeVisible()

    // The card holder's session is over: the API refuses it and the portal sends them to sign in.
    expect(await statusOf(holderPage, '/api/v1/user/profile')).toBe(401)
    await holderPage.goto(portalUrl('cardholder', '/profile'))
    await expect(holderPage).toHaveURL(portalUrl('cardholder', '/sign-in'))
    await holderPage.context().close()

    // The list shows it too.
    await page.goto(portalUrl('admin', `/users?type=ch&email=${tag}`))
    await expect(page.getByTestId('users-row')).toContainText('Disabled')
  })

  test('an empty result says so', async ({ page }) => {
    const admin = await seedUser('admin')
    await signIn(page, 'admin', admin)
    await page.goto(portalUrl('admin', '/users?email=nobody-at-all-here'))
    await expect(page.getByTestId('empty-state')).toContainText('No user matches these filters.')
  })

  test('the user list is only on the admin portal', async ({ page }) => {
    const owner = await seedUser('programs')
    await signIn(page, 'programs', owner)
    await page.goto(portalUrl('programs', '/users'))
    await expect(page).not.toHaveURL(/\/users/)
  })
})

test.describe('public user page', () => {
  test('shows who someone is, without their e-mail', async ({ page }) => {
    const tag = randomBytes(4).toString('hex')
    const owner = await seedUser('programs', {
      email: `public-${tag}@example.com`,
      first_name: 'Paula',
      last_name: 'Public',
      title: 'Dr',
      legal_type: 1,
      company_name: 'Public Programs BV',
      position: 'Director',
      description: 'We run gift card programs.',
      url: 'https://public.example.com',
    })
    const acceptor = await seedUser('acceptor')
    await signIn(page, 'acceptor', acceptor)
    await page.goto(portalUrl('acceptor', `/user/${owner.uuid}`))
    await expect(page.getByTestId('user-name')).toHaveText('Dr Paula Public')
    await expect(page.getByTestId('user-company')).toHaveText('Director · Public Programs BV')
    await expect(page.getByTestId('user-description')).toHaveText('We run gift card programs.')
    await expect(page.getByRole('link', { name: 'public.example.com' })).toHaveAttribute(
      'href',
      'https://public.example.com',
    )
    await expect(page.getByText(/member since/i)).toBeVisible()
    await expect(page.getByTestId('user-page')).not.toContainText(owner.email)
    await expect(page.getByTestId('user-page')).not.toContainText('@')
    await expect(page.getByTestId('user-disable')).toHaveCount(0)
  })

  test('an unknown user is a not-found page', async ({ page }) => {
    const holder = await seedUser('cardholder')
    await signIn(page, 'cardholder', holder)
    await page.goto(portalUrl('cardholder', '/user/00000000-0000-4000-8000-000000000000'))
    await expect(page.getByTestId('user-not-found')).toContainText('User not found')
  })
})
