import { expect, test } from '@playwright/test'
import { signupCode, uniqueEmail } from './mailbox.ts'
import { portalUrl } from './portals.ts'

/**
 * The card holder's registration (food.md "Card holder registration draft"): e-mail → code →
 * phone → terms → name, birth date, gender → password, then signed in on Food.
 */
test('a card holder signs up step by step and lands on Food', async ({ page }) => {
  const email = uniqueEmail('ch')
  await page.goto(portalUrl('cardholder', '/registration'))
  await expect(page.getByTestId('step-indicator')).toHaveText('Step 1 of 6')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()

  await expect(page).toHaveURL(/\/registration\/check-email$/)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Confirmation code required')).toBeVisible()
  await page.getByLabel('Confirmation code').fill(await signupCode(email))
  await page.getByRole('button', { name: 'Confirm' }).click()

  // Phone: the calling code defaults to the Netherlands; a wrong number is refused while typing.
  await expect(page).toHaveURL(/\/registration\?step=phone$/)
  await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('+31 Netherlands')
  await page.getByLabel('Phone number').fill('12')
  await expect(page.getByText('Invalid phone number')).toBeVisible()
  await page.getByLabel('Phone number').fill('612345678')
  await page.getByRole('button', { name: 'Continue' }).click()

  // Terms must be accepted.
  await expect(page).toHaveURL(/step=terms$/)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Please accept the terms and the privacy statement')).toBeVisible()
  await page.getByTestId('terms').click()
  await page.getByRole('button', { name: 'Continue' }).click()

  // Name, birth date, gender (male unless changed).
  await expect(page).toHaveURL(/step=personal$/)
  await expect(page.getByRole('combobox', { name: 'Gender' })).toContainText('Male')
  await page.getByLabel('First name').fill('Sanne')
  await page.getByLabel('Last name').fill('Bakker')
  await page.getByLabel('Birth date').fill('1994-05-17')

  // Going back keeps what was entered.
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/step=terms$/)
  await expect(page.getByTestId('terms')).toHaveAttribute('data-state', 'checked')
  await page.goBack()
  await expect(page).toHaveURL(/step=personal$/)
  await expect(page.getByLabel('First name')).toHaveValue('Sanne')
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/registration\/password$/)
  await page.getByLabel('Password', { exact: true }).fill('Short1')
  await expect(page.getByTestId('password-rules').locator('[data-rule="length"]')).toHaveAttribute(
    'data-met',
    'false',
  )
  await page.getByLabel('Password', { exact: true }).fill('Sanne-bakker-1994')
  await page.getByLabel('Repeat the password').fill('Sanne-bakker-1994')
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL(portalUrl('cardholder', '/food'))
  await expect(page.getByText('Welcome! Your account is ready.')).toBeVisible()
})
