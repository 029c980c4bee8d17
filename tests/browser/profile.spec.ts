import { deflateSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { portalUrl } from './portals.ts'
import { closeSeedDb, seedUser, signIn, statusOf } from './users-seed.ts'

test.afterAll(closeSeedDb)

/** A small solid-colour PNG, made here so the test needs no fixture file. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))])
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

test.describe('profile', () => {
  test('a program owner edits the profile and uploads a photo; both are there after a reload', async ({
    page,
  }) => {
    const owner = await seedUser('programs', { first_name: 'Olga', last_name: 'Owner' })
    await signIn(page, 'programs', owner)
    await page.goto(portalUrl('programs', '/profile'))

    await expect(page.getByTestId('profile-name')).toHaveText('Olga Owner')
    // The username is the e-mail, masked: first and last two characters kept.
    const masked = `${owner.email.slice(0, 2)}${'*'.repeat(owner.email.length - 4)}${owner.email.slice(-2)}`
    await expect(page.getByLabel('Username')).toHaveValue(masked)
    await expect(page.getByLabel('Username')).toBeDisabled()

    // Validation while typing, in words.
    const form = page.getByTestId('profile-form')
    await form.getByLabel('First name').fill('')
    await expect(form.getByText('Enter your first name.')).toBeVisible()
    await form.getByLabel('Website').fill('not a site')
    await expect(form.getByText('Enter a web address starting with https://.')).toBeVisible()

    await form.getByLabel('First name').fill('Olivia')
    await form.getByLabel('Website').fill('https://olivia.example.com')
    await form.getByRole('combobox', { name: 'Title' }).click()
    await page.getByRole('option', { name: 'Dr', exact: true }).click()
    // Company fields appear for a company.
    await expect(form.getByLabel('Company name')).toHaveCount(0)
    await form.getByRole('combobox', { name: 'Legal form' }).click()
    await page.getByRole('option', { name: 'Company' }).click()
    await form.getByLabel('Company name').fill('Olivia Programs BV')
    // The country is chosen by typing part of its name.
    const country = page.getByTestId('profile-address').getByRole('combobox', { name: 'Country' })
    await country.fill('germ')
    await country.press('Enter')
    await expect(country).toHaveValue('Germany')
    await form.getByRole('button', { name: 'Save profile' }).click()
    await expect(page.getByText('Your profile is saved.')).toBeVisible()

    // The photo: a PNG within the limits, previewed, then saved.
    await expect(page.getByTestId('avatar-card')).toContainText(
      'Preferably 360×360 px, at most 1 MB, JPG or PNG.',
    )
    await page.getByTestId('avatar-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png(64, 64, [77, 124, 254]),
    })
    await page.getByRole('button', { name: 'Save photo' }).click()
    await expect(page.getByText('Your photo is saved.')).toBeVisible()

    await page.reload()
    await expect(page.getByTestId('profile-name')).toHaveText('Olivia Owner')
    await expect(form.getByLabel('Website')).toHaveValue('https://olivia.example.com')
    await expect(form.getByLabel('Company name')).toHaveValue('Olivia Programs BV')
    await expect(country).toHaveValue('Germany')
    const avatar = page.getByTestId('avatar-card').locator('img')
    await expect(avatar).toHaveAttribute('src', /^\/api\/v1\/user\/avatars\/.+\.jpg$/)
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360)
  })

  test('a file that is not a JPG or PNG is refused before upload', async ({ page }) => {
    const holder = await seedUser('cardholder')
    await signIn(page, 'cardholder', holder)
    await page.goto(portalUrl('cardholder', '/profile'))
    await page.getByTestId('avatar-input').setInputFiles({
      name: 'me.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    })
    await expect(page.getByTestId('avatar-problem')).toHaveText('Choose a JPG or PNG image.')
    await expect(page.getByRole('button', { name: 'Save photo' })).toHaveCount(0)
  })

  test('a card holder sees delivery fields and no company or address fields', async ({ page }) => {
    const holder = await seedUser('cardholder', { first_name: 'Henk', last_name: 'Holder' })
    await signIn(page, 'cardholder', holder)
    await page.goto(portalUrl('cardholder', '/profile'))
    await expect(page.getByTestId('profile-name')).toHaveText('Henk Holder')
    await expect(page.getByTestId('profile-delivery')).toBeVisible()
    await expect(page.getByTestId('profile-company')).toHaveCount(0)
    await expect(page.getByTestId('profile-address')).toHaveCount(0)
    await expect(page.getByLabel('Company name')).toHaveCount(0)

    await page.getByLabel('Street', { exact: true }).fill('Damrak')
    await page.getByLabel('House number').fill('12')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect(page.getByText('Your profile is saved.')).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('Street', { exact: true })).toHaveValue('Damrak')
  })

  test('the password change names what is missing and checks the confirmation', async ({ page }) => {
    const admin = await seedUser('admin')
    await signIn(page, 'admin', admin)
    await page.goto(portalUrl('admin', '/profile'))
    const card = page.getByTestId('password-card')
    const rules = card.getByTestId('password-rules')
    await card.getByLabel('New password', { exact: true }).fill('short')
    await expect(rules.locator('[data-met="false"]')).toHaveText([
      /At least 8 characters/,
      /An upper-case letter/,
      /A digit/,
    ])
    await card.getByLabel('New password', { exact: true }).fill('Longer-Pass-7')
    await expect(rules.locator('[data-met="false"]')).toHaveCount(0)
    await card.getByLabel('Repeat new password').fill('Longer-Pass-8')
    await expect(card.getByText('Passwords do not match.')).toBeVisible()

    await card.getByLabel('Repeat new password').fill('Longer-Pass-7')
    await card.getByLabel('Current password').fill('Wrong-Pass-1')
    await card.getByRole('button', { name: 'Change password' }).click()
    await expect(card.getByText('The current password is wrong.')).toBeVisible()

    await card.getByLabel('Current password').fill(admin.password)
    await card.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Your password is changed.')).toBeVisible()
  })

  test('login history and signed-in devices, with signing another device out', async ({ page, browser }) => {
    const owner = await seedUser('acceptor')
    // A failed attempt and a second device first.
    await expect(signIn(page, 'acceptor', { ...owner, password: 'Wrong-Pass-1' })).rejects.toThrow(/401/)
    const other = await (await browser.newContext()).newPage()
    await signIn(other, 'acceptor', owner)
    await signIn(page, 'acceptor', owner)

    await page.goto(portalUrl('acceptor', '/profile'))
    const history = page.getByTestId('login-history')
    await expect(history.getByRole('row')).toHaveCount(4) // header + 3 attempts
    await expect(history.getByText('Failed')).toHaveCount(1)

    const sessions = page.getByTestId('sessions')
    await expect(sessions.getByTestId('session')).toHaveCount(2)
    await expect(sessions.getByText('This device', { exact: true })).toHaveCount(1)
    await sessions.getByRole('button', { name: 'Sign out this device' }).click()
    await expect(page.getByText('That device is signed out.')).toBeVisible()
    await expect(sessions.getByTestId('session')).toHaveCount(1)

    // The other device is out: its cookie no longer opens the profile.
    expect(await statusOf(other, '/api/v1/user/profile')).toBe(401)
    await other.context().close()
  })
})
