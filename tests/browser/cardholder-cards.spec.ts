import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { apiCall, ok } from './api.ts'
import { aYearAfterActivation, cardTypes, ownerWithCardProgram, paidIssuedCards } from './card-programs.ts'
import { expectAccessible, expectInView, expectLaidOutAsTable } from './checks.ts'
import { portalUrl } from './portals.ts'
import { portalPage, signInCard, submitSignIn } from './session.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * Cards as their holders and the admin meet them: an owner's active voucher program orders two
 * cards and pays them with the sandbox card; once the worker has issued them, a card holder adds
 * one by its code (typed in lowercase without dashes), sees it among their cards and opens it; a
 * second card holder opens the card's link before signing in, comes back to it after signing in
 * and is told it is someone else's; the admin changes the gift card's price on /cards (and puts it
 * back) and finds the order with its issued cards as CSV.
 */

test.afterAll(closeSeedDb)

/** A page's first data after a full load (the screens fetch once hydrated). */
const loaded = { timeout: 15_000 }

test.describe('card holders and their cards', () => {
  test.describe.configure({ timeout: 150_000 })

  test('a card holder adds a card by its code and opens it; someone else cannot take it; the admin sets the gift card price and finds the order', async ({
    browser,
  }) => {
    const tag = randomBytes(3).toString('hex')
    const programTitle = `Bakery vouchers ${tag}`
    const cardTitle = `Bread voucher ${tag}`

    // The owner's active voucher program: €25.00, once, a year after activation; two cards ordered and paid.
    const { ownerPage, program } = await ownerWithCardProgram(browser, {
      company: `Bakery ${tag}`,
      title: programTitle,
      type: 'voucher',
      card: {
        title: cardTitle,
        description: 'Any loaf of the day.',
        values: [{ value: 2500, use_number: 1 }],
        validity: aYearAfterActivation,
      },
    })
    // The worker issues the cards once the payment is paid; their codes come from the batch's CSV.
    const { order, tokens } = await paidIssuedCards(ownerPage, program, 2)
    const token = tokens[0] as string

    // A card holder without cards adds one by its code, typed in lowercase without dashes.
    const holder = await seedUser('cardholder')
    const page = await signedInPage(browser, 'cardholder', holder)
    await page.goto(portalUrl('cardholder', '/cards'))
    await expect(page.getByTestId('screen-title')).toHaveText('Cards')
    await expect(page.getByTestId('empty-state')).toContainText('No cards yet', loaded)
    await page.getByTestId('cards-add').click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/cards/add'))
    await expect(page.getByTestId('screen-title')).toHaveText('Add a card')
    const field = page.getByTestId('card-token')
    await field.pressSequentially(token.replace(/-/g, '').toLowerCase())
    await expect(field).toHaveValue(token)
    await page.getByTestId('card-lookup').click()
    const found = page.getByTestId('card-lookup-result')
    await expect(found).toHaveAttribute('data-status', 'issued')
    await expect(found.getByTestId('card-face-title')).toHaveText(cardTitle)
    await expect(found.getByTestId('card-face-program')).toHaveText(programTitle)
    await expect(found.getByTestId('card-face-amount')).toHaveText('€25.00')
    await expect(found.getByTestId('card-face-status')).toHaveText('Not activated')
    await page.getByTestId('card-activate').click()

    // It is theirs now: its page shows it active, with its balance and a year's validity.
    await expect(page).toHaveURL(portalUrl('cardholder', `/cards/${token}`))
    await expect(page.getByTestId('screen-title')).toHaveText(cardTitle)
    await expect(page.getByTestId('card-status')).toHaveText('Active')
    await expect(page.getByTestId('card-detail-balance')).toHaveText('€25.00')
    await expect(page.getByTestId('card-detail-uses')).toHaveText('Single use, not used yet')
    await expect(page.getByTestId('card-detail-expiry')).toContainText(String(new Date().getFullYear() + 1))

    // Among their cards (the code masked but for its last group), and opened from there.
    await page.getByTestId('cards-back').click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/cards'))
    const held = page.getByTestId('held-card')
    await expect(held).toHaveCount(1, loaded)
    await expect(held.getByTestId('card-face-title')).toHaveText(cardTitle)
    await expect(held.getByTestId('card-face-amount')).toHaveText('€25.00')
    await expect(held.getByTestId('card-face-token')).toContainText(token.slice(-4))
    await expect(held.getByTestId('card-face-token')).not.toContainText(token.slice(0, 4))
    await held.click()
    await expect(page).toHaveURL(portalUrl('cardholder', `/cards/${token}`))
    await expect(page.getByTestId('card-detail-token')).toHaveText(token)
    await expect(page.getByTestId('card-detail-program')).toHaveText(programTitle)

    // Another card holder opens the card's link before signing in: signing in leads back to it, the
    // code is filled in, looked up and refused.
    const other = await seedUser('cardholder')
    const otherPage = await portalPage(browser, 'cardholder')
    await otherPage.goto(portalUrl('cardholder', `/cards/add?token=${token.toLowerCase()}`))
    await expect(signInCard(otherPage)).toBeVisible()
    await submitSignIn(otherPage, other.email, other.password)
    await expect(otherPage).toHaveURL(portalUrl('cardholder', `/cards/add?token=${token.toLowerCase()}`))
    await expect(otherPage.getByTestId('card-token')).toHaveValue(token, loaded)
    await expect(otherPage.getByTestId('card-token-error')).toHaveText(
      'This card has already been activated by someone else.',
    )
    await expect(otherPage.getByTestId('card-lookup-result')).toHaveCount(0)
    await otherPage.goto(portalUrl('cardholder', '/cards'))
    await expect(otherPage.getByTestId('empty-state')).toContainText('No cards yet', loaded)

    // The admin changes the gift card's price in euros, then puts it back. Gift cards, since the other
    // browser tests order vouchers and check their price, and may run at the same time.
    const admin = await seedUser('admin')
    const adminPage = await signedInPage(browser, 'admin', admin)
    const types = ok(
      await apiCall<{ results: { id: number; prices: { currency: string; price: number }[] }[] }>(
        adminPage,
        'GET',
        '/manager/card-types',
      ),
      200,
      'card types',
    )
    const before = types.results
      .find((t) => t.id === cardTypes.gift)
      ?.prices.find((p) => p.currency === 'EUR')?.price
    expect(before).toBeDefined()
    try {
      await adminPage.goto(portalUrl('admin', '/cards'))
      await expect(adminPage.getByTestId('screen-title')).toHaveText('Cards')
      const gift = adminPage.locator('[data-testid="card-price-row"][data-type="gift"][data-currency="EUR"]')
      await expect(gift.getByTestId('card-price-edit')).toBeEnabled(loaded)
      await gift.getByTestId('card-price-edit').click()
      const dialog = adminPage.getByTestId('card-price-dialog')
      await dialog.getByTestId('card-price-input').fill('1.20')
      await expect(dialog.getByTestId('card-price-gross')).toHaveText(
        'Including 21% VAT (€0.25): €1.45 per card.',
      )
      await dialog.getByTestId('card-price-save').click()
      await expect(dialog).toBeHidden()
      await expect(gift.getByTestId('card-price-net')).toHaveText('€1.20')
      await expect(gift.getByTestId('card-price-gross')).toHaveText('€1.45')
    } finally {
      await apiCall(adminPage, 'PATCH', `/manager/card-types/${cardTypes.gift}`, {
        currency: 'EUR',
        price: before,
      })
    }

    // The order is listed, paid, with both cards issued, and its CSV downloads with the admin's session.
    const row = adminPage.locator(`[data-testid="card-order-row"][data-uuid="${order.uuid}"]`)
    await expect(row.getByTestId('card-order-program')).toHaveText(programTitle)
    await expect(row.getByTestId('card-order-quantity')).toHaveText('2')
    await expect(row.getByTestId('card-order-status')).toHaveText('Paid')
    await expect(row.getByTestId('card-order-issued')).toHaveText('2 of 2')
    await expect(row.getByTestId('card-order-amount')).toHaveText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(order.amount / 100),
    )
    // A desktop shows the orders as a table; a phone each as an item with its amount on the first
    // line and its CSV button within reach, nothing beyond the right edge.
    await adminPage.setViewportSize({ width: 1280, height: 800 })
    await expectLaidOutAsTable(adminPage.getByTestId('card-orders-table'))
    await adminPage.setViewportSize({ width: 390, height: 844 })
    await expectInView(
      adminPage.getByTestId('card-order-row').first().getByTestId('card-order-amount'),
      "the first order's amount",
    )
    await expectInView(row.getByTestId('card-order-amount'), "the order's amount")
    await expectInView(row.getByTestId('card-order-csv'), "the order's CSV button")
    await expectAccessible(adminPage, '[data-testid="card-orders-table"]')
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      row.getByTestId('card-order-csv').click(),
    ])
    expect(download.suggestedFilename()).toBe(`card-order-${order.number}.csv`)
    const file = await readFile(await download.path(), 'utf8')
    for (const t of tokens) expect(file).toContain(t)
  })
})
