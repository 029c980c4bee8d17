import { randomBytes } from 'node:crypto'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { type Mail, signupCode, uniqueEmail, waitForMail } from './mailbox.ts'
import { portalUrl } from './portals.ts'
import { activePaymentProgram, inviteAcceptor } from './programs.ts'
import { portalPage, submitSignIn } from './session.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * Programs in the browser, as their three kinds of users meet them: an owner creates a payment
 * management program through every step of the wizard (iDEAL at the sandbox, then activation) and
 * invites an acceptor by e-mail; the acceptor opens the link from the e-mail they received, signs
 * in (or registers), accepts and opens a cashpoint; the owner sees them active; an admin finds the
 * program and blocks it, after which the acceptor sees it unavailable. Drafts are resumed from
 * their address and deleted.
 */

test.afterAll(closeSeedDb)

/** The invitation e-mail goes out through the outbox and the worker: allow it some seconds. */
const mailWait = { timeoutMs: 30_000 }

const newTag = () => randomBytes(4).toString('hex')

/** The button or link of the invitation e-mail. */
function invitationLink(mail: Mail, path: RegExp): string {
  const found = path.exec(mail.text) ?? path.exec(mail.html.replaceAll('&amp;', '&'))
  if (!found) throw new Error(`no invitation link in "${mail.subject}"`)
  return found[0]
}

/** Picks an option of one of the screens' selects (Radix: a button that opens a list box). */
async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('programs', () => {
  test.describe.configure({ timeout: 180_000 })

  test('an owner creates a payment program through every step and invites an acceptor, who joins from the e-mail and opens a cashpoint; an admin blocks the program', async ({
    browser,
  }) => {
    const tag = newTag()
    const title = `Markt ${tag}`
    const owner = await seedUser('programs', { legal_type: 1, company_name: `Vries ${tag}` })
    const acceptor = await seedUser('acceptor')
    const ownerPage = await signedInPage(browser, 'programs', owner)

    // The list, then "New program": payment management.
    await ownerPage.goto(portalUrl('programs', '/programs'))
    await expect(ownerPage.getByTestId('screen-title')).toHaveText('Programs')
    await expect(ownerPage.getByTestId('empty-state')).toContainText('You have no programs yet')
    await ownerPage.getByTestId('new-program').first().click()
    await ownerPage.getByTestId('new-program-dialog').getByTestId('new-program-pm').click()
    await expect(ownerPage).toHaveURL(portalUrl('programs', '/programs/pm/new'))
    await expect(ownerPage.getByTestId('wizard-type')).toHaveText('Payment management')
    await expect(ownerPage.getByTestId('wizard-step').nth(0)).toHaveAttribute('data-state', 'current')

    // Step 0: a title is required; saving makes the draft and moves to its address.
    await ownerPage.getByTestId('wizard-next').click()
    await expect(ownerPage.getByText('Enter a title.')).toBeVisible()
    await ownerPage.getByLabel('Title').fill(title)
    await ownerPage.getByLabel('Description').fill('Pay at the market stalls with your phone.')
    await expect(ownerPage.getByTestId('program-currency')).toContainText('EUR')
    await ownerPage.getByTestId('wizard-next').click()
    await expect(ownerPage).toHaveURL(/\/programs\/pm\/draft\/[0-9a-f-]{36}\?step=1$/)
    const programUuid = /draft\/([0-9a-f-]{36})/.exec(ownerPage.url())?.[1] as string
    await expect(ownerPage.getByTestId('screen-title')).toHaveText(title)
    await expect(ownerPage.getByTestId('wizard-status')).toHaveText('Draft')

    // Step 1: payment methods. A used method needs a provider.
    const methods = ownerPage.getByTestId('wizard-step-methods')
    await expect(methods.getByTestId('method-row')).not.toHaveCount(0)
    await ownerPage.getByTestId('wizard-next').click()
    await expect(ownerPage.getByTestId('methods-error')).toHaveText(
      'Use at least one payment method with a provider that can take it.',
    )
    await ownerPage.getByTestId('method-use-ideal').click()
    await expect(ownerPage.getByTestId('method-use-ideal')).toHaveAttribute('aria-checked', 'true')
    await ownerPage.getByTestId('wizard-next').click()
    await expect(ownerPage.getByTestId('method-error-ideal')).toHaveText(
      'Choose a provider for a method in use.',
    )
    await choose(ownerPage, ownerPage.getByTestId('method-provider-ideal'), 'Sandbox (test payments)')
    await expect(ownerPage.getByTestId('method-error-ideal')).toHaveCount(0)
    await ownerPage.getByTestId('wizard-next').click()

    // Step 2: review, then activate.
    await expect(ownerPage).toHaveURL(portalUrl('programs', `/programs/pm/draft/${programUuid}?step=2`))
    await expect(ownerPage.getByTestId('wizard-status')).toHaveText('Ready to activate')
    await expect(ownerPage.getByTestId('review-title')).toContainText(title)
    await expect(ownerPage.getByTestId('review-method')).toHaveText('iDEAL · Sandbox (test payments)')
    await ownerPage.getByTestId('wizard-activate').click()
    await expect(ownerPage).toHaveURL(portalUrl('programs', `/programs/${programUuid}`))
    await expect(ownerPage.getByText('Program activated')).toBeVisible()
    await expect(ownerPage.getByTestId('program-detail-status')).toHaveText('Active')
    await expect(ownerPage.getByTestId('program-overview-type')).toHaveText('Payment management')
    await expect(ownerPage.getByTestId('program-overview-currency')).toHaveText('EUR')
    await expect(ownerPage.getByTestId('program-overview-activated')).not.toContainText('Not yet')
    await expect(ownerPage.getByTestId('program-methods').getByTestId('method-use-ideal')).toHaveAttribute(
      'aria-checked',
      'true',
    )

    // The owner invites the acceptor by e-mail; a second invitation is refused in the spec's words.
    const invitedAt = Date.now() - 1000
    await ownerPage.getByTestId('invite-email').fill(acceptor.email)
    await ownerPage.getByTestId('invite-submit').click()
    await expect(ownerPage.getByText('Invitation sent', { exact: true })).toBeVisible()
    const row = ownerPage.getByTestId('acceptor-row').filter({ hasText: acceptor.email })
    await expect(row.getByTestId('acceptor-status')).toHaveText('Pending')
    await ownerPage.getByTestId('invite-email').fill(acceptor.email)
    await ownerPage.getByTestId('invite-submit').click()
    await expect(ownerPage.getByTestId('invite-error')).toHaveText('Acceptor already invited')

    // The acceptor opens the link of the e-mail, not signed in: sign in first, then back to it.
    const mail = await waitForMail(acceptor.email, (m) => m.subject.includes(title), {
      ...mailWait,
      after: invitedAt,
    })
    const link = invitationLink(
      mail,
      /https?:\/\/[^\s"'<>]+\/programs\?invitation=[0-9a-f-]{36}&invite=[\w-]+/,
    )
    expect(link.startsWith(portalUrl('acceptor', '/programs?'))).toBe(true)
    const acceptorPage = await portalPage(browser, 'acceptor')
    await acceptorPage.goto(link)
    await expect(acceptorPage).toHaveURL(portalUrl('acceptor', '/'))
    await submitSignIn(acceptorPage, acceptor.email, acceptor.password)
    await expect(acceptorPage).toHaveURL(/\/programs\?invitation=[0-9a-f-]{36}&invite=/)
    const invitation = acceptorPage.getByTestId('invitation').filter({ hasText: title })
    await expect(invitation.getByTestId('invitation-title')).toHaveText(`Invitation to “${title}”`)
    await expect(invitation).toContainText(`by Vries ${tag}`)
    await invitation.getByTestId('invitation-accept').click()
    await expect(acceptorPage.getByText(`You joined “${title}”`)).toBeVisible()
    await expect(acceptorPage).toHaveURL(portalUrl('acceptor', '/programs'))

    // Their program, with a cashpoint opened and renamed.
    const place = acceptorPage.getByTestId('my-program').filter({ hasText: title })
    await expect(place.getByTestId('my-program-membership')).toHaveText('Active')
    await expect(place.getByTestId('cashpoints-empty')).toBeVisible()
    await place.getByTestId('cashpoint-new-title').fill('Counter 1')
    await place.getByTestId('cashpoint-create').click()
    const cashpoint = place.getByTestId('cashpoint')
    await expect(cashpoint.getByTestId('cashpoint-title')).toHaveText('Counter 1')
    await expect(cashpoint.getByTestId('cashpoint-status')).toHaveText('Active')
    // The same name again is refused under the field.
    await place.getByTestId('cashpoint-new-title').fill('Counter 1')
    await place.getByTestId('cashpoint-create').click()
    await expect(place.getByTestId('cashpoint-new-error')).toHaveText(
      'You already have a cashpoint with this name.',
    )
    await place.getByTestId('cashpoint-new-title').fill('')
    await cashpoint.getByTestId('cashpoint-rename').click()
    await cashpoint.getByTestId('cashpoint-rename-title').fill('Front counter')
    await cashpoint.getByTestId('cashpoint-rename-save').click()
    await expect(cashpoint.getByTestId('cashpoint-title')).toHaveText('Front counter')
    await expect(acceptorPage.getByText('Cashpoint renamed')).toBeVisible()
    // Another cashpoint may not take that name: the API's refusal is said under the name as typed.
    await place.getByTestId('cashpoint-new-title').fill('Counter 2')
    await place.getByTestId('cashpoint-new-title').press('Enter')
    const added = place.getByTestId('cashpoint').filter({ hasText: 'Counter 2' })
    const second = place.locator(
      `[data-testid="cashpoint"][data-uuid="${await added.getAttribute('data-uuid')}"]`,
    )
    await second.getByTestId('cashpoint-rename').click()
    await second.getByTestId('cashpoint-rename-title').fill('Front counter')
    await second.getByTestId('cashpoint-rename-title').press('Enter')
    await expect(second.getByTestId('cashpoint-error')).toHaveText(
      'You already have a cashpoint with this name.',
    )
    await expect(second.getByTestId('cashpoint-rename-title')).toHaveAttribute('aria-invalid', 'true')
    await second.getByTestId('cashpoint-rename-title').press('Escape')
    await expect(second.getByTestId('cashpoint-title')).toHaveText('Counter 2')

    // The owner sees the acceptor active.
    await ownerPage.reload()
    await expect(row.getByTestId('acceptor-status')).toHaveText('Active')
    await ownerPage.getByTestId('acceptors-tab-pending').click()
    await expect(
      ownerPage.getByTestId('empty-state').filter({ hasText: 'No acceptor has this status.' }),
    ).toBeVisible()
    await ownerPage.getByTestId('acceptors-tab-active').click()
    await expect(row).toHaveCount(1)

    // The admin finds the program among everyone's, with its owner, and blocks it.
    const admin = await seedUser('admin')
    const adminPage = await signedInPage(browser, 'admin', admin)
    await adminPage.goto(portalUrl('admin', `/programs?search=${encodeURIComponent(title)}`))
    await expect(adminPage.getByTestId('screen-title')).toHaveText('Programs')
    const adminRow = adminPage.getByTestId('program-row').filter({ hasText: title })
    await expect(adminRow.getByTestId('program-owner')).toHaveText(`Vries ${tag}`)
    await expect(adminRow.getByTestId('program-status')).toHaveText('Active')
    await adminRow.getByTestId('program-link').click()
    await expect(adminPage).toHaveURL(portalUrl('admin', `/programs/${programUuid}`))
    await expect(adminPage.getByTestId('program-overview-owner')).toContainText(`Vries ${tag}`)
    await expect(adminPage.getByTestId('invite-form')).toHaveCount(0)
    await expect(adminPage.getByTestId('acceptor-row').filter({ hasText: acceptor.email })).toHaveCount(1)
    await adminPage.getByTestId('program-block').click()
    await adminPage.getByTestId('program-block-confirm').click()
    await expect(adminPage.getByText('Program blocked')).toBeVisible()
    await expect(adminPage.getByTestId('program-detail-status')).toHaveText('Blocked')
    await expect(adminPage.getByTestId('program-blocked-notice')).toContainText('Blocked by an administrator')
    await expect(adminPage.getByTestId('program-unblock')).toBeVisible()

    // The acceptor now sees it unavailable: no new cashpoints, no renaming.
    await acceptorPage.reload()
    await expect(place).toHaveAttribute('data-available', 'false')
    await expect(place.getByTestId('my-program-unavailable')).toHaveText('Unavailable')
    await expect(place.getByTestId('cashpoint-new')).toHaveCount(0)
    await expect(cashpoint.getByTestId('cashpoint-rename')).toHaveCount(0)

    // The owner cannot lift an administrator's block.
    await ownerPage.reload()
    await expect(ownerPage.getByTestId('program-detail-status')).toHaveText('Blocked')
    await expect(ownerPage.getByTestId('program-blocked-notice')).toContainText(
      'Only an administrator can unblock it.',
    )
    await expect(ownerPage.getByTestId('program-unblock')).toHaveCount(0)

    await acceptorPage.context().close()
    await adminPage.context().close()
    await ownerPage.context().close()
  })

  test('a new acceptor registers from the invitation e-mail and finds the invitation under Programs', async ({
    browser,
  }) => {
    const tag = newTag()
    const title = `Kraam ${tag}`
    const owner = await seedUser('programs')
    const ownerPage = await signedInPage(browser, 'programs', owner)
    const programUuid = await activePaymentProgram(ownerPage, title, 'ideal')
    const email = uniqueEmail('invited')
    await inviteAcceptor(ownerPage, programUuid, email)

    const mail = await waitForMail(email, (m) => m.subject.includes(title), mailWait)
    const link = invitationLink(mail, /https?:\/\/[^\s"'<>]+\/registration\?invite=[\w-]+/)
    const page = await portalPage(browser, 'acceptor')
    await page.goto(link)
    await expect(page.getByTestId('invitation')).toBeVisible()
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'Send me a code' }).click()
    await page.getByLabel('Confirmation code').fill(await signupCode(email))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.locator('label', { hasText: 'An individual' }).click()
    await page.getByLabel('First name').fill('Ahmed')
    await page.getByLabel('Last name').fill(`Kraam ${tag}`)
    const country = page.getByRole('combobox', { name: 'Country', exact: true })
    await country.click()
    await country.fill('Belgium')
    await page.getByRole('option', { name: 'Belgium', exact: true }).click()
    await page.getByLabel('Phone number').fill('470123456')
    await page.getByLabel('Password', { exact: true }).fill('Secret-pass-42')
    await page.getByLabel('Repeat the password').fill('Secret-pass-42')
    await page.getByTestId('terms').click()
    await page.getByRole('button', { name: 'Create account' }).click()

    // Straight to Programs, where the invitation waits.
    await expect(page).toHaveURL(portalUrl('acceptor', '/programs'))
    const invitation = page.getByTestId('invitations').getByTestId('invitation').filter({ hasText: title })
    await expect(invitation).toBeVisible()
    await invitation.getByTestId('invitation-accept').click()
    await expect(page.getByTestId('my-program').filter({ hasText: title })).toBeVisible()
    await expect(page.getByTestId('invitations')).toHaveCount(0)

    // The owner sees the new acceptor active, with their name.
    await ownerPage.goto(portalUrl('programs', `/programs/${programUuid}`))
    const row = ownerPage.getByTestId('acceptor-row').filter({ hasText: email })
    await expect(row.getByTestId('acceptor-status')).toHaveText('Active')
    await expect(row).toContainText(`Ahmed Kraam ${tag}`)
    await page.context().close()
    await ownerPage.context().close()
  })

  test('a program page opened on the acceptor portal before signing in is where signing in leads', async ({
    browser,
  }) => {
    const tag = newTag()
    const title = `Standplaats ${tag}`
    const owner = await seedUser('programs')
    const acceptor = await seedUser('acceptor')
    const ownerPage = await signedInPage(browser, 'programs', owner)
    const programUuid = await activePaymentProgram(ownerPage, title, 'ideal')
    await inviteAcceptor(ownerPage, programUuid, acceptor.email)

    const page = await portalPage(browser, 'acceptor')
    await page.goto(portalUrl('acceptor', `/programs/${programUuid}`))
    await expect(page).toHaveURL(portalUrl('acceptor', '/'))
    await submitSignIn(page, acceptor.email, acceptor.password)
    await expect(page).toHaveURL(portalUrl('acceptor', `/programs/${programUuid}`))
    const invitation = page.getByTestId('invitation')
    await expect(invitation.getByTestId('invitation-title')).toHaveText(`Invitation to “${title}”`)
    await invitation.getByTestId('invitation-accept').click()
    await expect(page.getByTestId('my-program').getByTestId('my-program-title')).toHaveText(title)
    // Used once: signing in again goes to the portal's home.
    expect(await page.evaluate(() => localStorage.getItem('programId'))).toBeNull()
    await page.context().close()
    await ownerPage.context().close()
  })

  test('a draft is resumed from its address, and a draft is deleted', async ({ browser }) => {
    const tag = newTag()
    const owner = await seedUser('programs')
    const page = await signedInPage(browser, 'programs', owner)

    // A food court draft, left at its court step.
    await page.goto(portalUrl('programs', '/programs/food-court/new'))
    await expect(page.getByTestId('wizard-type')).toHaveText('Food court')
    await page.getByLabel('Title').fill(`Eetcafé ${tag}`)
    await page.getByTestId('wizard-next').click()
    await expect(page).toHaveURL(/\/programs\/food-court\/draft\/[0-9a-f-]{36}\?step=1$/)
    const foodDraft = page.url().replace(/\?step=1$/, '')
    await expect(page.getByTestId('court-form')).toBeVisible()

    // A payment draft left after step 0 ...
    const pmTitle = `Betaalpunt ${tag}`
    await page.goto(portalUrl('programs', '/programs/pm/new'))
    await page.getByLabel('Title').fill(pmTitle)
    await page.getByTestId('wizard-next').click()
    await expect(page).toHaveURL(/\/programs\/pm\/draft\/[0-9a-f-]{36}\?step=1$/)
    const pmUuid = /draft\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string

    // ... resumes at its step from its address alone, in a fresh page.
    const again = await page.context().newPage()
    await again.goto(portalUrl('programs', `/programs/pm/draft/${pmUuid}`))
    await expect(again.getByTestId('screen-title')).toHaveText(pmTitle)
    await expect(again.getByTestId('wizard-step-methods')).toBeVisible()
    await expect(again.getByTestId('wizard-step').nth(1)).toHaveAttribute('data-state', 'current')
    // A step not reached yet is not skipped to; step 0 can be opened again.
    await again.goto(portalUrl('programs', `/programs/pm/draft/${pmUuid}?step=2`))
    await expect(again.getByTestId('wizard-step-methods')).toBeVisible()
    await again.getByTestId('wizard-back').click()
    await expect(again.getByTestId('wizard-step-details')).toBeVisible()
    await expect(again.getByLabel('Title')).toHaveValue(pmTitle)
    // The wrong type in the address is put right.
    await again.goto(portalUrl('programs', `/programs/card/draft/${pmUuid}`))
    await expect(again).toHaveURL(portalUrl('programs', `/programs/pm/draft/${pmUuid}`))
    await again.close()

    // The list: both drafts under Drafts; a draft opens where it was left.
    await page.goto(portalUrl('programs', '/programs'))
    await expect(page.getByTestId('new-program')).toBeEnabled()
    await page.getByTestId('programs-tab-draft').click()
    await expect(page).toHaveURL(portalUrl('programs', '/programs?filter=draft'))
    await expect(page.getByTestId('program-row')).toHaveCount(2)
    await page.getByTestId('programs-tab-active').click()
    await expect(page.getByTestId('empty-state')).toContainText('None of your programs is active yet.')
    await page.getByTestId('programs-tab-all').click()
    await page.getByTestId('programs-search').fill(`Eetcafé ${tag}`)
    await expect(page.getByTestId('program-row')).toHaveCount(1)
    await expect(page.getByTestId('program-row').getByTestId('program-type')).toHaveText('Food court')
    await page.getByTestId('program-row').getByTestId('program-link').click()
    await expect(page).toHaveURL(`${foodDraft}`)
    await expect(page.getByTestId('court-form')).toBeVisible()

    // Deleting asks first, then the draft is gone.
    await page.getByTestId('delete-draft').click()
    await expect(page.getByTestId('delete-draft-dialog')).toContainText('Delete this draft?')
    await page.getByTestId('delete-draft-confirm').click()
    await expect(page).toHaveURL(portalUrl('programs', '/programs'))
    await expect(page.getByText('Draft deleted')).toBeVisible()
    await expect(page.getByTestId('program-row')).toHaveCount(1)
    await expect(page.getByTestId('program-row')).toContainText(pmTitle)
    const deletedUuid = /draft\/([0-9a-f-]{36})/.exec(foodDraft)?.[1] as string
    await page.goto(portalUrl('programs', `/programs/${deletedUuid}`))
    await expect(page.getByTestId('program-not-found')).toContainText('Program not found')

    // The owner portal's /acceptors and /finances lead to Programs.
    await page.goto(portalUrl('programs', '/acceptors'))
    await expect(page).toHaveURL(portalUrl('programs', '/programs'))
    await page.goto(portalUrl('programs', '/finances'))
    await expect(page).toHaveURL(portalUrl('programs', '/programs'))
    await page.context().close()
  })
})
