import { expect, test } from '@playwright/test'
import { type Api, joinProgram, payWithSandboxCard } from '../support/factories.ts'
import { placeFoodOrder, seedRestaurant } from '../support/food.ts'
import { expectAccessible, expectNoHorizontalScroll } from './checks.ts'
import { portalUrl } from './portals.ts'
import { callerOf, pageApi } from './seeding.ts'
import { portalPage } from './session.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * The staff screens of food ordering (issue 15): an acceptor working at a restaurant opens the
 * kitchen board on a phone; a guest pays an order through the API and it appears on the board
 * live (once), ringing until acknowledged; the acceptor opens its detail, prints its ticket and
 * moves it to the kitchen, out for delivery and delivered; the board shows itself offline when the
 * stream drops and recovers; the pause switch pauses and reopens. The owner then finds the order in
 * the date view and the daily totals of the program page, and the CSV link answers with it.
 * At 390 px and at desktop width: no horizontal scroll, no serious or critical axe finding.
 */

test.afterAll(closeSeedDb)

test('the kitchen board shows a paid order live and the owner finds it in the books', async ({ browser }) => {
  test.setTimeout(300_000)
  const tag = Math.random().toString(16).slice(2, 8)
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Keuken ${tag}` })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  await ownerPage.goto(portalUrl('programs', '/programs'))
  const restaurant = await seedRestaurant(callerOf(ownerPage))

  const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: `Bediening ${tag}` })
  const staff = await signedInPage(browser, 'acceptor', acceptor)
  await joinProgram(callerOf(ownerPage), restaurant.uuid, { ...callerOf(staff), email: acceptor.email })

  // The board first, empty, on a phone.
  await staff.setViewportSize({ width: 390, height: 844 })
  await staff.goto(portalUrl('acceptor', '/orders'))
  const board = staff.getByTestId('kitchen-board')
  await expect(board.getByText('No orders to prepare right now')).toBeVisible({ timeout: 30_000 })
  await expect(board.getByTestId('board-offline')).toHaveCount(0)
  await board.getByTestId('enable-sound').click()
  await expect(board.getByTestId('sound-on')).toBeVisible()
  // Let the stream open before the order is paid.
  await staff.waitForTimeout(1_500)

  // A guest orders and pays through the API; the board shows it without a reload, once.
  const guestPage = await portalPage(browser, 'cardholder')
  await guestPage.goto(portalUrl('cardholder', '/'))
  const guestJson = pageApi(guestPage)
  // apiCall always says JSON: a POST without a body (a new food session) sends an empty object.
  const guest: Api = (method, path, body) =>
    guestJson(method, path, body === undefined && method === 'POST' ? {} : body)
  const placed = await placeFoodOrder(guest, restaurant)
  await payWithSandboxCard(guest, placed.payment)
  const card = board.getByTestId('board-order')
  await expect(card).toHaveCount(1, { timeout: 30_000 })
  await expect(card.getByTestId('order-status')).toHaveText('New')
  await expect(card).toContainText('Margherita')
  await expect(card).toContainText('Anna de Vries')
  const orderId = (await card.getAttribute('data-order-id')) as string
  await expect(board.getByRole('status').filter({ hasText: 'New orders: 1' })).toBeVisible()
  await expectNoHorizontalScroll(staff)
  await expectAccessible(staff, 'main')
  await board.getByTestId('acknowledge').click()
  await expect(board.getByText(/New orders:/)).toHaveCount(0)

  // The network goes: an open stream survives Chromium's offline switch, but the server ends
  // each stream after about 50 s and the reconnect fails; from then on no heartbeat, and the
  // banner shows within 5 s. Back online: the banner goes, and the replay shows nothing twice.
  await staff.context().setOffline(true)
  await expect(board.getByTestId('board-offline')).toBeVisible({ timeout: 70_000 })
  await staff.context().setOffline(false)
  await expect(board.getByTestId('board-offline')).toHaveCount(0, { timeout: 15_000 })
  await expect(card).toHaveCount(1)

  // The detail: history and the payment.
  await card.getByRole('button', { name: 'Details' }).click()
  const detail = staff.getByTestId('order-detail')
  await expect(detail.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible()
  await expect(detail.getByTestId('order-history').getByRole('listitem')).not.toHaveCount(0)
  await expect(detail.getByTestId('order-transactions').getByRole('listitem')).toHaveCount(1)
  await expectAccessible(staff, '[data-testid="order-detail"]')
  await staff.keyboard.press('Escape')

  // The ticket: printing shows only it.
  await staff.evaluate(() => {
    window.print = () => {
      ;(window as unknown as { printed: boolean }).printed = true
    }
  })
  await card.getByRole('button', { name: 'Print ticket' }).click()
  await expect(staff.getByTestId('order-ticket')).toContainText(`#${orderId}`)
  expect(await staff.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true)
  await staff.evaluate(() => window.dispatchEvent(new Event('afterprint')))
  await expect(staff.getByTestId('order-ticket')).toHaveCount(0)

  // Through the states, with the big buttons.
  await card.getByTestId('move-5').click()
  await expect(card.getByTestId('order-status')).toHaveText('In the kitchen')
  await card.getByTestId('move-6').click()
  await expect(card.getByTestId('order-status')).toHaveText('Out for delivery')
  await card.getByTestId('move-7').click()
  await expect(card).toHaveCount(0)
  await expect(board.getByText('No orders to prepare right now')).toBeVisible()

  // The pause switch.
  await board.getByLabel('Pause new orders until').fill('23:30')
  await board.getByTestId('pause').click()
  await expect(board.getByTestId('pause-on')).toBeVisible()
  await board.getByRole('button', { name: 'Reopen now' }).click()
  await expect(board.getByTestId('pause')).toBeVisible()

  // The delivered order has left the board; staff find it among the day's orders.
  await staff.getByTestId('kitchen-date-tab').click()
  const finished = staff.getByTestId('books-order').filter({ hasText: `#${orderId}` })
  await expect(finished).toBeVisible({ timeout: 30_000 })
  await expect(finished.getByTestId('order-status')).toHaveText('Delivered')
  await expectNoHorizontalScroll(staff)
  await expectAccessible(staff, 'main')
  await staff.getByTestId('kitchen-board-tab').click()

  // Desktop width.
  await staff.setViewportSize({ width: 1280, height: 900 })
  await expectNoHorizontalScroll(staff)

  // The owner: the date view, the daily totals, the CSV.
  for (const width of [390, 1280]) {
    await ownerPage.setViewportSize({ width, height: 900 })
    await ownerPage.goto(portalUrl('programs', `/programs/${restaurant.uuid}`))
    const books = ownerPage.getByTestId('food-orders')
    await books.getByTestId('books-date-tab').click()
    const row = books.getByTestId('books-order').filter({ hasText: `#${orderId}` })
    await expect(row).toBeVisible({ timeout: 30_000 })
    await expect(row.getByTestId('order-status')).toHaveText('Delivered')
    await expectNoHorizontalScroll(ownerPage)
    await expectAccessible(ownerPage, '[data-testid="food-orders"]')
    await books.getByTestId('books-totals-tab').click()
    await expect(books.getByTestId('daily-total').first()).toContainText('1')
    await expectNoHorizontalScroll(ownerPage)
    await expectAccessible(ownerPage, '[data-testid="food-orders"]')
  }
  const books = ownerPage.getByTestId('food-orders')
  await expect(books.getByTestId('orders-csv')).toBeVisible()
  const href = (await books.getByTestId('orders-csv').getAttribute('href')) as string
  const csv = await ownerPage.evaluate(async (href) => {
    const res = await fetch(href)
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() }
  }, href)
  expect(csv.status).toBe(200)
  expect(csv.type).toContain('text/csv')
  expect(csv.text).toContain(orderId)

  // The detail from the books: history includes the staff's moves.
  await books.getByTestId('books-date-tab').click()
  await books.getByRole('button', { name: `#${orderId}` }).click()
  await expect(ownerPage.getByTestId('order-detail').getByTestId('order-history')).toContainText('Delivered')
})
