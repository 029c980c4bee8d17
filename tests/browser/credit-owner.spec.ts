import { randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { expectAccessible, expectNoHorizontalScroll } from './checks.ts'
import { passwordLink, uniqueEmail, waitForMail } from './mailbox.ts'
import { portalUrl } from './portals.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * Credit management in the browser, as a program owner runs it on a phone (issue 13): the wizard's
 * three credit steps (bill contact and settings, a two-step reminder ladder with its preview,
 * review and activation), then a bill issued to a card holder created on the spot, who gets an
 * e-mail to choose a password and the bill's e-mail, opens its link, signs in and pays it with the
 * sandbox's test card; the owner then sees it paid with its reminders not sent.
 */

test.afterAll(closeSeedDb)

const newTag = () => randomBytes(4).toString('hex')

/**
 * The bill dialog as it opens while a toast shows: the toast ends above the dialog (the dialog makes
 * room once the toast has slid in), every label of the first item is one line, and the item's
 * inputs line up (quantity and price side by side; on a desktop the VAT rate beside them).
 */
async function expectBillDialogReads(page: Page) {
  const dialog = page.getByTestId('issue-bill-dialog')
  await expect(dialog).toBeVisible()
  const toast = page.locator('[data-sonner-toast][data-mounted="true"]').first()
  await expect
    .poll(async () => {
      const [t, d] = await Promise.all([toast.boundingBox(), dialog.boundingBox()])
      if (!t || !d) return 'a toast and the dialog'
      return t.y + t.height <= d.y ? 'clear' : `toast ends at ${t.y + t.height}, dialog starts at ${d.y}`
    })
    .toBe('clear')
  const item = dialog.getByTestId('bill-item').first()
  const lines = await item.locator('label').evaluateAll((labels) =>
    labels.map((l) => {
      const style = getComputedStyle(l)
      return {
        text: l.textContent,
        lines: Math.round(l.getBoundingClientRect().height / parseFloat(style.lineHeight)),
      }
    }),
  )
  expect(
    lines.filter((l) => l.lines !== 1),
    'labels on more than one line',
  ).toEqual([])
  const top = async (id: string) => (await item.getByTestId(id).boundingBox())?.y
  expect(await top('bill-item-price')).toBe(await top('bill-item-quantity'))
  const wide = (page.viewportSize()?.width ?? 0) >= 640
  if (wide) expect(await top('bill-item-vat')).toBe(await top('bill-item-quantity'))
  await expectNoHorizontalScroll(page)
}

test('an owner sets up a credit program with a two-step ladder, bills a new holder, who pays by card', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const tag = newTag()
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Incasso ${tag}` })
  const page = await signedInPage(browser, 'programs', owner)
  await page.setViewportSize({ width: 390, height: 844 })

  // Step 0: details.
  await page.goto(portalUrl('programs', '/programs/cm/new'))
  await expect(page.getByTestId('wizard-step')).toHaveCount(4)
  await page.getByLabel('Title').fill(`Contributie ${tag}`)
  await page.getByLabel('Description').fill('Yearly membership fees.')
  await page.getByTestId('wizard-next').click()
  await expect(page).toHaveURL(/\/programs\/cm\/draft\/[0-9a-f-]{36}\?step=1$/)
  const programUuid = /draft\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string

  // Step 1: bill contact and settings; a window that ends before it starts is refused.
  const settings = page.getByTestId('credit-settings-form')
  await settings.getByTestId('credit-address').fill('Dorpsstraat 1')
  await settings.getByTestId('credit-zip').fill('1234 AB')
  await settings.getByTestId('credit-city').fill('Utrecht')
  await settings.getByTestId('credit-window-start').fill('18:00')
  await settings.getByTestId('credit-window-end').fill('09:00')
  await page.getByTestId('wizard-next').click()
  await expect(settings.getByText('The window must end after it starts, on the same day.')).toBeVisible()
  await settings.getByTestId('credit-window-start').fill('09:00')
  await settings.getByTestId('credit-window-end').fill('18:00')
  await expectNoHorizontalScroll(page)
  await page.getByTestId('wizard-next').click()
  await expect(page).toHaveURL(new RegExp(`/programs/cm/draft/${programUuid}\\?step=2$`))

  // Step 2: the ladder. Nothing switched on yet: no way on.
  await expect(page.getByTestId('wizard-next')).toBeDisabled()
  await page.getByTestId('ladder-add').click()
  const dialog = page.getByTestId('ladder-step-dialog')
  await dialog.getByTestId('ladder-template').click()
  await page.getByTestId('ladder-template-friendly').click()
  await expect(dialog.getByTestId('step-title')).toHaveValue('Friendly reminder')
  await expect(dialog.getByTestId('step-subject')).toHaveValue(/\{invoice_number\}/)
  await dialog.getByTestId('step-save').click()
  await expect(dialog).toHaveCount(0)
  await page.getByTestId('ladder-add').click()
  // The placeholders the text may hold are named as typed (Lingui once read them as its own: ", , , , .").
  await expect(
    dialog.getByText('Placeholders: {name}, {invoice_number}, {amount}, {due_date}, {company}, {pay_link}.'),
  ).toBeVisible()
  await dialog.getByTestId('step-title').fill('Herinnering met boete')
  await dialog.getByTestId('step-days').fill('7')
  await dialog.getByTestId('step-sender').click()
  await page.getByRole('option', { name: 'after the due date' }).click()
  await dialog.getByTestId('step-subject').fill('Factuur {invoice_number} is verlopen')
  await dialog.getByTestId('step-text').fill('Beste {name}, betaal {amount} via {pay_link}.')
  await dialog.getByTestId('step-penalty').click()
  await page.getByRole('option', { name: 'A fixed amount' }).click()
  await dialog.getByTestId('step-amount').fill('7.50')
  await dialog.getByTestId('step-save').click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId('ladder-step')).toHaveCount(2)
  await expect(page.getByTestId('ladder-step').nth(0)).toContainText('3 days before the due date at 09:00')
  await expect(page.getByTestId('ladder-step').nth(1)).toContainText('7 days after the due date at 09:00')
  await expect(page.getByTestId('ladder-step').nth(1)).toContainText('Penalty €7.50')
  // The preview: two reminders for an example bill of €100.00, the second adding the penalty.
  await expect(page.getByTestId('ladder-preview-row')).toHaveCount(2)
  await expect(page.getByTestId('ladder-preview-total').nth(1)).toHaveText('€107.50')
  await expectNoHorizontalScroll(page)
  await page.getByTestId('wizard-next').click()
  await expect(page).toHaveURL(new RegExp(`/programs/cm/draft/${programUuid}\\?step=3$`))

  // Step 3: review and activate.
  await expect(page.getByTestId('review-code').locator('dd')).toHaveText(/^[A-Z]{6}$/)
  await expect(page.getByTestId('review-ladder')).toContainText('Herinnering met boete')
  // Holders pay by card: without a payment method the program cannot be activated.
  await expect(page.getByTestId('wizard-activate')).toBeDisabled()
  await page.getByTestId('method-use-card').click()
  await page.getByTestId('method-provider-card').click()
  await page.getByRole('option', { name: 'Sandbox (test payments)' }).click()
  await page.getByTestId('credit-methods-save').click()
  await expect(page.getByTestId('wizard-activate')).toBeEnabled()
  await page.getByTestId('wizard-activate').click()
  await expect(page).toHaveURL(portalUrl('programs', `/programs/${programUuid}`))

  // A bill to a new card holder, in the dialog opened while "Program activated" still shows: the
  // toast stays above the dialog, and the item's fields read on one line each.
  const holderEmail = uniqueEmail(`debtor-${tag}`)
  await expect(page.locator('[data-sonner-toast][data-mounted="true"]').first()).toBeVisible()
  await page.getByTestId('issue-bill').click()
  const bill = page.getByTestId('issue-bill-dialog')
  await expectBillDialogReads(page)
  await bill.getByTestId('issue-bill-new-holder').click()
  await bill.getByTestId('new-holder-first_name').fill('Daan')
  await bill.getByTestId('new-holder-last_name').fill(`Debiteur ${tag}`)
  await bill.getByTestId('new-holder-email').fill(holderEmail)
  await bill.getByTestId('bill-item-description').fill('Contributie 2027')
  await bill.getByTestId('bill-item-price').fill('100')
  await expect(bill.getByTestId('bill-total')).toHaveText('€121.00')
  await expectNoHorizontalScroll(page)
  await bill.getByTestId('issue-bill-submit').click()
  await expect(page).toHaveURL(new RegExp(`/programs/${programUuid}/bills/[0-9a-f-]{36}$`))
  await expect(page.getByTestId('bill-page')).toHaveAttribute('data-status', 'unpaid')
  await expect(page.getByTestId('bill-open')).toHaveText('€121.00')
  await expect(page.getByTestId('bill-reminders-row')).toHaveCount(2)
  await expect(page.getByTestId('bill-timeline-event').first()).toHaveAttribute('data-kind', 'issued')
  // The timeline on the program's clock (Amsterdam, as the bill is dated), whatever the browser's.
  const issuedAt = page.getByTestId('bill-timeline-event').first().locator('time')
  const spaced = (text: string) => text.replace(/\s/g, ' ')
  const issuedInstant = new Date((await issuedAt.getAttribute('datetime')) ?? '')
  const clock = (timeZone: string) =>
    spaced(
      new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone }).format(issuedInstant),
    )
  expect(spaced((await issuedAt.textContent()) ?? '')).toContain(clock('Europe/Amsterdam'))
  await expectNoHorizontalScroll(page)

  const billUrl = page.url()
  const billUuid = billUrl.split('/').pop() as string
  const billNumber = ((await page.getByTestId('screen-title').textContent()) ?? '').replace('Bill ', '')

  // The new holder chooses a password with the invitation, then opens the bill's e-mail.
  const holder = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await holder.goto(await passwordLink(holderEmail))
  await holder.getByLabel('Password', { exact: true }).fill('Holder-pass-42')
  await holder.getByLabel('Repeat the password').fill('Holder-pass-42')
  await holder.getByRole('button', { name: 'Set new password' }).click()
  await expect(holder.getByText('Your new password is set.')).toBeVisible()
  const billMail = await waitForMail(holderEmail, (m) => m.subject.includes(billNumber), {
    timeoutMs: 30_000,
  })
  const link = new RegExp(`https?://[^\\s"'<>]+/bills/${billUuid}(?=[\\s"'<>])`).exec(billMail.html)?.[0]
  expect(link, 'the bill link in the e-mail').toBeTruthy()
  await holder.goto(link as string)
  await expect(holder).toHaveURL(/\/sign-in/)
  await holder.getByLabel('E-mail address').fill(holderEmail)
  await holder.getByLabel('Password', { exact: true }).fill('Holder-pass-42')
  await holder.getByRole('button', { name: 'Sign in' }).click()
  await expect(holder).toHaveURL(new RegExp(`/bills/${billUuid}$`))
  await holder.getByTestId('bill-pay').click()
  await expect(holder).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 30_000 })
  await expect(holder.getByTestId('checkout-amount')).toHaveText('€121.00')
  if (await holder.getByTestId('checkout-method-card').count())
    await holder.getByTestId('checkout-method-card').click()
  await holder.getByTestId('checkout-pay').click()
  await expect(holder).toHaveURL(/\/sandbox\/checkout\/pay_[A-Za-z0-9_-]+$/, { timeout: 30_000 })
  await holder.getByLabel('Card number').fill('4242 4242 4242 4242')
  await holder.getByLabel('Expiry date').fill('12 / 30')
  await holder.getByLabel('CVC').fill('123')
  await holder.getByTestId('sandbox-card-pay').click()
  await expect(holder).toHaveURL(new RegExp(`/bills/${billUuid}$`), { timeout: 30_000 })
  await expect(holder.getByTestId('bill-paid')).toBeVisible({ timeout: 30_000 })
  // The holder's invoice as a PDF, from the bill's page.
  const [held] = await Promise.all([
    holder.waitForEvent('download'),
    holder.getByTestId('bill-invoice-pdf').click(),
  ])
  expect(held.suggestedFilename()).toBe(`invoice-${billNumber}.pdf`)

  // The owner sees it paid, and its reminders will not go out.
  await page.goto(billUrl)
  await expect(page.getByTestId('bill-page')).toHaveAttribute('data-status', 'paid', { timeout: 30_000 })
  await expect(page.getByTestId('bill-open')).toHaveText('€0.00')
  // What was paid, as paid: never a negative "Paid −€121.00".
  await expect(page.getByTestId('bill-paid-amount')).toHaveText('€121.00')
  await expect(page.getByTestId('bill-reminders-status')).toHaveText(['Not sent', 'Not sent'])
  // The owner downloads the same invoice.
  const [invoice] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('bill-invoice-pdf').click(),
  ])
  expect(invoice.suggestedFilename()).toBe(`invoice-${billNumber}.pdf`)
  const pdf = await invoice.createReadStream()
  const head = await new Promise<string>((resolve) =>
    pdf.once('data', (c: Buffer) => resolve(c.toString('latin1', 0, 5))),
  )
  expect(head).toBe('%PDF-')

  // Back on the program, the bill is listed, found by the holder's name and filed as paid.
  await page.getByTestId('bill-back').click()
  await page.getByTestId('bills-search').fill(`Debiteur ${tag}`)
  await expect(page.getByTestId('bill-row')).toHaveCount(1)
  await page.getByTestId('bills-filter-unpaid').click()
  await expect(page.getByTestId('bill-row')).toHaveCount(0)
  await page.getByTestId('bills-filter-paid').click()
  await expect(page.getByTestId('bill-row')).toHaveCount(1)
  await expectNoHorizontalScroll(page)

  // Two more bills to the holder from a CSV file: a wrong row first (nothing is issued, the line
  // and field are named), then the file put right.
  const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
  const csv = (price: string) =>
    Buffer.from(
      `holder_email;due_date;description;unit_price;vat\n${holderEmail};${due};Contributie 2028;50,00;high\n${holderEmail};${due};Boete;${price};zero\n`,
    )
  await page.getByTestId('bills-filter-all').click()
  await page.getByTestId('import-bills').click()
  const importDialog = page.getByTestId('import-bills-dialog')
  await importDialog
    .getByTestId('import-bills-file')
    .setInputFiles({ name: 'bills.csv', mimeType: 'text/csv', buffer: csv('tien') })
  await importDialog.getByTestId('import-bills-submit').click()
  await expect(importDialog.getByTestId('import-bills-problems')).toContainText('Line 3 · Unit price')
  await expectNoHorizontalScroll(page)
  await importDialog
    .getByTestId('import-bills-file')
    .setInputFiles({ name: 'bills.csv', mimeType: 'text/csv', buffer: csv('10') })
  await importDialog.getByTestId('import-bills-submit').click()
  await expect(page.getByText('2 bills issued.')).toBeVisible()
  await expect(importDialog).toHaveCount(0)
  // On a desktop too, with that toast showing: the bill dialog starts below it, and "Unit price
  // excl. VAT" sits on one line beside the quantity and the VAT rate.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByTestId('issue-bill').click()
  await expectBillDialogReads(page)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('issue-bill-dialog')).toHaveCount(0)
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByTestId('bill-row')).toHaveCount(3)
  // What the program's holders owe, worded as owed: the two open bills, never a signed "balance".
  await page.reload()
  const outstanding = page.getByTestId('program-balance')
  await expect(outstanding.locator('h3')).toHaveText('Outstanding')
  await expect(outstanding.getByTestId('program-balance-value')).toHaveText('€70.50')
  await expect(outstanding.getByTestId('program-balance-received')).toHaveText('2 open bills')

  // Home: the credit figures, the paid bill and the two open ones.
  await page.goto(portalUrl('programs', '/home'))
  const figures = page.getByTestId('credit-figures')
  await expect(figures.getByTestId('credit-figures-open-count')).toHaveText('2 bills')
  await expect(figures.getByTestId('credit-figures-open')).toContainText('€70.50')
  await expect(figures.getByTestId('credit-figures-overdue-count')).toHaveText('0 bills')
  await expect(figures.getByTestId('credit-figures-paid-count')).toHaveText('1 bill')
  await expect(figures.getByTestId('credit-figures-paid')).toContainText('€121.00')
  await expect(figures.getByTestId('credit-figures-chart')).toBeVisible()
  // The chart's lines and bars have a key.
  await expect(figures.getByTestId('credit-figures-legend')).toHaveText(/Open.*Overdue.*Collected/)
  await expect(figures.getByTestId('credit-figures-program')).toContainText(`Contributie ${tag}`)
  await expectNoHorizontalScroll(page)

  // Archiving an open bill says what it writes off, and the timeline keeps it.
  await page.goto(billUrl)
  await page.getByTestId('bill-back').click()
  await page.getByTestId('bills-filter-unpaid').click()
  await expect(page.getByTestId('bill-row')).toHaveCount(2)
  await page.getByTestId('bill-row').first().getByRole('link').click()
  await expect(page.getByTestId('bill-page')).toHaveAttribute('data-status', 'unpaid')
  const open = (await page.getByTestId('bill-open').textContent())?.trim() ?? ''
  expect(open).toMatch(/^€\d+\.\d\d$/)
  await page.getByTestId('bill-archive').click()
  await expect(page.getByTestId('bill-archive-write-off')).toContainText(`${open} is still open`)
  await expectNoHorizontalScroll(page)
  await expectAccessible(page, '[role="dialog"]')
  await page.getByTestId('bill-archive-reason').fill('Lid opgezegd')
  await page.getByTestId('bill-archive-confirm').click()
  await expect(page.getByTestId('bill-page')).toHaveAttribute('data-status', 'archived')
  await expect(
    page.getByTestId('bill-timeline-event').filter({ hasText: `${open} written off` }),
  ).toHaveCount(1)
})
