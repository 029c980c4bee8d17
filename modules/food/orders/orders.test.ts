import { describe, expect, it } from 'vitest'
import { deliveryTo, distanceM } from './area.ts'
import {
  canMove,
  kitchenChoiceOf,
  kitchenChoices,
  type OrderStatus,
  statusName,
  transitions,
} from './codes.ts'
import { priceOrder } from './pricing.ts'
import { slotsFor } from './slots.ts'

/** Pure rules of ordering: transitions, delivery areas, 30-minute slots, VAT and totals in cents. */

describe('order statuses', () => {
  it('lets staff move a paid order forward only, never back, never to paid or paid_out', () => {
    expect(canMove(3, 5, 'staff')).toBe(true)
    expect(canMove(5, 6, 'staff')).toBe(true)
    expect(canMove(6, 7, 'staff')).toBe(true)
    expect(canMove(3, 7, 'staff')).toBe(true)
    for (const [from, to] of [
      [5, 3],
      [6, 5],
      [7, 6],
      [2, 3],
      [2, 5],
      [7, 8],
      [1, 5],
      [4, 5],
      [8, 7],
    ] as [OrderStatus, OrderStatus][])
      expect(canMove(from, to, 'staff'), `${from} → ${to}`).toBe(false)
  })

  it('lets only the payment make an order paid, also after a failure, and only the payout pay out', () => {
    expect(canMove(2, 3, 'payment')).toBe(true)
    expect(canMove(4, 3, 'payment')).toBe(true)
    expect(canMove(3, 3, 'payment')).toBe(false)
    expect(canMove(5, 3, 'payment')).toBe(false)
    expect(canMove(7, 8, 'payout')).toBe(true)
    expect(canMove(6, 8, 'payout')).toBe(false)
    // Every status has a row; nothing leaves paid_out.
    expect(Object.keys(transitions)).toHaveLength(8)
    expect(transitions[8]).toEqual({})
  })

  it('maps the kitchen’s words and names pickup statuses as a guest reads them', () => {
    expect(kitchenChoices).toEqual({ pending: 3, kitchen: 5, delivering: 6, delivered: 7 })
    expect(kitchenChoiceOf(5)).toBe('kitchen')
    expect(kitchenChoiceOf(2)).toBeNull()
    expect(statusName(6, true)).toBe('readyForPickup')
    expect(statusName(7, true)).toBe('pickedUp')
    expect(statusName(6, false)).toBe('out_for_delivery')
  })
})

describe('delivery areas', () => {
  const zipArea = {
    type_of_delivery: 1,
    latitude: null,
    longitude: null,
    delivery_range_zip_codes: [
      { zip_code: '1012', cost: 300 },
      { zip_code: '1013 ab', cost: 500 },
    ],
    delivery_ranges: [],
  }
  it('matches the full postcode before its four-digit area', () => {
    expect(deliveryTo(zipArea, { zip_code: '1012XY', lat: null, lon: null })).toEqual({
      inside: true,
      cost: 300,
      distance_m: null,
    })
    expect(deliveryTo(zipArea, { zip_code: '1013 AB', lat: null, lon: null })).toMatchObject({ cost: 500 })
    expect(deliveryTo(zipArea, { zip_code: '1013 AC', lat: null, lon: null })).toEqual({
      inside: false,
      why: 'outside_delivery_area',
    })
    expect(deliveryTo(zipArea, { zip_code: null, lat: null, lon: null })).toMatchObject({
      why: 'location_needed',
    })
  })

  const home = { lat: 52.3745, lon: 4.8979 }
  const distanceArea = {
    type_of_delivery: 2,
    latitude: home.lat,
    longitude: home.lon,
    delivery_range_zip_codes: [],
    delivery_ranges: [
      { start_m: 0, end_m: 3000, cost: 250 },
      { start_m: 3000, end_m: 6000, cost: 450 },
    ],
  }
  it('measures the great-circle distance and takes the range it falls in, end excluded', () => {
    // One degree of latitude is about 111.2 km.
    expect(distanceM(home, { lat: home.lat + 1, lon: home.lon })).toBeGreaterThan(111_000)
    expect(distanceM(home, { lat: home.lat + 1, lon: home.lon })).toBeLessThan(111_400)
    const north = (m: number) => ({ zip_code: null, lat: home.lat + m / 111_195, lon: home.lon })
    expect(deliveryTo(distanceArea, north(2_990))).toMatchObject({ inside: true, cost: 250 })
    expect(deliveryTo(distanceArea, north(3_010))).toMatchObject({ inside: true, cost: 450 })
    expect(deliveryTo(distanceArea, north(5_990))).toMatchObject({ inside: true, cost: 450 })
    expect(deliveryTo(distanceArea, north(6_010))).toEqual({ inside: false, why: 'outside_delivery_area' })
    expect(deliveryTo(distanceArea, { zip_code: '1012', lat: null, lon: null })).toMatchObject({
      why: 'location_needed',
    })
  })
})

describe('slots', () => {
  const allWeek = (start: string, end: string) =>
    [1, 2, 3, 4, 5, 6, 7].map((d) => ({ day_of_week: d, enabled: true, start_time: start, end_time: end }))

  it('offers :00 and :30 from half an hour ahead (23:40 → 00:00) until before closing, past midnight too', () => {
    const hours = {
      time_zone: 'Europe/Amsterdam',
      working_hours: allWeek('17:00', '02:00'),
      working_hours_exceptions: [],
    }
    // Friday 2026-11-27 23:10 in Amsterdam (UTC+1).
    const slots = slotsFor(new Date('2026-11-27T22:10:00Z'), hours)
    expect(slots.map((s) => s.time)).toEqual(['00:00', '00:30', '01:00', '01:30'])
    expect(slots[0]!.at.toISOString()).toBe('2026-11-27T23:00:00.000Z')
  })

  it('offers today’s later opening before it opens, and none when closed for the day', () => {
    const hours = {
      time_zone: 'Europe/Amsterdam',
      working_hours: allWeek('17:00', '19:00'),
      working_hours_exceptions: [],
    }
    expect(slotsFor(new Date('2026-11-27T12:00:00Z'), hours).map((s) => s.time)).toEqual([
      '17:00',
      '17:30',
      '18:00',
      '18:30',
    ])
    expect(slotsFor(new Date('2026-11-27T19:00:00Z'), hours)).toEqual([])
    const closed = {
      ...hours,
      working_hours_exceptions: [{ date: '2026-11-27', closed: true, start_time: null, end_time: null }],
    }
    expect(slotsFor(new Date('2026-11-27T12:00:00Z'), closed)).toEqual([])
  })

  it('labels each slot by the clock it really is on the night clocks go forward', () => {
    const hours = {
      time_zone: 'Europe/Amsterdam',
      working_hours: allWeek('22:00', '04:00'),
      working_hours_exceptions: [],
    }
    // Saturday 2026-03-28 23:00 local (UTC+1); at 02:00 on Sunday clocks jump to 03:00 (UTC+2).
    const slots = slotsFor(new Date('2026-03-28T22:00:00Z'), hours)
    expect(slots.map((s) => s.time)).toEqual(['23:30', '00:00', '00:30', '01:00', '01:30', '03:00', '03:30'])
    expect(new Set(slots.map((s) => s.at.getTime())).size).toBe(slots.length)
    // And when they go back (2026-10-25 03:00 → 02:00), 02:00 and 02:30 come once each.
    const back = slotsFor(new Date('2026-10-24T21:00:00Z'), hours)
    expect(back.map((s) => s.time)).toEqual([
      '23:30',
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
    ])
  })
})

describe('money of an order', () => {
  it('prices lines from product, variant and extras, with VAT per line at the day’s rate, in cents', () => {
    const money = priceOrder(
      [
        {
          title: 'Margherita',
          quantity: 2,
          base_price: 950n,
          variant: { uuid: 'v', title: 'Large', price: 300n },
          extras: [{ uuid: 'e', title: 'Cheese', price: 100n }],
          vat_code: 'low',
        },
        { title: 'Beer', quantity: 3, base_price: 450n, variant: null, extras: [], vat_code: 'high' },
      ],
      { delivery_cost: 250n, pickup_fee: 0n },
      '2026-11-28',
    )
    expect(money.products_total).toBe(2n * 1350n + 3n * 450n)
    // 2700 gross at 9 %: 2700 × 9 / 109 = 222.9 → 223; 1350 at 21 %: 234.3 → 234; 250 at 9 %: 20.6 → 21.
    expect(money.lines.map((l) => [l.kind, l.price, l.vat, l.vat_rate_bp])).toEqual([
      ['product', 2700n, 223n, 900],
      ['product', 1350n, 234n, 2100],
      ['delivery', 250n, 21n, 900],
    ])
    expect(money.total).toBe(4300n)
    expect(money.vat).toBe(478n)
  })

  it('uses the rate in force on the order’s day (low was 6 % in 2018)', () => {
    const line = {
      title: 'Soup',
      quantity: 1,
      base_price: 1060n,
      variant: null,
      extras: [],
      vat_code: 'low' as const,
    }
    expect(priceOrder([line], { delivery_cost: 0n, pickup_fee: 0n }, '2018-12-31').vat).toBe(60n)
    expect(
      priceOrder([line], { delivery_cost: 0n, pickup_fee: 150n }, '2026-01-01').lines.map((l) => l.kind),
    ).toEqual(['product', 'pickup_fee'])
  })
})
