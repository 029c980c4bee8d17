import { randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { activateCards, expectStatus, joinProgram, seedIssuedCards } from '../support/factories.ts'
import { apiCall, ok } from './api.ts'
import { activeCardProgram, aYearAfterActivation } from './card-programs.ts'
import { expectAccessible, expectNoHorizontalScroll } from './checks.ts'
import { waitForMail } from './mailbox.ts'
import { type PortalName, portalUrl, signInUrl } from './portals.ts'
import { callerOf } from './seeding.ts'
import { portalPage, signInCard, submitSignIn } from './session.ts'
import { closeSeedDb, seedDatabase, seedUser, signedInPage } from './users-seed.ts'

/**
 * The small screens that orient people (issue 12, item 12): contact support and its thank-you,
 * help per portal, the welcome page, the card holder's home and programs, the card holders' start
 * page, what an invitation link is before signing in, and a clear message for a link to a page
 * that does not exist. Each on a phone-sized screen without sideways scrolling, and without
 * serious or critical accessibility problems in what these screens add.
 */

test.afterAll(closeSeedDb)
// Several pages per test on a machine shared with other runs: room beyond the default 30 s.
test.describe.configure({ timeout: 120_000 })

const phone = { width: 390, height: 844 }
/** A page's first data after a full load (the screens fetch once hydrated). */
const loaded = { timeout: 15_000 }
// Starts with a letter: an all-digit or "8997e6"-like tag is a number to the router's search params.
const newTag = () => `t${randomBytes(3).toString('hex')}`

/** A page of its own in English on the portal, not signed in, phone-sized. */
async function guestPage(browser: Parameters<typeof portalPage>[0], portal: PortalName): Promise<Page> {
  const page = await portalPage(browser, portal)
  await page.setViewportSize(phone)
  return page
}

test.describe('contact support', () => {
  test('a guest finds support from the sign-in page, sends a message and sees it was received', async ({
    browser,
  }) => {
    const page = await guestPage(browser, 'programs')
    await page.goto(signInUrl('programs'))
    await page.getByTestId('guest-links').getByRole('link', { name: 'Contact support' }).click()
    await expect(page).toHaveURL(portalUrl('programs', '/support'))
    await expect(page.getByTestId('screen-title')).toHaveText('Contact support')
    await expectNoHorizontalScroll(page)

    // The form checks before sending, with words per field.
    const email = `support-${newTag()}@example.com`
    const subject = `Cannot find my invoice ${newTag()}`
    await page.getByTestId('support-name').fill('Pieter de Vries')
    await page.getByTestId('support-email').fill('pieter@')
    await page.getByTestId('support-subject').fill(subject)
    await page.getByTestId('support-message').fill('Too short')
    await page.getByTestId('support-submit').click()
    await expect(page.getByText('Invalid email')).toBeVisible()
    await expect(page.getByText('Write at least 10 characters, so we understand the question.')).toBeVisible()

    await page.getByTestId('support-email').fill(email)
    await page.getByTestId('support-topic').click()
    await page.getByRole('option', { name: 'A payment or refund' }).click()
    await expect(page.getByTestId('support-reference')).toBeVisible()
    await page.getByTestId('support-reference').fill('PAY-1042')
    await page.getByTestId('support-message').fill('I paid at the market on Saturday and need the receipt.')
    await expectNoHorizontalScroll(page)
    await expectAccessible(page, '[data-testid="support-screen"]')
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/support/requests') && r.request().method() === 'POST',
    )
    await page.getByTestId('support-submit').click()
    expect((await sent).status()).toBe(201)

    // The thank-you page shows the reference the API gave, and the API has the request.
    await expect(page).toHaveURL(/\/gratitude\?reference=SR-\d{6}$/)
    await expect(page.getByTestId('screen-title')).toHaveText('Thank you for your message')
    const reference = (await page.getByTestId('gratitude-reference').textContent()) ?? ''
    expect(reference).toMatch(/^SR-\d{6}$/)
    await expectNoHorizontalScroll(page)
    const stored = await seedDatabase()
      .selectFrom('support_requests')
      .selectAll()
      .where('email', '=', email)
      .execute()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({
      name: 'Pieter de Vries',
      topic: 'payment',
      subject,
      order_reference: 'PAY-1042',
      language: 'en',
      user_id: null,
    })
    expect(`SR-${String(stored[0]?.number).padStart(6, '0')}`).toBe(reference)
    // The acknowledgement goes out with the same reference.
    const mail = await waitForMail(email, (m) => m.subject.includes(reference) || m.text.includes(reference))
    expect(mail.text).toContain(reference)
  })

  test('a signed-in card holder finds support in the menu, with their name and address filled in', async ({
    browser,
  }) => {
    const holder = await seedUser('cardholder', { first_name: 'Sanne', last_name: 'Bakker' })
    const page = await signedInPage(browser, 'cardholder', holder)
    await page.goto(portalUrl('cardholder', '/cards'))
    await page.getByTestId('help-nav').getByRole('link', { name: 'Contact support' }).click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/support'))
    await expect(page.getByTestId('support-name')).toHaveValue('Sanne Bakker', loaded)
    await expect(page.getByTestId('support-email')).toHaveValue(holder.email)
    await page.getByTestId('support-subject').fill('My gift card')
    await page.getByTestId('support-message').fill('The balance on my gift card looks wrong to me.')
    await page.getByTestId('support-submit').click()
    await expect(page.getByTestId('screen-title')).toHaveText('Thank you for your message')
    // Still in the portal's frame, with the way on to the portal's home.
    await expect(page.getByTestId('portal-nav')).toBeVisible()
    await page.getByTestId('gratitude-continue').click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/food'))

    const [stored] = await seedDatabase()
      .selectFrom('support_requests')
      .select(['user_id', 'topic'])
      .where('email', '=', holder.email)
      .execute()
    expect(stored).toEqual({ user_id: holder.uuid, topic: 'general' })
  })
})

test.describe('help', () => {
  const firstQuestion: Record<PortalName, { question: string; answer: RegExp }> = {
    admin: { question: 'How do I find a user?', answer: /Under Users, choose a type/ },
    programs: { question: 'How do I create a program?', answer: /choose New program and pick its type/ },
    acceptor: { question: 'How do I join a program?', answer: /invites your business by e-mail/ },
    cardholder: { question: 'How do I add a voucher or gift card?', answer: /choose Add a card/ },
  }

  for (const portal of Object.keys(firstQuestion) as PortalName[]) {
    test(`${portal}: the questions of this portal, each opening its answer`, async ({ browser }) => {
      const page = await guestPage(browser, portal)
      await page.goto(signInUrl(portal))
      await page.getByTestId('guest-links').getByRole('link', { name: 'Help' }).click()
      await expect(page).toHaveURL(portalUrl(portal, '/help'))
      await expect(page.getByTestId('screen-title')).toHaveText('Help')
      const topics = page.getByTestId('help-topic')
      expect(await topics.count()).toBeGreaterThanOrEqual(8)
      const { question, answer } = firstQuestion[portal]
      const first = topics.first()
      await expect(first.locator('summary')).toHaveText(question)
      await expect(first.getByTestId('help-answer')).toBeHidden()
      await first.locator('summary').click()
      await expect(first.getByTestId('help-answer')).toHaveText(answer)
      // Every portal ends with the questions everyone has, and the way to support.
      await expect(topics.last().locator('summary')).toHaveText('My question is not here.')
      await expect(page.getByTestId('help-contact-support')).toHaveAttribute('href', '/support')
      await expectNoHorizontalScroll(page)
      await expectAccessible(page, '[data-testid="help-screen"]')
    })
  }

  test('a link to one answer opens it; the help follows the language', async ({ browser }) => {
    const page = await guestPage(browser, 'acceptor')
    await page.goto(portalUrl('acceptor', '/help#take-payment'))
    const topic = page.locator('details#take-payment')
    await expect(topic).toHaveAttribute('open', '', loaded)
    await expect(topic.getByTestId('help-answer')).toContainText('choose Show QR code')

    await page.context().addCookies([{ name: 'lang', value: 'nl', url: portalUrl('acceptor') }])
    await page.goto(portalUrl('acceptor', '/help'))
    await expect(page.getByTestId('screen-title')).toHaveText('Hulp')
    await expect(page.getByTestId('help-topic').first().locator('summary')).toHaveText(
      'Hoe doe ik mee aan een programma?',
    )
  })

  test('signed in, help is in the menu of every portal and the welcome page leads to it', async ({
    browser,
  }) => {
    const owner = await seedUser('programs', { first_name: 'Olaf' })
    const page = await signedInPage(browser, 'programs', owner)
    await page.goto(portalUrl('programs', '/programs'))
    await page.getByTestId('help-nav').getByRole('link', { name: 'Help' }).click()
    await expect(page).toHaveURL(portalUrl('programs', '/help'))
    await expect(page.getByTestId('help-nav').getByRole('link', { name: 'Help' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await page.getByRole('link', { name: 'Start with the first steps' }).click()
    await expect(page).toHaveURL(portalUrl('programs', '/greeting'))
    await expect(page.getByTestId('screen-title')).toHaveText('Welcome, Olaf')
    await page.getByRole('link', { name: 'Invite the businesses that take part' }).click()
    await expect(page).toHaveURL(portalUrl('programs', '/help#invite-acceptor'))
    await expect(page.locator('details#invite-acceptor')).toHaveAttribute('open', '')

    // On a phone the same links are in the bar under the header.
    await page.setViewportSize(phone)
    await page.goto(portalUrl('programs', '/greeting'))
    await expect(page.getByTestId('portal-nav-compact').getByRole('link', { name: 'Help' })).toBeVisible()
    await expectNoHorizontalScroll(page)
    await expectAccessible(page, '[data-testid="greeting-screen"]')
    await page.getByTestId('greeting-home').click()
    await expect(page).toHaveURL(portalUrl('programs', '/programs'))
  })
})

test.describe('the card holder', () => {
  test.describe.configure({ timeout: 240_000 })

  test('signed out, the start page is the food area, with the way to sign in', async ({ browser }) => {
    const page = await guestPage(browser, 'cardholder')
    const response = await page.goto(portalUrl('cardholder', '/'))
    await expect(page).toHaveURL(portalUrl('cardholder', '/food'))
    expect(response?.status()).toBe(200)
    await expect(page.getByTestId('screen-title')).toHaveText('Restaurants')
    await expect(page.getByTestId('portal-nav')).toHaveCount(0)
    await expectNoHorizontalScroll(page)

    await page.getByTestId('guest-link-sign-in').click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/sign-in'))
    const holder = await seedUser('cardholder')
    await submitSignIn(page, holder.email, holder.password)
    await expect(page).toHaveURL(portalUrl('cardholder', '/food'))
    await expect(page.getByTestId('portal-nav-compact')).toBeVisible()
    // Signed in, `/` is still the food area; the other portals keep sign-in at `/`.
    await page.goto(portalUrl('cardholder', '/'))
    await expect(page).toHaveURL(portalUrl('cardholder', '/food'))
    const owner = await guestPage(browser, 'programs')
    await owner.goto(portalUrl('programs', '/'))
    await expect(signInCard(owner)).toBeVisible()
  })

  test('home shows their cards; programs shows the public ones with where their cards are taken', async ({
    browser,
  }) => {
    const tag = newTag()
    const owner = await seedUser('programs', { legal_type: 1, company_name: `Stadspas ${tag} BV` })
    const ownerPage = await signedInPage(browser, 'programs', owner)
    const open = await activeCardProgram(ownerPage, {
      title: `City voucher ${tag}`,
      type: 'gift',
      card: {
        title: `City gift card ${tag}`,
        values: [{ value: 2500, use_number: null }],
        validity: aYearAfterActivation,
      },
    })
    // A private program with the same kind of card: only those given a code know it.
    const hidden = await activeCardProgram(ownerPage, {
      title: `Staff voucher ${tag}`,
      type: 'voucher',
      card: {
        title: `Staff card ${tag}`,
        values: [{ value: 1000, use_number: 1 }],
        validity: aYearAfterActivation,
      },
    })
    ok(
      await apiCall(ownerPage, 'PATCH', `/manager/cards/${hidden.card}`, { is_private: true }),
      200,
      'private',
    )
    const shop = await seedUser('acceptor', { legal_type: 1, company_name: `Koffiebar ${tag}` })
    const shopPage = await signedInPage(browser, 'acceptor', shop)
    await joinProgram(callerOf(ownerPage), open.program, { ...callerOf(shopPage), email: shop.email })
    const { tokens } = await seedIssuedCards(callerOf(ownerPage), open.program, 1)
    const token = tokens[0] as string

    // A new card holder: home says there are no cards yet, with the way to add one.
    const holder = await seedUser('cardholder')
    const page = await signedInPage(browser, 'cardholder', holder)
    await page.setViewportSize(phone)
    await page.goto(portalUrl('cardholder', '/home'))
    await expect(page.getByTestId('screen-title')).toHaveText('Home')
    await expect(page.getByTestId('home-cards').getByTestId('empty-state')).toContainText('No cards yet')
    await expect(page.getByTestId('home-add-card-empty')).toHaveAttribute('href', '/cards/add')
    await expectNoHorizontalScroll(page)

    // With a card, home shows it with what is on it, and leads to it.
    await activateCards(callerOf(page), [token])
    await page.reload()
    const card = page.getByTestId('home-card')
    await expect(card).toHaveCount(1)
    await expect(card.getByTestId('home-card-title')).toHaveText(`City gift card ${tag}`)
    await expect(card.getByTestId('home-card-amount')).toHaveText('€25.00')
    await expect(card).toContainText(`City voucher ${tag}`)
    await expectNoHorizontalScroll(page)
    await expectAccessible(page, 'main')
    await card.click()
    await expect(page).toHaveURL(portalUrl('cardholder', `/cards/${token}`))

    // Programs: the public one (found by its name), not the private one.
    await page.getByTestId('portal-nav-compact').getByRole('link', { name: 'Programs' }).click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/programs'))
    await page.getByTestId('public-programs-search').fill(tag)
    await page.getByTestId('public-programs-search').press('Enter')
    await expect(page).toHaveURL(portalUrl('cardholder', `/programs?search=${tag}`))
    const listed = page.getByTestId('public-program')
    await expect(listed).toHaveCount(1, loaded)
    await expect(listed.getByTestId('public-program-title')).toHaveText(`City voucher ${tag}`)
    await expect(listed).toContainText(`By Stadspas ${tag} BV`)
    await expect(listed).toContainText('1 business takes its cards')
    await expectNoHorizontalScroll(page)

    // Its information: the card, where it is taken, and the holder's own card of it.
    await listed.click()
    await expect(page).toHaveURL(portalUrl('cardholder', `/programs/${open.program}`))
    await expect(page.getByTestId('screen-title')).toHaveText(`City voucher ${tag}`)
    await expect(page).toHaveTitle(`City voucher ${tag} · Programs · Cardpay`)
    await expect(page.getByTestId('public-program-owner')).toHaveText(`A program of Stadspas ${tag} BV`)
    await expect(page.getByTestId('public-program-value')).toHaveText('€25.00')
    await expect(page.getByTestId('public-program-acceptor')).toHaveText([`Koffiebar ${tag}`])
    await expect(page.getByTestId('public-program-mine').getByRole('link')).toContainText(
      `City gift card ${tag}`,
    )
    await expectNoHorizontalScroll(page)
    await expectAccessible(page, 'main')

    // The private program's information is not there for card holders: a clear message, not a redirect.
    await page.goto(portalUrl('cardholder', `/programs/${hidden.program}`))
    await expect(page).toHaveURL(portalUrl('cardholder', `/programs/${hidden.program}`))
    await expect(page.getByTestId('program-not-found')).toContainText('not open to card holders')
    await page.getByTestId('not-found-back').click()
    await expect(page).toHaveURL(portalUrl('cardholder', '/programs'))
  })
})

test.describe('an invitation link opened before signing in', () => {
  test.describe.configure({ timeout: 180_000 })

  test('the sign-in page says what the invitation is, and signing in opens it', async ({ browser }) => {
    const tag = newTag()
    const owner = await seedUser('programs', { legal_type: 1, company_name: `Markthal ${tag} BV` })
    const ownerPage = await signedInPage(browser, 'programs', owner)
    const program = expectStatus(
      await callerOf(ownerPage).api<{ result: { uuid: string } }>('POST', '/manager/programs', {
        type: 3001,
        title: `Market payments ${tag}`,
      }),
      201,
      'a program',
    ).result.uuid
    await callerOf(ownerPage).api('POST', '/manager/program-methods', {
      program,
      methods: [{ method_id: 'card', provider_id: 'sandbox', is_used: true }],
    })
    for (const status of [11003, 11004, 11001]) {
      ok(
        await apiCall(ownerPage, 'PATCH', `/manager/programs/${program}`, { status }),
        200,
        `status ${status}`,
      )
    }
    const shop = await seedUser('acceptor', { legal_type: 1, company_name: `Kaaskraam ${tag}` })
    ok(
      await apiCall(ownerPage, 'POST', '/manager/program-acceptors', { program, email: shop.email }),
      201,
      'invite',
    )
    const mail = await waitForMail(shop.email, (m) => m.text.includes('/programs?invitation='))
    const link = /https?:\/\/[^\s<>")\]]+\/programs\?invitation=[^\s<>")\]]+/.exec(mail.text)?.[0]
    expect(link).toBeDefined()
    const url = new URL(link as string)
    const path = `${url.pathname}${url.search}`

    // Opened signed out (as rendered by the server first): the sign-in page says what it is.
    const page = await guestPage(browser, 'acceptor')
    const response = await page.goto(portalUrl('acceptor', path))
    expect(await response?.text()).toContain('data-testid="invitation-preview"')
    await expect(page).toHaveURL(portalUrl('acceptor', '/'))
    const notice = page.getByTestId('invitation-preview')
    await expect(notice).toContainText(`You are invited to “Market payments ${tag}”`, loaded)
    await expect(notice).toContainText(
      `Markthal ${tag} BV invites your business to take part in this program`,
    )
    await expect(notice).toContainText('Payment management')
    await expect(notice).toContainText(`${shop.email.slice(0, 2)}`)
    await expect(notice).not.toContainText(shop.email)
    await expectNoHorizontalScroll(page)
    await expectAccessible(page, '[data-testid="sign-in-card"]')

    // Signing in goes straight to the invitation.
    await submitSignIn(page, shop.email, shop.password)
    await expect(page).toHaveURL(/\/programs\?invitation=/)
    await expect(page.getByText(`Market payments ${tag}`).first()).toBeVisible(loaded)

    // A link whose invitation was withdrawn says so on the sign-in page instead of vanishing.
    const other = await seedUser('acceptor')
    const withdrawn = ok(
      await apiCall<{ result: { uuid: string } }>(ownerPage, 'POST', '/manager/program-acceptors', {
        program,
        email: other.email,
      }),
      201,
      'invite another',
    ).result.uuid
    const otherMail = await waitForMail(other.email, (m) => m.text.includes('/programs?invitation='))
    const otherLink = /https?:\/\/[^\s<>")\]]+\/programs\?invitation=[^\s<>")\]]+/.exec(otherMail.text)?.[0]
    ok(await apiCall(ownerPage, 'DELETE', `/manager/program-acceptors/${withdrawn}`), 204, 'withdraw')
    const late = await guestPage(browser, 'acceptor')
    const lateUrl = new URL(otherLink as string)
    await late.goto(portalUrl('acceptor', `${lateUrl.pathname}${lateUrl.search}`))
    // Said in the first HTML already: the route read the link on the server.
    await expect(late.getByTestId('invitation-preview-gone')).toContainText(
      'This invitation link no longer works',
      loaded,
    )
    await expect(signInCard(late)).toBeVisible()
  })
})

test.describe('links to pages that do not exist', () => {
  test('an old link shows a clear message on every portal, in the frame of the visitor', async ({
    browser,
  }) => {
    const guest = await guestPage(browser, 'cardholder')
    const response = await guest.goto(
      portalUrl('cardholder', '/invoices/6d1b8c52-0000-4000-8000-000000000000'),
    )
    expect(response?.status()).toBe(404)
    await expect(guest.getByTestId('page-not-found')).toContainText('This page does not exist')
    await expectNoHorizontalScroll(guest)
    await expectAccessible(guest, '[data-testid="page-not-found"]')
    await guest.getByTestId('not-found-back').click()
    await expect(guest).toHaveURL(portalUrl('cardholder', '/food'))

    const admin = await signedInPage(browser, 'admin', await seedUser('admin'))
    await admin.goto(portalUrl('admin', '/announcements/an-old-announcement'))
    await expect(admin.getByTestId('page-not-found')).toBeVisible()
    await expect(admin.getByTestId('portal-nav')).toBeVisible()
    await admin.getByTestId('not-found-back').click()
    await expect(admin).toHaveURL(portalUrl('admin', '/finances'))
    // A post that does not exist (or is not for the viewer): its own not-found, back to the feed.
    await admin.goto(portalUrl('admin', '/posts/an-old-announcement'))
    await expect(admin.getByTestId('post-not-found')).toBeVisible()
  })
})
