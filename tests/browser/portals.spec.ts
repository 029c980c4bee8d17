import { expect, test } from '@playwright/test'
import { type PortalName, signInUrl } from './portals.ts'

const frames: Record<PortalName, { title: string; subtitle: RegExp }> = {
  admin: { title: 'Administration', subtitle: /finances and ledgers of the whole platform/ },
  programs: { title: 'Program owners', subtitle: /Create and run card, credit management/ },
  acceptor: { title: 'Acceptors', subtitle: /Take orders and payments/ },
  cardholder: { title: 'Card holders', subtitle: /Your cards, bills, payments/ },
}

test.describe('portal chosen by host name', () => {
  for (const [portal, frame] of Object.entries(frames) as [PortalName, (typeof frames)[PortalName]][]) {
    test(`${portal} host shows the ${frame.title} frame on its sign-in page`, async ({ page }) => {
      await page.goto(signInUrl(portal))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(frame.title)
      await expect(page).toHaveTitle(`${frame.title} · Cardpay`)
      await expect(page.getByText(frame.subtitle)).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-portal', portal)
      // The frame around the sign-in form.
      await expect(page.getByTestId('sign-in-card').getByRole('heading', { name: 'Sign in' })).toBeVisible()
      await expect(page.getByTestId('language-switcher').filter({ visible: true })).toHaveText(/English/)
    })
  }

  test('the four hosts show four different frames', async ({ browser }) => {
    const titles = new Set<string>()
    for (const portal of Object.keys(frames) as PortalName[]) {
      const page = await browser.newPage()
      await page.goto(signInUrl(portal))
      titles.add((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')
      await page.close()
    }
    expect([...titles].sort()).toEqual(
      Object.values(frames)
        .map((f) => f.title)
        .sort(),
    )
  })
})
