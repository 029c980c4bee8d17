import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { portalUrl } from './portals.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * The platform's payment provider account as an admin meets it in Finances: the Payment provider
 * tab, a key the provider refuses said under its field, sandbox keys saved and shown masked with
 * who saved them, and newer keys taking over while the earlier ones stay listed. The sandbox is the
 * one provider the browser tests reach (CCV and Stripe have local fakes only in the API tests).
 */

test.afterAll(closeSeedDb)

const sandboxKey = () => `sk_test_${randomBytes(15).toString('base64url')}`

test('an admin saves the platform’s sandbox keys and replaces them', async ({ browser }) => {
  test.setTimeout(60_000)
  const tag = randomBytes(3).toString('hex')
  const admin = await seedUser('admin', { first_name: 'Paula', last_name: `Platform ${tag}` })
  const page = await signedInPage(browser, 'admin', admin)

  await page.goto(portalUrl('admin', '/finances'))
  await page.getByTestId('finances-tab-provider').click()
  await expect(page).toHaveURL(/\/finances\/provider$/)
  await expect(page.getByTestId('finances-tab-provider')).toHaveAttribute('aria-current', 'page')
  const section = page.getByTestId('platform-provider')
  await expect(section.getByRole('heading', { name: 'Current account' })).toBeVisible()

  // The sandbox: test mode only, and a key that is not a sandbox key is refused under its field.
  await page.getByTestId('platform-provider-choice').click()
  await page.getByRole('option', { name: 'Sandbox (test payments)', exact: true }).click()
  await expect(page.getByTestId('platform-provider-sandbox-note')).toBeVisible()
  const form = page.locator('[data-testid="provider-keys-form"][data-provider="sandbox"]')
  await form.getByTestId('provider-keys-mode').click()
  await expect(page.getByRole('option')).toHaveText(['Test'])
  await page.keyboard.press('Escape')
  await form.getByLabel('API key').fill('not-a-sandbox-key')
  await form.getByTestId('provider-keys-save').click()
  await expect(form.getByTestId('provider-keys-api-key-error')).toHaveText(
    'This is not a sandbox API key (they start with sk_test_).',
  )

  const first = sandboxKey()
  await form.getByLabel('API key').fill(first)
  await form.getByTestId('provider-keys-save').click()
  await expect(page.getByText('Keys saved: new payments outside programs use this account.')).toBeVisible()
  await expect(form.getByLabel('API key')).toHaveValue('')
  const current = section.getByRole('list', { name: 'Current account' }).getByTestId('provider-account')
  await expect(current.getByTestId('provider-account-hint')).toHaveText(`…${first.slice(-4)}`)
  await expect(current.getByTestId('provider-account-provider')).toHaveText('Sandbox (test payments)')
  await expect(current.getByTestId('provider-account-saved-by')).toHaveText(`by Paula Platform ${tag}`)
  await expect(current.getByTestId('provider-account-current')).toBeVisible()
  await expect(current.getByTestId('provider-account-webhook')).toHaveValue(
    /\/api\/v1\/payment\/webhooks\/sandbox\/[0-9a-f-]{36}$/,
  )
  await expect(section.getByTestId('platform-provider-saved')).toBeVisible()

  // Newer keys take over; the first account stays listed with when it was replaced.
  const second = sandboxKey()
  await form.getByLabel('API key').fill(second)
  await form.getByTestId('provider-keys-save').click()
  await expect(current.getByTestId('provider-account-hint')).toHaveText(`…${second.slice(-4)}`)
  const earlier = section.getByRole('list', { name: 'Earlier keys' }).getByTestId('provider-account')
  await expect(earlier.first().getByTestId('provider-account-hint')).toHaveText(`…${first.slice(-4)}`)
  await expect(earlier.first().getByTestId('provider-account-replaced')).toContainText('replaced')
  await expect(earlier.first().getByTestId('provider-account-current')).toHaveCount(0)
  await page.context().close()
})
