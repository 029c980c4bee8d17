import { randomBytes } from 'node:crypto'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { apiCall } from './api.ts'
import { expectAccessible, expectInView, expectLaidOutAsTable } from './checks.ts'
import { portalUrl } from './portals.ts'
import { activePaymentProgram } from './programs.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * A payment program's provider keys and its money, as the owner meets them: card at Stripe cannot
 * validate without the owner's keys, a wrong key is refused under the field (Stripe is never
 * called: the adapter refuses a key that is not a Stripe key before any request), the sandbox
 * needs none; keys saved for the sandbox show masked with their webhook URL. A program with a
 * paid payment shows its balance and the ledger entry in its Finances section.
 */

test.afterAll(closeSeedDb)

/** Money moves through the provider's webhook, the outbox and the worker: allow it some seconds. */
const settle = { timeout: 30_000 }

const newTag = () => randomBytes(4).toString('hex')

async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('program keys and finances', () => {
  test.describe.configure({ timeout: 180_000 })

  test('card at Stripe waits for keys, a wrong key is refused under the field, the sandbox needs none and shows saved keys masked', async ({
    browser,
  }) => {
    const tag = newTag()
    const owner = await seedUser('programs', { legal_type: 1, company_name: `Keys ${tag}` })
    const page = await signedInPage(browser, 'programs', owner)

    await page.goto(portalUrl('programs', '/programs/pm/new'))
    await page.getByLabel('Title').fill(`Kiosk ${tag}`)
    await page.getByTestId('wizard-next').click()
    await expect(page).toHaveURL(/\/programs\/pm\/draft\/[0-9a-f-]{36}\?step=1$/)

    // Card at Stripe: the keys panel asks for Stripe's keys, and the step cannot be left without them.
    await page.getByTestId('method-use-card').click()
    await choose(page, page.getByTestId('method-provider-card'), 'Stripe')
    const stripe = page.locator('[data-testid="provider-keys-item"][data-provider="stripe"]')
    await expect(stripe).toBeVisible()
    await expect(stripe.getByTestId('provider-keys-missing')).toHaveText('No keys saved yet')
    await expect(stripe.getByLabel('API key')).toHaveAttribute('type', 'password')
    await page.getByTestId('wizard-next').click()
    await expect(page.getByTestId('methods-error')).toContainText('Save your keys for the provider below')
    await expect(page).toHaveURL(/\?step=1$/)

    // A wrong key: refused, said under the API key field.
    await stripe.getByLabel('API key').fill('wrong-key')
    await stripe.getByTestId('provider-keys-save').click()
    await expect(stripe.getByTestId('provider-keys-api-key-error')).toHaveText(
      'Stripe secret keys start with sk_test_ or sk_live_ (or rk_ for restricted keys).',
    )
    await expect(stripe.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true')

    // The sandbox instead: no keys needed; a wrong sandbox key is refused too, a good one is shown masked.
    await choose(page, page.getByTestId('method-provider-card'), 'Sandbox (test payments)')
    await expect(stripe).toHaveCount(0)
    const sandbox = page.locator('[data-testid="provider-keys-item"][data-provider="sandbox"]')
    await expect(sandbox.getByTestId('provider-keys-optional')).toBeVisible()
    await sandbox.getByLabel('API key').fill('wrong-key')
    await sandbox.getByTestId('provider-keys-save').click()
    await expect(sandbox.getByTestId('provider-keys-api-key-error')).toHaveText(
      'This is not a sandbox API key (they start with sk_test_).',
    )
    const key = `sk_test_${randomBytes(12).toString('hex')}`
    await sandbox.getByLabel('API key').fill(key)
    await sandbox.getByTestId('provider-keys-save').click()
    await expect(page.getByText('Keys saved', { exact: true }).first()).toBeVisible()
    const account = sandbox.getByTestId('provider-account')
    await expect(account.getByTestId('provider-account-hint')).toHaveText(`…${key.slice(-4)}`)
    await expect(account.getByTestId('provider-account-mode')).toHaveText('Test')
    await expect(account.getByTestId('provider-account-webhook')).toHaveValue(
      /\/api\/v1\/payment\/webhooks\/sandbox\/[0-9a-f-]{36}$/,
    )
    await expect(account).toContainText('Set this address as the webhook endpoint')
    await expect(sandbox.getByLabel('API key')).toHaveValue('')

    // Now the step can be left.
    await page.getByTestId('wizard-next').click()
    await expect(page).toHaveURL(/\?step=2$/)
    await expect(page.getByTestId('review-method')).toHaveText('Card · Sandbox (test payments)')
  })

  test("a program with a paid payment shows its balance and the entry in the owner's Finances section", async ({
    browser,
  }) => {
    const tag = newTag()
    const owner = await seedUser('programs', { legal_type: 1, company_name: `Kassa ${tag}` })
    const page = await signedInPage(browser, 'programs', owner)

    const program = await activePaymentProgram(page, `Plein ${tag}`, 'card')
    // The program's own sandbox keys: its payments run on them, as they would on a real provider.
    const keys = await apiCall(page, 'POST', '/manager/program-providers', {
      program,
      provider: 'sandbox',
      mode: 'test',
      api_key: `sk_test_${randomBytes(12).toString('hex')}`,
    })
    expect(keys.status).toBe(201)

    // Nothing paid yet: an empty state and a zero balance.
    await page.goto(portalUrl('programs', `/programs/${program}`))
    const finances = page.getByTestId('program-finances')
    await expect(finances.getByTestId('program-entries-empty')).toContainText(
      'Nothing was paid in this program yet',
    )
    await expect(finances.getByTestId('program-balance-amount')).toContainText('€0.00')

    // A payment link in the program, paid by a guest with a good card.
    const link = await apiCall<{ pay_url: string }>(page, 'POST', '/payment/payments', {
      amount: 1250,
      currency: 'EUR',
      description: `Flowers ${tag}`,
      program_uuid: program,
    })
    expect(link.status).toBe(201)
    const guest = await (await browser.newContext()).newPage()
    await guest.goto(link.body.pay_url)
    // The program offers card payments only: nothing to choose, Pay goes on to the provider.
    await expect(guest.getByTestId('checkout-single-method')).toHaveAttribute('data-method', 'card')
    await guest.getByTestId('checkout-pay').click()
    await expect(guest).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/)
    await guest.getByLabel('Card number').fill('4242 4242 4242 4242')
    await guest.getByLabel('Expiry date').fill('12 / 30')
    await guest.getByLabel('CVC').fill('123')
    await guest.getByTestId('sandbox-card-pay').click()
    await expect(guest.getByTestId('checkout-paid')).toContainText('Payment received', settle)

    // The ledger posts it through the worker: the owner's page shows it once it is there.
    await expect(async () => {
      await page.reload()
      await expect(finances.getByTestId('program-entry').first()).toBeVisible({ timeout: 2_000 })
    }).toPass(settle)
    // The balance is what the ledger holds for the program on account 230 (the payment less its fee).
    const ledger = await apiCall<{
      results: {
        number: number
        sub_accounts?: { kind: string; external_id: string; balances: { balance: number }[] }[]
      }[]
    }>(page, 'GET', '/payment/ledgers?sub_accounts=true')
    const held = ledger.body.results
      .find((a) => a.number === 230)
      ?.sub_accounts?.find((s) => s.kind === 'program' && s.external_id === program)?.balances[0]?.balance
    expect(held).toBeLessThan(0)
    const euros = `€${(-(held as number) / 100).toFixed(2)}`
    await expect(finances.getByTestId('program-balance-value')).toHaveText(euros)
    await expect(finances.getByTestId('program-balance-received')).toHaveText('Received in total: €12.50')
    // The sale itself (a fee entry may sit beside it).
    const entry = finances
      .getByTestId('program-entry')
      .filter({ has: page.getByTestId('program-entry-total').getByText('€12.50', { exact: true }) })
    await expect(entry.first().getByTestId('program-entry-total')).toHaveText('€12.50')
    // A desktop shows the entries as a table; a phone each as an item whose first line has the
    // description and the total, nothing beyond the right edge.
    await page.setViewportSize({ width: 1280, height: 800 })
    await expectLaidOutAsTable(finances.getByTestId('program-entries'))
    await page.setViewportSize({ width: 390, height: 844 })
    await expectInView(
      finances.getByTestId('program-entry').first().getByTestId('program-entry-total'),
      "the first entry's total",
    )
    await expectAccessible(page, '[data-testid="program-entries"]')

    // The entry opens read-only, with its lines: the program's part on account 230.
    await entry.first().getByTestId('program-entry-open').click()
    const dialog = page.getByTestId('program-entry-dialog')
    await expect(dialog.getByTestId('program-entry-title')).toContainText('entry')
    // The program's sub-account by its title, its id at hand as the tooltip.
    const line230 = dialog.getByTestId('program-entry-line').filter({ hasText: '230' })
    await expect(line230).toContainText(`Plein ${tag}`)
    await expect(line230.locator(`[title="${program}"]`)).toHaveCount(1)
    await expect(dialog.getByRole('button', { name: /save|delete|edit/i })).toHaveCount(0)
    // On the phone, the dialog's lines show each account with its amount within the window.
    await expectInView(
      line230.locator('[data-phone="amount"]:not(:empty)').first(),
      "the program's line amount",
    )
    await expectAccessible(page, '[data-testid="program-entry-dialog"]')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  })
})
