import { randomBytes } from 'node:crypto'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { type PortalName, portalUrl } from './portals.ts'
import { closeSeedDb, seedUser, signIn } from './users-seed.ts'

/**
 * A card spent at an acceptor's cashpoint, as the three people involved see it. Set up through the
 * API: an owner's voucher program (€25.00, usable twice) invites an acceptor, who joins and opens
 * a cashpoint; the owner orders one card and pays it with the sandbox card; a card holder
 * activates it. Then, in the browser, the acceptor takes €10.00 by the card's code, sees €15.00
 * left, undoes it and takes €10.00 again; the card holder finds the €10.00 in the card's history
 * with €15.00 left; the owner finds it in the program's card spending.
 */

test.afterAll(closeSeedDb)

const settle = { timeout: 30_000 }
/** A page's first data after a full load (the screens fetch once hydrated). */
const loaded = { timeout: 15_000 }

/** A call from inside a signed-in page (its cookies, the CSRF header), answering status and body. */
async function call<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'cardpay' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : undefined
      } catch {
        // CSV and other text answers stay text.
      }
      return { status: res.status, body: parsed as T }
    },
    { method, path, body },
  )
}

function ok<T>(res: { status: number; body: T }, status: number, what: string): T {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status)
  return res.body
}

/** A page in its own browser context, in English, on a portal. */
async function portalPage(browser: Browser, portal: PortalName): Promise<Page> {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'lang', value: 'en', url: portalUrl(portal) }])
  return context.newPage()
}

interface Order {
  uuid: string
  cards_issued: number
}

test.describe('cards spent at acceptors', () => {
  test.describe.configure({ timeout: 180_000 })

  test('an acceptor takes €10 from a card, undoes it and takes it again; the holder and the owner see it', async ({
    browser,
  }) => {
    const tag = randomBytes(3).toString('hex')
    const programTitle = `Cinema vouchers ${tag}`
    const cardTitle = `Film voucher ${tag}`
    const merchantName = `Cinema Lux ${tag}`

    // The owner's active voucher program: €25.00, usable twice, a year after activation.
    const owner = await seedUser('programs', { legal_type: 1, company_name: `Film club ${tag}` })
    const ownerPage = await portalPage(browser, 'programs')
    await signIn(ownerPage, 'programs', owner)
    const program = ok(
      await call<{ result: { uuid: string } }>(ownerPage, 'POST', '/manager/programs', {
        type: 1001,
        title: programTitle,
      }),
      201,
      'create program',
    ).result.uuid
    const card = ok(
      await call<{ result: { uuid: string } }>(ownerPage, 'POST', '/manager/cards', { program, type: 101 }),
      201,
      'choose the card type',
    ).result.uuid
    ok(
      await call(ownerPage, 'PATCH', `/manager/cards/${card}`, {
        title: cardTitle,
        values: [{ value: 2500, use_number: 2 }],
        validity: { mode: 'after_activation', expiry_type: 31, expiry_value: 1 },
      }),
      200,
      'card settings',
    )
    ok(await call(ownerPage, 'PATCH', `/manager/programs/${program}`, { status: 11001 }), 200, 'activate')

    // The acceptor is invited, joins and opens a cashpoint.
    const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: merchantName })
    const invitation = ok(
      await call<{ result: { uuid: string } }>(ownerPage, 'POST', '/manager/program-acceptors', {
        program,
        email: acceptor.email,
      }),
      201,
      'invite the acceptor',
    ).result.uuid
    const acceptorPage = await portalPage(browser, 'acceptor')
    await signIn(acceptorPage, 'acceptor', acceptor)
    ok(
      await call(acceptorPage, 'POST', `/manager/program-acceptors/${invitation}/accept`, {}),
      200,
      'accept the invitation',
    )
    const cashpoint = ok(
      await call<{ result: { uuid: string } }>(acceptorPage, 'POST', '/manager/cashpoints', {
        program,
        title: 'Box office',
      }),
      201,
      'open a cashpoint',
    ).result.uuid

    // One card ordered and paid with the sandbox card; the worker issues it.
    const order = ok(
      await call<{ result: Order }>(ownerPage, 'POST', '/payment/order', {
        program_uuid: program,
        quantity: 1,
      }),
      200,
      'order one card',
    ).result
    const paid = ok(
      await call<{ status: string }>(ownerPage, 'POST', '/payment/pay', {
        order_uuid: order.uuid,
        payment_type: 'card',
        card_number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
      }),
      200,
      'pay the order',
    )
    expect(paid.status).toBe('paid')
    await expect
      .poll(async () => {
        const batches = await call<{ results: Order[] }>(ownerPage, 'GET', `/card/batches?program=${program}`)
        return batches.body.results?.find((b) => b.uuid === order.uuid)?.cards_issued ?? 0
      }, settle)
      .toBe(1)
    const csv = ok(
      await call<string>(ownerPage, 'GET', `/card/batches/${order.uuid}/cards.csv`),
      200,
      'the card as CSV',
    )
    const token = (csv.trim().split(/\r?\n/)[1]?.split(',')[0] ?? '').replace(/"/g, '')
    expect(token).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/)

    // A card holder activates it.
    const holder = await seedUser('cardholder')
    const holderPage = await portalPage(browser, 'cardholder')
    await signIn(holderPage, 'cardholder', holder)
    ok(await call(holderPage, 'POST', '/card/active', { token }), 200, 'activate the card')

    // The acceptor goes from Programs to taking cards at the cashpoint.
    await acceptorPage.goto(portalUrl('acceptor', '/programs'))
    const place = acceptorPage.locator(`[data-testid="my-program"][data-program="${program}"]`)
    await place.getByTestId('cashpoint-accept-card').click(loaded)
    await expect(acceptorPage).toHaveURL(portalUrl('acceptor', `/terminal/cards/${cashpoint}`))
    await expect(acceptorPage.getByTestId('screen-title')).toHaveText('Accept a card')
    await expect(acceptorPage.getByTestId('accept-card-place')).toHaveText(
      `Box office · ${programTitle}`,
      loaded,
    )
    await expect(acceptorPage.getByTestId('empty-state')).toContainText('No cards taken here yet.')

    // The code, typed in lowercase without dashes, finds the card with its holder and balance.
    const code = acceptorPage.getByTestId('card-token')
    await code.pressSequentially(token.replace(/-/g, '').toLowerCase())
    await expect(code).toHaveValue(token)
    await acceptorPage.getByTestId('card-lookup').click()
    const found = acceptorPage.getByTestId('accept-card-found')
    await expect(found).toHaveAttribute('data-status', 'active')
    await expect(found.getByTestId('card-face-title')).toHaveText(cardTitle)
    await expect(found.getByTestId('accept-card-holder')).toHaveText(`Test ${holder.last_name}`)
    await expect(found.getByTestId('accept-card-balance')).toHaveText('€25.00')
    await expect(found.getByTestId('accept-card-uses')).toHaveText('2 of 2 uses left')

    // More than the balance is refused on the amount; €10.00 is taken.
    const amount = acceptorPage.getByTestId('accept-card-amount-input')
    await amount.fill('30')
    await acceptorPage.getByTestId('accept-card-take').click()
    await expect(acceptorPage.getByTestId('accept-card-amount-error')).toHaveText(
      'Only €25.00 is left on this card.',
    )
    await amount.fill('10')
    await expect(acceptorPage.getByTestId('accept-card-take')).toHaveText('Take €10.00')
    await acceptorPage.getByTestId('accept-card-take').click()
    const taken = acceptorPage.getByTestId('accept-card-taken')
    await expect(taken.getByTestId('accept-card-taken-amount')).toHaveText('€10.00')
    await expect(taken.getByTestId('accept-card-balance-after')).toHaveText(
      '€15.00 left on the card · 1 use left',
    )
    const recent = acceptorPage.getByTestId('accept-card-recent-row')
    await expect(recent).toHaveCount(1)
    await expect(recent.first()).toHaveAttribute('data-status', 'completed')

    // Undone: the card shows its €25.00 again, and the list marks the first one undone.
    await taken.getByTestId('accept-card-undo').click()
    await expect(acceptorPage.getByTestId('accept-card-undone')).toHaveText(
      'Undone: €10.00 is back on the card.',
    )
    await expect(found.getByTestId('accept-card-balance')).toHaveText('€25.00')
    await expect(found.getByTestId('accept-card-uses')).toHaveText('2 of 2 uses left')
    await expect(recent.first()).toHaveAttribute('data-status', 'reversed')
    await expect(recent.first().getByTestId('accept-card-recent-reversed')).toHaveText('Undone')

    // Taken again, then on to the next card.
    await amount.fill('10')
    await acceptorPage.getByTestId('accept-card-take').click()
    await expect(taken.getByTestId('accept-card-balance-after')).toHaveText(
      '€15.00 left on the card · 1 use left',
    )
    await expect(recent).toHaveCount(2)
    await expect(recent.first()).toHaveAttribute('data-status', 'completed')
    await expect(recent.first().getByTestId('accept-card-recent-amount')).toHaveText('€10.00')
    await taken.getByTestId('accept-card-next').click()
    await expect(code).toHaveValue('')
    await expect(code).toBeFocused()

    // The card holder sees €15.00 left and the €10.00 in the card's history, with the undone one.
    await holderPage.goto(portalUrl('cardholder', `/cards/${token}`))
    await expect(holderPage.getByTestId('card-detail-balance')).toHaveText('€15.00', loaded)
    await expect(holderPage.getByTestId('card-detail-uses')).toHaveText('1 of 2 uses left')
    const history = holderPage.getByTestId('card-history-row')
    await expect(history).toHaveCount(2)
    await expect(history.first()).toHaveAttribute('data-status', 'completed')
    await expect(history.first().getByTestId('card-history-where')).toHaveText(`${merchantName} · Box office`)
    await expect(history.first().getByTestId('card-history-amount')).toHaveText('€10.00')
    await expect(history.nth(1)).toHaveAttribute('data-status', 'reversed')
    await expect(history.nth(1).getByTestId('card-history-reversed')).toHaveText('Undone')

    // The owner finds it under the program's card spending.
    await ownerPage.goto(portalUrl('programs', `/programs/${program}`))
    const spending = ownerPage.getByTestId('card-spending-row')
    await expect(spending).toHaveCount(2, loaded)
    const spent = spending.first()
    await expect(spent).toHaveAttribute('data-status', 'completed')
    await expect(spent.getByTestId('spending-acceptor')).toHaveText(merchantName)
    await expect(spent.getByTestId('spending-cashpoint')).toHaveText('Box office')
    await expect(spent.getByTestId('spending-card')).toContainText(token.slice(-4))
    await expect(spent.getByTestId('spending-amount')).toHaveText('€10.00')
    await expect(spent.getByTestId('spending-status')).toHaveText('Spent')
    await expect(spending.nth(1).getByTestId('spending-status')).toHaveText('Undone')
  })
})
