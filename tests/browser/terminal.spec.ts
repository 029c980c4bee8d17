import { randomBytes } from 'node:crypto'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { verifyWebhookSignature } from '../../modules/webhooks/index.ts'
import { apiCall, ok } from './api.ts'
import { merchantEndpoint } from './merchant-endpoint.ts'
import { portalUrl } from './portals.ts'
import { acceptorAtCashpoint, activePaymentProgram } from './programs.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * The phone as payment terminal, as the three people do it: an owner runs an active payment
 * program with a notification endpoint; an acceptor in it opens the terminal at a cashpoint,
 * types an amount and shows the QR code; a payer opens its link, sees the shop, the cashpoint and
 * the amount, and (the program takes cards only) goes with one press straight to the provider's
 * page and pays with the sandbox card; the terminal shows it paid without a reload, the merchant's
 * endpoint gets the signed notification, a second use of the code is refused, and the acceptor's
 * statistics count it. After a reload the terminal offers the open payment again: Show QR code, or
 * Cancel.
 */

test.afterAll(closeSeedDb)

const settle = { timeout: 25_000 }

/** A page that loads and hydrates, on a machine busy with other tests. */
const loaded = { timeout: 15_000 }

/** A phone's screen: what a payer at the counter holds. */
const phone = { viewport: { width: 390, height: 844 } }

interface Counter {
  ownerPage: Page
  programId: string
  /** The acceptor's terminal, open at the cashpoint. */
  terminal: Page
  /** The acceptor's company: the shop the payer pays. */
  shop: string
  cashpoint: string
}

/**
 * An owner's active payment program (cards at the sandbox), an acceptor (a company) who joined it
 * and opened a cashpoint, and the acceptor's terminal open there, the amount pad showing.
 */
async function counterOpen(browser: Browser, tag: string, cashpoint = 'Counter 1'): Promise<Counter> {
  const shop = `Bakkerij ${tag}`
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Markt ${tag}` })
  const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: shop })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  const programId = await activePaymentProgram(ownerPage, `Market ${tag}`, 'card')
  const terminal = await signedInPage(browser, 'acceptor', acceptor)
  await acceptorAtCashpoint(ownerPage, terminal, { program: programId, email: acceptor.email, cashpoint })
  await terminal.goto(portalUrl('acceptor', '/terminal'))
  await expect(terminal.getByTestId('screen-title')).toHaveText('Terminal')
  await terminal.getByTestId('terminal-cashpoint').filter({ hasText: cashpoint }).click()
  await expect(terminal.getByTestId('terminal-amount')).toBeVisible(loaded)
  return { ownerPage, programId, terminal, shop, cashpoint }
}

/** The cashier types an amount (and what for, if given) and shows the QR code: its link. */
async function showQr(terminal: Page, amount: string, description?: string): Promise<string> {
  await terminal.getByTestId('terminal-amount').fill(amount)
  if (description) await terminal.getByTestId('terminal-description').fill(description)
  await terminal.getByTestId('terminal-submit').click()
  const qr = terminal.getByTestId('terminal-qr')
  await expect(qr).toBeVisible(loaded)
  return (await qr.getAttribute('data-value')) as string
}

/** A bottom edge inside the first screen of a phone, well clear of a tall header. */
async function expectAboveTheFold(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox()
  expect(box, testId).not.toBeNull()
  expect((box?.y ?? 0) + (box?.height ?? 0), `${testId} on the first screen`).toBeLessThan(400)
}

/** On the sandbox's hosted page: pays with the test card that succeeds. */
async function payWithTestCard(payer: Page) {
  await payer.getByLabel('Card number').fill('4242 4242 4242 4242')
  await payer.getByLabel('Expiry date').fill('12 / 30')
  await payer.getByLabel('CVC').fill('737')
  await payer.getByTestId('sandbox-card-pay').click()
}

test.describe('payment terminal', () => {
  test.describe.configure({ timeout: 120_000 })

  test('an acceptor shows a QR code, a payer pays it with a sandbox card, the terminal shows it paid and the merchant is notified', async ({
    browser,
  }) => {
    const tag = randomBytes(3).toString('hex')
    const merchant = await merchantEndpoint('/cardpay')
    const { ownerPage, programId, terminal, shop } = await counterOpen(browser, tag)

    // The owner's program notifies the merchant's endpoint of payments.
    const categories = await apiCall<{
      results: { uuid: string; fields: { uuid: string; key: string }[] }[]
    }>(ownerPage, 'GET', '/manager/payment-notifications/categories')
    const payment = categories.body.results[0]!
    const pick = (key: string) => ({ uuid: payment.fields.find((f) => f.key === key)!.uuid, is_used: true })
    const notification = ok(
      await apiCall<{ result: { secret: string } }>(ownerPage, 'POST', '/manager/payment-notifications', {
        program: programId,
        title: 'Till',
        url: merchant.url,
        categories: [{ uuid: payment.uuid, fields: [pick('payment.amount'), pick('payment.reference')] }],
      }),
      201,
      'add the notification',
    )

    // The acceptor takes €12.50 at the terminal.
    const payUrl = await showQr(terminal, '12.50', 'Two loaves')
    await expect(terminal.getByTestId('terminal-shown-amount')).toHaveText('€12.50')
    expect(payUrl).toMatch(/\/pay\?token=[\w-]+\.[\w-]+$/)
    await expect(terminal.getByTestId('pay-link')).toHaveValue(payUrl)

    // A payer opens the link on a phone (as its camera would): the shop, the cashpoint and the amount
    // come first. The program takes cards only, so one press of Pay opens the provider's page.
    const payerContext = await browser.newContext(phone)
    const payer = await payerContext.newPage()
    await payer.goto(payUrl)
    await expect(payer.getByTestId('pay-merchant')).toHaveText(`Pay ${shop}`, loaded)
    await expect(payer.getByTestId('pay-cashpoint')).toHaveText('Cashpoint: Counter 1')
    await expect(payer.getByTestId('pay-amount')).toHaveText('€12.50')
    await expect(payer.getByTestId('pay-description')).toHaveText('Two loaves')
    await expectAboveTheFold(payer, 'pay-amount')
    await payer.getByTestId('pay-continue').click()
    await expect(payer).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/, loaded)
    await expect(terminal.getByTestId('terminal-request')).toHaveAttribute('data-status', 'claimed', settle)
    // The provider's page names the shop and the cashpoint too.
    await expect(payer.getByTestId('sandbox-merchant')).toHaveText(shop)
    await expect(payer.getByTestId('sandbox-description')).toHaveText(`${shop} · Counter 1: Two loaves`)
    await payWithTestCard(payer)
    await expect(payer.getByTestId('checkout-paid')).toContainText('Payment received', settle)

    // The terminal shows it paid by itself; the merchant's endpoint got the signed notification.
    await expect(terminal.getByTestId('terminal-paid')).toContainText('Visa •••• 4242', settle)
    await expect.poll(() => merchant.received.length, settle).toBeGreaterThan(0)
    const delivery = merchant.received[0]!
    expect(verifyWebhookSignature(notification.result.secret, delivery.body, delivery.headers)).toBe(true)
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'payment.paid', data: { amount: 1250 } })

    // The same code again, on another phone: refused, nothing charged.
    const second = await (await browser.newContext()).newPage()
    await second.goto(payUrl)
    await expect(second.getByTestId('pay-refused')).toHaveAttribute('data-reason', 'token_used')
    await expect(second.getByTestId('pay-refused')).toContainText('This QR code has already been used')

    // The acceptor's statistics count it.
    await terminal.goto(portalUrl('acceptor', '/statistics'))
    await expect(terminal.getByTestId('statistics-count')).toHaveText('1', settle)
    await expect(terminal.getByTestId('statistics-amount')).toHaveText('€12.50')
    // The period ends today: there is nothing later to move to, until it is moved back.
    await expect(terminal.getByTestId('statistics-next-7')).toBeDisabled()
    await terminal.getByTestId('statistics-previous-7').click()
    await expect(terminal.getByTestId('statistics-next-7')).toBeEnabled()

    await merchant.close()
  })

  test('after a reload the terminal offers the open payment again: Show QR code, and the payer pays it', async ({
    browser,
  }) => {
    const tag = randomBytes(3).toString('hex')
    const { terminal, shop } = await counterOpen(browser, tag)

    // A sale without a description: the amount is what matters at the counter.
    const firstUrl = await showQr(terminal, '4.20')
    await expect(terminal.getByTestId('terminal-shown-amount')).toHaveText('€4.20')

    // The phone reloads: the pad is back, with the payment still open and what can be done with it.
    await terminal.reload()
    await expect(terminal.getByTestId('terminal-amount')).toBeVisible(loaded)
    const open = terminal.getByTestId('terminal-open-request')
    await expect(open).toHaveCount(1)
    await expect(open).toHaveAttribute('data-status', 'open')
    await expect(open).toContainText('€4.20')
    await expect(open).toContainText('Waiting')

    // Show QR code: a new code (the old one stops working), followed live as before.
    await open.getByTestId('terminal-open-show').click()
    const qr = terminal.getByTestId('terminal-qr')
    await expect(qr).toBeVisible()
    await expect(terminal.getByTestId('terminal-shown-amount')).toHaveText('€4.20')
    const payUrl = (await qr.getAttribute('data-value')) as string
    expect(payUrl).not.toBe(firstUrl)

    const payer = await (await browser.newContext(phone)).newPage()
    await payer.goto(firstUrl)
    await expect(payer.getByTestId('pay-refused')).toHaveAttribute('data-reason', 'token_replaced', loaded)
    await payer.goto(payUrl)
    await expect(payer.getByTestId('pay-merchant')).toHaveText(`Pay ${shop}`, loaded)
    await expect(payer.getByTestId('pay-amount')).toHaveText('€4.20')
    await expect(payer.getByTestId('pay-description')).toHaveCount(0)
    await payer.getByTestId('pay-continue').click()
    await expect(payer).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/, loaded)
    await payWithTestCard(payer)
    await expect(payer.getByTestId('checkout-paid')).toContainText('Payment received', settle)
    await expect(terminal.getByTestId('terminal-paid')).toContainText('Visa •••• 4242', settle)

    // Paid, it is no longer open: a new payment starts from the pad alone.
    await terminal.getByTestId('terminal-new').click()
    await expect(terminal.getByTestId('terminal-amount')).toBeVisible()
    await expect(terminal.getByTestId('terminal-open-request')).toHaveCount(0)
  })

  test('after a reload the cashier cancels the open payment, once confirmed, and its code stops working', async ({
    browser,
  }) => {
    const tag = randomBytes(3).toString('hex')
    const { terminal } = await counterOpen(browser, tag)
    const payUrl = await showQr(terminal, '7.80', 'Coffee beans')

    await terminal.reload()
    const open = terminal.getByTestId('terminal-open-request')
    await expect(open).toHaveCount(1, loaded)
    await expect(open).toContainText('Coffee beans')

    // Cancel asks first; saying no keeps it.
    await open.getByTestId('terminal-open-cancel').click()
    const dialog = terminal.getByTestId('terminal-open-cancel-dialog')
    await expect(dialog).toContainText('Cancel the payment of €7.80?')
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(dialog).toHaveCount(0)
    await expect(open).toHaveCount(1)

    await open.getByTestId('terminal-open-cancel').click()
    await terminal.getByTestId('terminal-open-cancel-confirm').click()
    await expect(terminal.getByText('Payment cancelled. Nothing was charged.')).toBeVisible()
    await expect(terminal.getByTestId('terminal-open-request')).toHaveCount(0)
    const latest = terminal.getByTestId('terminal-recent').getByRole('listitem').first()
    await expect(latest).toContainText('Coffee beans')
    await expect(latest).toContainText('Cancelled')

    // The payer who still has the code is told, and charged nothing.
    const payer = await (await browser.newContext(phone)).newPage()
    await payer.goto(payUrl)
    await expect(payer.getByTestId('pay-refused')).toHaveAttribute('data-reason', 'token_cancelled', loaded)
  })
})
