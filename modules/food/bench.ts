import { createUser } from '../identity/index.ts'
import type { Db } from '../platform/db.ts'
import { newId } from '../platform/ids.ts'
import { programStatuses, programTypes } from '../programs/index.ts'
import { daysOfWeek, imageWidths, units } from './shared.ts'

/**
 * Set-up for `npm run bench`'s food row: an active restaurant with `products` active products in
 * ten categories (each with an image, every third with two variants and two extras), hours every
 * day, distance delivery and an announcement. Rows are inserted directly, as a bench harness may
 * (the tests build the same state through the API); the image rows have no files, as the
 * measured route only links them.
 */
export async function prepareFoodBench(
  db: Db,
  opts: { products: number },
): Promise<{ restaurantUuid: string; ownerId: string; productUuid: string }> {
  const owner = await createUser(db, {
    email: 'bench-food-owner@example.com',
    password: 'Bench-Pass-1',
    type: 1,
    first_name: 'Bench',
    last_name: 'Restaurateur',
  })
  const programId = newId()
  await db
    .insertInto('programs')
    .values({
      id: programId,
      owner_user_id: owner.id,
      type: programTypes.foodsManagement,
      status: programStatuses.active,
      title: 'Bench Eetcafé',
      description: 'Two hundred dishes, every day',
      currency: 'EUR',
      activated_at: new Date(),
    })
    .execute()
  const image = async () => {
    const id = newId()
    await db
      .insertInto('food_images')
      .values({
        id,
        uploaded_by: owner.id,
        kind: 'product',
        width: 960,
        height: 960,
        widths: [...imageWidths],
      })
      .execute()
    return id
  }
  await db
    .insertInto('food_restaurants')
    .values({
      program_id: programId,
      image_id: await image(),
      address: 'Prinsengracht 1, 1015 DV Amsterdam',
      phone: '+31 20 555 0000',
      latitude: 52.3755,
      longitude: 4.8842,
      min_order_amount: 1500n,
    })
    .execute()
  await db
    .insertInto('food_working_hours')
    .values(
      daysOfWeek.map((day) => ({
        program_id: programId,
        day_of_week: day,
        enabled: true,
        start_time: '00:00',
        end_time: '23:59',
      })),
    )
    .execute()
  await db
    .insertInto('food_delivery_ranges')
    .values([
      { program_id: programId, position: 0, start_m: 0, end_m: 3000, cost: 250n },
      { program_id: programId, position: 1, start_m: 3000, end_m: 6000, cost: 395n },
    ])
    .execute()
  await db
    .insertInto('food_announcements')
    .values({ id: newId(), program_id: programId, announcement: 'Open every day', created_by: owner.id })
    .execute()
  const categories = Array.from({ length: 10 }, (_, i) => ({
    id: newId(),
    program_id: programId,
    title: `Category ${i + 1}`,
    position: i,
  }))
  await db.insertInto('food_categories').values(categories).execute()
  const images = await db
    .insertInto('food_images')
    .values(
      Array.from({ length: opts.products }, () => ({
        id: newId(),
        uploaded_by: owner.id,
        kind: 'product',
        width: 960,
        height: 960,
        widths: [...imageWidths],
      })),
    )
    .returning('id')
    .execute()
  const products = images.map((img, i) => ({
    id: newId(),
    program_id: programId,
    category_id: categories[i % categories.length]!.id,
    title: `Dish number ${i + 1}`,
    description: 'A plate of something good, made fresh with seasonal vegetables and a sauce of the house.',
    image_id: img.id,
    price: BigInt(500 + (i % 20) * 75),
    quantity: '1',
    unit: units[i % units.length]!,
    keywords: ['house', `dish${i}`],
    position: Math.floor(i / categories.length),
  }))
  await db.insertInto('food_products').values(products).execute()
  const options = products
    .filter((_, i) => i % 3 === 0)
    .flatMap((p) =>
      (['variant', 'variant', 'extra', 'extra'] as const).map((kind, position) => ({
        id: newId(),
        product_id: p.id,
        kind,
        title: `${kind} ${position}`,
        quantity: '1',
        unit: 'piece',
        price: BigInt(position * 50),
        position,
      })),
    )
  if (options.length) await db.insertInto('food_product_options').values(options).execute()
  return { restaurantUuid: programId, ownerId: owner.id, productUuid: products[0]!.id }
}

/**
 * Set-up for the ordering rows of `npm run bench` (issue 15): the bench restaurant also takes
 * pickup orders and card and iDEAL payments at the sandbox (its program's payment methods; the
 * sandbox account itself comes from payments' bench set-up).
 */
export async function prepareOrderingBench(db: Db, restaurantUuid: string): Promise<void> {
  await db
    .updateTable('food_restaurants')
    .set({ can_pickup_in_rest: true })
    .where('program_id', '=', restaurantUuid)
    .execute()
  await db
    .insertInto('program_methods')
    .values(
      ['card', 'ideal'].map((method_id) => ({
        program_id: restaurantUuid,
        method_id,
        provider_id: 'sandbox',
        is_used: true,
      })),
    )
    .execute()
}
