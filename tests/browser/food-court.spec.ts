import { expect, type Page, test } from '@playwright/test'
import { expectStatus, payWithSandboxCard } from '../support/factories.ts'
import { picture, seedRestaurant, uploadFoodImage } from '../support/food.ts'
import { expectFitsAndAccessible } from './checks.ts'
import { portalUrl } from './portals.ts'
import { callerOf, pageApi } from './seeding.ts'
import { portalPage } from './session.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * Food courts in the browser (issue 16), on a phone: a court owner makes a court in the wizard
 * (fee 10 %) and invites a restaurant by search; its owner reads the court's terms, accepts and
 * finishes the sandbox's onboarding, and comes back to "payouts set up". A second restaurant joins
 * the same way through the API. A guest puts a dish of each restaurant in one basket on the court's
 * page and pays once at the sandbox; each restaurant's kitchen board shows its own sub-order; both
 * are delivered; the payouts appear on the court owner's settlement statement with the court fee.
 * Every screen: no horizontal scroll at 390 px, no serious axe finding.
 */

test.afterAll(closeSeedDb)

const phone = { width: 390, height: 844 }

/** A restaurant owner signed in on a phone with an active restaurant (pickup, no own minimum). */
async function restaurantOwner(browser: Parameters<typeof signedInPage>[0], name: string) {
  const user = await seedUser('programs', { legal_type: 1, company_name: name })
  const page = await signedInPage(browser, 'programs', user)
  await page.setViewportSize(phone)
  await page.goto(portalUrl('programs', '/programs'))
  const restaurant = await seedRestaurant(callerOf(page), {
    restaurant: { title: name, can_pickup_in_rest: true, min_order_amount: 0 },
  })
  return { page, restaurant }
}

test('a court invites, a restaurant onboards, a guest pays once, both parts are paid out', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  const tag = Math.random().toString(16).slice(2, 8)
  const courtTitle = `Foodhal ${tag}`

  // ── The court owner makes the court in the wizard ──────────────────────────────────────────
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Hallen ${tag}` })
  const court = await signedInPage(browser, 'programs', owner)
  await court.setViewportSize(phone)
  await court.goto(portalUrl('programs', '/programs/food-court/new'))
  await court.getByTestId('program-title').fill(courtTitle)
  await court.getByTestId('program-description').fill('Twelve kitchens under one roof')
  await court.getByTestId('wizard-next').click()
  await expect(court.getByTestId('wizard-step-court')).toBeVisible({ timeout: 15_000 })
  await expectFitsAndAccessible(court)
  await court.getByTestId('court-can_pickup_in_rest').click()
  await court.getByTestId('court-image').setInputFiles({
    name: 'hall.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(),
  })
  await expect(court.getByTestId('court-image-preview')).toBeVisible()
  await court.getByTestId('court-domain_name').fill(`hal-${tag}.localhost`)
  await court.getByTestId('court-food_court_min_order_amount').fill('5,00')
  // Both fee fields: refused in the spec's words, then only the percent.
  await court.getByTestId('court-split_payment_fee_percent').fill('10')
  await court.getByTestId('court-split_payment_fee_fixed').fill('1,50')
  await court.getByTestId('wizard-next').click()
  await expect(court.getByText('Only one fee field may be filled (percent or fixed)').first()).toBeVisible()
  await court.getByTestId('court-split_payment_fee_fixed').fill('')
  await court.getByTestId('court-super_merchant_username').fill(`hal-${tag}`)
  await court.getByTestId('court-external_reference').fill(`REF-${tag}`)
  await court.getByTestId('wizard-next').click()
  await expect(court.getByTestId('wizard-step-restaurants')).toBeVisible({ timeout: 15_000 })
  const courtUuid = /\/draft\/([0-9a-f-]{36})/.exec(court.url())?.[1] as string
  expect(courtUuid).toBeTruthy()

  // Two restaurants of other owners.
  const a = await restaurantOwner(browser, `Trattoria ${tag}`)
  const b = await restaurantOwner(browser, `Sushi ${tag}`)

  // Step 2: invite the first by search.
  await court.getByTestId('invites-search').fill(`Trattoria ${tag}`)
  const rowA = court.getByTestId('invite-row').filter({ hasText: `Trattoria ${tag}` })
  await expect(rowA).toHaveCount(1, { timeout: 15_000 })
  await expect(rowA.getByTestId('invite-status')).toHaveAttribute('data-status', '0')
  await rowA.getByTestId('invite-send').click()
  await expect(rowA.getByTestId('invite-status')).toHaveAttribute('data-status', '1', { timeout: 15_000 })
  await expect(court.getByTestId('invites-count-pending')).toHaveText('1')
  await expectFitsAndAccessible(court)
  await court.getByTestId('wizard-next').click()
  await expect(court.getByTestId('wizard-step-review')).toBeVisible({ timeout: 15_000 })
  await expect(court.getByTestId('review-fee')).toContainText('10')
  // Guests pay by card at the sandbox (the court's payment methods).
  expectStatus(
    await pageApi(court)('POST', '/manager/program-methods', {
      program: courtUuid,
      methods: [{ method_id: 'card', provider_id: 'sandbox', is_used: true }],
    }),
    200,
    'payment methods of the court',
  )
  await court.getByTestId('wizard-activate').click()
  await expect(court).toHaveURL(new RegExp(`/programs/${courtUuid}$`), { timeout: 15_000 })
  await expect(court.getByTestId('court-invitations')).toBeVisible()
  await expectFitsAndAccessible(court)

  // The second restaurant is invited through the API.
  expectStatus(
    await pageApi(court)('POST', '/food/invite', {
      program_uuid: courtUuid,
      restaurant_uuid: b.restaurant.uuid,
    }),
    200,
    'invite the second restaurant',
  )

  // ── The first restaurant's owner accepts and onboards at the sandbox ───────────────────────
  await a.page.goto(portalUrl('programs', `/programs/${a.restaurant.uuid}`))
  const invite = a.page.getByTestId('received-invite').filter({ hasText: courtTitle })
  await expect(invite).toBeVisible({ timeout: 15_000 })
  await expectFitsAndAccessible(a.page)
  await invite.getByTestId('received-invite-open').click()
  await expect(a.page.getByTestId('invitation-page')).toHaveAttribute('data-step', '1')
  await expect(a.page.getByTestId('invite-fee')).toContainText('10')
  await expectFitsAndAccessible(a.page)
  await expect(a.page.getByTestId('accept-confirm')).toBeDisabled()
  await a.page.getByTestId('accept-terms').click()
  await a.page.getByTestId('accept-confirm').click()
  await expect(a.page).toHaveURL(/\/sandbox\/onboarding\//, { timeout: 30_000 })
  await a.page.getByTestId('sandbox-onboarding-approve').click()
  // Back on the invitation: the onboarding is asked for until it is active.
  await expect(a.page).toHaveURL(/\/food-court\/invitations\//, { timeout: 30_000 })
  await expect(a.page.getByTestId('onboarding-done')).toBeVisible({ timeout: 30_000 })
  await expectFitsAndAccessible(a.page)

  // The second restaurant accepts through the API and approves at the sandbox's page.
  const onboarding = expectStatus(
    await pageApi(b.page)<{ result: { ccvpay_url: string | null; step: number } }>(
      'POST',
      '/food/ccv-onboarding',
      {
        food_court: courtUuid,
        restaurant_uuid: b.restaurant.uuid,
        // The API's default return address is on the card holders' host; the owner's is the programs portal.
        return_url: portalUrl('programs', '/programs'),
      },
    ),
    200,
    'the second restaurant onboards',
  ).result
  expect(onboarding.step).toBe(3)
  await b.page.goto(onboarding.ccvpay_url as string)
  await b.page.getByTestId('sandbox-onboarding-approve').click()
  // Back on the owner's portal, the invitation's page asks until the onboarding is active.
  await expect(b.page).toHaveURL(/\/programs$/, { timeout: 30_000 })
  const invitation = expectStatus(
    await pageApi(b.page)<{ results: { invite_uuid: string }[] }>(
      'GET',
      `/food/invitations?program_uuid=${b.restaurant.uuid}`,
    ),
    200,
    'the second restaurant’s invitations',
  ).results[0]?.invite_uuid as string
  await b.page.goto(portalUrl('programs', `/food-court/invitations/${invitation}`))
  await expect(b.page.getByTestId('onboarding-done')).toBeVisible({ timeout: 30_000 })

  // The court owner's list: both active, none waiting for onboarding.
  await court.reload()
  await court.getByTestId('invites-tab-active').click()
  await expect(court.getByTestId('invite-row')).toHaveCount(2, { timeout: 15_000 })
  await expect(court.getByTestId('invite-onboarding-note')).toHaveCount(0)
  await expect(court.getByTestId('invites-count-active')).toHaveText('2')

  // ── A guest orders from both restaurants in one basket and pays once ───────────────────────
  const guest = await portalPage(browser, 'cardholder')
  await guest.setViewportSize(phone)
  // On the court's own domain, `/` and `/food` open the court (as a restaurant's domain opens it).
  const courtHost = new URL(portalUrl('cardholder', '/'))
  courtHost.hostname = `hal-${tag}.localhost`
  for (const path of ['/', '/food']) {
    await guest.goto(new URL(path, courtHost).href)
    await expect(guest).toHaveURL(/\/food\/court$/)
    await expect(guest.getByTestId('court-page')).toBeVisible()
    await expect(guest.getByTestId('screen-title')).toHaveText(courtTitle)
    await expect(guest.getByTestId('court-restaurant')).toHaveCount(2)
  }
  await expectFitsAndAccessible(guest)
  await guest.goto(portalUrl('cardholder', `/food/court?uuid=${courtUuid}`))
  await expect(guest.getByTestId('screen-title')).toHaveText(courtTitle)
  await expect(guest.getByTestId('court-restaurant')).toHaveCount(2)
  await expect(guest.getByTestId('court-minimum')).toContainText('5.00')
  await expectFitsAndAccessible(guest)
  await openLocation(guest)
  await guest.getByTestId('location-dialog').getByTestId('location-pickup').click()
  await guest.getByTestId('location-dialog').getByTestId('location-save').click()
  for (const name of [`Trattoria ${tag}`, `Sushi ${tag}`]) {
    await guest.getByTestId('court-restaurant').filter({ hasText: name }).click()
    await expect(guest.getByTestId('screen-title')).toHaveText(name)
    // The dish has a variant and an extra: on its own page, the plain one.
    await guest.getByTestId('dish').first().click()
    await guest.getByTestId('add-to-basket-submit').click()
    await expect(guest.getByTestId('basket-count')).not.toHaveText('0')
    await guest.goto(portalUrl('cardholder', `/food/court?uuid=${courtUuid}`))
    await expect(guest.getByTestId('court-page')).toBeVisible()
  }
  await guest.reload()
  await expect(guest.getByTestId('court-cart-restaurant')).toHaveCount(2, { timeout: 15_000 })
  await expect(guest.getByTestId('court-cart-total')).toContainText('19.00')
  await expectFitsAndAccessible(guest)
  await guest.getByTestId('checkout-name').fill('Anna de Vries')
  await guest.getByTestId('checkout-phone').fill('+31 6 1234 5678')
  await guest.getByTestId('checkout-email').fill(`anna-${tag}@example.com`)
  await guest.getByTestId('checkout-pickup').click()
  await guest.getByTestId('checkout-terms').click()
  await guest.getByTestId('checkout-privacy').click()
  await guest.getByTestId('checkout-pay').click()
  await expect(guest).toHaveURL(/\/checkout\/[0-9a-f-]{36}/, { timeout: 30_000 })
  // The court takes cards only: the payment page offers no choice then.
  await expect(guest.getByTestId('checkout-pay')).toBeVisible()
  if (await guest.getByTestId('checkout-method-card').count())
    await guest.getByTestId('checkout-method-card').click()
  await guest.getByTestId('checkout-pay').click()
  await expect(guest).toHaveURL(/\/sandbox\/checkout\//)
  await guest.getByLabel('Card number').fill('4242 4242 4242 4242')
  await guest.getByLabel('Expiry date').fill('12 / 30')
  await guest.getByLabel('CVC').fill('123')
  await guest.getByTestId('sandbox-card-pay').click()
  // Back through the payment check to the court order's page: one order, a part per restaurant.
  await expect(guest).toHaveURL(/\/food-court\/orders\/[0-9a-f-]{36}$/, { timeout: 60_000 })
  await expect(guest.getByTestId('court-order-part')).toHaveCount(2, { timeout: 30_000 })
  await expect(guest.getByTestId('order-total')).toContainText('19.00')
  await expectFitsAndAccessible(guest)

  // ── Each kitchen board shows its own sub-order; both are delivered ─────────────────────────
  for (const r of [a, b]) {
    await r.page.goto(portalUrl('programs', `/programs/${r.restaurant.uuid}`))
    await r.page.getByTestId('books-board-tab').click()
    const card = r.page.getByTestId('board-order').filter({ hasText: 'Anna de Vries' })
    await expect(card).toHaveCount(1, { timeout: 30_000 })
    await expectFitsAndAccessible(r.page)
    const orderId = await card.getAttribute('data-order-id')
    const list = expectStatus(
      await pageApi(r.page)<{ results: { uuid: string; order_id: number }[] }>(
        'GET',
        `/food/programs/${r.restaurant.uuid}/orders?active_view=true`,
      ),
      200,
      'the active orders',
    ).results
    const sub = list.find((o) => String(o.order_id) === orderId)?.uuid as string
    for (const status of ['kitchen', 6, 7] as const) {
      expectStatus(
        await pageApi(r.page)('PATCH', `/food/programs/${r.restaurant.uuid}/orders/${sub}/status`, {
          status,
        }),
        200,
        `sub-order to ${status}`,
      )
    }
  }

  // ── The court owner: the order with both parts paid out, the fee, the statement ────────────
  await court.reload()
  await court.getByTestId('court-orders-date-tab').click()
  const order = court.getByTestId('court-order').filter({ hasText: 'Anna de Vries' })
  await expect(order).toHaveCount(1, { timeout: 15_000 })
  await expect(order.getByTestId('court-order-fee')).toContainText('1.90')
  await expect
    .poll(
      async () => {
        await court.getByTestId('court-orders-active-tab').click()
        await court.getByTestId('court-orders-date-tab').click()
        return order.locator('[data-part="paid_out"]').count()
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBe(2)
  await expectFitsAndAccessible(court)
  const statement = court.getByTestId('court-statement')
  await statement.getByTestId('statement-restaurant').selectOption({ label: `Trattoria ${tag}` })
  await expect(statement.locator('[data-kind="payout"]')).toHaveCount(1, { timeout: 15_000 })
  await expect(statement.locator('[data-kind="food_court_fee"]')).toHaveCount(1)
  await expect(statement.getByTestId('statement-reconciled')).toBeVisible()
  await expectFitsAndAccessible(court)
})

test('a restaurant rejects its part of a court order from its kitchen: only that part is refunded', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const tag = Math.random().toString(16).slice(2, 8)
  // The court, both restaurants and the guest's paid order through the API; the rejection on screen.
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Hal ${tag}` })
  const courtPage = await signedInPage(browser, 'programs', owner)
  await courtPage.goto(portalUrl('programs', '/programs'))
  const courtApi = callerOf(courtPage)
  const image = await uploadFoodImage(courtApi, 'programs')
  const court = expectStatus(
    await courtApi.api<{ result: { uuid: string } }>('POST', '/food/courts', {
      title: `Hal ${tag}`,
      description: 'Kitchens',
      image,
      can_pickup_in_rest: true,
      split_payment_fee_fixed: 100,
    }),
    201,
    'court',
  ).result.uuid
  expectStatus(
    await courtApi.api('POST', '/manager/program-methods', {
      program: court,
      methods: [{ method_id: 'card', provider_id: 'sandbox', is_used: true }],
    }),
    200,
    'court payment methods',
  )
  for (const status of [11004, 11001])
    expectStatus(
      await courtApi.api('PATCH', `/manager/programs/${court}`, { status }),
      200,
      `court ${status}`,
    )
  const a = await restaurantOwner(browser, `Pasta ${tag}`)
  const b = await restaurantOwner(browser, `Ramen ${tag}`)
  const guestPage = await portalPage(browser, 'cardholder')
  await guestPage.goto(portalUrl('cardholder', '/food'))
  const guest = pageApi(guestPage)
  for (const r of [a, b]) {
    expectStatus(
      await courtApi.api('POST', '/food/invite', { program_uuid: court, restaurant_uuid: r.restaurant.uuid }),
      200,
      'invite',
    )
    const started = expectStatus(
      await pageApi(r.page)<{ result: { ccvpay_url: string } }>('POST', '/food/ccv-onboarding', {
        food_court: court,
        restaurant_uuid: r.restaurant.uuid,
      }),
      200,
      'onboarding',
    ).result
    const id = started.ccvpay_url.split('/').pop() as string
    expectStatus(await guest('POST', `/sandbox/onboarding/${id}`, { approve: true }), 200, 'approve')
    await expect
      .poll(
        async () =>
          (
            await pageApi(r.page)<{ result: { ccvpay_status: string } }>(
              'GET',
              `/food/ccv-onboarding?food_court=${court}&restaurant_uuid=${r.restaurant.uuid}`,
            )
          ).body.result.ccvpay_status,
        { timeout: 30_000 },
      )
      .toBe('active')
  }
  const session = expectStatus(
    await guest<{ uuid: string }>('POST', '/food/session?pickup_in_restaurant=true', {}),
    201,
    'a food session',
  ).uuid
  for (const r of [a, b])
    expectStatus(
      await guest('PUT', `/food/basket/${session}`, {
        product_id: r.restaurant.product,
        quantity: 1,
        variant_uuid: null,
        extra_uuids: [],
      }),
      200,
      'basket',
    )
  const placed = expectStatus(
    await guest<{
      payment_uuid: string
      result: { food_court_suborders: { uuid: string; restaurant_uuid: string; total: number }[] }
    }>('POST', `/food/court/basket/${session}/checkout`, {
      court_uuid: court,
      pickup_in_restaurant: true,
      name: 'Bram Jansen',
      phone: '+31 6 8765 4321',
      email: `bram-${tag}@example.com`,
      accept_terms: true,
      accept_privacy: true,
      payment_method: 'card',
    }),
    201,
    'court checkout',
  )
  await payWithSandboxCard(guest, placed.payment_uuid)
  const subB = placed.result.food_court_suborders.find((s) => s.restaurant_uuid === b.restaurant.uuid)!
  const euros = (cents: number) => (cents / 100).toFixed(2)

  // ── B's kitchen: the order's detail shows its part; "Reject my part", confirmed ───────────────
  await b.page.goto(portalUrl('programs', `/programs/${b.restaurant.uuid}`))
  await b.page.getByTestId('books-board-tab').click()
  const card = b.page.getByTestId('board-order').filter({ hasText: 'Bram Jansen' })
  await expect(card).toHaveCount(1, { timeout: 30_000 })
  await card.getByRole('button', { name: 'Details' }).click()
  const part = b.page.getByTestId('court-part')
  await expect(part).toHaveAttribute('data-part', 'held', { timeout: 15_000 })
  await expect(part).toContainText(`Hal ${tag}`)
  await expect(part.getByTestId('court-part-gross')).toContainText(euros(subB.total))
  await expectFitsAndAccessible(b.page, '[data-testid="order-detail"]')
  await part.getByTestId('court-part-reject').click()
  const confirm = b.page.getByTestId('court-part-reject-dialog')
  // The confirmation says what happens to the money: the guest's refund of this part.
  await expect(confirm).toContainText(euros(subB.total))
  await expectFitsAndAccessible(b.page, '[data-testid="court-part-reject-dialog"]')
  await confirm.getByTestId('court-part-reject-confirm').click()
  await expect(part).toHaveAttribute('data-part', 'refunded', { timeout: 30_000 })
  await expect(part.getByTestId('court-part-money')).toContainText(euros(subB.total))
  await expect(part.getByTestId('court-part-reject')).toHaveCount(0)
  // The refunded sub-order leaves B's kitchen board (its stream says so); B's books read it rejected.
  await b.page.keyboard.press('Escape')
  await expect(b.page.getByTestId('order-detail')).toHaveCount(0)
  await expect(card).toHaveCount(0, { timeout: 30_000 })
  await b.page.getByTestId('books-date-tab').click()
  const row = b.page.getByTestId('books-order').filter({ hasText: 'Bram Jansen' })
  await expect(row.getByTestId('order-status')).toHaveAttribute('data-rejected', 'true', { timeout: 15_000 })
  await expectFitsAndAccessible(b.page, '[data-testid="food-orders"]')
  // A's kitchen still has its part to cook.
  await a.page.goto(portalUrl('programs', `/programs/${a.restaurant.uuid}`))
  await a.page.getByTestId('books-board-tab').click()
  await expect(a.page.getByTestId('board-order').filter({ hasText: 'Bram Jansen' })).toHaveCount(1, {
    timeout: 30_000,
  })

  // The guest's order page: B's part rejected and refunded, A's part goes on.
  const orderUuid = (await guest<{ order_uuid: string }>('GET', `/food/court/orders/payment/${session}`)).body
    .order_uuid
  await guestPage.setViewportSize(phone)
  await guestPage.evaluate((id) => window.localStorage.setItem('food-session', id), session)
  await guestPage.goto(portalUrl('cardholder', `/food-court/orders/${orderUuid}`))
  const partOf = (r: { restaurant: { uuid: string } }) =>
    guestPage.locator(`[data-testid="court-order-part"][data-restaurant="${r.restaurant.uuid}"]`)
  await expect(partOf(b).getByTestId('court-order-part-status')).toHaveAttribute('data-rejected', 'true', {
    timeout: 30_000,
  })
  await expect(partOf(b).getByTestId('court-order-part-refund')).toContainText(euros(subB.total))
  await expect(partOf(a).getByTestId('court-order-part-status')).toHaveAttribute('data-status', '3')
  await expect(guestPage.getByTestId('order-refunded')).toContainText(euros(subB.total))
  await expectFitsAndAccessible(guestPage, '[data-testid="court-order-page"]')

  // Only B's part was refunded: A's part is still held and can still be rejected by A.
  const payment = expectStatus(
    await pageApi(courtPage)<{
      result: { refunded: number; food_court_suborders: { part_status: string }[] }
    }>('GET', `/food/courts/${court}/orders/${orderUuid}`),
    200,
    'the court order',
  ).result
  expect(payment.refunded).toBe(subB.total)
  expect(payment.food_court_suborders.map((p) => p.part_status).sort()).toEqual(['held', 'refunded'])
})

/** Opens the location popup; a tap before the page has hydrated does nothing, so tap again. */
async function openLocation(page: Page) {
  await expect(async () => {
    await page.getByTestId('location-button').click()
    await expect(page.getByTestId('location-dialog')).toBeVisible({ timeout: 1500 })
  }).toPass({ timeout: 20_000 })
}
