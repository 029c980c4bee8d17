import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { verifyWebhookSignature } from '../../modules/webhooks/index.ts'
import { apiCall, ok } from './api.ts'
import { merchantEndpoint } from './merchant-endpoint.ts'
import { portalUrl } from './portals.ts'
import { acceptorAtCashpoint, activePaymentProgram } from './programs.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * The phone as payment terminal, as the three people do it: an owner runs an active payment
 * program with a notification endpoint; an acceptor in it opens the terminal at a cashpoint,
 * types an amount and shows the QR code; a payer opens its link, sees merchant and amount and pays
 * with the sandbox card; the terminal shows it paid without a reload, the merchant's endpoint gets
 * the signed notification, a second use of the code is refused, and the acceptor's statistics
 * count it.
 */

test.afterAll(closeSeedDb)

const settle = { timeout: 25_000 }

test.describe('payment terminal', () => {
  test.describe.configure({ timeout: 120_000 })

  test('an acceptor shows a QR code, a payer pays it with a sandbox card, the terminal shows it paid and the merchant is notified', async ({
    browser,
  }) => {
    const tag = randomBytes(3).toString('hex')
    const merchantName = `Bakkerij ${tag}`
    const merchant = await merchantEndpoint('/cardpay')

    // The owner's active payment program (card at the sandbox) with a notification endpoint.
    const owner = await seedUser('programs', { legal_type: 1, company_name: `Markt ${tag}` })
    const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: merchantName })
    const ownerPage = await signedInPage(browser, 'programs', owner)
    const programId = await activePaymentProgram(ownerPage, `Market ${tag}`, 'card')
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

    // The acceptor is invited, joins, opens a cashpoint and takes €12.50 at the terminal.
    const terminal = await signedInPage(browser, 'acceptor', acceptor)
    await acceptorAtCashpoint(ownerPage, terminal, {
      program: programId,
      email: acceptor.email,
      cashpoint: 'Counter 1',
    })
    await terminal.goto(portalUrl('acceptor', '/terminal'))
    await expect(terminal.getByTestId('screen-title')).toHaveText('Terminal')
    await terminal.getByTestId('terminal-cashpoint').filter({ hasText: 'Counter 1' }).click()
    await terminal.getByTestId('terminal-amount').fill('12.50')
    await terminal.getByTestId('terminal-description').fill('Two loaves')
    await terminal.getByTestId('terminal-submit').click()
    const qr = terminal.getByTestId('terminal-qr')
    await expect(qr).toBeVisible()
    await expect(terminal.getByTestId('terminal-shown-amount')).toHaveText('€12.50')
    const payUrl = (await qr.getAttribute('data-value')) as string
    expect(payUrl).toMatch(/\/pay\?token=[\w-]+\.[\w-]+$/)
    await expect(terminal.getByTestId('pay-link')).toHaveValue(payUrl)

    // A payer opens the link (as the phone's camera would), sees who and how much, and pays.
    const payerContext = await browser.newContext()
    const payer = await payerContext.newPage()
    await payer.goto(payUrl)
    await expect(payer.getByTestId('pay-merchant')).toHaveText(`Pay ${merchantName}`)
    await expect(payer.getByTestId('pay-amount')).toHaveText('€12.50')
    await expect(payer.getByTestId('pay-description')).toHaveText('Two loaves')
    await payer.getByTestId('pay-continue').click()
    await expect(payer).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/)
    await expect(terminal.getByTestId('terminal-request')).toHaveAttribute('data-status', 'claimed', settle)
    await payer.getByTestId('checkout-method-card').click()
    await payer.getByTestId('checkout-pay').click()
    await expect(payer).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/)
    await payer.getByLabel('Card number').fill('4242 4242 4242 4242')
    await payer.getByLabel('Expiry date').fill('12 / 30')
    await payer.getByLabel('CVC').fill('737')
    await payer.getByTestId('sandbox-card-pay').click()
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

    await merchant.close()
  })
})
