import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { type PostingInput, postEntry, reverseEntry } from '../../modules/ledger/index.ts'
import { businessDay } from '../../modules/platform/dates.ts'
import { createDb, type Db } from '../../modules/platform/db.ts'
import { expectAccessible, expectInView, expectLaidOutAsTable } from './checks.ts'
import { portalUrl } from './portals.ts'
import { closeSeedDb, e2eDatabaseUrl, seedUser, signIn } from './users-seed.ts'

/**
 * Ledger entries for the finance screens, posted with the ledger's own command straight into the
 * database of the platform under test (the same one users-seed.ts reaches).
 */
let ledgerDb: Db | undefined
const database = () => {
  ledgerDb ??= createDb({ url: e2eDatabaseUrl(), max: 2, applicationName: 'cardpay-e2e-ledger-seed' })
  return ledgerDb
}

const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 800 }

const post = (input: PostingInput) =>
  database()
    .transaction()
    .execute((trx) => postEntry(trx, input))

/** A date `days` before today, as the ledger books it and the screens count: a business day. */
const daysAgo = (days: number) =>
  new Date(Date.parse(`${businessDay()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)

/**
 * A small story with this test's own tag: two paid orders (one with a fee), the second reversed,
 * and a payout to the acceptor. Sub-accounts carry the tag, so their balances are this test's alone.
 */
async function seedLedger(tag: string) {
  const acceptor = { kind: 'acceptor', external_id: `acc-${tag}` } as const
  const sale = (n: number, amount: bigint, fee: bigint, date: string): PostingInput => ({
    journal: 'sales',
    date,
    description: `Order ${tag}-${n} paid`,
    source: { kind: 'e2e.payment', id: `${tag}-${n}` },
    lines: [
      { account: 120, currency: 'EUR', debit: amount },
      { account: 230, sub_account: acceptor, currency: 'EUR', credit: amount - fee },
      ...(fee ? [{ account: 410, currency: 'EUR', credit: fee } as const] : []),
    ],
  })
  const first = await post(sale(1, 12100n, 600n, daysAgo(2)))
  const second = await post(sale(2, 5000n, 0n, daysAgo(1)))
  const reversal = await database()
    .transaction()
    .execute((trx) =>
      reverseEntry(trx, {
        entry_id: second.entry.id,
        date: daysAgo(0),
        description: `Order ${tag}-2 refunded`,
      }),
    )
  const payout = await post({
    journal: 'bank',
    date: daysAgo(0),
    description: `Payout ${tag}`,
    source: { kind: 'e2e.payout', id: tag },
    lines: [
      { account: 230, sub_account: acceptor, currency: 'EUR', debit: 10000n },
      { account: 120, currency: 'EUR', credit: 10000n },
    ],
  })
  return { first: first.entry, second: second.entry, reversal: reversal.entry, payout: payout.entry }
}

test.afterAll(async () => {
  await ledgerDb?.destroy()
  ledgerDb = undefined
  await closeSeedDb()
})

test.describe('admin finances', () => {
  test('an admin finds journal entries, opens one with balanced lines, and reads balances and the trial balance', async ({
    page,
  }) => {
    const tag = randomBytes(4).toString('hex')
    const { first, second, reversal } = await seedLedger(tag)
    const admin = await seedUser('admin')
    await signIn(page, 'admin', admin)

    await page.goto(portalUrl('admin', '/finances'))
    await expect(page.getByTestId('screen-title')).toHaveText('Finances')
    await expect(page).toHaveURL(portalUrl('admin', '/finances'))
    await expect(page.getByTestId('finances-tab-journals')).toHaveAttribute('aria-current', 'page')
    await expect(page.getByTestId('journal-sales')).toHaveAttribute('data-state', 'active')

    // The search goes into the URL once typing pauses; newest first.
    await page.getByTestId('journal-search').fill(tag)
    await expect(page).toHaveURL(new RegExp(`q=${tag}`))
    const rows = page.getByTestId('journal-row')
    await expect(rows).toHaveCount(3)
    await expect(rows.nth(0)).toContainText(`Order ${tag}-2 refunded`)
    await expect(rows.nth(0)).toContainText('Reversal')
    await expect(rows.nth(1)).toContainText(`Order ${tag}-2 paid`)
    await expect(rows.nth(1)).toContainText('Reversed')
    await expect(rows.nth(2)).toContainText(`Order ${tag}-1 paid`)
    await expect(rows.nth(2)).toContainText('€121.00')
    await expect(rows.nth(2)).toContainText(`e2e.payment · ${tag}-1`)
    await expect(page.getByTestId('journal-count')).toHaveText('3 entries')

    // A desktop shows the entries as a table. A phone shows each as an item whose first line has
    // the description and the total: nothing of it beyond the right edge, no sideways scrolling.
    await page.setViewportSize(desktop)
    await expectLaidOutAsTable(page.getByTestId('journal-table'))
    await page.setViewportSize(phone)
    await expectInView(rows.nth(0).getByTestId('journal-row-total'), "the first entry's total")
    await expectInView(rows.nth(0).getByTestId('journal-row-description'), "the first entry's description")
    await expect(rows.nth(2).getByTestId('journal-row-total')).toHaveText('€121.00')
    await expectAccessible(page, '[data-testid="journal-table"]')
    // The header row is out of sight on a phone, but its sort buttons show when the keyboard reaches them.
    await page.getByTestId('sort-total').focus()
    await expect(page.getByTestId('sort-total')).toBeInViewport({ ratio: 1 })
    await expectInView(page.getByTestId('sort-total'), 'the sort button of the totals')
    await page.getByTestId('sort-total').blur()
    // The finance views' tabs are wider than a phone: the edge beyond which more lie fades.
    await expect(
      page.locator('[data-slot="tabs-scroll"]', { has: page.getByTestId('finances-tabs') }),
    ).toHaveAttribute('data-more-right', 'true')
    await page.setViewportSize(desktop)

    // Date presets count business days (Amsterdam), as the ledger dates its entries: today has the
    // reversal, yesterday the second order.
    await page.getByTestId('journal-preset-today').click()
    await expect(page).toHaveURL(new RegExp(`from=${daysAgo(0)}`))
    await expect(page).toHaveURL(new RegExp(`to=${daysAgo(0)}`))
    await expect(page.getByTestId('journal-preset-today')).toHaveAttribute('aria-pressed', 'true')
    await expect(rows).toHaveCount(1)
    await expect(rows).toContainText(`Order ${tag}-2 refunded`)
    await page.getByTestId('journal-preset-yesterday').click()
    await expect(rows).toHaveCount(1)
    await expect(rows).toContainText(`Order ${tag}-2 paid`)
    // A date preset narrows the list; the filters survive a reload.
    await page.getByTestId('journal-preset-7').click()
    await expect(page).toHaveURL(new RegExp(`from=${daysAgo(6)}`))
    await expect(page.getByTestId('journal-preset-7')).toHaveAttribute('aria-pressed', 'true')
    await expect(rows).toHaveCount(3)
    await page.getByTestId('journal-from').fill(daysAgo(1))
    await expect(rows).toHaveCount(2)
    await page.reload()
    await expect(page.getByTestId('journal-search')).toHaveValue(tag)
    await expect(rows).toHaveCount(2)
    await page.getByTestId('journal-clear').click()
    await expect(page).not.toHaveURL(/q=/)

    // Another journal.
    await page.getByTestId('journal-bank').click()
    await expect(page).toHaveURL(/journal=bank/)
    await page.getByTestId('journal-search').fill(tag)
    await expect(rows).toHaveCount(1)
    await expect(rows).toContainText(`Payout ${tag}`)

    // One entry: header and lines whose debits and credits visibly balance.
    await page.goto(portalUrl('admin', `/finances?journal=sales&q=${tag}`))
    await page.getByRole('link', { name: `Entry ${first.number}: Order ${tag}-1 paid` }).click()
    await expect(page).toHaveURL(portalUrl('admin', `/finances/journals/${first.id}`))
    await expect(page.getByTestId('entry-title')).toHaveText(`Sales entry ${first.number}`)
    await expect(page.getByTestId('entry-description')).toHaveText(`Order ${tag}-1 paid`)
    await expect(page.getByTestId('entry-source')).toContainText(`e2e.payment · ${tag}-1`)
    const lines = page.getByTestId('entry-line')
    await expect(lines).toHaveCount(3)
    await expect(lines.nth(0)).toContainText('120 Payment-provider account')
    await expect(lines.nth(0).getByTestId('entry-line-debit')).toHaveText('€121.00')
    await expect(lines.nth(1)).toContainText('230 Owed to acceptors')
    await expect(lines.nth(1)).toContainText(`Acceptor acc-${tag}`)
    await expect(lines.nth(1).getByTestId('entry-line-credit')).toHaveText('€115.00')
    await expect(lines.nth(2)).toContainText('410 Income')
    await expect(lines.nth(2).getByTestId('entry-line-credit')).toHaveText('€6.00')
    await expect(page.getByTestId('entry-total-debit')).toHaveText('€121.00')
    await expect(page.getByTestId('entry-total-credit')).toHaveText('€121.00')
    await expect(page.getByTestId('entry-balanced')).toHaveText('Balanced')
    await expectLaidOutAsTable(page.getByTestId('entry-lines'))
    // On a phone each line is its account and its amount, within the window.
    await page.setViewportSize(phone)
    await expectInView(lines.nth(0).getByTestId('entry-line-debit'), "the first line's debit")
    await expectInView(page.getByTestId('entry-total-credit'), 'the total credit')
    await expectAccessible(page, '[data-testid="entry-lines"]')
    await page.setViewportSize(desktop)

    // A reversed entry links to its reversal, and back.
    await page.goto(portalUrl('admin', `/finances/journals/${second.id}`))
    await expect(page.getByTestId('entry-reversed-by')).toHaveText(`Sales entry ${reversal.number}`)
    await page.getByTestId('entry-reversed-by').click()
    await expect(page).toHaveURL(portalUrl('admin', `/finances/journals/${reversal.id}`))
    await expect(page.getByTestId('entry-reversal-of')).toHaveText(`Sales entry ${second.number}`)
    await page.getByTestId('entry-back').click()
    await expect(page).toHaveURL(portalUrl('admin', '/finances'))
    await expect(page.getByTestId('journal-sales')).toHaveAttribute('data-state', 'active')

    // Account balances: the acceptor's sub-account was credited 115.00 + 50.00, debited 50.00 by the
    // reversal and 100.00 by the payout.
    await page.getByTestId('finances-tab-balances').click()
    await expect(page).toHaveURL(portalUrl('admin', '/finances/balances'))
    // The date field shows the date in the language's notation (English: day/month/year).
    await expect(page.getByTestId('balances-at')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/)
    await expect(page.getByTestId('balances-account-230').first()).toContainText('Owed to acceptors')
    await page.getByTestId('balances-expand-230').click()
    const subAccount = page.getByTestId('balances-sub-account-230').filter({ hasText: `acc-${tag}` })
    await expect(subAccount).toHaveCount(1)
    await expect(subAccount).toContainText('€150.00')
    await expect(subAccount).toContainText('€165.00')
    await expect(subAccount).toContainText('€15.00Cr')
    // Yesterday, before the reversal and the payout, the acceptor was owed both orders.
    await page.getByTestId('balances-at').fill(daysAgo(1))
    await expect(page).toHaveURL(new RegExp(`at=${daysAgo(1)}`))
    await expect(subAccount).toContainText('€165.00Cr')
    await expect(page.getByTestId('balances-at-yesterday')).toHaveAttribute('aria-pressed', 'true')
    // Today is what the ledger answers without a date.
    await page.getByTestId('balances-at-today').click()
    await expect(page).not.toHaveURL(/at=/)
    await expect(subAccount).toContainText('€15.00Cr')
    await page.getByTestId('balances-at-yesterday').click()
    await expect(page).toHaveURL(new RegExp(`at=${daysAgo(1)}`))

    // Trial balance: debits equal credits.
    await page.getByTestId('finances-tab-trial-balance').click()
    await expect(page).toHaveURL(portalUrl('admin', '/finances/trial-balance'))
    await expect(page.getByTestId('trial-balance-status')).toContainText('EUR balances')
    const total = page.getByTestId('trial-balance-total').filter({ hasText: 'EUR' })
    const debit = await total.getByTestId('trial-balance-total-debit').textContent()
    expect(debit).toMatch(/^€[\d,]+\.\d{2}$/)
    await expect(total.getByTestId('trial-balance-total-credit')).toHaveText(debit!)
    await expect(page.getByTestId('trial-balance-row').filter({ hasText: '410 Income' })).toHaveCount(1)

    // On a phone the amounts lie beyond the right edge, which fades while there is more to see.
    await page.setViewportSize({ width: 390, height: 844 })
    const container = page.getByRole('region', { name: 'Trial balance' })
    await expect(container).toHaveAttribute('data-more-right', 'true')
    await container.evaluate((element) => element.scrollBy({ left: element.scrollWidth }))
    await expect(container).not.toHaveAttribute('data-more-right')
  })

  test('an unknown entry is a not-found page', async ({ page }) => {
    const admin = await seedUser('admin')
    await signIn(page, 'admin', admin)
    await page.goto(portalUrl('admin', '/finances/journals/00000000-0000-4000-8000-000000000000'))
    await expect(page.getByTestId('entry-not-found')).toContainText('Entry not found')
  })

  test('the program-owner portal sends /finances to Programs', async ({ page }) => {
    const owner = await seedUser('programs')
    await signIn(page, 'programs', owner)
    await page.goto(portalUrl('programs', '/finances/trial-balance'))
    await expect(page).toHaveURL(portalUrl('programs', '/programs'))
  })
})
