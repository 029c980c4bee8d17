import { expect, test } from '@playwright/test'
import { type Api, joinProgram, payWithSandboxCard } from '../support/factories.ts'
import { seedRestaurant } from '../support/food.ts'
import { expectAccessible, expectNoHorizontalScroll } from './checks.ts'
import { portalUrl } from './portals.ts'
import { callerOf, pageApi } from './seeding.ts'
import { portalPage } from './session.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * Counter orders (issue 15 item 6, the acceptor's `/new-order`): on a 390 px phone an acceptor
 * working at a restaurant opens the new order screen from the kitchen board, adds a dish with a
 * size and an extra, takes it as paid in cash, then a second one paid by the customer's phone
 * through the payment QR; both appear on the kitchen board, and the order's receipt downloads as
 * a PDF from its detail. No horizontal scroll, no serious or critical axe finding.
 */

test.afterAll(closeSeedDb)

test('an acceptor takes counter orders on a phone and they reach the kitchen board', async ({ browser }) => {
  test.setTimeout(300_000)
  const tag = Math.random().toString(16).slice(2, 8)
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Balie ${tag}` })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  await ownerPage.goto(portalUrl('programs', '/programs'))
  const restaurant = await seedRestaurant(callerOf(ownerPage))

  const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: `Toonbank ${tag}` })
  const staff = await signedInPage(browser, 'acceptor', acceptor)
  await joinProgram(callerOf(ownerPage), restaurant.uuid, { ...callerOf(staff), email: acceptor.email })

  await staff.setViewportSize({ width: 390, height: 844 })
  await staff.goto(portalUrl('acceptor', '/orders'))
  await expect(staff.getByText('No orders to prepare right now')).toBeVisible({ timeout: 30_000 })
  await staff.getByTestId('new-order-link').click()
  await expect(staff.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible()
  await expect(staff.getByTestId('counter-empty')).toBeVisible()

  // A Margherita, large, with extra cheese, twice: (9.50 + 12.50 + 1.00) × 2.
  await staff.getByTestId('counter-product').filter({ hasText: 'Margherita' }).click()
  const options = staff.getByTestId('counter-options')
  await options.getByLabel('Large').check()
  await options.getByLabel('Extra cheese').check()
  await options.getByRole('button', { name: 'More' }).click()
  await expectAccessible(staff, '[data-testid="counter-options"]')
  await options.getByTestId('counter-options-add').click()
  await expect(staff.getByTestId('counter-line')).toHaveCount(1)
  await expect(staff.getByTestId('counter-line')).toContainText('Margherita (Large)')
  await expect(staff.getByTestId('counter-total')).toHaveText('€46.00')
  await staff.getByLabel('Eat in').check()
  await staff.getByTestId('counter-name').fill(`Ben ${tag}`)
  await expectNoHorizontalScroll(staff)
  await expectAccessible(staff, 'main')

  // Cash in hand: paid at once, on the board.
  await staff.getByTestId('counter-pay-cash').click()
  const placed = staff.getByTestId('counter-placed')
  await expect(placed.getByTestId('counter-paid')).toBeVisible()
  const cashOrder = (await placed.getAttribute('data-order-id')) as string
  await expect(placed).toContainText('€46.00')
  await expectAccessible(staff, 'main')

  // The next one, paid with the customer's phone: the QR holds the payment page.
  await placed.getByTestId('counter-next').click()
  await staff.getByTestId('counter-product').filter({ hasText: 'Margherita' }).click()
  await staff.getByTestId('counter-options').getByTestId('counter-options-add').click()
  await expect(staff.getByTestId('counter-total')).toHaveText('€9.50')
  await staff.getByTestId('counter-pay-qr').click()
  const qr = staff.getByTestId('terminal-qr')
  await expect(qr).toBeVisible()
  await expect(staff.getByText('Waiting for the payment…')).toBeVisible()
  await expectNoHorizontalScroll(staff)
  await expectAccessible(staff, 'main')
  const payUrl = (await qr.getAttribute('data-value')) as string
  expect(payUrl).toMatch(/\/checkout\/[0-9a-f-]{36}$/)
  const qrOrder = (await staff.getByTestId('counter-placed').getAttribute('data-order-id')) as string
  const customer = await portalPage(browser, 'cardholder')
  await customer.goto(portalUrl('cardholder', '/'))
  const customerApi: Api = pageApi(customer)
  await payWithSandboxCard(customerApi, payUrl.split('/').pop() as string)
  await expect(staff.getByTestId('counter-paid')).toBeVisible({ timeout: 30_000 })

  // Both on the kitchen board, like any other order.
  await staff.getByRole('link', { name: 'Kitchen board' }).click()
  const board = staff.getByTestId('kitchen-board')
  await expect(board.getByTestId('board-order')).toHaveCount(2, { timeout: 30_000 })
  const cashCard = board.locator(`[data-testid="board-order"][data-order-id="${cashOrder}"]`)
  await expect(cashCard).toContainText(`Ben ${tag}`)
  const qrCard = board.locator(`[data-testid="board-order"][data-order-id="${qrOrder}"]`)
  await expect(qrCard).toBeVisible()
  // The QR order took no name: its line ends at the time, no separator left dangling after it.
  await expect(qrCard.getByTestId('board-order-meta')).toHaveText(/As soon as possible$/)

  // Its receipt, from the detail.
  await cashCard.getByRole('button', { name: 'Details' }).click()
  const detail = staff.getByTestId('order-detail')
  const href = (await detail.getByTestId('order-receipt').getAttribute('href')) as string
  const pdf = await staff.evaluate(async (href) => {
    const res = await fetch(href)
    const bytes = new Uint8Array(await res.arrayBuffer())
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      head: String.fromCharCode(...bytes.slice(0, 5)),
    }
  }, href)
  expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' })
})

test('a QR counter order whose payment failed gets a new QR, then is taken in cash', async ({ browser }) => {
  test.setTimeout(300_000)
  const tag = Math.random().toString(16).slice(2, 8)
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Kassa ${tag}` })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  await ownerPage.goto(portalUrl('programs', '/programs'))
  const restaurant = await seedRestaurant(callerOf(ownerPage))
  const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: `Toog ${tag}` })
  const staff = await signedInPage(browser, 'acceptor', acceptor)
  await joinProgram(callerOf(ownerPage), restaurant.uuid, { ...callerOf(staff), email: acceptor.email })

  await staff.setViewportSize({ width: 390, height: 844 })
  await staff.goto(portalUrl('acceptor', '/new-order'))
  await staff.getByTestId('counter-product').filter({ hasText: 'Margherita' }).click()
  await staff.getByTestId('counter-options').getByTestId('counter-options-add').click()
  await staff.getByTestId('counter-pay-qr').click()
  const qr = staff.getByTestId('terminal-qr')
  await expect(qr).toBeVisible()
  const firstUrl = (await qr.getAttribute('data-value')) as string

  // The customer's card is declined: the screen says so and offers a new code or cash.
  const customer = await portalPage(browser, 'cardholder')
  await customer.goto(portalUrl('cardholder', '/'))
  const customerApi: Api = pageApi(customer)
  const decline = (url: string) =>
    customerApi('POST', '/payment/pay', {
      order_uuid: url.split('/').pop(),
      payment_type: 'card',
      card_number: '4000 0000 0000 0002',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    })
  await decline(firstUrl)
  const failed = staff.getByTestId('counter-failed')
  await expect(failed).toBeVisible({ timeout: 30_000 })
  await expectNoHorizontalScroll(staff)
  await expectAccessible(staff, 'main')

  // A new code: another payment of the same order.
  await failed.getByTestId('counter-new-qr').click()
  await expect(qr).toBeVisible()
  await expect(qr).not.toHaveAttribute('data-value', firstUrl)
  const secondUrl = (await qr.getAttribute('data-value')) as string
  expect(secondUrl).toMatch(/\/checkout\/[0-9a-f-]{36}$/)

  // Declined again: cash instead, and the order is paid and on the board.
  await decline(secondUrl)
  await expect(failed).toBeVisible({ timeout: 30_000 })
  await failed.getByTestId('counter-cash-instead').click()
  await expect(staff.getByTestId('counter-paid')).toBeVisible()
  const order = (await staff.getByTestId('counter-placed').getAttribute('data-order-id')) as string
  await expectAccessible(staff, 'main')
  await staff.getByRole('link', { name: 'Kitchen board' }).click()
  await expect(
    staff.getByTestId('kitchen-board').locator(`[data-testid="board-order"][data-order-id="${order}"]`),
  ).toBeVisible({ timeout: 30_000 })
})

test('the new order screen fits a phone in Dutch, whose pay buttons are wider', async ({ browser }) => {
  test.setTimeout(120_000)
  const tag = Math.random().toString(16).slice(2, 8)
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Balie ${tag}` })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  await ownerPage.goto(portalUrl('programs', '/programs'))
  const restaurant = await seedRestaurant(callerOf(ownerPage))
  const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: `Toonbank ${tag}` })
  const staff = await signedInPage(browser, 'acceptor', acceptor)
  await joinProgram(callerOf(ownerPage), restaurant.uuid, { ...callerOf(staff), email: acceptor.email })

  await staff.context().addCookies([{ name: 'lang', value: 'nl', url: portalUrl('acceptor') }])
  await staff.setViewportSize({ width: 390, height: 844 })
  await staff.goto(portalUrl('acceptor', '/new-order'))
  await expect(staff.getByTestId('counter-pay-qr')).toHaveText('Betalen met de telefoon van de klant (QR)')
  await expectNoHorizontalScroll(staff)

  // Paid by the customer's phone, the order's page has no name, e-mail or phone to show: no line
  // of bare separators ("· ·") in their place.
  await staff.getByTestId('counter-product').filter({ hasText: 'Margherita' }).click()
  await staff.getByTestId('counter-options').getByTestId('counter-options-add').click()
  await staff.getByTestId('counter-pay-qr').click()
  const payUrl = (await staff.getByTestId('terminal-qr').getAttribute('data-value')) as string
  const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await customer.goto(payUrl)
  if (await customer.getByTestId('checkout-method-card').count())
    await customer.getByTestId('checkout-method-card').click()
  await customer.getByTestId('checkout-pay').click()
  await expect(customer).toHaveURL(/\/sandbox\/checkout\//, { timeout: 30_000 })
  await customer.getByLabel('Card number').fill('4242 4242 4242 4242')
  await customer.getByLabel('Expiry date').fill('12 / 30')
  await customer.getByLabel('CVC').fill('123')
  await customer.getByTestId('sandbox-card-pay').click()
  await expect(customer.getByTestId('order-page')).toBeVisible({ timeout: 30_000 })
  await expect(customer.getByTestId('order-total')).toBeVisible()
  await expect(customer.getByTestId('order-contact')).toHaveCount(0)
  await expect(customer.getByText('· ·')).toHaveCount(0)
})
