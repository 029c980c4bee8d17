import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { apiCall, payWithSandboxCard } from './api.ts'
import { merchantEndpoint } from './merchant-endpoint.ts'
import { portalUrl } from './portals.ts'
import { activePaymentProgram } from './programs.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * An owner adds a payment notification on their payment program's page, a payment in the program
 * is paid, and the owner reads the delivery in the log and replays it: the merchant's endpoint
 * receives it twice, and the log counts the second attempt.
 */

test.afterAll(closeSeedDb)

test('an owner adds a notification, sees the paid payment’s delivery in the log and replays it', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const tag = randomBytes(3).toString('hex')
  const merchant = await merchantEndpoint()
  try {
    const owner = await seedUser('programs')
    const page = await signedInPage(browser, 'programs', owner)
    const program = await activePaymentProgram(page, `Kiosk ${tag}`, 'card')

    // On the program's page: add a notification with two fields of the payment category.
    await page.goto(portalUrl('programs', `/programs/${program}`))
    const section = page.getByTestId('notifications')
    await expect(section.getByTestId('notification-add')).toBeEnabled()
    await section.getByTestId('notification-add').click()
    const dialog = page.getByTestId('notification-dialog')
    await dialog.getByLabel('Title').fill('Till system')
    await dialog.getByLabel('URL').fill(merchant.url)
    // Active without a field is refused with the specification's wording.
    await dialog.getByTestId('notification-save').click()
    await expect(dialog.getByTestId('notification-failure')).toHaveText('Error: fieldsValidation')
    await dialog.getByTestId('field-payment.amount').click()
    await dialog.getByTestId('field-payment.reference').click()
    await dialog.getByTestId('notification-save').click()
    await expect(dialog).toBeHidden()
    const card = section.getByTestId('notification')
    await expect(card.getByTestId('notification-title')).toHaveText('Till system')

    // A payment in the program is paid.
    const link = await apiCall<{ uuid: string }>(page, 'POST', '/payment/payments', {
      amount: 1250,
      description: `Koffie ${tag}`,
      program_uuid: program,
    })
    expect(link.status).toBe(201)
    await payWithSandboxCard(page, link.body.uuid)
    await expect.poll(() => merchant.received.length, { timeout: 25_000 }).toBe(1)
    expect(JSON.parse(merchant.received[0]!.body)).toMatchObject({
      type: 'payment.paid',
      data: { amount: 1250 },
    })

    // The delivery log shows it delivered; Replay sends it again and the log counts it.
    await card.getByTestId('notification-log-toggle').click()
    const delivery = card.getByTestId('delivery')
    await expect(delivery).toHaveCount(1, { timeout: 15_000 })
    await expect(delivery).toHaveAttribute('data-status', 'succeeded')
    await delivery.getByTestId('delivery-replay').click()
    await expect.poll(() => merchant.received.length, { timeout: 25_000 }).toBe(2)
    await expect(delivery.getByRole('cell').nth(3)).toHaveText('2', { timeout: 15_000 })
  } finally {
    await merchant.close()
  }
})
