import { randomBytes } from 'node:crypto'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { apiCall, ok } from './api.ts'
import { expectNoHorizontalScroll } from './checks.ts'
import { portalUrl } from './portals.ts'
import { acceptorAtCashpoint, activePaymentProgram } from './programs.ts'
import { closeSeedDb, type SeededUser, seedUser, signedInPage, signIn } from './users-seed.ts'

/**
 * Payments in the browser, as people do them: a program owner asks for a payment and passes the
 * link on; a card holder or a guest pays it on the sandbox provider's hosted page (card, a declined
 * card first, 3-D Secure, iDEAL) and comes back to the checkout; the payment shows in the
 * transactions with its receipt, in the admin's sales journal as a balanced entry, and the owner
 * refunds part of it. On a phone the shop and the amount come first; a program with one method
 * goes from Pay straight to the provider's page; and the payer can name the shop they paid on
 * `/pay`, the checkout and in their transactions.
 *
 * Card numbers and CVCs are only ever typed into the hosted page's form: never in a URL, never
 * logged. The test command scans the platform's database and log afterwards.
 */

test.afterAll(closeSeedDb)

/** Money moves through the outbox, the provider's webhook and the worker: allow it some seconds. */
const settle = { timeout: 25_000 }

const newTag = () => randomBytes(4).toString('hex')

interface PaymentLink {
  uuid: string
  reference: string
  pay_url: string
  description: string
}

/** A program owner (a company, so the payer sees its name) signed in on the program-owner portal. */
async function ownerOn(
  browser: Browser,
  tag: string,
): Promise<{ page: Page; owner: SeededUser; name: string }> {
  const name = `Bakkerij ${tag}`
  const owner = await seedUser('programs', { legal_type: 1, company_name: name })
  const page = await signedInPage(browser, 'programs', owner)
  return { page, owner, name }
}

/** Asks for a payment through the API, as the signed-in owner's browser would. */
async function requestPaymentByApi(page: Page, amount: number, description: string): Promise<PaymentLink> {
  return ok(
    await apiCall<PaymentLink>(page, 'POST', '/payment/payments', { amount, currency: 'EUR', description }),
    201,
    'ask for a payment',
  )
}

/** `PAY-000042` → 42, the number the ledger's descriptions use. */

/** A page that loads and hydrates, on a machine busy with other tests. */
const loaded = { timeout: 15_000 }

/** A phone's screen: what a payer at the counter holds. */
const phone = { viewport: { width: 390, height: 844 } }

/** A bottom edge inside the first screen of a phone, well clear of a tall header. */
async function expectAboveTheFold(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox()
  expect(box, testId).not.toBeNull()
  expect((box?.y ?? 0) + (box?.height ?? 0), `${testId} on the first screen`).toBeLessThan(400)
}

/** On the checkout: choose a method and go to the provider's hosted page. */
async function startPaying(page: Page, method: 'card' | 'ideal' | 'paypal') {
  await page.getByTestId(`checkout-method-${method}`).click()
  await page.getByTestId('checkout-pay').click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/)
  await expect(page.getByTestId('sandbox-test-mode')).toHaveText('Test mode')
}

/** Types a card on the hosted page and pays. The number and CVC go into the form only. */
async function payWithCard(page: Page, number: string, cvc = '737') {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry date').fill('12 / 30')
  await page.getByLabel('CVC').fill(cvc)
  await page.getByTestId('sandbox-card-pay').click()
}

/** Back on the checkout from the provider, the page waits for the provider's news: paid. */
async function expectPaidCheckout(page: Page, link: PaymentLink) {
  await expect(page).toHaveURL(`${link.pay_url}?returned=1`, settle)
  await expect(page.getByTestId('checkout-paid')).toContainText('Payment received', settle)
}

/** A visitor who is not signed in pays the link with a good card. */
async function guestPaysWithCard(browser: Browser, link: PaymentLink) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(link.pay_url)
  await startPaying(page, 'card')
  await payWithCard(page, '4242 4242 4242 4242', '123')
  await expectPaidCheckout(page, link)
  await context.close()
}

test.describe('payments', () => {
  test.describe.configure({ timeout: 120_000 })

  test('an owner asks for €12.50, a card holder pays it by card after a declined one, and finds it in their transactions with a receipt', async ({
    browser,
  }) => {
    const tag = newTag()
    const description = `Taart ${tag}`
    const { page: ownerPage, name } = await ownerOn(browser, tag)
    await ownerPage
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portalUrl('programs') })

    // The owner asks for a payment from the transactions screen and copies the link.
    await ownerPage.goto(portalUrl('programs', '/transactions'))
    await expect(ownerPage.getByTestId('screen-title')).toHaveText('Transactions')
    await ownerPage.getByTestId('request-payment').click()
    const dialog = ownerPage.getByTestId('request-payment-dialog')
    await dialog.getByLabel('Amount (€)').fill('12.50')
    await dialog.getByLabel('Description').fill(description)
    await dialog.getByTestId('request-payment-submit').click()
    const payLink = dialog.getByTestId('pay-link')
    await expect(payLink).toHaveValue(/\/checkout\/[0-9a-f-]{36}$/)
    const url = await payLink.inputValue()
    await dialog.getByTestId('pay-link-copy').click()
    await expect(ownerPage.getByText('Link copied')).toBeVisible()
    expect(await ownerPage.evaluate(() => navigator.clipboard.readText())).toBe(url)
    const created = dialog.getByTestId('request-payment-created')
    const link: PaymentLink = {
      uuid: (await created.getAttribute('data-uuid')) as string,
      reference: (await created.getAttribute('data-reference')) as string,
      pay_url: url,
      description,
    }
    expect(url).toBe(portalUrl('cardholder', `/checkout/${link.uuid}`))

    // A card holder, signed in on the card-holder portal, opens the link.
    const holder = await seedUser('cardholder')
    const holderContext = await browser.newContext()
    const page = await holderContext.newPage()
    await signIn(page, 'cardholder', holder)
    await page.goto(url)
    await expect(page.getByTestId('portal-nav')).toBeVisible()
    await expect(page.getByTestId('checkout-merchant')).toHaveText(`Pay ${name}`)
    await expect(page.getByTestId('checkout-amount')).toHaveText('€12.50')
    await expect(page.getByTestId('checkout-description')).toHaveText(description)
    await expect(page.getByTestId('checkout-reference')).toHaveText(link.reference)
    await startPaying(page, 'card')

    // The provider's page: merchant and amount, then a declined card that leaves the page open.
    await expect(page.getByTestId('sandbox-merchant')).toHaveText(name)
    await expect(page.getByTestId('sandbox-amount')).toHaveText('€12.50')
    // A number that fails the card check (the page checks only its length): the provider's
    // refusal is said under the number, in the page's words.
    await payWithCard(page, '4242 4242 4242 4241')
    await expect(page.getByTestId('sandbox-card-number-error')).toHaveText('The card number is not valid')
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true')
    await payWithCard(page, '4000 0000 0000 0002')
    await expect(page.getByTestId('sandbox-card-number-error')).toHaveCount(0)
    await expect(page.getByTestId('sandbox-failure')).toContainText('Your card was declined.')
    await expect(page.getByTestId('sandbox-checkout')).toHaveAttribute('data-status', 'open')
    await expect(page.getByLabel('CVC')).toHaveValue('')

    await payWithCard(page, '4242 4242 4242 4242')
    await expectPaidCheckout(page, link)
    await expect(page.getByTestId('checkout-paid')).toContainText('Visa •••• 4242')

    // The holder's transactions: paid, €12.50, the card's last four, and a PDF receipt.
    await page.getByTestId('portal-nav').getByRole('link', { name: 'Transactions' }).click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/transactions'))
    const row = page.getByTestId('transaction-row').filter({ hasText: description })
    await expect(row).toHaveCount(1)
    await expect(row.getByTestId('transaction-status')).toHaveText('Paid')
    await expect(row.getByTestId('transaction-amount')).toHaveText('€12.50')
    await expect(row.getByTestId('transaction-method')).toHaveText('Visa •••• 4242')
    const receipt = (await row.getByTestId('transaction-receipt').getAttribute('href')) as string
    const pdf = await page.evaluate(async (href) => {
      const res = await fetch(href)
      const bytes = new Uint8Array(await res.arrayBuffer())
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        magic: String.fromCharCode(...bytes.slice(0, 5)),
      }
    }, receipt)
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', magic: '%PDF-' })

    // The detail: the payment with its two attempts, the declined one with the provider's message.
    await row.getByRole('link').first().click()
    await expect(page.getByTestId('transaction-title')).toHaveText(`Payment ${link.reference}`)
    await expect(page.getByTestId('transaction-detail-status')).toHaveText('Paid')
    await expect(page.getByTestId('payment-attempt')).toHaveCount(1)
    await expect(page.getByTestId('payment-method')).toContainText('Visa •••• 4242')
    await expect(page.getByTestId('refund-open')).toHaveCount(0)
    await holderContext.close()
    await ownerPage.context().close()
  })

  test('a guest pays a link with iDEAL, approving in the banking app', async ({ browser }) => {
    const tag = newTag()
    const { page: ownerPage } = await ownerOn(browser, tag)
    const link = await requestPaymentByApi(ownerPage, 2450, `Boodschappen ${tag}`)

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(link.pay_url)
    await expect(page.getByTestId('portal-nav')).toHaveCount(0)
    await expect(page.getByTestId('checkout-amount')).toHaveText('€24.50')
    await startPaying(page, 'ideal')
    await expect(page.getByTestId('sandbox-tab-ideal')).toHaveAttribute('data-state', 'active')
    await page.getByTestId('sandbox-bank-ing').click()
    await expect(page.getByTestId('sandbox-confirmation-title')).toHaveText('Approve in your banking app')
    await expect(page.getByTestId('sandbox-confirmation')).toContainText('ING asks you to approve')
    await page.getByTestId('sandbox-approve').click()
    await expectPaidCheckout(page, link)
    // A guest has no transactions to go to.
    await expect(page.getByTestId('checkout-transaction')).toHaveCount(0)
    await context.close()
    await ownerPage.context().close()
  })

  test('a 3-D Secure card goes through the confirmation step and is paid', async ({ browser }) => {
    const tag = newTag()
    const { page: ownerPage } = await ownerOn(browser, tag)
    const link = await requestPaymentByApi(ownerPage, 1500, `Workshop ${tag}`)

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(link.pay_url)
    await startPaying(page, 'card')
    await payWithCard(page, '4000 0027 6000 3184', '123')
    await expect(page.getByTestId('sandbox-confirmation-title')).toHaveText(
      'Confirm with your bank (3-D Secure)',
    )
    await expect(page.getByTestId('sandbox-confirmation')).toContainText('Visa •••• 3184')
    await page.getByTestId('sandbox-approve').click()
    await expectPaidCheckout(page, link)

    // Opening the link again shows it paid, not a form.
    await page.goto(link.pay_url)
    await expect(page.getByTestId('checkout-paid')).toBeVisible()
    await expect(page.getByTestId('checkout-pay')).toHaveCount(0)
    await context.close()
    await ownerPage.context().close()
  })

  test('an admin finds the paid payment in the sales journal as a balanced entry', async ({
    browser,
    page,
  }) => {
    const tag = newTag()
    const { page: ownerPage } = await ownerOn(browser, tag)
    const link = await requestPaymentByApi(ownerPage, 1250, `Taart ${tag}`)
    await guestPaysWithCard(browser, link)
    const entryName = `Payment ${link.reference}: ${link.description}`

    const admin = await seedUser('admin')
    await signIn(page, 'admin', admin)
    await page.goto(portalUrl('admin', `/finances?q=${tag}`))
    await expect(page.getByTestId('journal-sales')).toHaveAttribute('data-state', 'active')
    // The ledger posts from the worker: look again until the entry is there.
    await expect(async () => {
      await page.reload()
      await expect(page.getByTestId('journal-row').filter({ hasText: entryName })).toHaveCount(1, {
        timeout: 2_000,
      })
    }).toPass(settle)

    await page.getByRole('link', { name: new RegExp(`^Entry \\d+: ${entryName}$`) }).click()
    await expect(page.getByTestId('entry-description')).toHaveText(entryName)
    await expect(page.getByTestId('entry-balanced')).toBeVisible()
    const lines = await page
      .getByTestId('entry-line')
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.trim() ?? '')),
      )
    expect(lines).toHaveLength(2)
    expect(lines).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/^120\b/), expect.any(String), 'EUR', '€12.50', ''],
        [expect.stringMatching(/^230\b/), expect.any(String), 'EUR', '', '€12.50'],
      ]),
    )
    await expect(page.getByTestId('entry-source-link')).toHaveText('Payment captured')

    // A Dutch page words the entry in Dutch (the ledger stores a code, not the English sentence),
    // in the list and on the entry, and its source is a link to the payment.
    await page.context().addCookies([{ name: 'lang', value: 'nl', url: portalUrl('admin') }])
    await page.goto(portalUrl('admin', `/finances?q=${tag}`))
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    const dutchName = `Betaling ${link.reference}: ${link.description}`
    const row = page.getByTestId('journal-row').filter({ hasText: dutchName })
    await expect(row).toHaveCount(1)
    await expect(row.getByTestId('journal-row-source')).toHaveText('Betaling ontvangen')
    await page.getByRole('link', { name: new RegExp(`^Boeking \\d+: ${dutchName}$`) }).click()
    await expect(page.getByTestId('entry-description')).toHaveText(dutchName)
    await expect(page).toHaveTitle(new RegExp(`^${dutchName} · `))
    const source = page.getByTestId('entry-source-link')
    await expect(source).toHaveText('Betaling ontvangen')
    await source.click()
    await expect(page).toHaveURL(portalUrl('admin', `/transactions/${link.uuid}`))
    await expect(page.getByTestId('transaction-title')).toHaveText(`Betaling ${link.reference}`)
    await expect(page.getByTestId('transaction-description')).toHaveText(link.description)
    await ownerPage.context().close()
  })

  test('the owner refunds part of a paid payment from its detail and sees it partially refunded', async ({
    browser,
  }) => {
    const tag = newTag()
    const { page } = await ownerOn(browser, tag)
    const link = await requestPaymentByApi(page, 1250, `Feestje ${tag}`)

    // Before anyone pays, the owner finds the payment with its link but nothing to refund.
    await page.goto(portalUrl('programs', `/transactions/${link.uuid}`))
    await expect(page.getByTestId('transaction-title')).toHaveText(`Payment ${link.reference}`)
    await expect(page.getByTestId('pay-link')).toHaveValue(link.pay_url)
    await expect(page.getByTestId('refund-open')).toHaveCount(0)

    await guestPaysWithCard(browser, link)
    await expect(async () => {
      await page.reload()
      await expect(page.getByTestId('transaction-detail-status')).toHaveText('Paid', { timeout: 2_000 })
    }).toPass(settle)

    await page.getByTestId('refund-open').click()
    const dialog = page.getByTestId('refund-dialog')
    const amount = dialog.getByTestId('refund-amount')
    // The amount starts at what is left; more than that is refused under the field.
    await expect(amount).toHaveValue('12.50')
    await amount.fill('20')
    await dialog.getByTestId('refund-submit').click()
    await expect(dialog.getByTestId('refund-amount-error')).toHaveText(
      'At most €12.50 can still be refunded.',
    )

    await amount.fill('5')
    await dialog.getByTestId('refund-reason').fill('One slice missing')
    await dialog.getByTestId('refund-submit').click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByText('Refund sent')).toBeVisible()
    await expect(page.getByTestId('transaction-detail-status')).toHaveText('Partially refunded')
    await expect(page.getByTestId('payment-refunded')).toContainText('€5.00')
    const refund = page.getByTestId('payment-refund')
    await expect(refund).toHaveCount(1)
    await expect(refund).toContainText('One slice missing')
    await expect(refund).toContainText('€5.00')

    // The list has the payment and its refund, newest first.
    await page.goto(portalUrl('programs', `/transactions?q=${tag}`))
    const rows = page.getByTestId('transaction-row')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toHaveAttribute('data-kind', 'refund')
    await expect(rows.nth(0).getByTestId('transaction-amount')).toHaveText('-€5.00')
    await expect(rows.nth(1).getByTestId('transaction-status')).toHaveText('Partially refunded')
    await page.context().close()
  })

  test('a guest on a phone sees the shop and the amount first, and one press of Pay opens the provider’s page when the program takes one method', async ({
    browser,
  }) => {
    const tag = newTag()
    const { page: ownerPage } = await ownerOn(browser, tag)
    const shop = `Kaasmarkt ${tag}`
    const program = await activePaymentProgram(ownerPage, shop, 'ideal')
    const link = ok(
      await apiCall<PaymentLink>(ownerPage, 'POST', '/payment/payments', {
        amount: 990,
        description: `Oude kaas ${tag}`,
        program_uuid: program,
      }),
      201,
      'ask for a payment in the program',
    )

    const context = await browser.newContext(phone)
    const page = await context.newPage()
    await page.goto(link.pay_url)
    await expect(page.getByTestId('checkout-merchant')).toHaveText(`Pay ${shop}`, loaded)
    await expect(page.getByTestId('checkout-amount')).toHaveText('€9.90')
    // A slim frame: the shop and the amount on the first screen, no portal welcome above them.
    await expect(page.getByTestId('portal-title')).toHaveCount(0)
    await expectAboveTheFold(page, 'checkout-merchant')
    await expectAboveTheFold(page, 'checkout-amount')
    await expectNoHorizontalScroll(page)

    // Nothing to choose: the one method is said, and one press opens the provider's page.
    await expect(page.getByTestId('checkout-single-method')).toHaveAttribute('data-method', 'ideal')
    await expect(page.getByRole('radio')).toHaveCount(0)
    await page.getByTestId('checkout-pay').click()
    await expect(page).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/, loaded)
    await expect(page.getByTestId('sandbox-description')).toHaveText(`${shop}: Oude kaas ${tag}`)
    await page.getByTestId('sandbox-bank-ing').click()
    await page.getByTestId('sandbox-approve').click()
    await expectPaidCheckout(page, link)
    await context.close()
    await ownerPage.context().close()
  })

  test('a card holder paying a QR code at a counter names the shop on /pay, the checkout and in their transactions', async ({
    browser,
  }) => {
    const tag = newTag()
    const { page: ownerPage } = await ownerOn(browser, tag)
    const shop = `IJssalon ${tag}`
    const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: shop })
    const terminal = await signedInPage(browser, 'acceptor', acceptor)
    // Cards and iDEAL: the payer chooses on the checkout.
    const program = await activePaymentProgram(ownerPage, `Strand ${tag}`, ['card', 'ideal'])
    const cashpoint = await acceptorAtCashpoint(ownerPage, terminal, {
      program,
      email: acceptor.email,
      cashpoint: 'Kiosk',
    })
    const sale = ok(
      await apiCall<{ result: { pay_url: string } }>(terminal, 'POST', '/manager/terminal-requests', {
        cashpoint,
        amount: 350,
        description: `Two scoops ${tag}`,
      }),
      201,
      'ask for a payment at the cashpoint',
    ).result

    const holder = await seedUser('cardholder')
    const context = await browser.newContext(phone)
    const page = await context.newPage()
    await signIn(page, 'cardholder', holder)
    await page.goto(sale.pay_url)
    await expect(page.getByTestId('pay-merchant')).toHaveText(`Pay ${shop}`, loaded)
    await expect(page.getByTestId('pay-cashpoint')).toHaveText('Cashpoint: Kiosk')
    await expect(page.getByTestId('pay-amount')).toHaveText('€3.50')
    await page.getByTestId('pay-continue').click()

    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/, loaded)
    await expect(page.getByTestId('checkout-merchant')).toHaveText(`Pay ${shop}`, loaded)
    await expect(page.getByTestId('checkout-cashpoint')).toHaveText('Cashpoint: Kiosk')
    await expect(page.getByTestId('checkout-amount')).toHaveText('€3.50')
    await startPaying(page, 'card')
    await payWithCard(page, '4242 4242 4242 4242')
    await expect(page.getByTestId('checkout-paid')).toContainText('Payment received', settle)

    // The holder's transactions say whom they paid, and where.
    await page.getByTestId('checkout-transaction').click()
    await expect(page.getByTestId('transaction-merchant')).toHaveText(`Paid to ${shop} · Kiosk`, loaded)
    await page.goto(portalUrl('cardholder', '/transactions'))
    const row = page.getByTestId('transaction-row').filter({ hasText: `Two scoops ${tag}` })
    await expect(row.getByTestId('transaction-merchant')).toHaveText(`${shop} · Kiosk`, loaded)
    await expect(row.getByTestId('transaction-amount')).toHaveText('€3.50')

    // The owner's list names the shop too.
    await ownerPage.goto(portalUrl('programs', `/transactions?q=${tag}`))
    await expect(ownerPage.getByTestId('transaction-row').getByTestId('transaction-merchant')).toHaveText(
      `${shop} · Kiosk`,
    )
    await context.close()
    await terminal.context().close()
    await ownerPage.context().close()
  })
})
