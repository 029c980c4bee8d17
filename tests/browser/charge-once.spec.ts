import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { sql } from 'kysely'
import { createDb, type Db } from '../../modules/platform/db.ts'
import { apiCall, ok } from './api.ts'
import { expectNoHorizontalScroll } from './checks.ts'
import { portalUrl } from './portals.ts'
import { closeSeedDb, e2eDatabaseUrl, seedUser, signedInPage } from './users-seed.ts'

/**
 * A payment is charged once, whatever the payer does (issue 10): the payer starts with iDEAL, gets
 * as far as the bank's confirmation step, comes back to the checkout, pays another way (card, with a
 * double click on Pay) and only then approves the old iDEAL payment in the banking app. The card
 * payment stands; the late iDEAL capture is a duplicate that the platform gives back by itself, and
 * the owner sees both in the transactions.
 */

let sandboxDb: Db | undefined
const database = () => {
  sandboxDb ??= createDb({ url: e2eDatabaseUrl(), max: 1, applicationName: 'cardpay-e2e-charge-once' })
  return sandboxDb
}

test.afterAll(async () => {
  await sandboxDb?.destroy()
  sandboxDb = undefined
  await closeSeedDb()
})

/** Money moves through the provider's webhooks and the worker (capture, then the duplicate's refund). */
const settle = { timeout: 45_000 }

interface PaymentLink {
  uuid: string
  reference: string
  pay_url: string
}

interface PaymentDetail {
  status: string
  amount: number
  captured_amount: number
  refunded_amount: number
  attempts: { uuid: string; method: string; status: string; duplicate: boolean }[]
  refunds: { amount: number; status: string; kind: 'requested' | 'provider' | 'duplicate' }[]
}

const sandboxIdIn = (url: string) => /\/sandbox\/checkout\/(pay_[A-Za-z0-9_-]+)$/.exec(url)?.[1]

/** The sandbox provider's own record of the payment: what it took on each of its payments and gave back. */
async function sandboxRecord(paymentUuid: string) {
  const { rows } = await sql<{ id: string; status: string; amount: string; refunded: string }>`
    select sp.id, sp.status, sp.amount::text as amount,
           coalesce(sum(sr.amount) filter (where sr.status = 'succeeded'), 0)::text as refunded
    from sandbox_payments sp
    join payment_attempts a on a.provider_payment_id = sp.id
    left join sandbox_refunds sr on sr.payment_id = sp.id
    where a.payment_id = ${paymentUuid}::uuid
    group by sp.id, sp.status, sp.amount
  `.execute(database())
  const paid = rows.filter((r) => r.status === 'paid')
  const kept = paid.map((r) => Number(r.amount) - Number(r.refunded))
  return {
    taken: paid.reduce((sum, r) => sum + Number(r.amount), 0),
    kept: kept.reduce((sum, k) => sum + k, 0),
    keptPayments: kept.filter((k) => k > 0).length,
  }
}

test('a payer who leaves iDEAL at the bank step and pays by card with a double click is charged once', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const tag = randomBytes(4).toString('hex')
  const description = `Fietsreparatie ${tag}`
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Fietsenmaker ${tag}` })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  const amount = 2100
  const link = ok(
    await apiCall<PaymentLink>(ownerPage, 'POST', '/payment/payments', {
      amount,
      currency: 'EUR',
      description,
    }),
    201,
    'ask for a payment',
  )

  // A guest on a phone opens the link and starts with iDEAL, up to the bank's confirmation step.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(link.pay_url)
  await expect(page.getByTestId('checkout-amount')).toHaveText('€21.00')
  await expectNoHorizontalScroll(page)
  await page.getByTestId('checkout-method-ideal').click()
  await page.getByTestId('checkout-pay').click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/)
  const idealId = sandboxIdIn(page.url()) as string
  await expect(page.getByTestId('sandbox-tab-ideal')).toHaveAttribute('data-state', 'active')
  await page.getByTestId('sandbox-bank-ing').click()
  await expect(page.getByTestId('sandbox-confirmation-title')).toHaveText('Approve in your banking app')

  // Back on the checkout the payment is pending: "Continue paying" would go on with iDEAL; the payer
  // pays another way instead.
  await page.goto(link.pay_url)
  await expect(page.getByTestId('checkout')).toHaveAttribute('data-status', 'pending')
  await expect(page.getByTestId('checkout-form')).toHaveAttribute('data-open-method', 'ideal')
  await expect(page.getByTestId('checkout-in-progress')).toContainText('You started paying with iDEAL')
  await expect(page.getByTestId('checkout-pay')).toHaveText('Continue paying')
  await expect(page.getByTestId('checkout-method-card')).toHaveCount(0)
  await expectNoHorizontalScroll(page)
  await page.getByTestId('checkout-other-method').click()
  await page.getByTestId('checkout-method-card').click()
  await expect(page.getByTestId('checkout-switch-note')).toBeVisible()
  await expect(page.getByTestId('checkout-pay')).toHaveText('Pay €21.00')
  await expectNoHorizontalScroll(page)

  // A double click on Pay starts one card payment: one request, one hosted page.
  const starts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes(`/api/v1/payment/checkout/${link.uuid}`)) {
      starts.push(request.postData() ?? '')
    }
  })
  await page.getByTestId('checkout-pay').dblclick()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/)
  const cardId = sandboxIdIn(page.url()) as string
  expect(cardId).not.toBe(idealId)
  expect(starts).toEqual([JSON.stringify({ method: 'card' })])

  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry date').fill('12 / 30')
  await page.getByLabel('CVC').fill('123')
  await page.getByTestId('sandbox-card-pay').click()
  await expect(page).toHaveURL(`${link.pay_url}?returned=1`, settle)
  await expect(page.getByTestId('checkout-paid')).toContainText('Payment received', settle)
  await expect(page.getByTestId('checkout')).toHaveAttribute('data-status', 'paid')

  // Only now does the banking app approve the iDEAL payment the checkout cancelled: banks do that.
  const approved = ok(
    await apiCall<{ status: string }>(page, 'POST', `/sandbox/checkout/${idealId}/confirm`, {
      approve: true,
    }),
    200,
    'approve the old iDEAL payment in the banking app',
  )
  expect(approved.status).toBe('paid')

  // The platform hears of the late capture and gives it back by itself: the payer pays once.
  const detail = () =>
    apiCall<PaymentDetail>(ownerPage, 'GET', `/payment/payments/${link.uuid}`).then((r) =>
      ok(r, 200, 'read the payment'),
    )
  await expect
    .poll(async () => {
      const p = await detail()
      const givenBack = p.refunds
        .filter((r) => r.kind === 'duplicate' && r.status === 'succeeded')
        .reduce((sum, r) => sum + r.amount, 0)
      return {
        status: p.status,
        captured: p.captured_amount,
        kept: p.captured_amount - givenBack,
        standing: p.attempts.filter((a) => a.status === 'paid' && !a.duplicate).map((a) => a.method),
        duplicates: p.attempts.filter((a) => a.duplicate).map((a) => a.method),
        duplicateRefunds: p.refunds.filter((r) => r.kind === 'duplicate').map((r) => r.status),
      }
    }, settle)
    .toEqual({
      status: 'paid',
      captured: 2 * amount,
      kept: amount,
      standing: ['card'],
      duplicates: ['ideal'],
      duplicateRefunds: ['succeeded'],
    })
  const paid = await detail()
  expect(paid.refunded_amount).toBe(0)
  // The double click made one card attempt.
  expect(paid.attempts.filter((a) => a.method === 'card')).toHaveLength(1)

  // The sandbox's own record agrees: two payments taken, one given back in full, one kept.
  await expect
    .poll(() => sandboxRecord(link.uuid), settle)
    .toEqual({
      taken: 2 * amount,
      kept: amount,
      keptPayments: 1,
    })

  // The checkout still says paid, once.
  await page.reload()
  await expect(page.getByTestId('checkout-paid')).toBeVisible()
  await expect(page.getByTestId('checkout-pay')).toHaveCount(0)
  await context.close()

  // The owner sees what happened: the payment, the duplicate charge and its refund.
  await ownerPage.goto(portalUrl('programs', `/transactions?q=${tag}`))
  const rows = ownerPage.getByTestId('transaction-row')
  await expect(rows).toHaveCount(3)
  const duplicate = rows.and(ownerPage.locator('[data-kind="duplicate_capture"]'))
  await expect(duplicate.getByTestId('transaction-kind')).toHaveText('Duplicate charge')
  await expect(duplicate.getByTestId('transaction-amount')).toHaveText('€21.00')
  await expect(duplicate.getByTestId('transaction-receipt')).toHaveCount(0)
  const refund = rows.and(ownerPage.locator('[data-kind="refund"]'))
  await expect(refund.getByTestId('transaction-kind')).toHaveText('Duplicate charge refunded')
  await expect(refund.getByTestId('transaction-amount')).toHaveText('-€21.00')
  await expect(refund.getByTestId('transaction-status')).toHaveText('Succeeded')
  const payment = rows.and(ownerPage.locator('[data-kind="payment"]'))
  await expect(payment.getByTestId('transaction-status')).toHaveText('Paid')
  await expect(payment.getByTestId('transaction-method')).toHaveText('Visa •••• 4242')

  // The kind filter finds the duplicate charge alone.
  await ownerPage.goto(portalUrl('programs', `/transactions?q=${tag}&kind=duplicate_capture`))
  await expect(rows).toHaveCount(1)
  await expect(rows).toHaveAttribute('data-kind', 'duplicate_capture')

  // Its page: a duplicate charge of the payment, no receipt of its own, explained.
  await rows.getByRole('link').first().click()
  await expect(ownerPage.getByTestId('transaction-title')).toHaveText(`Duplicate charge of ${link.reference}`)
  await expect(ownerPage.getByTestId('transaction-detail-amount')).toHaveText('€21.00')
  await expect(ownerPage.getByTestId('transaction-detail-receipt')).toHaveCount(0)
  await expect(ownerPage.getByTestId('transaction-duplicate-note')).toBeVisible()
  const attempts = ownerPage.getByTestId('payment-attempt')
  await expect(attempts).toHaveCount(2)
  await expect(attempts.and(ownerPage.locator('[data-duplicate="true"]'))).toContainText('iDEAL')
  await expect(ownerPage.getByTestId('payment-attempt-duplicate')).toHaveText('Duplicate charge')
  await expect(ownerPage.getByTestId('payment-refund-duplicate')).toHaveText('Duplicate charge refunded')
  await expect(ownerPage.getByTestId('payment-captured')).toContainText('€42.00')
  await expect(ownerPage.getByTestId('payment-duplicates-refunded')).toContainText('€21.00')
  await ownerPage.context().close()
})

test('"Continue paying" goes on with the iDEAL bank step the payer left, not a new card payment', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const tag = randomBytes(4).toString('hex')
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Bloemist ${tag}` })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  const amount = 1350
  const link = ok(
    await apiCall<PaymentLink>(ownerPage, 'POST', '/payment/payments', {
      amount,
      currency: 'EUR',
      description: `Boeket ${tag}`,
    }),
    201,
    'ask for a payment',
  )

  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(link.pay_url)
  await page.getByTestId('checkout-method-ideal').click()
  await page.getByTestId('checkout-pay').click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/)
  const idealId = sandboxIdIn(page.url()) as string
  await page.getByTestId('sandbox-bank-ing').click()
  await expect(page.getByTestId('sandbox-confirmation-title')).toHaveText('Approve in your banking app')

  await page.goto(link.pay_url)
  await expect(page.getByTestId('checkout')).toHaveAttribute('data-status', 'pending')
  const starts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes(`/api/v1/payment/checkout/${link.uuid}`)) {
      starts.push(request.postData() ?? '')
    }
  })
  await page.getByTestId('checkout-pay').click()
  // The same hosted page, still at the bank's step: nothing new was started.
  await expect(page).toHaveURL(new RegExp(`/sandbox/checkout/${idealId}$`))
  expect(starts).toEqual([JSON.stringify({ method: 'ideal' })])
  await expect(page.getByTestId('sandbox-confirmation-title')).toHaveText('Approve in your banking app')
  await page.getByTestId('sandbox-approve').click()
  await expect(page).toHaveURL(`${link.pay_url}?returned=1`, settle)
  await expect(page.getByTestId('checkout-paid')).toContainText('Payment received', settle)
  await context.close()

  const p = ok(
    await apiCall<PaymentDetail>(ownerPage, 'GET', `/payment/payments/${link.uuid}`),
    200,
    'read the payment',
  )
  expect(p.attempts.map((a) => [a.method, a.status, a.duplicate])).toEqual([['ideal', 'paid', false]])
  expect(p.captured_amount).toBe(amount)
  await ownerPage.context().close()
})
