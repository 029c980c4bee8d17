import { expect, type Page, test } from '@playwright/test'
import { signupCode, uniqueEmail } from './mailbox.ts'
import { portalUrl } from './portals.ts'

/**
 * Registration as a person does it: the e-mail address, the code read from the e-mail the platform
 * sent (through the mailbox's API), the details, and the portal's home, signed in.
 */

const password = 'Secret-pass-42'

async function chooseFromAutocomplete(page: Page, input: ReturnType<Page['getByRole']>, text: string) {
  await input.click()
  await input.fill(text)
  await page.getByRole('option', { name: text, exact: true }).click()
}

test('a program owner signs up with the e-mailed code and lands on Programs', async ({ page }) => {
  const email = uniqueEmail('po')
  await page.goto(portalUrl('programs', '/'))
  await page.getByTestId('registration-link').click()
  await expect(page).toHaveURL(/\/registration$/)

  // Validation as the user types: required, then invalid.
  const emailInput = page.getByLabel('E-mail address')
  await emailInput.fill('x')
  await emailInput.fill('')
  await expect(page.getByText('Email required')).toBeVisible()
  await emailInput.fill('not-an-email')
  await expect(page.getByText('Invalid email')).toBeVisible()
  await emailInput.fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()

  await expect(page).toHaveURL(/\/registration\/check-email$/)
  await expect(page.getByTestId('code-email')).toHaveText(email)
  // The cool-down of "send a new code" is shown.
  await expect(page.getByTestId('resend-code')).toBeDisabled()
  await expect(page.getByTestId('resend-code')).toContainText(/in \d:\d\d/)

  const code = await signupCode(email)
  const wrong = code === '000000' ? '111111' : '000000'
  await page.getByLabel('Confirmation code').fill(wrong)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Wrong confirmation code')).toBeVisible()

  await page.getByLabel('Confirmation code').fill(code)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(/\/registration\/confirm$/)
  await expect(page.getByTestId('step-indicator')).toHaveText('Step 2 of 2')

  // Company fields only for a company.
  await expect(page.getByLabel('Company name')).toBeVisible()
  await page.locator('label', { hasText: 'An individual' }).click()
  await expect(page.getByRole('radio', { name: 'An individual' })).toBeChecked()
  await expect(page.getByLabel('Company name')).toHaveCount(0)
  await page.locator('label', { hasText: 'A company' }).click()
  await page.getByLabel('Company name').fill('Anna Snacks B.V.')
  await page.getByLabel('First name').fill('Anna')
  await page.getByLabel('Last name').fill('de Vries')

  // A country the platform does not serve stops the registration and offers to leave the e-mail.
  await chooseFromAutocomplete(page, page.getByRole('combobox', { name: 'Country', exact: true }), 'Canada')
  await expect(page.getByTestId('unsupported-country')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled()
  await chooseFromAutocomplete(
    page,
    page.getByRole('combobox', { name: 'Country', exact: true }),
    'Netherlands',
  )
  await expect(page.getByTestId('unsupported-country')).toHaveCount(0)

  // A reload keeps what was typed (the password is never kept).
  await page.reload()
  await expect(page.getByLabel('Company name')).toHaveValue('Anna Snacks B.V.', { timeout: 15_000 })
  await expect(page.getByLabel('Last name')).toHaveValue('de Vries')

  await page.getByLabel('Phone number').fill('612345678')

  // The rule hint names what is missing; the confirmation must match.
  await page.getByLabel('Password', { exact: true }).fill('secret')
  await expect(page.getByTestId('password-rules').locator('[data-rule="upper"]')).toHaveAttribute(
    'data-met',
    'false',
  )
  await expect(page.getByTestId('password-rules').locator('[data-rule="lower"]')).toHaveAttribute(
    'data-met',
    'true',
  )
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Repeat the password').fill(`${password}x`)
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('Repeat the password').fill(password)
  await expect(page.getByText('Passwords do not match')).toHaveCount(0)

  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Please accept the terms and the privacy statement')).toBeVisible()
  await page.getByTestId('terms').click()
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL(portalUrl('programs', '/programs'))
  // Signed in: a reload stays on Programs rather than going back to sign-in.
  await page.reload()
  await expect(page).toHaveURL(portalUrl('programs', '/programs'))
})

test('an e-mail address that has an account is refused on step one', async ({ page }) => {
  const email = uniqueEmail('taken')
  // Register once through the API (the screens are tested above).
  const api = (path: string, body: unknown) =>
    page.request.post(portalUrl('cardholder', `/api/v1${path}`), {
      data: body,
      headers: { 'x-requested-with': 'cardpay' },
    })
  expect((await api('/user/cardholders/signup/step_one', { email, language: 'en' })).status()).toBe(202)
  const code = await signupCode(email)
  const confirmed = await (await api('/user/cardholders/signup/code', { email, code })).json()
  const done = await api('/user/cardholders/signup/complete', {
    signup_token: confirmed.signup_token,
    phone: '612345678',
    phone_code: '+31',
    terms: true,
    first_name: 'Kees',
    last_name: 'Jansen',
    birth_date: '1990-01-01',
    password,
    password_confirmation: password,
  })
  expect(done.status()).toBe(201)

  await page.goto(portalUrl('programs', '/registration'))
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page.getByText('Cardholder already registered')).toBeVisible()
  await expect(page).toHaveURL(/\/registration$/)
})

test('an acceptor registers from an invitation link; the invitation token goes with the last step', async ({
  page,
}) => {
  const email = uniqueEmail('acc')
  await page.goto(portalUrl('acceptor', '/registration?invite=inv-token-123'))
  await expect(page.getByTestId('invitation')).toBeVisible()
  // The token is kept for later and leaves the address bar.
  await expect(page).toHaveURL(portalUrl('acceptor', '/registration'))
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()

  await expect(page).toHaveURL(/\/registration\?step=code$/)
  await page.getByLabel('Confirmation code').fill(await signupCode(email))
  await page.getByRole('button', { name: 'Confirm' }).click()

  await expect(page).toHaveURL(/\/registration\?step=details$/)
  await page.locator('label', { hasText: 'An individual' }).click()
  await page.getByLabel('First name').fill('Ahmed')
  await page.getByLabel('Last name').fill('Yilmaz')
  await chooseFromAutocomplete(page, page.getByRole('combobox', { name: 'Country', exact: true }), 'Belgium')
  await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('+32 Belgium')
  await page.getByLabel('Phone number').fill('470123456')
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Repeat the password').fill(password)
  await page.getByTestId('terms').click()

  const complete = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/acceptor-signup/complete'))
  await page.getByRole('button', { name: 'Create account' }).click()
  const body = (await complete).postDataJSON()
  expect(body).toMatchObject({
    invite_token: 'inv-token-123',
    legal_type: 2,
    country: 'BE',
    phone_code: '+32',
  })
  expect(body).not.toHaveProperty('company_name')
  // The invitation waits under Programs, so an invited acceptor starts there.
  await expect(page).toHaveURL(portalUrl('acceptor', '/programs'))
})
