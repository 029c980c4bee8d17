import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { apiCall, ok } from './api.ts'
import { aYearAfterActivation, ownerWithCardProgram, paidIssuedCards } from './card-programs.ts'
import { portalUrl } from './portals.ts'
import { acceptorAtCashpoint } from './programs.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * A card spent at an acceptor's cashpoint, as the three people involved see it. Set up through the
 * API: an owner's voucher program (€25.00, usable twice) invites an acceptor, who joins and opens
 * a cashpoint; the owner orders one card and pays it with the sandbox card; a card holder
 * activates it. Then, in the browser, the acceptor takes €10.00 by the card's code, sees €15.00
 * left, undoes it and takes €10.00 again; the card holder finds the €10.00 in the card's history
 * with €15.00 left; the owner finds it in the program's card spending.
 */

test.afterAll(closeSeedDb)

/** A page's first data after a full load (the screens fetch once hydrated). */
const loaded = { timeout: 15_000 }

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
    const { ownerPage, program } = await ownerWithCardProgram(browser, {
      company: `Film club ${tag}`,
      title: programTitle,
      type: 'voucher',
      card: { title: cardTitle, values: [{ value: 2500, use_number: 2 }], validity: aYearAfterActivation },
    })

    // The acceptor is invited, joins and opens a cashpoint.
    const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: merchantName })
    const acceptorPage = await signedInPage(browser, 'acceptor', acceptor)
    const cashpoint = await acceptorAtCashpoint(ownerPage, acceptorPage, {
      program,
      email: acceptor.email,
      cashpoint: 'Box office',
    })

    // One card ordered and paid with the sandbox card; the worker issues it.
    const [token] = (await paidIssuedCards(ownerPage, program, 1)).tokens as [string]

    // A card holder activates it.
    const holder = await seedUser('cardholder')
    const holderPage = await signedInPage(browser, 'cardholder', holder)
    ok(await apiCall(holderPage, 'POST', '/card/active', { token }), 200, 'activate the card')

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
