import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { joinProgram } from '../support/factories.ts'
import { expectAccessible, expectNoHorizontalScroll } from './checks.ts'
import { portalHosts, portalUrl } from './portals.ts'
import { callerOf } from './seeding.ts'
import { closeSeedDb, seedUser, signedInPage } from './users-seed.ts'

/**
 * A restaurant owner on a phone (issue 14, owner side): the food wizard's restaurant step with
 * its rules (an address, overlapping distance ranges refused), delivery by distance, Saturday
 * hours and a closed Christmas, the menu with a product that has a variant and an extra (an
 * incomplete row refused), products reordered by keyboard, activation; then on the program's page
 * a brand colour with its shades and a domain (a portal's own host refused), and an announcement.
 * At 390 px and at desktop width: no horizontal scroll and no serious or critical axe finding.
 * An acceptor working at the restaurant edits the menu from their portal; another acceptor cannot.
 */

test.afterAll(closeSeedDb)

const newTag = () => randomBytes(4).toString('hex')

const jpg = (color: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: color } })
    .jpeg()
    .toBuffer()

test('an owner sets up a restaurant, its menu, brand and announcement', async ({ browser }) => {
  test.setTimeout(480_000)
  const tag = newTag()
  const owner = await seedUser('programs', { legal_type: 1, company_name: `Eethuis ${tag}` })
  const page = await signedInPage(browser, 'programs', owner)
  await page.setViewportSize({ width: 390, height: 844 })

  // Step 0: details.
  await page.goto(portalUrl('programs', '/programs/food/new'))
  await expect(page.getByTestId('wizard-step')).toHaveCount(4)
  await page.getByLabel('Title').fill(`De Gouden Lepel ${tag}`)
  await page.getByLabel('Description').fill('Pizza and pasta from the wood-fired oven.')
  await page.getByTestId('wizard-next').click()
  await expect(page).toHaveURL(/\/programs\/food\/draft\/[0-9a-f-]{36}\?step=1$/)
  const programUuid = /draft\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string

  // Step 1: the restaurant. Without an address, image or range: each said under its input.
  const form = page.getByTestId('restaurant-form')
  await expect(form.getByTestId('restaurant-day-1')).toHaveAttribute('data-state', 'checked')
  await expect(form.getByTestId('restaurant-day-6')).toHaveAttribute('data-state', 'unchecked')
  await form.getByTestId('restaurant-delivery-distance').check()
  await page.getByTestId('wizard-next').click()
  await expect(form.getByText('This field is required').first()).toBeVisible()
  await expect(form.getByTestId('restaurant-address')).toHaveAttribute('aria-invalid', 'true')

  await form.getByTestId('restaurant-address').fill('Prinsengracht 100, Amsterdam')
  await form.getByTestId('restaurant-phone').fill('+31 20 123 4567')
  await form.getByTestId('restaurant-image').setInputFiles({
    name: 'restaurant.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpg('#c0392b'),
  })
  await expect(form.getByTestId('restaurant-image-preview')).toBeVisible()
  await form.getByTestId('restaurant-latitude').fill('52.3731')
  await form.getByTestId('restaurant-longitude').fill('4.8837')
  await form.getByTestId('restaurant-delivery_ranges.0.range_end').fill('3')
  await form.getByTestId('restaurant-delivery_ranges.0.cost').fill('2,50')
  await form.getByTestId('restaurant-add-range').click()
  await form.getByTestId('restaurant-delivery_ranges.1.range_start').fill('2')
  await form.getByTestId('restaurant-delivery_ranges.1.range_end').fill('6')
  await form.getByTestId('restaurant-delivery_ranges.1.cost').fill('4,00')
  await page.getByTestId('wizard-next').click()
  await expect(form.getByText('This range overlaps the previous one.')).toBeVisible()
  await form.getByTestId('restaurant-delivery_ranges.1.range_start').fill('3')

  // Saturday evenings, in 30-minute steps; closed on Christmas Day.
  await form.getByTestId('restaurant-day-6').click()
  await form.getByTestId('restaurant-working_hours.5.start_time').selectOption('16:30')
  await form.getByTestId('restaurant-working_hours.5.end_time').selectOption('23:00')
  await form.getByTestId('restaurant-add-exception').click()
  await form.getByTestId('restaurant-working_hours_exceptions.0.date').fill('2026-12-25')
  await form.getByTestId('restaurant-min_order_amount').fill('15,00')
  await form.getByTestId('restaurant-terms').setInputFiles({
    name: 'terms.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  })
  await expect(form.getByTestId('restaurant-terms-link')).toBeVisible()
  await expectNoHorizontalScroll(page)
  await expectAccessible(page, '[data-testid="wizard-step-restaurant"]')
  await page.getByTestId('wizard-next').click()
  await expect(page).toHaveURL(new RegExp(`/programs/food/draft/${programUuid}\\?step=2$`))

  // Step 2: the menu. No product yet: no way on.
  await expect(page.getByTestId('wizard-next')).toBeDisabled()
  await page.getByTestId('menu-category-title').fill("Pizza's")
  await page.getByTestId('menu-category-add').click()
  await expect(page.getByTestId('menu-category')).toHaveCount(1)

  const dialog = page.getByTestId('product-dialog')
  await page.getByTestId('menu-add-product').click()
  await dialog.getByTestId('product-title').fill('Margherita')
  await dialog.getByTestId('product-description').fill('Tomato, mozzarella, basil.')
  await dialog.getByTestId('product-image').setInputFiles({
    name: 'margherita.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpg('#e67e22'),
  })
  await expect(dialog.getByTestId('product-image-preview')).toBeVisible()
  await dialog.getByTestId('product-price').fill('9,50')
  await dialog.getByTestId('product-keywords').fill('vegetarian')
  await dialog.getByTestId('product-keywords').press('Enter')
  await dialog.getByTestId('product-keywords').fill('Vegetarian')
  await dialog.getByTestId('product-keywords').press('Enter')
  await expect(dialog.getByTestId('product-keyword-exists')).toHaveText('Keyword already exists')
  await dialog.getByTestId('product-keywords').fill('')
  await dialog.getByTestId('product-add-variant').click()
  await dialog.getByTestId('product-variants.0.title').fill('Large')
  await dialog.getByTestId('product-save').click()
  await expect(dialog.getByText('Fill in all fields').first()).toBeVisible()
  await dialog.getByTestId('product-variants.0.quantity').fill('1')
  await dialog.getByTestId('product-variants.0.unit').selectOption('piece')
  await dialog.getByTestId('product-variants.0.price').fill('3,00')
  await dialog.getByTestId('product-add-extra').click()
  await dialog.getByTestId('product-extras.0.title').fill('Extra cheese')
  await dialog.getByTestId('product-extras.0.quantity').fill('50')
  await dialog.getByTestId('product-extras.0.unit').selectOption('gram')
  await dialog.getByTestId('product-extras.0.price').fill('1,50')
  await expectAccessible(page, '[data-testid="product-dialog"]')
  await dialog.getByTestId('product-save').click()
  await expect(dialog).toHaveCount(0)
  const products = page.getByTestId('menu-product')
  await expect(products).toHaveCount(1)
  await expect(products.first()).toContainText('1 variant')

  await page.getByTestId('menu-add-product').click()
  await dialog.getByTestId('product-title').fill('Funghi')
  await dialog.getByTestId('product-description').fill('Tomato, mozzarella, mushrooms.')
  await dialog.getByTestId('product-image').setInputFiles({
    name: 'funghi.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpg('#7f8c8d'),
  })
  await expect(dialog.getByTestId('product-image-preview')).toBeVisible()
  await dialog.getByTestId('product-price').fill('11')
  await dialog.getByTestId('product-save').click()
  await expect(dialog).toHaveCount(0)
  await expect(products).toHaveCount(2)
  await expect(products.nth(1)).toHaveAttribute('data-title', 'Funghi')

  // Reorder by keyboard: Funghi picked up, moved up, dropped; saved at once.
  await page.getByTestId('menu-reorder').click()
  // The new category's field keeps its room beside "Done reordering" (squeezed to a sliver at 390 px).
  expect((await page.getByTestId('menu-category-title').boundingBox())?.width).toBeGreaterThan(150)
  const handle = page.getByTestId('sort-product-handle').nth(1)
  await expect(handle).toHaveAccessibleName('Move Funghi')
  await handle.focus()
  const ordered = page.waitForResponse((r) => r.url().includes('/food/products/order') && r.ok())
  // dnd-kit measures the places to drop on after the pick-up; a key pressed before lands nowhere.
  await page.keyboard.press('Space')
  await expect(handle).toHaveAttribute('aria-pressed', 'true')
  await page.waitForTimeout(300)
  await page.keyboard.press('ArrowUp')
  await page.waitForTimeout(300)
  await page.keyboard.press('Space')
  await ordered
  await expectNoHorizontalScroll(page)
  await page.getByTestId('menu-reorder').click()
  await expect(products.nth(0)).toHaveAttribute('data-title', 'Funghi')
  await expect(products.nth(1)).toHaveAttribute('data-title', 'Margherita')
  await page.reload()
  await expect(page.getByTestId('menu-product').nth(0)).toHaveAttribute('data-title', 'Funghi', {
    timeout: 30_000,
  })
  await expectAccessible(page, '[data-testid="wizard-step-menu"]')
  await page.getByTestId('wizard-next').click()
  await expect(page).toHaveURL(new RegExp(`/programs/food/draft/${programUuid}\\?step=3$`))

  // Step 3: review and activate.
  await expect(page.getByTestId('review-delivery')).toContainText('0–3 km')
  await expect(page.getByTestId('review-hours')).toContainText('Saturday 16:30–23:00')
  await expectAccessible(page, '[data-testid="wizard-step-review"]')
  await page.getByTestId('wizard-activate').click()
  await expect(page).toHaveURL(portalUrl('programs', `/programs/${programUuid}`))
  await expect(page.getByTestId('program-detail-status')).toContainText('Active')

  // Brand: a portal's own host is taken; the restaurant's own domain and colour are saved.
  const brand = page.getByTestId('brand-form')
  await brand.getByTestId('brand-domain_name').fill(portalHosts.admin)
  await brand.getByTestId('brand-save').click()
  await expect(brand.getByText('Domain already used')).toBeVisible()
  await brand.getByTestId('brand-domain_name').fill('not a domain')
  await brand.getByTestId('brand-save').click()
  await expect(brand.getByText('The domain name is not valid')).toBeVisible()
  const domain = `lepel-${tag}.example`
  await brand.getByTestId('brand-domain_name').fill(domain)
  await brand.getByTestId('brand-color').fill('#e63946')
  await expect(brand.getByTestId('brand-shade')).toHaveCount(10)
  await expect(brand.getByTestId('brand-shade').nth(5)).toHaveAttribute('title', '#e63946')
  await brand.getByTestId('brand-seo_title').fill('De Gouden Lepel — pizza in Amsterdam')
  await brand.getByTestId('brand-save').click()
  await expect(page.getByText('Brand saved')).toBeVisible()
  await page.reload()
  // The page's cards load after it (a busy test machine can take a while).
  await expect(page.getByTestId('brand-domain_name')).toHaveValue(domain, { timeout: 30_000 })
  await expect(page.getByTestId('brand-color')).toHaveValue('#e63946')

  // An announcement, then changed.
  const announcements = page.getByTestId('food-announcements')
  await announcements.getByTestId('announcement-text').fill('Closed on Christmas Day.')
  await announcements.getByTestId('announcement-save').click()
  await expect(announcements.getByTestId('announcement')).toHaveCount(1)
  await announcements.getByTestId('announcement-change').click()
  await announcements
    .getByTestId('announcement-edit-form')
    .getByTestId('announcement-text')
    .fill('Closed on 25 December.')
  await announcements.getByTestId('announcement-edit-form').getByTestId('announcement-save').click()
  await expect(announcements.getByTestId('announcement-body')).toHaveText('Closed on 25 December.')

  // The restaurant's settings on the page open with what was saved.
  await page.getByTestId('food-restaurant-open').click()
  await expect(page.getByTestId('restaurant-delivery_ranges.1.range_start')).toHaveValue('3')
  await expectNoHorizontalScroll(page)
  await expectAccessible(page, '[data-testid="program-page"]')

  // Desktop width.
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectNoHorizontalScroll(page)
  await expectAccessible(page, '[data-testid="program-page"]')

  // Staff: an acceptor working at the restaurant edits its menu from their portal, not its brand.
  const acceptor = await seedUser('acceptor', { legal_type: 1, company_name: `Bediening ${tag}` })
  const staff = await signedInPage(browser, 'acceptor', acceptor)
  await staff.setViewportSize({ width: 390, height: 844 })
  await joinProgram(callerOf(page), programUuid, { ...callerOf(staff), email: acceptor.email })
  await staff.goto(portalUrl('acceptor', `/programs/${programUuid}`))
  const staffMenu = staff.getByTestId('food-menu')
  await expect(staffMenu.getByTestId('menu-product')).toHaveCount(2, { timeout: 30_000 })
  await staffMenu.getByTestId('menu-category-title').fill('Dranken')
  await staffMenu.getByTestId('menu-category-add').click()
  await expect(staffMenu.getByTestId('menu-category')).toHaveCount(2)
  await expect(staff.getByTestId('food-announcements').getByTestId('announcement')).toHaveCount(1)
  await expect(staff.getByTestId('food-brand')).toHaveCount(0)
  await expect(staff.getByTestId('food-restaurant')).toHaveCount(0)
  await expectNoHorizontalScroll(staff)
  await expectAccessible(staff, 'main')

  // Another acceptor, not working there, does not see it.
  const stranger = await seedUser('acceptor', { legal_type: 1, company_name: `Elders ${tag}` })
  const strangerPage = await signedInPage(browser, 'acceptor', stranger)
  await strangerPage.goto(portalUrl('acceptor', `/programs/${programUuid}`))
  await expect(strangerPage.getByTestId('program-not-found')).toBeVisible()
  await expect(strangerPage.getByTestId('food-menu')).toHaveCount(0)
  await strangerPage.close()
  await staff.close()
  await page.close()
})
