import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, test } from '@playwright/test'
import { portalUrl } from './portals.ts'
import { closeSeedDb, seedUser, signIn } from './users-seed.ts'

/**
 * An owner adds a payment notification on their payment program's page, a payment in the program
 * is paid, and the owner reads the delivery in the log and replays it: the merchant's endpoint
 * receives it twice, and the log counts the second attempt.
 */

test.afterAll(closeSeedDb)

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
      return { status: res.status, body: text ? JSON.parse(text) : undefined }
    },
    { method, path, body },
  )
}

async function merchantEndpoint() {
  const received: string[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'))
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test('an owner adds a notification, sees the paid payment’s delivery in the log and replays it', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const tag = randomBytes(3).toString('hex')
  const merchant = await merchantEndpoint()
  try {
    const owner = await seedUser('programs')
    const context = await browser.newContext()
    await context.addCookies([{ name: 'lang', value: 'en', url: portalUrl('programs') }])
    const page = await context.newPage()
    await signIn(page, 'programs', owner)
    const created = await call<{ result: { uuid: string } }>(page, 'POST', '/manager/programs', {
      type: 3001,
      title: `Kiosk ${tag}`,
    })
    const program = created.body.result.uuid
    await call(page, 'POST', '/manager/program-methods', {
      program,
      methods: [{ method_id: 'card', provider_id: 'sandbox', is_used: true }],
    })
    for (const status of [11003, 11004, 11001]) {
      expect((await call(page, 'PATCH', `/manager/programs/${program}`, { status })).status).toBe(200)
    }

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
    const link = await call<{ uuid: string }>(page, 'POST', '/payment/payments', {
      amount: 1250,
      description: `Koffie ${tag}`,
      program_uuid: program,
    })
    expect(link.status).toBe(201)
    const paid = await call<{ status: string }>(page, 'POST', '/payment/pay', {
      order_uuid: link.body.uuid,
      payment_type: 'card',
      card_number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    })
    expect(paid.body.status).toBe('paid')
    await expect.poll(() => merchant.received.length, { timeout: 25_000 }).toBe(1)
    expect(JSON.parse(merchant.received[0] as string)).toMatchObject({
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
