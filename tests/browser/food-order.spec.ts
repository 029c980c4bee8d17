import { expect, type Page, test } from '@playwright/test'
import { expectStatus, joinProgram } from '../support/factories.ts'
import { seedRestaurant, upload } from '../support/food.ts'
import { expectAccessible, expectNoHorizontalScroll } from './checks.ts'
import { portalUrl } from './portals.ts'
import { callerOf, pageApi } from './seeding.ts'
import { portalPage } from './session.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * The guest's ordering screens (issue 15): on a phone, a guest chooses pickup in the location
 * popup, puts a dish in the basket and meets the minimum order amount in words, then the dish with
 * a variant and an extra; the cart counts and prices it, the checkout takes their details and the
 * restaurant's terms and privacy, the platform's payment page takes the sandbox card, and the
 * guest lands on the order's page. The restaurant's acceptor moves the order to the kitchen and
 * the page shows it without a reload. 390 px: no horizontal scroll, no serious axe finding.
 */

test.afterAll(closeSeedDb)

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

test('a guest orders for pickup on a phone, pays by card and follows the kitchen live', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const tag = Math.random().toString(16).slice(2, 8)
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Pizzeria ${tag}` })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  await ownerPage.goto(portalUrl('programs', '/programs'))
  const caller = callerOf(ownerPage)
  const restaurant = await seedRestaurant(caller, {
    restaurant: { can_pickup_in_rest: true, pickup_fee_heading: 'Packaging', pickup_fee: 50 },
  })
  // The restaurant's terms and privacy statement, linked from the checkout.
  const documents: Record<string, string> = {}
  for (const [path, field] of [
    ['/food/terms-and-conditions', 'tc_pdf_url'],
    ['/food/privacy', 'privacy_pdf_url'],
  ] as const) {
    const res = await upload<{ uri: string }>(caller.api, path, {
      file: { bytes: pdf, name: 'document.pdf', type: 'application/pdf' },
    })
    documents[field] = expectStatus(res, 201, `upload ${path}`).uri
  }
  expectStatus(
    await caller.api('PATCH', `/food/programs/${restaurant.uuid}`, documents),
    200,
    'the restaurant’s documents',
  )

  const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: `Keuken ${tag}` })
  const staff = await signedInPage(browser, 'acceptor', acceptor)
  await joinProgram(callerOf(ownerPage), restaurant.uuid, { ...callerOf(staff), email: acceptor.email })

  // The guest, on a phone: pickup chosen in the location popup on the restaurant's page.
  const guest = await portalPage(browser, 'cardholder')
  await guest.setViewportSize({ width: 390, height: 844 })
  await guest.goto(portalUrl('cardholder', `/food/place/${restaurant.uuid}`))
  await openLocation(guest)
  const popup = guest.getByTestId('location-dialog')
  await expect(popup).toBeVisible()
  await expectAccessible(guest, '[data-testid="location-dialog"]')
  await popup.getByTestId('location-pickup').click()
  await popup.getByTestId('location-save').click()
  await expect(popup).toBeHidden()
  await expect(guest.getByTestId('location-button')).toContainText('Pickup at the restaurant')

  // One plain Margherita (€9.50) is below the minimum of €15.00: said in words, no ordering.
  await guest.getByTestId('dish').filter({ hasText: 'Margherita' }).click()
  await expect(guest.getByTestId('screen-title')).toHaveText('Margherita')
  await guest.getByTestId('add-to-basket-submit').click()
  await expect(guest.getByTestId('basket-count')).toHaveText('1')
  await guest.getByTestId('basket-button').click()
  await expect(guest.getByTestId('screen-title')).toHaveText('Your basket')
  const refusal = guest.getByTestId('cart-refusal')
  await expect(refusal).toContainText('Minimum order amount is €15.00.')
  await expect(refusal).toContainText('Add €5.50 more to order.')
  await expect(guest.getByTestId('cart-checkout')).toBeDisabled()

  // Now the large one with extra cheese (€9.50 + €12.50 + €1.00), and the plain one taken out.
  await guest.goBack()
  await guest.getByTestId('variant-choice').filter({ hasText: 'Large' }).getByRole('radio').check()
  await guest.getByTestId('extra-choice').filter({ hasText: 'Extra cheese' }).getByRole('checkbox').check()
  await expect(guest.getByTestId('add-to-basket-submit')).toContainText('€23.00')
  await guest.getByTestId('add-to-basket-submit').click()
  await expect(guest.getByTestId('basket-count')).toHaveText('2')
  await guest.getByTestId('basket-button').click()
  const lines = guest.getByTestId('cart-line')
  await expect(lines).toHaveCount(2)
  await lines.filter({ hasNotText: 'Large' }).getByTestId('cart-line-count-minus').click()
  await expect(lines).toHaveCount(1)
  await expect(lines.first().getByTestId('cart-line-options')).toHaveText('Large, Extra cheese')
  await expect(guest.getByTestId('cart-products')).toHaveText('€23.00')
  await expect(guest.getByTestId('cart-pickup-fee')).toHaveText('€0.50')
  await expect(guest.getByTestId('cart-total')).toHaveText('€23.50')
  await expect(guest.getByTestId('cart-refusal')).toHaveCount(0)
  await expectNoHorizontalScroll(guest)
  await expectAccessible(guest, 'main')

  // The checkout: details, terms and privacy (linked), then the platform's payment page.
  await guest.getByTestId('cart-checkout').click()
  await expect(guest.getByTestId('screen-title')).toHaveText('Checkout')
  await guest.getByTestId('checkout-submit').click()
  await expect(guest.getByTestId('checkout-terms-problem')).toHaveText(
    'You must accept the terms and the privacy statement to order.',
  )
  await guest.getByTestId('checkout-name').fill('Anna de Vries')
  await guest.getByTestId('checkout-email').fill(`anna-${tag}@example.com`)
  await guest.getByTestId('checkout-phone').fill('+31 6 1234 5678')
  await expect(guest.getByTestId('checkout-terms-link')).toHaveAttribute(
    'href',
    documents.tc_pdf_url as string,
  )
  await expect(guest.getByTestId('checkout-privacy-link')).toHaveAttribute(
    'href',
    documents.privacy_pdf_url as string,
  )
  await guest.getByTestId('checkout-terms').getByRole('checkbox').check()
  await guest.getByTestId('checkout-privacy').getByRole('checkbox').check()
  await guest.getByTestId('checkout-method-card').getByRole('radio').check()
  await expectNoHorizontalScroll(guest)
  await expectAccessible(guest, 'main')
  await guest.getByTestId('checkout-submit').click()

  // The method was chosen in the checkout: straight on to the provider's page, not asked again.
  await expect(guest).toHaveURL(/\/sandbox\/checkout\//, { timeout: 30_000 })
  await guest.getByLabel('Card number').fill('4242 4242 4242 4242')
  await guest.getByLabel('Expiry date').fill('12 / 30')
  await guest.getByLabel('CVC').fill('123')
  await guest.getByTestId('sandbox-card-pay').click()

  // Back through the payment check to the order's page: paid, then live from the kitchen.
  await expect(guest).toHaveURL(/\/orders\/[0-9a-f-]{36}$/, { timeout: 60_000 })
  const status = guest.getByTestId('order-status')
  await expect(status).toHaveText('Paid: waiting for the kitchen', { timeout: 30_000 })
  await expect(guest.getByTestId('order-total')).toHaveText('€23.50')
  await expect(guest.getByTestId('order-item').first()).toContainText('Margherita, Large, Extra cheese')
  await expect(guest.getByTestId('order-live')).toBeVisible({ timeout: 15_000 })
  await expectNoHorizontalScroll(guest)
  await expectAccessible(guest, 'main')

  const orderUuid = new URL(guest.url()).pathname.split('/').pop() as string
  const staffApi = pageApi(staff)
  await staff.goto(portalUrl('acceptor', '/orders'))
  expectStatus(
    await staffApi('PATCH', `/food/programs/${restaurant.uuid}/orders/${orderUuid}/status`, {
      status: 'kitchen',
    }),
    200,
    'to the kitchen',
  )
  await expect(status).toHaveText('Being prepared', { timeout: 15_000 })
  expectStatus(
    await staffApi('PATCH', `/food/programs/${restaurant.uuid}/orders/${orderUuid}/status`, { status: 6 }),
    200,
    'ready',
  )
  await expect(status).toHaveText('Ready for pickup', { timeout: 15_000 })

  // The session's orders list it.
  await guest.getByRole('link', { name: 'All your orders' }).click()
  await expect(guest.getByTestId('guest-order')).toHaveCount(1)
  await expect(guest.getByTestId('guest-order')).toContainText('Ready for pickup')
  await expectAccessible(guest, 'main')
})

test('a guest of a restaurant that delivers within a distance shares their position, and delivery is offered', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const tag = Math.random().toString(16).slice(2, 8)
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Bistro ${tag}` })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  await ownerPage.goto(portalUrl('programs', '/programs'))
  // The factories' restaurant delivers up to 6 km around Damrak 1, by distance: it needs a point.
  const restaurant = await seedRestaurant(callerOf(ownerPage))

  const guest = await portalPage(browser, 'cardholder')
  await guest.setViewportSize({ width: 390, height: 844 })
  await guest.context().grantPermissions(['geolocation'])
  await guest.context().setGeolocation({ latitude: 52.3702, longitude: 4.8952 })
  await guest.goto(portalUrl('cardholder', `/food/place/${restaurant.uuid}`))
  await openLocation(guest)
  const popup = guest.getByTestId('location-dialog')
  await popup.getByTestId('location-zip').fill('1012 AB')
  await popup.getByTestId('location-house').fill('7')
  await popup.getByTestId('location-save').click()
  // A zip code alone cannot say how far it is: the popup asks for the position, in words.
  await expect(popup.getByTestId('location-unavailable')).toContainText('share your location')
  await expectAccessible(guest, '[data-testid="location-dialog"]')
  await expectNoHorizontalScroll(guest)
  await popup.getByTestId('location-share-position').click()
  await expect(popup).toBeHidden()
  await expect(guest.getByTestId('location-button')).toContainText('1012 AB 7')
})

test('a guest of a restaurant delivering by zip code gets its delivery cost, pays and downloads the receipt', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const tag = Math.random().toString(16).slice(2, 8)
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Snackbar ${tag}` })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  await ownerPage.goto(portalUrl('programs', '/programs'))
  // Delivery by zip code rows only: the whole 1012 area for €3.00, one street of 1013 for €5.00.
  const restaurant = await seedRestaurant(callerOf(ownerPage), {
    restaurant: {
      type_of_delivery: 1,
      delivery_ranges: [],
      delivery_range_zip_codes: [
        { zip_code: '1012', cost: 300 },
        { zip_code: '1013 AB', cost: '5,00' },
      ],
    },
  })

  const guest = await portalPage(browser, 'cardholder')
  await guest.setViewportSize({ width: 390, height: 844 })
  await guest.goto(portalUrl('cardholder', `/food/place/${restaurant.uuid}`))
  await openLocation(guest)
  const popup = guest.getByTestId('location-dialog')
  await popup.getByTestId('location-delivery').click()
  // A zip code without a row: outside the area, said in the popup.
  await popup.getByTestId('location-zip').fill('1014 AA')
  await popup.getByTestId('location-house').fill('5')
  await popup.getByTestId('location-save').click()
  await expect(popup.getByTestId('location-unavailable')).toBeVisible()
  await expectAccessible(guest, '[data-testid="location-dialog"]')
  await expectNoHorizontalScroll(guest)
  // The street with a row of its own: delivered, at its cost.
  await popup.getByTestId('location-zip').fill('1013 AB')
  await popup.getByTestId('location-house').fill('12')
  await popup.getByTestId('location-save').click()
  await expect(popup).toBeHidden()
  await expect(guest.getByTestId('location-button')).toContainText('1013 AB 12')

  // A large Margherita (9.50 + 12.50) is over the minimum of €15.00.
  await guest.getByTestId('dish').filter({ hasText: 'Margherita' }).click()
  await expect(guest.getByTestId('screen-title')).toHaveText('Margherita')
  await guest.getByTestId('variant-choice').filter({ hasText: 'Large' }).getByRole('radio').check()
  await guest.getByTestId('add-to-basket-submit').click()
  await expect(guest.getByTestId('basket-count')).toHaveText('1')
  await guest.getByTestId('basket-button').click()
  await expect(guest.getByTestId('screen-title')).toHaveText('Your basket')
  await expect(guest.getByTestId('cart-products')).toHaveText('€22.00')
  await expect(guest.getByTestId('cart-delivery')).toHaveText('€5.00')
  await expect(guest.getByTestId('cart-total')).toHaveText('€27.00')
  await expect(guest.getByTestId('cart-refusal')).toHaveCount(0)
  await expectNoHorizontalScroll(guest)
  await expectAccessible(guest, 'main')

  await guest.getByTestId('cart-checkout').click()
  await expect(guest.getByTestId('screen-title')).toHaveText('Checkout')
  await expect(guest.getByTestId('checkout-total')).toHaveText('€27.00')
  await guest.getByTestId('checkout-name').fill('Daan Jansen')
  await guest.getByTestId('checkout-email').fill(`daan-${tag}@example.com`)
  await guest.getByTestId('checkout-phone').fill('+31 6 8765 4321')
  await guest.getByTestId('checkout-terms').getByRole('checkbox').check()
  await guest.getByTestId('checkout-privacy').getByRole('checkbox').check()
  await guest.getByTestId('checkout-method-card').getByRole('radio').check()
  await expectNoHorizontalScroll(guest)
  await expectAccessible(guest, 'main')
  await guest.getByTestId('checkout-submit').click()

  // The method was chosen in the checkout: straight on to the provider's page, not asked again.
  await expect(guest).toHaveURL(/\/sandbox\/checkout\//, { timeout: 30_000 })
  await guest.getByLabel('Card number').fill('4242 4242 4242 4242')
  await guest.getByLabel('Expiry date').fill('12 / 30')
  await guest.getByLabel('CVC').fill('123')
  await guest.getByTestId('sandbox-card-pay').click()

  // Paid: the order's page, its delivery cost, and its receipt as a PDF.
  await expect(guest).toHaveURL(/\/orders\/[0-9a-f-]{36}$/, { timeout: 60_000 })
  await expect(guest.getByTestId('order-status')).toHaveText('Paid: waiting for the kitchen', {
    timeout: 30_000,
  })
  await expect(guest.getByTestId('order-total')).toHaveText('€27.00')
  const receipt = guest.getByTestId('order-receipt')
  await expect(receipt).toBeVisible()
  const pdfAnswer = await guest.evaluate(
    async (href) => {
      const res = await fetch(href)
      const bytes = new Uint8Array(await res.arrayBuffer())
      return {
        status: res.status,
        type: res.headers.get('content-type') ?? '',
        head: String.fromCharCode(...bytes.slice(0, 5)),
      }
    },
    (await receipt.getAttribute('href')) as string,
  )
  expect(pdfAnswer).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' })
  await expectNoHorizontalScroll(guest)
  await expectAccessible(guest, 'main')
})

/** Opens the location popup; a tap before the page has hydrated does nothing, so tap again. */
async function openLocation(page: Page) {
  await expect(async () => {
    await page.getByTestId('location-button').click()
    await expect(page.getByTestId('location-dialog')).toBeVisible({ timeout: 1500 })
  }).toPass({ timeout: 20_000 })
}
