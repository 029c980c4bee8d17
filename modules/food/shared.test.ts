import { describe, expect, it } from 'vitest'
import {
  checkBranding,
  checkCategory,
  checkProduct,
  checkRestaurant,
  isClosingTime,
  isDomainName,
  isTime,
  minutesOf,
  normalizeZipCode,
  type Problem,
  parseCost,
  type RestaurantInput,
  ruleMessages,
  themeShades,
  zipCodeExists,
} from './shared.ts'

/** The problems as `field: code`, for short assertions. */
const codes = (problems: Problem[]) => problems.map((p) => `${p.field}: ${p.code}`)

/** A restaurant that passes every rule; each test breaks one thing. */
const valid: RestaurantInput = {
  title: 'Pizzeria Napoli',
  description: 'Wood-fired pizza',
  address: 'Damrak 1, Amsterdam',
  image: '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d',
  can_pickup_in_rest: false,
  type_of_delivery: 2,
  time_zone: 'Europe/Amsterdam',
  latitude: 52.3745,
  longitude: 4.8979,
  delivery_ranges: [{ range_start: 0, range_end: 3, cost: 250 }],
}
const restaurant = (patch: Partial<RestaurantInput>) => checkRestaurant({ ...valid, ...patch })

describe('restaurant rules (spec section 5, "Food restaurant")', () => {
  it('accepts a complete restaurant and answers what to store', () => {
    const { problems, value } = checkRestaurant(valid)
    expect(problems).toEqual([])
    expect(value.delivery_ranges).toEqual([{ start_m: 0, end_m: 3000, cost: 250 }])
    // No hours given: Monday to Friday on (spec default), the weekend off.
    expect(value.working_hours.map((d) => d.enabled)).toEqual([true, true, true, true, true, false, false])
  })

  it('needs a title, a description and an address, with the spec’s message', () => {
    const { problems } = restaurant({ title: ' ', description: '', address: null })
    expect(codes(problems)).toEqual(['title: required', 'description: required', 'address: required'])
    expect(problems[0]?.message).toBe('This field is required')
  })

  it('needs no address when pickup in the restaurant is allowed', () => {
    expect(codes(restaurant({ address: '', can_pickup_in_rest: true }).problems)).toEqual([])
  })

  it('needs an image (a new program)', () => {
    expect(codes(restaurant({ image: null }).problems)).toEqual(['image: required'])
  })

  it('with pickup on, a pickup fee heading needs its cost and a cost its heading', () => {
    const pickup = { can_pickup_in_rest: true }
    expect(codes(restaurant({ ...pickup, pickup_fee_heading: 'Packaging' }).problems)).toEqual([
      'pickup_fee: required',
    ])
    expect(codes(restaurant({ ...pickup, pickup_fee: '0,50' }).problems)).toEqual([
      'pickup_fee_heading: required',
    ])
    const both = restaurant({ ...pickup, pickup_fee_heading: 'Packaging', pickup_fee: '0,50' })
    expect(both.problems).toEqual([])
    expect(both.value.pickup_fee).toBe(50)
    expect(restaurant({ ...pickup }).problems).toEqual([])
  })

  it('zip code delivery: a row with a zip code needs a cost; empty rows are dropped', () => {
    const { problems, value } = restaurant({
      type_of_delivery: 1,
      delivery_range_zip_codes: [
        { zip_code: '1011', cost: '2,50' },
        { zip_code: '1012 ab', cost: null },
        { zip_code: '', cost: '' },
      ],
    })
    expect(codes(problems)).toEqual(['delivery_range_zip_codes.1.cost: required'])
    expect(value.delivery_range_zip_codes).toEqual([{ zip_code: '1011', cost: 250 }])
  })

  it('zip code delivery: the cost must not start or end with a dot or comma', () => {
    for (const cost of ['.50', ',50', '2.', '2,']) {
      const { problems } = restaurant({
        type_of_delivery: 1,
        delivery_range_zip_codes: [{ zip_code: '1011', cost }],
      })
      expect(codes(problems), cost).toEqual(['delivery_range_zip_codes.0.cost: cost_separator_at_edge'])
      expect(problems[0]?.message).toBe('The cost must not start or end with a dot or comma')
    }
    const ok = restaurant({
      type_of_delivery: 1,
      delivery_range_zip_codes: [{ zip_code: '1011', cost: '2.5' }],
    })
    expect(ok.value.delivery_range_zip_codes[0]?.cost).toBe(250)
  })

  it('zip code delivery: each zip code must exist, once', () => {
    const { problems } = restaurant({
      type_of_delivery: 1,
      delivery_range_zip_codes: [
        { zip_code: '0123', cost: 100 },
        { zip_code: '1011 SS', cost: 100 },
        { zip_code: '1011 AB', cost: 100 },
        { zip_code: '1011ab', cost: 100 },
      ],
    })
    expect(codes(problems)).toEqual([
      'delivery_range_zip_codes.0.zip_code: zip_code_not_found',
      'delivery_range_zip_codes.1.zip_code: zip_code_not_found',
      'delivery_range_zip_codes.3.zip_code: zip_code_already_exists',
    ])
    expect(problems[0]?.message).toBe('One of the zip codes does not exist')
  })

  it('distance delivery: each range needs start, end and cost; start 0 by default', () => {
    const { problems, value } = restaurant({
      delivery_ranges: [
        { range_end: 2, cost: 0 },
        { range_start: 2, cost: 100 },
        { range_start: 3, range_end: 5 },
      ],
    })
    expect(codes(problems)).toEqual([
      'delivery_ranges.1.range_end: required',
      'delivery_ranges.2.cost: required',
    ])
    expect(value.delivery_ranges).toEqual([{ start_m: 0, end_m: 2000, cost: 0 }])
  })

  it('distance delivery: start must be lower than end', () => {
    for (const [start, end] of [
      [3, 3],
      [4, 3],
    ]) {
      const { problems } = restaurant({
        delivery_ranges: [{ range_start: start, range_end: end, cost: 100 }],
      })
      expect(codes(problems)).toEqual(['delivery_ranges.0.range_start: range_start_not_below_end'])
    }
  })

  it('distance delivery: the next range must not overlap (end differs, start not below the previous end)', () => {
    const sameEnd = restaurant({
      delivery_ranges: [
        { range_start: 0, range_end: 3, cost: 100 },
        { range_start: 3, range_end: 3.0, cost: 200 },
      ],
    })
    expect(codes(sameEnd.problems)).toContain('delivery_ranges.1.range_end: range_overlaps_previous')
    const startsInside = restaurant({
      delivery_ranges: [
        { range_start: 0, range_end: 3, cost: 100 },
        { range_start: 2.5, range_end: 6, cost: 200 },
      ],
    })
    expect(codes(startsInside.problems)).toEqual(['delivery_ranges.1.range_start: range_overlaps_previous'])
    const adjoining = restaurant({
      delivery_ranges: [
        { range_start: 0, range_end: 3, cost: 100 },
        { range_start: 3, range_end: 6.5, cost: 200 },
      ],
    })
    expect(adjoining.problems).toEqual([])
    expect(adjoining.value.delivery_ranges.map((r) => [r.start_m, r.end_m])).toEqual([
      [0, 3000],
      [3000, 6500],
    ])
  })

  it('needs at least one valid delivery range unless pickup is allowed', () => {
    expect(codes(restaurant({ delivery_ranges: [] }).problems)).toEqual([
      'delivery_ranges: delivery_range_required',
    ])
    expect(codes(restaurant({ type_of_delivery: 1, delivery_range_zip_codes: [] }).problems)).toEqual([
      'delivery_range_zip_codes: delivery_range_required',
    ])
    expect(restaurant({ delivery_ranges: [], can_pickup_in_rest: true }).problems).toEqual([])
    expect(restaurant({ delivery_ranges: [] }).problems[0]?.message).toBe(
      'At least one valid delivery range is needed unless pickup is allowed',
    )
  })

  it('working hours: valid times and a real range on enabled days; disabled days are not checked', () => {
    const { problems, value } = restaurant({
      working_hours: [
        { day_of_week: 1, start_time: '9:00', end_time: '17:00' },
        { day_of_week: 2, start_time: '24:00', end_time: '24:30' },
        { day_of_week: 3, start_time: '10:00', end_time: '10:00' },
        { day_of_week: 4, start_time: null, end_time: '17:00' },
        { day_of_week: 5, start_time: '17:00', end_time: '02:00' },
        { day_of_week: 6, enabled: false, start_time: 'nonsense', end_time: '' },
        { day_of_week: 5, start_time: '10:00', end_time: '11:00' },
      ],
    })
    expect(codes(problems)).toEqual([
      'working_hours.0.start_time: invalid_time_format',
      'working_hours.1.start_time: invalid_time_format',
      'working_hours.1.end_time: invalid_time_format',
      'working_hours.2.end_time: invalid_time_range',
      'working_hours.3.start_time: required',
      'working_hours.6.day_of_week: day_already_exists',
    ])
    expect(problems[0]?.message).toBe('Invalid time format')
    // Friday crosses midnight; Saturday keeps default times while off; Sunday is not listed: off.
    expect(value.working_hours[4]).toEqual({
      day_of_week: 5,
      enabled: true,
      start_time: '17:00',
      end_time: '02:00',
    })
    expect(value.working_hours[5]).toMatchObject({ enabled: false, start_time: '09:00' })
    expect(value.working_hours[6]?.enabled).toBe(false)
  })

  it('exceptions: a date each, valid times unless closed, and no date twice', () => {
    const { problems, value } = restaurant({
      working_hours_exceptions: [
        { date: '2026-12-25', closed: true },
        { date: '2026-12-24', start_time: '10:00', end_time: '15:00' },
        { date: '2026-12-25', closed: true },
        { date: null, closed: true },
        { date: '2026-02-30', closed: true },
        { date: '2026-12-31', start_time: '25:00', end_time: '15:00' },
      ],
    })
    expect(codes(problems)).toEqual([
      'working_hours_exceptions.2.date: date_already_exists',
      'working_hours_exceptions.3.date: required',
      'working_hours_exceptions.4.date: invalid_date',
      'working_hours_exceptions.5.start_time: invalid_time_format',
    ])
    expect(problems[0]?.message).toBe('Date already exists')
    expect(value.working_hours_exceptions.map((e) => e.date)).toEqual(['2026-12-24', '2026-12-25'])
  })

  it('distance delivery measures from the restaurant: it needs latitude and longitude', () => {
    expect(codes(restaurant({ latitude: null, longitude: null }).problems)).toEqual([
      'latitude: required',
      'longitude: required',
    ])
    expect(codes(restaurant({ longitude: null }).problems)).toEqual(['longitude: required'])
    const byZip = { type_of_delivery: 1, delivery_range_zip_codes: [{ zip_code: '1011', cost: 0 }] }
    expect(restaurant({ ...byZip, latitude: null, longitude: null }).problems).toEqual([])
  })

  it('knows time zones', () => {
    expect(codes(restaurant({ time_zone: 'Mars/Olympus' }).problems)).toEqual([
      'time_zone: unknown_time_zone',
    ])
    expect(restaurant({ time_zone: 'America/New_York' }).problems).toEqual([])
  })
})

describe('product rules (spec section 5, "Product")', () => {
  const product = {
    title: 'Margherita',
    description: 'Tomato, mozzarella, basil',
    image: '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d',
    price: 950,
    quantity: 1,
    unit: 'piece',
    category_uuid: '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9e',
  }

  it('accepts a complete product', () => {
    expect(checkProduct(product).problems).toEqual([])
  })

  it('needs title, description, image, price, quantity, unit and category; text not blank', () => {
    const { problems } = checkProduct({
      title: '  ',
      description: '',
      image: null,
      price: null,
      quantity: null,
      unit: '',
      category_uuid: null,
    })
    expect(codes(problems)).toEqual([
      'title: required',
      'description: required',
      'image: required',
      'category_uuid: required',
      'price: required',
      'quantity: required',
      'unit: required',
    ])
    expect(codes(checkProduct({ ...product, unit: 'bucket', quantity: -1 }).problems)).toEqual([
      'quantity: invalid_number',
      'unit: invalid_choice',
    ])
  })

  it('a variant or extra row has all of title, quantity, unit and price, or none; only complete rows are kept', () => {
    const { problems, value } = checkProduct({
      ...product,
      variants: [
        { title: 'Large', quantity: 1, unit: 'piece', price: 1250 },
        { title: 'Family', quantity: null, unit: 'piece', price: null },
        { title: '', quantity: null, unit: '', price: '' },
      ],
      extras: [{ title: 'Extra cheese', quantity: 50, unit: 'gram', price: '1,00' }, { price: 100 }],
    })
    expect(codes(problems)).toEqual([
      'variants.1.quantity: fill_in_all_fields',
      'variants.1.price: fill_in_all_fields',
      'extras.1.title: fill_in_all_fields',
      'extras.1.quantity: fill_in_all_fields',
      'extras.1.unit: fill_in_all_fields',
    ])
    expect(problems[0]?.message).toBe('Fill in all fields')
    expect(value.variants).toEqual([{ uuid: null, title: 'Large', quantity: 1, unit: 'piece', price: 1250 }])
    expect(value.extras).toEqual([
      { uuid: null, title: 'Extra cheese', quantity: 50, unit: 'gram', price: 100 },
    ])
  })

  it('rejects duplicate keywords, whatever their case', () => {
    const { problems } = checkProduct({ ...product, keywords: ['vegan', 'Pizza', 'pizza ', 'VEGAN', ''] })
    expect(codes(problems)).toEqual([
      'keywords.2: keyword_already_exists',
      'keywords.3: keyword_already_exists',
      'keywords: duplicate_keywords',
    ])
    expect(problems.map((p) => p.message)).toEqual([
      'Keyword already exists',
      'Keyword already exists',
      'Duplicate keywords',
    ])
    expect(checkProduct({ ...product, keywords: ['vegan', 'pizza'] }).value.keywords).toEqual([
      'vegan',
      'pizza',
    ])
  })

  it('a category needs a title', () => {
    expect(codes(checkCategory({ title: ' ' }))).toEqual(['title: required'])
    expect(checkCategory({ title: 'Pizza' })).toEqual([])
  })
})

describe('form rules', () => {
  it('domain names: dot-separated labels of a-z, 0-9 and hyphens, up to 63 per label', () => {
    for (const ok of ['pizza-napoli.nl', 'www.pizza.nl', 'a1.b2.c3', 'localhost', `${'a'.repeat(63)}.nl`]) {
      expect(isDomainName(ok), ok).toBe(true)
    }
    for (const bad of [
      '',
      'pizza_napoli.nl',
      'pizza..nl',
      '.nl',
      'pizza napoli.nl',
      `${'a'.repeat(64)}.nl`,
      'café.nl',
    ]) {
      expect(isDomainName(bad), bad).toBe(false)
    }
    expect(checkBranding({ domain_name: 'Pizza.NL.' })).toEqual([])
    expect(checkBranding({ domain_name: 'pizza!.nl' })).toEqual([
      { field: 'domain_name', code: 'invalid_domain_name', message: 'The domain name is not valid' },
    ])
  })

  it('times are HH:MM, hours 0-23, minutes 0-59; a closing time may be 24:00, the end of the day', () => {
    expect(['00:00', '23:59', '12:30'].every(isTime)).toBe(true)
    expect(['24:00', '12:60', '9:00', '12:5', 'noon'].some(isTime)).toBe(false)
    expect(['24:00', '23:59', '00:00'].every(isClosingTime)).toBe(true)
    expect(['24:01', '24:30', '25:00'].some(isClosingTime)).toBe(false)
    expect(minutesOf('24:00')).toBe(1440)
    // Open all day: 00:00–24:00 (also with an exception), and until midnight from any opening time.
    const { problems, value } = restaurant({
      working_hours: [
        { day_of_week: 1, start_time: '00:00', end_time: '24:00' },
        { day_of_week: 2, start_time: '17:00', end_time: '24:00' },
      ],
      working_hours_exceptions: [{ date: '2026-12-31', start_time: '00:00', end_time: '24:00' }],
    })
    expect(codes(problems)).toEqual([])
    expect(value.working_hours[0]).toMatchObject({ start_time: '00:00', end_time: '24:00' })
  })

  it('costs as typed become minor units', () => {
    expect(parseCost('2,50')).toEqual({ ok: true, minor: 250 })
    expect(parseCost('2.5')).toEqual({ ok: true, minor: 250 })
    expect(parseCost('3')).toEqual({ ok: true, minor: 300 })
    expect(parseCost(125)).toEqual({ ok: true, minor: 125 })
    expect(parseCost('2,505')).toEqual({ ok: false, code: 'invalid_cost' })
    expect(parseCost('-1')).toEqual({ ok: false, code: 'invalid_cost' })
    expect(parseCost(1.5)).toEqual({ ok: false, code: 'invalid_cost' })
    expect(parseCost('')).toEqual({ ok: false, code: 'required' })
    expect(parseCost('5', 0)).toEqual({ ok: true, minor: 5 })
  })

  it('zip codes: Dutch postcodes, normalised', () => {
    expect(zipCodeExists('1011')).toBe(true)
    expect(zipCodeExists('9999 zz')).toBe(true)
    expect(zipCodeExists('0999')).toBe(false)
    expect(zipCodeExists('1011 SD')).toBe(false)
    expect(zipCodeExists('10115')).toBe(false)
    expect(normalizeZipCode('1011ab')).toBe('1011 AB')
  })

  it('a brand colour has 10 shades around it', () => {
    const shades = themeShades('#4D7CFE')
    expect(shades).toHaveLength(10)
    expect(shades[5]).toBe('#4d7cfe')
    expect(shades[0]).toBe('#edf2ff')
    expect(shades.every((s) => /^#[0-9a-f]{6}$/.test(s))).toBe(true)
  })

  it('has an English message for every code', () => {
    expect(Object.values(ruleMessages).every((m) => m.length > 3)).toBe(true)
  })
})
