import { type Browser, expect, type Page, test } from '@playwright/test'
import { sql } from 'kysely'
import { issueBill, type LadderStepSeed, makeDue, seedCreditProgram } from '../support/credit.ts'
import { expectStatus, type Member, seedMember, unique, until } from '../support/factories.ts'
import { expectNoHorizontalScroll } from './checks.ts'
import { portalUrl } from './portals.ts'
import { browserSeeding } from './seeding.ts'
import { portalPage, submitSignIn } from './session.ts'
import { closeSeedDb, seedDatabase } from './users-seed.ts'

/**
 * The card holder's bills (issue 13, item 4), as a holder meets them: a business's credit program
 * sends a new holder bills; on a phone the holder sees the open ones first (the overdue one marked,
 * when each is due in words), opens one, is declined with one card and cancels, then pays with
 * another at the sandbox provider, comes back to the bill and finds it paid with its receipt; it then sits among the paid ones under all bills. A
 * bill's link opened while signed out (a reminder e-mail's) leads back to the bill, or on to paying
 * it, after signing in; someone else's bill is not found. Reminders that went out show with their
 * penalties.
 */

test.afterAll(closeSeedDb)

/** Money moves through the provider's webhook, the outbox and the worker: allow it some seconds. */
const settle = { timeout: 25_000 }
const phone = { width: 390, height: 844 }

/**
 * A calendar date `days` from today in the program's zone (Amsterdam), where bills are dated and
 * the screens count days: near midnight UTC has another day.
 */
function dateIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date())
  const [y, m, d] = today.split('-').map(Number)
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10)
}

interface World {
  owner: Member
  holder: Member
  program: string
  sender: string
}

/** A business with an active credit program taking card and iDEAL payments, and a new card holder. */
async function seedWorld(browser: Browser, ladder: LadderStepSeed[] = []) {
  const s = browserSeeding(browser)
  const sender = unique('Plumbing De Vries')
  const [owner, holder] = await Promise.all([
    seedMember(s, 'owner', { legal_type: 1, company_name: unique('De Vries BV') }),
    seedMember(s, 'holder', { first_name: 'Anna', last_name: 'Jansen' }),
  ])
  const { uuid: program } = await seedCreditProgram(owner, { title: sender, steps: ladder })
  expectStatus(
    await owner.api('POST', '/manager/program-methods', {
      program,
      methods: ['card', 'ideal'].map((method_id) => ({ method_id, provider_id: 'sandbox', is_used: true })),
    }),
    200,
    'card and iDEAL at the sandbox',
  )
  // Only the owner's session is needed further on (through its API); the holder signs in by hand.
  await s.pageOf(holder).context().close()
  return { owner, holder, program, sender } satisfies World
}

/** An issued bill made overdue as the overdue job would (its due date passed in the holder's zone). */
async function makeOverdue(bill: string, daysAgo: number) {
  await sql`update credit_bills set status = 'overdue', issue_date = ${dateIn(-daysAgo - 14)}::date,
    due_date = ${dateIn(-daysAgo)}::date where id = ${bill}::uuid`.execute(seedDatabase())
}

/** A page of the card-holder portal in a context of its own, not signed in, phone-sized. */
async function holderPage(browser: Browser, options: { timezoneId?: string } = {}): Promise<Page> {
  const page = await portalPage(browser, 'cardholder', options)
  await page.setViewportSize(phone)
  return page
}

async function signInHolder(page: Page, holder: Member) {
  await page.goto(portalUrl('cardholder', '/sign-in'))
  await submitSignIn(page, holder.email, holder.password)
  await expect(page).toHaveURL(portalUrl('cardholder', '/food'))
}

/** Types a card on the sandbox's hosted page and pays. The number goes into the form only. */
async function payWithCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry date').fill('12 / 30')
  await page.getByLabel('CVC').fill('737')
  await page.getByTestId('sandbox-card-pay').click()
}

test.describe('card holder bills', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a new holder sees the open bills on a phone, pays one by card and gets the receipt', async ({
    browser,
  }) => {
    const w = await seedWorld(browser)
    const soon = await issueBill(w.owner, w.program, w.holder.id, {
      due_date: dateIn(3),
      items: [
        { description: 'Boiler service', quantity: 1, unit_price: 8500, vat: 'high' },
        { description: 'Gasket', quantity: 2, unit_price: 450, vat: 'high' },
      ],
    })
    const late = await issueBill(w.owner, w.program, w.holder.id, {
      due_date: dateIn(10),
      items: [{ description: 'Emergency call-out', quantity: 1, unit_price: 12_000, vat: 'high' }],
    })
    await makeOverdue(late.uuid, 4)

    const page = await holderPage(browser)
    await signInHolder(page, w.holder)
    await page.goto(portalUrl('cardholder', '/bills'))
    await expect(page.getByTestId('screen-title')).toHaveText('Bills')
    await expect(page.getByTestId('open-bills-count')).toHaveText('2 bills to pay')
    await expect(page.getByTestId('open-bills-overdue')).toHaveText('1 of them is overdue')

    // The overdue bill first, marked as such; then the one due in three days.
    const rows = page.getByTestId('bill-row')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toHaveAttribute('data-uuid', late.uuid)
    await expect(rows.nth(0).getByTestId('bill-status')).toHaveText('Overdue')
    await expect(rows.nth(0).getByTestId('bill-due-words')).toHaveText('4 days overdue')
    await expect(rows.nth(1)).toHaveAttribute('data-uuid', soon.uuid)
    await expect(rows.nth(1).getByTestId('bill-status')).toHaveText('To pay')
    await expect(rows.nth(1).getByTestId('bill-due-words')).toHaveText('Due in 3 days')
    // 85.00 + 2 × 4.50 = 94.00 net, 21 % VAT 19.74: 113.74.
    await expect(rows.nth(1).getByTestId('bill-amount')).toHaveText('€113.74')
    await expect(page.getByTestId('open-bills-total')).toContainText('€258.94')
    await expectNoHorizontalScroll(page)

    // The bill: what is open and when it is due first, then the invoice.
    await rows.nth(1).getByTestId('bill-link').click()
    await expect(page).toHaveURL(portalUrl('cardholder', `/bills/${soon.uuid}`))
    await expect(page.getByTestId('screen-title')).toHaveText(`Bill ${soon.number}`)
    await expect(page.getByTestId('bill-sender')).toHaveText(`From ${w.sender}`)
    await expect(page.getByTestId('bill-open-amount')).toHaveText('€113.74')
    await expect(page.getByTestId('bill-due')).toContainText('Due in 3 days')
    const invoice = page.getByTestId('invoice')
    await expect(invoice.getByTestId('invoice-number')).toHaveText(soon.number)
    await expect(invoice.getByTestId('invoice-line')).toHaveCount(2)
    await expect(invoice.getByTestId('invoice-line').nth(1)).toContainText('Gasket')
    await expect(invoice.getByTestId('invoice-line').nth(1)).toContainText('2 × €4.50')
    await expect(invoice.getByTestId('invoice-subtotal')).toHaveText('€94.00')
    await expect(invoice.getByTestId('invoice-vat')).toHaveText('€19.74')
    await expect(invoice.getByTestId('invoice-vat').locator('xpath=ancestor::div[1]')).toContainText(
      'VAT 21%',
    )
    await expect(invoice.getByTestId('invoice-total')).toHaveText('€113.74')
    await expect(invoice.getByTestId('invoice-open')).toHaveText('€113.74')
    await expect(page.getByTestId('bill-reminders')).toContainText('No reminder has been sent')
    // The invoice as a PDF, in the holder's language.
    await expect(page.getByTestId('bill-invoice-pdf')).toHaveAttribute(
      'href',
      `/api/v1/payment/bills/${soon.uuid}/invoice?lang=en`,
    )
    await expectNoHorizontalScroll(page)

    // Pay: on to the payment's checkout, where the holder picks the card.
    await page.getByTestId('bill-pay').click()
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/, settle)
    await expect(page.getByTestId('checkout-amount')).toHaveText('€113.74')
    await expect(page.getByTestId('checkout-method-ideal')).toBeVisible()
    await page.getByTestId('checkout-method-card').click()
    await page.getByTestId('checkout-pay').click()
    await expect(page).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/, settle)
    // A declined card first; the holder gives up at the provider and is back on the bill, which
    // says that nothing was charged.
    await payWithCard(page, '4000 0000 0000 0002')
    await expect(page.getByTestId('sandbox-failure')).toContainText('Your card was declined.')
    await page.getByTestId('sandbox-cancel').click()
    await expect(page).toHaveURL(portalUrl('cardholder', `/bills/${soon.uuid}`), settle)
    await expect(page.getByTestId('bill-payment-failed')).toContainText(
      'The payment was cancelled. Nothing was charged.',
      settle,
    )
    await expect(page.getByTestId('bill-open-amount')).toHaveText('€113.74')
    await expectNoHorizontalScroll(page)

    // Pay again: a new payment, by card.
    await page.getByTestId('bill-pay').click()
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/, settle)
    await page.getByTestId('checkout-method-card').click()
    await page.getByTestId('checkout-pay').click()
    await expect(page).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/, settle)
    await payWithCard(page, '4242 4242 4242 4242')

    // Back on the bill: paid, with its receipt.
    await expect(page).toHaveURL(portalUrl('cardholder', `/bills/${soon.uuid}`), settle)
    await expect(page.getByTestId('bill-paid')).toBeVisible(settle)
    await expect(page.getByTestId('bill-status')).toHaveText('Paid')
    await expect(page.getByTestId('bill-pay')).toHaveCount(0)
    await expect(page.getByTestId('invoice-open')).toHaveText('€0.00')
    await expect(page.getByTestId('invoice-paid')).toHaveText('€113.74')
    // The paid payment; the cancelled one took nothing and is left out (once its end is recorded).
    const payment = page.locator('[data-testid="bill-payment"][data-status="paid"]')
    await expect(payment).toHaveCount(1)
    await expect(page.getByTestId('bill-payment')).toHaveCount(1, settle)
    const receipt = page.getByTestId('bill-receipt')
    await expect(receipt).toBeVisible()
    const href = (await receipt.getAttribute('href')) ?? ''
    expect(href).toContain(`/api/v1/payment/transactions/${await payment.getAttribute('data-uuid')}/receipt`)
    const pdf = await page.request.get(portalUrl('cardholder', href))
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toContain('application/pdf')
    await expectNoHorizontalScroll(page)

    // Its e-mail's pay link now says it is paid, with the receipt, and starts nothing.
    await page.goto(portalUrl('cardholder', `/bills/${soon.uuid}/payment`))
    await expect(page.getByTestId('bill-payment-paid')).toBeVisible()
    await expect(page.getByTestId('bill-payment-receipt')).toBeVisible()

    // /bills keeps the overdue one only; /bills/all has both, and the paid filter the paid one.
    await page.goto(portalUrl('cardholder', '/bills'))
    await expect(page.getByTestId('bill-row')).toHaveCount(1)
    await page.getByTestId('bills-all-link').click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/bills/all'))
    await expect(page.getByTestId('bill-row')).toHaveCount(2)
    await page.getByTestId('bills-status-paid').click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/bills/all?status=paid'))
    await expect(page.getByTestId('bill-row')).toHaveCount(1)
    await expect(page.getByTestId('bill-row')).toHaveAttribute('data-uuid', soon.uuid)
    await expect(page.getByTestId('bill-row').getByTestId('bill-status')).toHaveText('Paid')
    await page.getByTestId('bills-status-archived').click()
    await expect(page.getByTestId('empty-state')).toContainText('No archived bills.')
    await expectNoHorizontalScroll(page)
    await page.context().close()
  })

  test('a bill link opened signed out leads back to the bill, and a pay link on to paying (iDEAL), after sign-in', async ({
    browser,
  }) => {
    const w = await seedWorld(browser)
    const bill = await issueBill(w.owner, w.program, w.holder.id, { due_date: dateIn(14) })

    // The bill's page: to sign in, which says why, then back to the bill.
    const page = await holderPage(browser)
    await page.goto(portalUrl('cardholder', `/bills/${bill.uuid}`))
    await expect(page).toHaveURL(portalUrl('cardholder', '/sign-in'))
    await expect(page.getByTestId('bill-link-notice')).toContainText('Sign in to see your bill')
    await submitSignIn(page, w.holder.email, w.holder.password)
    await expect(page).toHaveURL(portalUrl('cardholder', `/bills/${bill.uuid}`))
    await expect(page.getByTestId('screen-title')).toHaveText(`Bill ${bill.number}`)
    // Used once: the next sign-in goes to the portal's home.
    await page.context().close()

    // The reminder e-mail's pay link: after signing in, straight on to the payment's checkout.
    const payer = await holderPage(browser)
    await payer.goto(portalUrl('cardholder', `/bills/${bill.uuid}/payment`))
    await expect(payer).toHaveURL(portalUrl('cardholder', '/sign-in'))
    await expect(payer.getByTestId('bill-link-notice')).toContainText('Sign in to pay your bill')
    await submitSignIn(payer, w.holder.email, w.holder.password)
    await expect(payer).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/, settle)
    await expect(payer.getByTestId('checkout-amount')).toHaveText('€121.00')
    // Paid with iDEAL, approved in the banking app: back on the bill, paid.
    await payer.getByTestId('checkout-method-ideal').click()
    await payer.getByTestId('checkout-pay').click()
    await expect(payer).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/, settle)
    await payer.getByTestId('sandbox-bank-ing').click()
    await payer.getByTestId('sandbox-approve').click()
    await expect(payer).toHaveURL(portalUrl('cardholder', `/bills/${bill.uuid}`), settle)
    await expect(payer.getByTestId('bill-paid')).toBeVisible(settle)
    await expect(payer.getByTestId('bill-receipt')).toBeVisible()
    await payer.context().close()
  })

  test('someone else’s bill and an unknown one are not found, with the way back to the bills', async ({
    browser,
  }) => {
    const w = await seedWorld(browser)
    const s = browserSeeding(browser)
    const other = await seedMember(s, 'holder')
    const theirs = await issueBill(w.owner, w.program, other.id, { due_date: dateIn(7) })
    await s.pageOf(other).context().close()

    const page = await holderPage(browser)
    await signInHolder(page, w.holder)
    for (const path of [
      `/bills/${theirs.uuid}`,
      `/bills/${theirs.uuid}/payment`,
      '/bills/00000000-0000-4000-8000-000000000000',
      '/bills/not-a-bill',
    ]) {
      await page.goto(portalUrl('cardholder', path))
      await expect(page.getByTestId('bill-not-found'), path).toBeVisible()
      await expect(page.getByTestId('screen-title')).toHaveText('Bill not found')
    }
    // Nothing was started for someone else's bill.
    const payments = await sql<{ n: number }>`select count(*)::int as n from credit_bill_payments
      where bill_id = ${theirs.uuid}::uuid`.execute(seedDatabase())
    expect(payments.rows[0]?.n).toBe(0)
    await page.getByTestId('not-found-back').click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/bills'))
    // No bills of their own yet: what bills are.
    await expect(page.getByTestId('empty-state')).toContainText('No bills to pay')
    await page.context().close()
  })

  test('reminders that went out show on the bill with the penalty they added', async ({ browser }) => {
    const w = await seedWorld(browser, [
      { title: 'Friendly reminder', days: 0, penalty: null },
      { title: 'Final notice', days: 7, penalty: { value_type: 1, amount: 1500 } },
    ])
    const bill = await issueBill(w.owner, w.program, w.holder.id, { due_date: dateIn(5) })
    // Both steps due now: the worker's sweep sends them in ladder order, a minute apart at most.
    await makeDue(seedDatabase(), [bill.uuid])
    await until(
      async () => {
        const r = await sql<{ n: number }>`select count(*)::int as n from credit_reminders
        where bill_id = ${bill.uuid}::uuid and status = 'sent'`.execute(seedDatabase())
        return (r.rows[0]?.n ?? 0) >= 1
      },
      'the first reminder sent',
      60_000,
    )
    await makeDue(seedDatabase(), [bill.uuid])
    await until(
      async () => {
        const r = await sql<{ n: number }>`select count(*)::int as n from credit_reminders
        where bill_id = ${bill.uuid}::uuid and status = 'sent'`.execute(seedDatabase())
        return (r.rows[0]?.n ?? 0) >= 2
      },
      'the second reminder sent',
      90_000,
    )

    // A holder reading in New York sees when the reminders went out on the bill's clock (the
    // program's, Amsterdam), not the browser's.
    const page = await holderPage(browser, { timezoneId: 'America/New_York' })
    await signInHolder(page, w.holder)
    await page.goto(portalUrl('cardholder', `/bills/${bill.uuid}`))
    const reminders = page.getByTestId('bill-reminder')
    await expect(reminders).toHaveCount(2)
    const sent = await sql<{ sent_at: Date }>`select sent_at from credit_reminders
      where bill_id = ${bill.uuid}::uuid and status = 'sent' order by sent_at`.execute(seedDatabase())
    const first = sent.rows[0]?.sent_at as Date
    const clock = (timeZone: string) =>
      new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone }).format(first)
    const spaced = (text: string) => text.replace(/\s/g, ' ')
    const shown = spaced((await reminders.nth(0).locator('time').textContent()) ?? '')
    expect(shown).toContain(spaced(clock('Europe/Amsterdam')))
    expect(shown).not.toContain(spaced(clock('America/New_York')))
    await expect(reminders.nth(0).getByTestId('bill-reminder-title')).toHaveText('Friendly reminder')
    await expect(reminders.nth(1).getByTestId('bill-reminder-title')).toHaveText('Final notice')
    await expect(reminders.nth(1).getByTestId('bill-reminder-penalty')).toHaveText('Penalty added: €15.00')
    // The penalty as a line of its own, and in what is open: 121.00 + 15.00.
    await expect(page.getByTestId('invoice-penalty')).toHaveCount(1)
    await expect(page.getByTestId('invoice-penalty')).toContainText('Final notice')
    await expect(page.getByTestId('invoice-total')).toHaveText('€121.00')
    await expect(page.getByTestId('invoice-penalties-total')).toHaveText('€15.00')
    await expect(page.getByTestId('bill-open-amount')).toHaveText('€136.00')
    await expect(page.getByTestId('bill-penalties-note')).toContainText('€15.00')
    await expectNoHorizontalScroll(page)
    await page.context().close()
  })
})
