import { normalizeZipCode } from '../shared.ts'

/**
 * Whether an address is inside a restaurant's delivery area, and what delivery costs there
 * (spec section 5 "The delivery address must be inside the delivery area"). Pure.
 *
 * - zip code delivery (type 1): a row for the full postcode (`1011 AB`) wins over a row for its
 *   four-digit area (`1011`);
 * - distance delivery (type 2): the great-circle distance from the restaurant to the address
 *   (its `lat`/`lon`), in whole metres, inside a range `start ≤ d < end` (the first range includes
 *   its start, 0 by default).
 */
export interface DeliveryArea {
  type_of_delivery: number
  latitude: number | null
  longitude: number | null
  delivery_range_zip_codes: readonly { zip_code: string; cost: number }[]
  delivery_ranges: readonly { start_m: number; end_m: number; cost: number }[]
}

export interface AddressPoint {
  zip_code: string | null
  lat: number | null
  lon: number | null
}

export type AreaAnswer =
  | { inside: true; cost: number; distance_m: number | null }
  | { inside: false; why: 'outside_delivery_area' | 'location_needed' | 'no_delivery' }

const earthRadiusM = 6_371_008.8

/** Great-circle distance in whole metres (haversine). */
export function distanceM(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return Math.round(2 * earthRadiusM * Math.asin(Math.min(1, Math.sqrt(h))))
}

export function deliveryTo(area: DeliveryArea, to: AddressPoint): AreaAnswer {
  if (area.type_of_delivery === 1) {
    if (area.delivery_range_zip_codes.length === 0) return { inside: false, why: 'no_delivery' }
    if (!to.zip_code) return { inside: false, why: 'location_needed' }
    const full = normalizeZipCode(to.zip_code)
    const district = full.slice(0, 4)
    const rows = area.delivery_range_zip_codes.map((r) => ({ ...r, zip: normalizeZipCode(r.zip_code) }))
    const row = rows.find((r) => r.zip === full) ?? rows.find((r) => r.zip === district)
    return row
      ? { inside: true, cost: row.cost, distance_m: null }
      : { inside: false, why: 'outside_delivery_area' }
  }
  if (area.delivery_ranges.length === 0 || area.latitude === null || area.longitude === null)
    return { inside: false, why: 'no_delivery' }
  if (to.lat === null || to.lon === null) return { inside: false, why: 'location_needed' }
  const d = distanceM({ lat: area.latitude, lon: area.longitude }, { lat: to.lat, lon: to.lon })
  const ranges = [...area.delivery_ranges].sort((a, b) => a.start_m - b.start_m)
  const range = ranges.find((r) => r.start_m <= d && d < r.end_m)
  return range
    ? { inside: true, cost: range.cost, distance_m: d }
    : { inside: false, why: 'outside_delivery_area' }
}
