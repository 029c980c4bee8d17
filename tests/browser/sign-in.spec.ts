import { expect, test } from '@playwright/test'
import { type PortalName, portalUrl, signInUrl } from './portals.ts'
import { demoPassword, demoUsers, signInAs, signInCard, submitSignIn } from './session.ts'

const navigation: Record<PortalName, string[]> = {
  admin: ['Finances', 'Transactions', 'Statistics', 'Users', 'Programs', 'Cards', 'Posts'],
  programs: ['Home', 'Programs', 'Transactions', 'Posts'],
  acceptor: ['Home', 'Orders', 'Terminal', 'Transactions', 'Programs', 'Statistics', 'Posts'],
  cardholder: ['Food', 'Cards', 'Programs', 'Bills', 'Transactions', 'Posts', 'Home'],
}

/** The navigation's link to each portal's home (the card holder's food area is titled Restaurants). */
const homeLink: Record<PortalName, string> = {
  admin: 'Finances',
  programs: 'Programs',
  acceptor: 'Orders',
  cardholder: 'Food',
}

test.describe('sign-in on each portal', () => {
  for (const portal of Object.keys(demoUsers) as PortalName[]) {
    test(`${portal}: signs in and lands on the portal's home with its navigation`, async ({ page }) => {
      await signInAs(page, portal)
      const nav = page.getByTestId('portal-nav')
      await expect(nav.getByRole('link')).toHaveText(navigation[portal])
      await expect(nav.getByRole('link', { name: homeLink[portal] })).toHaveAttribute('aria-current', 'page')
      await expect(page.getByTestId('user-menu')).toContainText(demoUsers[portal].name)
      // The admin lands on the finances journals, the program owner on their programs (where a new
      // one starts); the other homes are still empty for a new account.
      if (portal === 'admin') await expect(page.getByTestId('finances-tabs')).toBeVisible()
      else if (portal === 'programs') await expect(page.getByTestId('new-program').first()).toBeVisible()
      // The acceptor lands on the kitchen board of the restaurant they work at, or is told they
      // work at none yet.
      else if (portal === 'acceptor')
        // (An empty board holds an empty state of its own: either one, the first found.)
        await expect(
          page.getByTestId('kitchen-board').or(page.getByTestId('empty-state')).first(),
        ).toBeVisible()
      // The card holder lands on the restaurants (or is told none takes orders yet).
      else
        await expect(
          page.getByTestId('restaurant-tile').first().or(page.getByTestId('empty-state')),
        ).toBeVisible()

      // The session survives a reload: the server renders the signed-in page from the cookie.
      const response = await page.reload()
      expect(await response?.text()).toContain(demoUsers[portal].name)
      await expect(page).toHaveURL(portalUrl(portal, demoUsers[portal].home))
    })
  }
})

test.describe('sign-in form', () => {
  test('validates as the user types with the specification’s messages', async ({ page }) => {
    await page.goto(portalUrl('programs'))
    await signInCard(page).getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Email required')).toBeVisible()
    await expect(page.getByText('Password required')).toBeVisible()

    const email = page.getByLabel('E-mail address')
    await email.fill('owner@')
    await expect(page.getByText('Invalid email')).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await email.fill('owner@example.com')
    await expect(page.getByText('Invalid email')).toHaveCount(0)
    await expect(email).toHaveAttribute('aria-invalid', 'false')
  })

  test('wrong credentials: "invalid email or password", inputs disabled while submitting', async ({
    page,
  }) => {
    await page.goto(portalUrl('admin'))
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/v1/auth/login', async (route) => {
      await held
      await route.continue()
    })
    await submitSignIn(page, `nobody-${Date.now()}@cardpay.localhost`, 'Not-the-password-1')
    await expect(page.getByLabel('E-mail address')).toBeDisabled()
    await expect(signInCard(page).getByRole('button', { name: 'Signing in…' })).toBeDisabled()
    release()
    await expect(page.getByTestId('sign-in-problem')).toHaveText('Invalid email or password')
    await expect(page.getByLabel('E-mail address')).toBeEnabled()
    await expect(page).toHaveURL(portalUrl('admin', '/'))
  })

  test('a throttled sign-in tells how long to wait', async ({ page }) => {
    await page.goto(portalUrl('acceptor'))
    // The API's throttle itself is covered by the identity tests; here only what the user sees. The
    // wait comes from the answer's numbers (Retry-After, `retry_after`), never from its English.
    await page.route('**/api/v1/auth/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '900' },
        json: {
          error: {
            code: 'too_many_requests',
            message: 'too many failed sign-ins; try again in 15 min',
            reason: 'sign_in_throttled',
            retry_after: 900,
            request_id: 'test',
          },
        },
      }),
    )
    await submitSignIn(page, demoUsers.acceptor.email, demoPassword)
    await expect(page.getByTestId('sign-in-problem')).toContainText('Too many failed sign-ins.')
    await expect(page.getByTestId('sign-in-problem')).toContainText('Please wait 15 min before trying again.')
  })

  test('links to forgot password, and to registration where the portal has one', async ({ page }) => {
    await page.goto(signInUrl('cardholder'))
    await expect(signInCard(page).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    await expect(page.getByTestId('registration-link')).toHaveAttribute('href', '/registration')
    await page.goto(portalUrl('admin'))
    await expect(signInCard(page).getByRole('link', { name: 'Forgot password?' })).toBeVisible()
    await expect(page.getByTestId('registration-link')).toHaveCount(0)
  })
})

test.describe('portal and account type', () => {
  test('an account of another portal is refused, with links to the other portals', async ({ page }) => {
    await page.goto(portalUrl('admin'))
    await submitSignIn(page, demoUsers.programs.email, demoPassword)
    const problem = page.getByTestId('sign-in-problem')
    await expect(problem).toContainText('This account does not belong to this portal')
    await expect(problem.getByRole('link', { name: 'Program owners' })).toHaveAttribute(
      'href',
      portalUrl('programs', ''),
    )
    await expect(problem.getByRole('link', { name: 'Administration' })).toHaveCount(0)
    await expect(page).toHaveURL(portalUrl('admin', '/'))
    expect((await page.context().cookies(portalUrl('admin'))).find((c) => c.name === 'cp_at')).toBeUndefined()
  })

  test('a session of another type on this portal is sent back to /', async ({ page, context }) => {
    await signInAs(page, 'programs')
    // Carry the program owner's access cookie over to the admin host, as if it were valid there.
    const access = (await context.cookies(portalUrl('programs'))).find((c) => c.name === 'cp_at')
    expect(access).toBeDefined()
    await context.addCookies([{ name: 'cp_at', value: access!.value, url: portalUrl('admin') }])

    await page.goto(portalUrl('admin', '/finances'))
    await expect(page).toHaveURL(portalUrl('admin', '/'))
    await expect(signInCard(page)).toBeVisible()
    await expect(page.getByTestId('portal-nav')).toHaveCount(0)
  })
})

test.describe('signed in', () => {
  test('/ goes on to the portal home', async ({ page }) => {
    await signInAs(page, 'acceptor')
    await page.goto(portalUrl('acceptor', '/'))
    await expect(page).toHaveURL(portalUrl('acceptor', '/orders'))
    await expect(signInCard(page)).toHaveCount(0)
  })

  test('a screen of another portal is not offered: it goes home', async ({ page }) => {
    await signInAs(page, 'cardholder')
    await page.goto(portalUrl('cardholder', '/statistics'))
    await expect(page).toHaveURL(portalUrl('cardholder', '/food'))
  })

  test('navigation moves between the portal’s screens', async ({ page }) => {
    await signInAs(page, 'admin')
    await page.getByTestId('portal-nav').getByRole('link', { name: 'Cards' }).click()
    await expect(page).toHaveURL(portalUrl('admin', '/cards'))
    await expect(page.getByTestId('screen-title')).toHaveText('Cards')
  })

  test('sign-out returns to / and ends the session', async ({ page, context }) => {
    await signInAs(page, 'programs')
    await page.getByTestId('user-menu').click()
    await page.getByTestId('sign-out').click()
    await expect(page).toHaveURL(portalUrl('programs', '/'))
    await expect(signInCard(page)).toBeVisible()
    expect((await context.cookies(portalUrl('programs'))).map((c) => c.name)).not.toContain('cp_at')

    await page.goto(portalUrl('programs', '/programs'))
    await expect(page).toHaveURL(portalUrl('programs', '/'))
  })

  test('an expired access token is refreshed from the refresh cookie and the user stays signed in', async ({
    page,
    context,
  }) => {
    await signInAs(page, 'admin')
    // Drop the access cookie (as if it had expired); the refresh cookie (path /api/v1/auth) remains.
    await context.clearCookies({ name: 'cp_at' })
    expect((await context.cookies()).map((c) => c.name)).toContain('cp_rt')

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'))
    await page.goto(portalUrl('admin', '/statistics'))
    expect((await refreshed).status()).toBe(200)
    await expect(page).toHaveURL(portalUrl('admin', '/statistics'))
    await expect(page.getByTestId('screen-title')).toHaveText('Statistics')
    await expect(page.getByTestId('user-menu')).toContainText(demoUsers.admin.name)
    // A new access cookie came with the refresh.
    expect((await context.cookies(portalUrl('admin'))).map((c) => c.name)).toContain('cp_at')
  })

  test('a refused refresh signs out and goes to /', async ({ page, context }) => {
    await signInAs(page, 'acceptor')
    // Both tokens gone, only the marker left: the refresh fails and the visitor is signed out.
    const marker = (await context.cookies(portalUrl('acceptor'))).filter((c) => c.name === 'cp_session')
    await context.clearCookies()
    await context.addCookies(marker)
    await page.goto(portalUrl('acceptor', '/home'))
    await expect(page).toHaveURL(portalUrl('acceptor', '/'))
    await expect(signInCard(page)).toBeVisible()
    expect((await context.cookies(portalUrl('acceptor'))).map((c) => c.name)).not.toContain('cp_session')
  })
})

test.describe('acceptor program page before signing in', () => {
  test('keeps the program id, then goes to /', async ({ page }) => {
    const program = '0195f3a4-7c2b-7d10-9c1e-2a4b6c8d0e1f'
    await page.goto(portalUrl('acceptor', `/programs/${program}`))
    await expect(page).toHaveURL(portalUrl('acceptor', '/'))
    await expect.poll(() => page.evaluate(() => localStorage.getItem('programId'))).toBe(program)
  })

  test('on other portals a program page just goes to /', async ({ page }) => {
    await page.goto(portalUrl('programs', '/programs/0195f3a4-7c2b-7d10-9c1e-2a4b6c8d0e1f'))
    await expect(page).toHaveURL(portalUrl('programs', '/'))
    expect(await page.evaluate(() => localStorage.getItem('programId'))).toBeNull()
  })
})
