/**
 * Food factories shared by the food module's tests, the route security harness and the browser
 * tests: pictures made with sharp (no files in the repo), a restaurant that passes every rule, a
 * menu. Everything goes through the API as the owner portal would do it.
 */
import sharp from 'sharp'
import { type Api, type Caller, expectStatus, unique } from './factories.ts'

/** A picture of `width`×`height` in one colour, as PNG or JPG bytes. */
export async function picture(
  width = 400,
  height = 300,
  format: 'png' | 'jpeg' = 'jpeg',
  background = '#c0392b',
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background } })
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer()
}

/** Multipart upload through an API caller (Vitest harness or a page). */
export async function upload<T>(
  api: Api,
  path: string,
  fields: Record<string, string | { bytes: Buffer; name: string; type: string }>,
): Promise<{ status: number; body: T }> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name)
  }
  return api<T>('POST', path, form)
}

/** A restaurant image or product image uploaded by `who`: its uuid. */
export async function uploadFoodImage(
  who: Caller,
  kind: 'programs' | 'products' = 'products',
): Promise<string> {
  const res = await upload<{ result: { uuid: string } }>(who.api, `/food/${kind}/images`, {
    image: { bytes: await picture(), name: 'dish.jpg', type: 'image/jpeg' },
  })
  return expectStatus(res, 201, `upload a ${kind} image`).result.uuid
}

/** A restaurant that passes every rule of spec section 5 (distance delivery, Monday to Sunday). */
export function validRestaurant(image: string, overrides: Record<string, unknown> = {}) {
  return {
    title: unique('Trattoria'),
    description: 'Pasta and pizza from the wood oven',
    image,
    address: 'Damrak 1, 1012 LG Amsterdam',
    phone: '+31 20 123 4567',
    min_order_amount: 1500,
    latitude: 52.3745,
    longitude: 4.8979,
    time_zone: 'Europe/Amsterdam',
    type_of_delivery: 2,
    delivery_ranges: [
      { range_start: 0, range_end: 3, cost: 250 },
      { range_start: 3, range_end: 6, cost: '4,50' },
    ],
    working_hours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day_of_week: day,
      start_time: '00:00',
      end_time: '24:00',
    })),
    ...overrides,
  }
}

export interface SeededRestaurant {
  uuid: string
  category: string
  product: string
}

/**
 * An owner's food program through the food wizard: the restaurant (draftStep2), a category with one
 * product that has a variant and an extra (draftStep3 through manager/programs), and, unless
 * `status: 'draft'`, activated.
 */
export async function seedRestaurant(
  owner: Caller,
  opts: { status?: 'active' | 'draft'; restaurant?: Record<string, unknown> } = {},
): Promise<SeededRestaurant> {
  const image = await uploadFoodImage(owner, 'programs')
  const uuid = expectStatus(
    await owner.api<{ result: { uuid: string } }>(
      'POST',
      '/food/programs',
      validRestaurant(image, opts.restaurant),
    ),
    201,
    'create a food program',
  ).result.uuid
  const category = expectStatus(
    await owner.api<{ result: { uuid: string } }>('POST', '/food/categories', {
      program_uuid: uuid,
      title: 'Pizza',
    }),
    201,
    'add a category',
  ).result.uuid
  const product = expectStatus(
    await owner.api<{ result: { uuid: string } }>('POST', '/food/products', {
      category_uuid: category,
      title: 'Margherita',
      description: 'Tomato, mozzarella, basil',
      image: await uploadFoodImage(owner),
      price: 950,
      quantity: 1,
      unit: 'piece',
      keywords: ['vegetarian'],
      variants: [{ title: 'Large', quantity: 1, unit: 'piece', price: 1250 }],
      extras: [{ title: 'Extra cheese', quantity: 50, unit: 'gram', price: 100 }],
    }),
    201,
    'add a product',
  ).result.uuid
  // Guests pay by card or iDEAL at the sandbox (the restaurant's payment methods).
  expectStatus(
    await owner.api('POST', '/manager/program-methods', {
      program: uuid,
      methods: ['card', 'ideal'].map((method_id) => ({ method_id, provider_id: 'sandbox', is_used: true })),
    }),
    200,
    'payment methods of the restaurant',
  )
  if ((opts.status ?? 'active') === 'active') {
    for (const status of [11004, 11001]) {
      expectStatus(
        await owner.api('PATCH', `/manager/programs/${uuid}`, { status }),
        200,
        `program to ${status}`,
      )
    }
  }
  return { uuid, category, product }
}

/** The restaurant's point (validRestaurant) and a point `metres` north of it. */
export const restaurantPoint = { lat: 52.3745, lon: 4.8979 }
export const pointNorth = (metres: number) => ({
  lat: restaurantPoint.lat + metres / 111_195,
  lon: restaurantPoint.lon,
})

/** A guest's food session for delivery 1 km from the restaurant (or as `query` says): its uuid. */
export async function startFoodSession(guest: Api, query: Record<string, string> = {}): Promise<string> {
  const here = pointNorth(1000)
  const q = new URLSearchParams({
    zip_code: '1012 LG',
    house_number: '1',
    lat: String(here.lat),
    lon: String(here.lon),
    ...query,
  })
  return expectStatus(
    await guest<{ uuid: string }>('POST', `/food/session?${q}`),
    201,
    'start a food session',
  ).uuid
}

/** The checkout body a guest fills in (terms and privacy accepted, ASAP, card). */
export const checkoutBody = (restaurant: string, overrides: Record<string, unknown> = {}) => ({
  restaurant_uuid: restaurant,
  delivery_asap: true,
  name: 'Anna de Vries',
  phone: '+31 6 1234 5678',
  email: 'anna@example.com',
  comment: 'Ring twice',
  accept_terms: true,
  accept_privacy: true,
  payment_method: 'card',
  language: 'de',
  ...overrides,
})

export interface PlacedFoodOrder {
  session: string
  order: string
  payment: string
  total: number
}

/**
 * A guest's order of `quantity` × the restaurant's product (enough for its minimum), placed but not
 * paid: the session, the order and its payment.
 */
export async function placeFoodOrder(
  guest: Api,
  restaurant: SeededRestaurant,
  opts: { quantity?: number; session?: string; body?: Record<string, unknown> } = {},
): Promise<PlacedFoodOrder> {
  const session = opts.session ?? (await startFoodSession(guest))
  expectStatus(
    await guest('PUT', `/food/basket/${session}`, {
      product_id: restaurant.product,
      quantity: opts.quantity ?? 2,
    }),
    200,
    'fill the basket',
  )
  const placed = expectStatus(
    await guest<{ result: { uuid: string; total: number }; payment_uuid: string }>(
      'POST',
      `/food/basket/${session}/checkout`,
      checkoutBody(restaurant.uuid, opts.body),
    ),
    201,
    'check out',
  )
  return { session, order: placed.result.uuid, payment: placed.payment_uuid, total: placed.result.total }
}
