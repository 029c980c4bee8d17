import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { tokenPattern } from './card-programs.ts'
import { expectAccessible, expectInView, expectLaidOutAsTable } from './checks.ts'
import { portalUrl } from './portals.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * Card programs in the browser, as a program owner runs one: the wizard's card steps (type, then
 * the card's settings with its live preview, then review and activation), an order of cards with
 * its price worked out as it is typed, paying it on the sandbox provider's page, coming back to
 * the order page to find the cards issued, and downloading their tokens as CSV.
 *
 * The card number is only ever typed into the hosted page's form.
 */

test.afterAll(closeSeedDb)

/** Payment, webhook, outbox and issuing run through the worker: allow them some seconds. */
const settle = { timeout: 30_000 }

const newTag = () => randomBytes(4).toString('hex')

/** A 1×1 PNG, a card image as the owner would upload one. */
const onePixelPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

test.describe('card programs', () => {
  test.describe.configure({ timeout: 180_000 })

  test('an owner sets up a voucher program, orders 3 cards, pays them on the sandbox and downloads their tokens', async ({
    browser,
  }) => {
    const tag = newTag()
    const title = `Cadeaubon ${tag}`
    const owner = await seedUser('programs', { legal_type: 1, company_name: `Boekhandel ${tag}` })
    const page = await signedInPage(browser, 'programs', owner)

    // Step 0: the program's details make the draft.
    await page.goto(portalUrl('programs', '/programs/card/new'))
    await expect(page.getByTestId('wizard-type')).toHaveText('Card')
    await expect(page.getByTestId('wizard-step')).toHaveCount(4)
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Description').fill('Vouchers for our readers.')
    await page.getByTestId('wizard-next').click()
    await expect(page).toHaveURL(/\/programs\/card\/draft\/[0-9a-f-]{36}\?step=1$/)
    const programUuid = /draft\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string

    // Step 1: the card type, each with the price of one card.
    const types = page.getByTestId('card-types')
    await expect(types.getByTestId('card-type-voucher')).toContainText('Voucher')
    await expect(types.getByTestId('card-type-voucher').getByTestId('card-type-price')).toHaveText(
      '€0.50 per card, plus 21% VAT',
    )
    // (The gift card's price is left alone: the card holders' test changes it meanwhile.)
    await expect(types.getByTestId('card-type-gift').getByTestId('card-type-price')).toContainText('per card')
    await expect(page.getByTestId('wizard-next')).toBeDisabled()
    await types.getByTestId('card-type-voucher').click()
    await expect(types.getByTestId('card-type-voucher')).toHaveAttribute('data-state', 'checked')
    await page.getByTestId('wizard-next').click()
    await expect(page).toHaveURL(new RegExp(`/programs/card/draft/${programUuid}\\?step=2$`))

    // Step 2: the settings, with the card's face following what is typed.
    const form = page.getByTestId('card-settings-form')
    const preview = form.getByTestId('card-preview')
    await expect(form.getByTestId('card-title')).toHaveValue(title)
    await expect(preview.getByTestId('card-preview-program')).toHaveText(title)
    await form.getByTestId('card-title').fill(`Boekenbon ${tag}`)
    await expect(preview.getByTestId('card-preview-title')).toHaveText(`Boekenbon ${tag}`)
    // A voucher needs a value.
    await page.getByTestId('wizard-next').click()
    await expect(form.getByText('Enter a value.')).toBeVisible()
    await form.getByTestId('card-value').fill('10')
    await expect(preview.getByTestId('card-preview-value')).toHaveText('€10.00')
    await form.getByTestId('card-orientation-vertical').click()
    await expect(preview).toHaveAttribute('data-orientation', 'vertical')
    await form.getByTestId('card-orientation-horizontal').click()
    await expect(preview).toHaveAttribute('data-orientation', 'horizontal')
    await expect(form.getByTestId('card-use-once')).toHaveAttribute('data-state', 'checked')
    await form.getByTestId('card-validity-after-activation').click()
    await expect(form.getByTestId('card-expiry-value')).toHaveValue('1')
    await expect(form.getByTestId('card-expiry-type')).toContainText('years')
    await expect(preview).toContainText('Valid: 1 year after activation')
    await page.getByTestId('wizard-next').click()
    await expect(page).toHaveURL(new RegExp(`/programs/card/draft/${programUuid}\\?step=3$`))

    // Step 3: review, then activation.
    await expect(page.getByTestId('wizard-status')).toHaveText('Ready to activate')
    await expect(page.getByTestId('card-summary-type')).toContainText('Voucher')
    await expect(page.getByTestId('card-summary-value')).toContainText('€10.00')
    await expect(page.getByTestId('card-summary-use')).toContainText('Once')
    await expect(page.getByTestId('card-summary-validity')).toContainText('1 year after activation')
    await expect(page.getByTestId('review-card-price')).toContainText('€0.50 plus €0.11 VAT')
    await page.getByTestId('wizard-activate').click()
    await expect(page).toHaveURL(portalUrl('programs', `/programs/${programUuid}`))
    await expect(page.getByTestId('program-detail-status')).toHaveText('Active')
    await expect(page.getByTestId('program-card').getByTestId('card-preview-title')).toHaveText(
      `Boekenbon ${tag}`,
    )
    await expect(page.getByTestId('card-batches-empty')).toContainText('No cards ordered yet.')

    // The order: 3 cards, the price worked out as it is typed.
    await page.getByTestId('order-cards').click()
    await expect(page).toHaveURL(portalUrl('programs', `/programs/${programUuid}/order`))
    await expect(page.getByTestId('screen-title')).toHaveText('Order cards')
    await page.getByTestId('order-quantity-input').fill('0')
    await page.getByTestId('order-quantity-input').blur()
    await expect(page.getByText('Enter a number of cards from 1 to 10,000.')).toBeVisible()
    await page.getByTestId('order-quantity-input').fill('3')
    const breakdown = page.getByTestId('order-breakdown')
    await expect(breakdown.getByTestId('order-value-total')).toHaveText('€30.00')
    await expect(breakdown.getByTestId('order-price-total')).toHaveText('€1.50')
    await expect(breakdown.getByTestId('order-vat-total')).toHaveText('€0.33')
    await expect(breakdown.getByTestId('order-total')).toHaveText('€31.83')
    await page.getByTestId('order-submit').click()

    // The checkout of the order's payment, then the provider's hosted page.
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/)
    const orderUuid = /checkout\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string
    await expect(page.getByTestId('checkout-amount')).toHaveText('€31.83')
    await page.getByTestId('checkout-method-card').click()
    await page.getByTestId('checkout-pay').click()
    await expect(page).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/)
    await expect(page.getByTestId('sandbox-amount')).toHaveText('€31.83', settle)
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry date').fill('12 / 30')
    await page.getByLabel('CVC').fill('123')
    await page.getByTestId('sandbox-card-pay').click()

    // Back on the order page: the payment is confirmed and the cards are issued.
    await expect(page).toHaveURL(
      portalUrl('programs', `/programs/${programUuid}/order?order=${orderUuid}`),
      settle,
    )
    const state = page.getByTestId('order-state')
    await expect(state).toHaveAttribute('data-uuid', orderUuid, settle)
    await expect(state).toHaveAttribute('data-status', 'paid', settle)
    await expect(state.getByTestId('order-state-title')).toHaveText('3 cards issued')
    await expect(state.getByTestId('order-amount')).toHaveText('€31.83')

    // The cards' tokens as CSV, through the signed-in session.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      state.getByTestId('order-download').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^card-order-\d+\.csv$/)
    const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/)
    expect(csv[0]).toBe('token,value,currency,use_number,expires_at')
    const rows = csv.slice(1).map((line) => line.split(','))
    expect(rows).toHaveLength(3)
    const tokens = rows.map((r) => r[0] as string)
    for (const token of tokens) expect(token).toMatch(tokenPattern)
    expect(new Set(tokens).size).toBe(3)
    for (const r of rows) expect(r.slice(1, 4)).toEqual(['10.00', 'EUR', '1'])

    // The program page lists the batch, and the card's value and validity are now fixed.
    await state.getByTestId('order-to-program').click()
    await expect(page).toHaveURL(portalUrl('programs', `/programs/${programUuid}`))
    const batch = page.getByTestId('card-batch')
    await expect(batch).toHaveCount(1)
    await expect(batch).toHaveAttribute('data-uuid', orderUuid)
    await expect(batch.getByTestId('batch-quantity')).toHaveText('3')
    await expect(batch.getByTestId('batch-status')).toHaveText('Paid')
    await expect(batch.getByTestId('batch-issued')).toHaveText('3')
    await expect(batch.getByTestId('batch-amount')).toHaveText('€31.83')
    // A desktop shows the batches as a table; a phone each as an item with its amount on the first
    // line and its download within reach, nothing beyond the right edge.
    await page.setViewportSize({ width: 1280, height: 800 })
    await expectLaidOutAsTable(page.getByTestId('card-batches').locator('table'))
    await page.setViewportSize({ width: 390, height: 844 })
    await expectInView(batch.getByTestId('batch-amount'), "the first batch's amount")
    await expectInView(batch.getByTestId('batch-download'), "the first batch's download")
    await expectAccessible(page, '[data-testid="card-batches"]')
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(page.getByTestId('program-card-locked')).toBeVisible()

    // Once paid for, only title, description and image change.
    await page.getByTestId('card-edit-details').click()
    const dialog = page.getByTestId('card-edit-details-dialog')
    await dialog.getByTestId('card-edit-title').fill(`Leesbon ${tag}`)
    await dialog.getByTestId('card-edit-save').click()
    await expect(page.getByText('Card saved')).toBeVisible()
    await expect(page.getByTestId('program-card').getByTestId('card-preview-title')).toHaveText(
      `Leesbon ${tag}`,
    )
    await page.context().close()
  })

  test('a gift card draft: a flexible value, an uploaded image, a date the API refuses, and another type starts the card over', async ({
    browser,
  }) => {
    const tag = newTag()
    const owner = await seedUser('programs')
    const page = await signedInPage(browser, 'programs', owner)
    await page.goto(portalUrl('programs', '/programs/card/new'))
    await page.getByLabel('Title').fill(`Cadeaukaart ${tag}`)
    await page.getByTestId('wizard-next').click()
    await expect(page).toHaveURL(/\/programs\/card\/draft\/[0-9a-f-]{36}\?step=1$/)
    const programUuid = /draft\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string
    await page.getByTestId('card-type-gift').click()
    await page.getByTestId('wizard-next').click()
    await expect(page).toHaveURL(/\?step=2$/)

    // A gift card of 0 is flexible: the face says "Any amount".
    const form = page.getByTestId('card-settings-form')
    await expect(form).toHaveAttribute('data-type', 'gift')
    await expect(form.getByTestId('card-use-unlimited')).toHaveAttribute('data-state', 'checked')
    await form.getByTestId('card-value').fill('0')
    await expect(form.getByTestId('card-value-flexible')).toBeVisible()
    await expect(form.getByTestId('card-preview-value')).toHaveText('Any amount')

    // The image is uploaded at once and shown on the card.
    await form.getByTestId('card-image-input').setInputFiles({
      name: 'card.png',
      mimeType: 'image/png',
      buffer: Buffer.from(onePixelPng, 'base64'),
    })
    await expect(form.getByTestId('card-image-thumb')).toBeVisible(settle)
    await expect(form.getByTestId('card-preview-image')).toHaveAttribute(
      'src',
      /\/api\/v1\/manager\/commons\/images\/[0-9a-f-]+\.jpg$/,
    )

    // The API refuses a program that has already ended: said under the field.
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    await form.getByTestId('card-start-date').fill(lastWeek)
    await form.getByTestId('card-expiry-date').fill(yesterday)
    await page.getByTestId('wizard-next').click()
    await expect(form.getByText('The date cannot be in the past.')).toBeVisible()
    await expect(page).toHaveURL(/\?step=2$/)
    await form.getByTestId('card-expiry-date').fill('')
    await page.getByTestId('wizard-next').click()
    await expect(page).toHaveURL(/\?step=3$/)
    await expect(page.getByTestId('card-summary-value')).toContainText('Flexible (loaded later)')
    await expect(page.getByTestId('card-summary-use')).toContainText('Unlimited uses')

    // Back to the type: another one warns, asks, and starts the card over.
    await page.goto(portalUrl('programs', `/programs/card/draft/${programUuid}?step=1`))
    await expect(page.getByTestId('card-type-gift').getByTestId('card-type-current')).toHaveText('Chosen')
    await page.getByTestId('card-type-voucher').click()
    await expect(page.getByTestId('card-type-change-warning')).toBeVisible()
    await page.getByTestId('wizard-next').click()
    const confirm = page.getByTestId('card-type-change-dialog')
    await expect(confirm).toContainText('Change the card type?')
    await page.getByTestId('card-type-change-confirm').click()
    await expect(page).toHaveURL(new RegExp(`/programs/card/draft/${programUuid}\\?step=2$`))
    await expect(page.getByTestId('card-settings-form')).toHaveAttribute('data-type', 'voucher')
    await expect(page.getByTestId('card-value')).toHaveValue('')
    await expect(page.getByTestId('card-preview-image')).toHaveCount(0)
    await expect(page.getByTestId('wizard-status')).toHaveText('Draft')
    await page.context().close()
  })
})
