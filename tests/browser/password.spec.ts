import { type APIRequestContext, expect, test } from '@playwright/test'
import { passwordLink, signupCode, uniqueEmail } from './mailbox.ts'
import { portalUrl } from './portals.ts'

/** A card holder registered through the API (the registration screens have their own tests). */
async function registerCardholder(request: APIRequestContext, email: string, password: string) {
  const post = (path: string, data: unknown) =>
    request.post(portalUrl('cardholder', `/api/v1${path}`), {
      data,
      headers: { 'x-requested-with': 'cardpay' },
    })
  expect((await post('/user/cardholders/signup/step_one', { email, language: 'en' })).status()).toBe(202)
  const confirmed = await (
    await post('/user/cardholders/signup/code', { email, code: await signupCode(email) })
  ).json()
  const done = await post('/user/cardholders/signup/complete', {
    signup_token: confirmed.signup_token,
    phone: '612345678',
    phone_code: '+31',
    terms: true,
    first_name: 'Pieter',
    last_name: 'Visser',
    birth_date: '1985-02-03',
    password,
    password_confirmation: password,
  })
  expect(done.status()).toBe(201)
}

test('forgot password: the e-mailed link sets a new one, works once, and the new password signs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reset')
  await registerCardholder(request, email, 'Old-password-1')

  await page.goto(portalUrl('cardholder', '/sign-in'))
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByLabel('E-mail address').fill('nope')
  await expect(page.getByText('Invalid email')).toBeVisible()
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send me a link' }).click()

  await expect(page).toHaveURL(/\/forgot-password\/check-your-email$/)
  await expect(page.getByTestId('forgot-email')).toHaveText(email)
  await expect(page.getByTestId('resend-link')).toBeDisabled()

  const link = await passwordLink(email)
  expect(new URL(link).pathname).toBe('/password')
  await page.goto(link)
  await page.getByLabel('Password', { exact: true }).fill('New-password-2')
  await page.getByLabel('Repeat the password').fill('New-password-3')
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('Repeat the password').fill('New-password-2')
  await page.getByRole('button', { name: 'Set new password' }).click()

  // Back on sign-in with a notification.
  await expect(page).toHaveURL(portalUrl('cardholder', '/sign-in'))
  await expect(page.getByText('Your new password is set.')).toBeVisible()

  // The link works once: opened again it says so and offers a new one.
  await page.goto(link)
  await page.getByLabel('Password', { exact: true }).fill('Another-password-4')
  await page.getByLabel('Repeat the password').fill('Another-password-4')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByTestId('password-link-expired')).toContainText('Link expired')
  await expect(page.getByRole('button', { name: 'Send me a new link' })).toBeVisible()

  // The old password no longer works, the new one does.
  await page.goto(portalUrl('cardholder', '/sign-in'))
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('Old-password-1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Invalid email or password')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('New-password-2')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(portalUrl('cardholder', '/food'))
})

test('a set-password link without a token shows "link expired" with a way to ask for a new one', async ({
  page,
}) => {
  await page.goto(portalUrl('programs', '/password'))
  await expect(page.getByTestId('password-link-expired')).toContainText('Link expired')
  await page.getByLabel('E-mail address').fill(uniqueEmail('nobody'))
  await page.getByRole('button', { name: 'Send me a new link' }).click()
  await expect(page).toHaveURL(/\/forgot-password\/check-your-email$/)
})
