import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test'
import { type PortalName, portalUrl, signInUrl } from './portals.ts'

/**
 * The demo users `npm start` creates in development (scripts/seed-demo.ts): one per portal, all with
 * the same password. The browser tests run against the platform as the launcher brings it up.
 */
export const demoPassword = 'Demo-Pass-1'
export const demoUsers: Record<PortalName, { email: string; name: string; home: string; homeTitle: string }> =
  {
    admin: { email: 'admin@cardpay.localhost', name: 'Ada Admin', home: '/finances', homeTitle: 'Finances' },
    programs: {
      email: 'owner@cardpay.localhost',
      name: 'Olivia Owner',
      home: '/programs',
      homeTitle: 'Programs',
    },
    acceptor: {
      email: 'acceptor@cardpay.localhost',
      name: 'Arjen Acceptor',
      home: '/orders',
      homeTitle: 'Orders',
    },
    cardholder: {
      email: 'holder@cardpay.localhost',
      name: 'Hanna Holder',
      home: '/food',
      homeTitle: 'Restaurants',
    },
  }

export function signInCard(page: Page) {
  return page.getByTestId('sign-in-card')
}

/** Fills and sends the sign-in form of the page's portal. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await signInCard(page).getByRole('button', { name: 'Sign in' }).click()
}

/**
 * Signs the portal's demo user in through the form and waits for the portal's home. English is
 * chosen first, so the interface stays English whatever language the account has stored (a test
 * changes it); without a choice, sign-in would apply the account's language.
 */
export async function signInAs(page: Page, portal: PortalName) {
  await page.context().addCookies([{ name: 'lang', value: 'en', url: portalUrl(portal) }])
  await page.goto(signInUrl(portal))
  await submitSignIn(page, demoUsers[portal].email, demoPassword)
  await expect(page).toHaveURL(portalUrl(portal, demoUsers[portal].home))
  await expect(page.getByTestId('screen-title')).toHaveText(demoUsers[portal].homeTitle)
}

/**
 * A page in a browser context of its own (its own cookies, so its own session), on a portal whose
 * interface is English whatever language the account that signs in there has stored. `options`
 * give the context more (a `timezoneId`: a reader far from the object's own clock).
 */
export async function portalPage(
  browser: Browser,
  portal: PortalName,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options)
  await context.addCookies([{ name: 'lang', value: 'en', url: portalUrl(portal) }])
  return context.newPage()
}
