/**
 * The food module's constants and validation rules (spec food.md sections 5 and 9), shared with the
 * web app: its restaurant, product and branding forms run the same functions the API runs, so a
 * rule and its code are written once. Pure values: no database, no Node built-ins, no other module's
 * values (checked by .dependency-cruiser.mjs). Each problem names its field by the request's path
 * (`delivery_ranges.1.range_start`) and carries a stable code; the web words the codes (Lingui), the
 * English `message` is for logs and API readers.
 */

/**
 * A food order's number as every screen, e-mail and receipt writes it: `#4` (the restaurant's
 * running number). The web words it in its own catalog ("Order {number}") with this as the number.
 */
export const orderNumber = (orderId: number | string | bigint): string => `#${orderId}`

/** Units of a product, a variant or an extra (spec section 3). */
export const units = ['gram', 'kilogram', 'liter', 'milliliter', 'piece'] as const
export type Unit = (typeof units)[number]

/** How a restaurant delivers (spec section 9): 1 by zip code, 2 by distance. */
export const deliveryTypes = { zipcode: 1, distance: 2 } as const
export type DeliveryType = (typeof deliveryTypes)[keyof typeof deliveryTypes]

/** Days of the week: Monday = 1 … Sunday = 7 (spec section 9). */
export const daysOfWeek = [1, 2, 3, 4, 5, 6, 7] as const
export type DayOfWeek = (typeof daysOfWeek)[number]

/** Working hours when a restaurant has none yet: Monday to Friday (spec section 5), 09:00–17:00. */
export const defaultWorkingHours: readonly WorkingHoursRow[] = daysOfWeek.map((day) => ({
  day_of_week: day,
  enabled: day <= 5,
  start_time: '09:00',
  end_time: '17:00',
}))

/** Brand defaults (spec section 9). */
export const defaultBrandColor = '#4d7cfe'
export const defaultSeoLanguage = 'en'
/** The languages a brand's pages may declare (the interface languages). */
export const seoLanguages = ['nl', 'en', 'de', 'ru', 'uk'] as const

/** The product types a brand can switch off on its domain: `disable_<product>`. */
export const brandProducts = ['card', 'credit', 'payment', 'food', 'food_court'] as const
export type BrandProduct = (typeof brandProducts)[number]

/** Image rules (spec sections 5 and 9): drag and drop takes png/jpg under 2 MB. */
export const imageMaxBytes = 2_097_152
/** Site (app) logo at least 256×256, favicon (app icon) at least 512×512, both PNG. */
export const logoMinSide = { app_logo: 256, favicon_logo: 512 } as const
/** Widths a restaurant or product image is stored in, for `srcset`. */
export const imageWidths = [160, 320, 640, 960] as const

/** Text inputs: 255 characters unless a rule says otherwise (spec section 9). */
export const maxText = 255

/** Field error codes of the food rules (the web maps each to a message). */
export const foodRuleCodes = [
  'invalid_time_format',
  'invalid_time_range',
  'date_already_exists',
  'day_already_exists',
  'keyword_already_exists',
  'duplicate_keywords',
  'fill_in_all_fields',
  'zip_code_not_found',
  'zip_code_already_exists',
  'cost_separator_at_edge',
  'invalid_cost',
  'invalid_number',
  'range_start_not_below_end',
  'range_overlaps_previous',
  'delivery_range_required',
  'invalid_domain_name',
  'domain_already_used',
  'unknown_time_zone',
] as const
export type FoodRuleCode = (typeof foodRuleCodes)[number]

/** Codes the rules share with the platform's own checks. */
export type RuleCode = FoodRuleCode | 'required' | 'invalid_date' | 'invalid_choice'

/** One thing wrong with one field. */
export interface Problem {
  field: string
  code: RuleCode
  message: string
  params?: Record<string, string | number>
}

/** English wording per code (spec section 5, "Validation messages" and the catalogue). */
export const ruleMessages: Record<RuleCode, string> = {
  required: 'This field is required',
  invalid_date: 'The date is not valid',
  invalid_choice: 'Choose one of the options',
  invalid_time_format: 'Invalid time format',
  invalid_time_range: 'The opening and closing time must differ',
  date_already_exists: 'Date already exists',
  day_already_exists: 'This day is listed twice',
  keyword_already_exists: 'Keyword already exists',
  duplicate_keywords: 'Duplicate keywords',
  fill_in_all_fields: 'Fill in all fields',
  zip_code_not_found: 'One of the zip codes does not exist',
  zip_code_already_exists: 'This zip code is listed twice',
  cost_separator_at_edge: 'The cost must not start or end with a dot or comma',
  invalid_cost: 'The cost must be an amount such as 2,50',
  invalid_number: 'The number is not valid',
  range_start_not_below_end: 'The start of a range must be lower than its end',
  range_overlaps_previous: 'The range overlaps the previous one',
  delivery_range_required: 'At least one valid delivery range is needed unless pickup is allowed',
  invalid_domain_name: 'The domain name is not valid',
  domain_already_used: 'Domain already used',
  unknown_time_zone: 'Unknown time zone',
}

const problem = (field: string, code: RuleCode, params?: Problem['params']): Problem =>
  params ? { field, code, message: ruleMessages[code], params } : { field, code, message: ruleMessages[code] }

/** Text that is missing or only white space (spec: "text must not be blank"). */
export const isBlank = (value: string | null | undefined) =>
  value === null || value === undefined || !value.trim()

// ── Times and dates ──────────────────────────────────────────────────────────────────────────────

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/

/** 'HH:MM' with hours 0–23 and minutes 0–59 (spec "Time range" rule). */
export const isTime = (value: unknown): value is string =>
  typeof value === 'string' && timePattern.test(value)

/**
 * The end of the day, as a closing time only: `00:00`–`24:00` is open the whole day, and with the
 * next day opening at `00:00` a restaurant is open at every moment, midnight included (`00:00`–`00:00`
 * is refused as a range without length, and `17:00`–`00:00` means until midnight, as before).
 */
export const endOfDay = '24:00'

/** A closing time: an 'HH:MM' or `24:00`, the end of the day. */
export const isClosingTime = (value: unknown): value is string => value === endOfDay || isTime(value)

/** Minutes after midnight of a valid 'HH:MM' (1440 for `24:00`, the end of the day). */
export function minutesOf(time: string): number {
  if (time === endOfDay) return 24 * 60
  const m = timePattern.exec(time)
  if (!m) throw new RangeError(`not a time: ${time}`)
  return Number(m[1]) * 60 + Number(m[2])
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar date as YYYY-MM-DD (no 2026-02-30). */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const m = datePattern.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === value
}

/** An IANA time zone the runtime knows (Europe/Amsterdam). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z]+(?:[/_+-][A-Za-z0-9]+)*$/.test(value) && value !== 'UTC') return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

// ── Money as typed ───────────────────────────────────────────────────────────────────────────────

/**
 * A cost as the owner types it ('2,50', '2.5', '3') or already in minor units (a whole number), to
 * minor units of a currency with `exponent` decimals. Spec: the cost must not start or end with a
 * dot or comma.
 */
export function parseCost(
  value: string | number | null | undefined,
  exponent = 2,
): { ok: true; minor: number } | { ok: false; code: RuleCode } {
  if (value === null || value === undefined) return { ok: false, code: 'required' }
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0
      ? { ok: true, minor: value }
      : { ok: false, code: 'invalid_cost' }
  }
  const text = value.trim()
  if (!text) return { ok: false, code: 'required' }
  if (/^[.,]|[.,]$/.test(text)) return { ok: false, code: 'cost_separator_at_edge' }
  const m = new RegExp(`^(\\d{1,9})(?:[.,](\\d{1,${Math.max(exponent, 1)}}))?$`).exec(text)
  if (!m || (exponent === 0 && m[2] !== undefined)) return { ok: false, code: 'invalid_cost' }
  const fraction = (m[2] ?? '').padEnd(exponent, '0')
  return { ok: true, minor: Number(m[1]) * 10 ** exponent + Number(fraction || 0) }
}

// ── Zip codes ────────────────────────────────────────────────────────────────────────────────────

/**
 * Whether a zip code exists: a Dutch postcode, the four-digit area (1011) or the full code
 * (1011 AB). Areas run 1000–9999 and the letter pairs SA, SD and SS are never issued (PostNL), so
 * "0123" or "1011 SS" do not exist. The platform's reference data has no postal codes (its source
 * has none); this is the rule the spec's "one of the zip codes must exist" is held to.
 */
export function zipCodeExists(value: string): boolean {
  const m = /^([1-9]\d{3})\s?([A-Za-z]{2})?$/.exec(value.trim())
  if (!m) return false
  const letters = m[2]?.toUpperCase()
  return !letters || !['SA', 'SD', 'SS'].includes(letters)
}

/** A zip code as stored and compared: upper case, one space between digits and letters. */
export function normalizeZipCode(value: string): string {
  const m = /^(\d{4})\s?([A-Za-z]{2})$/.exec(value.trim())
  return m ? `${m[1]} ${m[2]?.toUpperCase()}` : value.trim().toUpperCase()
}

// ── Domain names ─────────────────────────────────────────────────────────────────────────────────

/** Spec: dot-separated labels of a-z, 0-9 and hyphens, up to 63 characters per label. */
export function isDomainName(value: string): boolean {
  if (!value || value.length > 253) return false
  return value.split('.').every((label) => /^[a-z0-9-]{1,63}$/.test(label))
}

/** A domain name as typed to the form stored: trimmed, lower case, without a trailing dot. */
export const normalizeDomainName = (value: string) => value.trim().toLowerCase().replace(/\.$/, '')

// ── Theme ────────────────────────────────────────────────────────────────────────────────────────

export const isHexColor = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value)

/**
 * The 10 shades of a brand colour (50, 100, 200 … 900): lighter ones mixed with white, darker ones
 * with black, the colour itself at 500.
 */
export function themeShades(color: string): string[] {
  if (!isHexColor(color)) throw new RangeError(`not a colour: ${color}`)
  const rgb = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16))
  const mix = (target: number, amount: number) =>
    `#${rgb
      .map((c) => Math.round(c + (target - c) * amount))
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')}`
  return [
    mix(255, 0.9),
    mix(255, 0.8),
    mix(255, 0.6),
    mix(255, 0.4),
    mix(255, 0.2),
    color.toLowerCase(),
    mix(0, 0.15),
    mix(0, 0.3),
    mix(0, 0.45),
    mix(0, 0.6),
  ]
}

// ── Restaurant ───────────────────────────────────────────────────────────────────────────────────

export interface WorkingHoursRow {
  day_of_week: number
  enabled: boolean
  start_time: string
  end_time: string
}

export interface WorkingHoursInput {
  day_of_week: number
  enabled?: boolean | undefined
  start_time?: string | null | undefined
  end_time?: string | null | undefined
}

export interface ExceptionInput {
  date?: string | null | undefined
  closed?: boolean | undefined
  start_time?: string | null | undefined
  end_time?: string | null | undefined
}

export interface ZipRowInput {
  zip_code?: string | null | undefined
  cost?: string | number | null | undefined
}

export interface RangeInput {
  /** Kilometres from the restaurant; the first range starts at 0 unless given. */
  range_start?: number | null | undefined
  range_end?: number | null | undefined
  cost?: string | number | null | undefined
}

/** What the restaurant rules read: the form as it would be saved (existing values merged in). */
export interface RestaurantInput {
  title?: string | null | undefined
  description?: string | null | undefined
  address?: string | null | undefined
  /** The image chosen (an uploaded image's id), or the one the restaurant has. */
  image?: string | null | undefined
  can_pickup_in_rest?: boolean | undefined
  pickup_fee_heading?: string | null | undefined
  pickup_fee?: string | number | null | undefined
  type_of_delivery?: number | undefined
  time_zone?: string | undefined
  latitude?: number | null | undefined
  longitude?: number | null | undefined
  delivery_range_zip_codes?: readonly ZipRowInput[] | undefined
  delivery_ranges?: readonly RangeInput[] | undefined
  working_hours?: readonly WorkingHoursInput[] | undefined
  working_hours_exceptions?: readonly ExceptionInput[] | undefined
}

export interface ValidRestaurant {
  pickup_fee: number | null
  delivery_range_zip_codes: { zip_code: string; cost: number }[]
  /** Metres. */
  delivery_ranges: { start_m: number; end_m: number; cost: number }[]
  working_hours: WorkingHoursRow[]
  working_hours_exceptions: {
    date: string
    closed: boolean
    start_time: string | null
    end_time: string | null
  }[]
}

const filled = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && !v.trim())

/**
 * Every rule of spec section 5 "Food restaurant" over the form as it would be saved. Answers the
 * problems (empty when valid) and, when valid, the normalised rows to store: costs in minor units,
 * distances in metres, all seven weekdays, only complete rows (empty ones dropped).
 */
export function checkRestaurant(
  input: RestaurantInput,
  opts: { currencyExponent?: number } = {},
): { problems: Problem[]; value: ValidRestaurant } {
  const exponent = opts.currencyExponent ?? 2
  const problems: Problem[] = []
  const push = (field: string, code: RuleCode, params?: Problem['params']) =>
    problems.push(problem(field, code, params))
  const pickup = input.can_pickup_in_rest === true

  if (isBlank(input.title)) push('title', 'required')
  if (isBlank(input.description)) push('description', 'required')
  if (!pickup && isBlank(input.address)) push('address', 'required')
  if (isBlank(input.image)) push('image', 'required')
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone)) push('time_zone', 'unknown_time_zone')

  // Pickup fee: heading and cost, when either is set, both (spec: "when set, are required").
  let pickupFee: number | null = null
  if (pickup) {
    const heading = filled(input.pickup_fee_heading)
    const fee = filled(input.pickup_fee)
    if (heading && !fee) push('pickup_fee', 'required')
    if (fee && !heading) push('pickup_fee_heading', 'required')
    if (fee) {
      const cost = parseCost(input.pickup_fee, exponent)
      if (cost.ok) pickupFee = cost.minor
      else push('pickup_fee', cost.code)
    }
  } else if (filled(input.pickup_fee)) {
    const cost = parseCost(input.pickup_fee, exponent)
    if (cost.ok) pickupFee = cost.minor
    else push('pickup_fee', cost.code)
  }

  // Zip code rows: a row with a zip code needs a cost; empty rows are dropped.
  const zips: ValidRestaurant['delivery_range_zip_codes'] = []
  const seenZips = new Set<string>()
  for (const [i, row] of (input.delivery_range_zip_codes ?? []).entries()) {
    const hasZip = filled(row.zip_code)
    const hasCost = filled(row.cost)
    if (!hasZip && !hasCost) continue
    const at = `delivery_range_zip_codes.${i}`
    let ok = true
    if (!hasZip) {
      push(`${at}.zip_code`, 'required')
      ok = false
    } else if (!zipCodeExists(row.zip_code as string)) {
      push(`${at}.zip_code`, 'zip_code_not_found')
      ok = false
    } else {
      const zip = normalizeZipCode(row.zip_code as string)
      if (seenZips.has(zip)) {
        push(`${at}.zip_code`, 'zip_code_already_exists')
        ok = false
      }
      seenZips.add(zip)
    }
    const cost = parseCost(row.cost, exponent)
    if (!cost.ok) {
      push(`${at}.cost`, cost.code)
      ok = false
    }
    if (ok && cost.ok) zips.push({ zip_code: normalizeZipCode(row.zip_code as string), cost: cost.minor })
  }

  // Distance ranges: start, end and cost each; start < end; no overlap with the previous range.
  const ranges: ValidRestaurant['delivery_ranges'] = []
  let previousEnd: number | null = null
  for (const [i, row] of (input.delivery_ranges ?? []).entries()) {
    if (!filled(row.range_end) && !filled(row.cost) && (!filled(row.range_start) || row.range_start === 0))
      continue
    const at = `delivery_ranges.${i}`
    const start = row.range_start ?? 0
    let ok = true
    const kilometres = (v: unknown, field: string) => {
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1000) {
        push(`${at}.${field}`, v === null || v === undefined ? 'required' : 'invalid_number')
        ok = false
        return 0
      }
      return Math.round(v * 1000)
    }
    const startM = kilometres(start, 'range_start')
    const endM = filled(row.range_end) ? kilometres(row.range_end, 'range_end') : null
    if (endM === null) {
      push(`${at}.range_end`, 'required')
      ok = false
    }
    const cost = parseCost(row.cost, exponent)
    if (!cost.ok) {
      push(`${at}.cost`, cost.code)
      ok = false
    }
    if (endM !== null && ok && startM >= endM) {
      push(`${at}.range_start`, 'range_start_not_below_end')
      ok = false
    }
    if (previousEnd !== null && endM !== null) {
      if (endM === previousEnd) {
        push(`${at}.range_end`, 'range_overlaps_previous')
        ok = false
      } else if (startM < previousEnd) {
        push(`${at}.range_start`, 'range_overlaps_previous')
        ok = false
      }
    }
    if (endM !== null) previousEnd = endM
    if (ok && endM !== null && cost.ok) ranges.push({ start_m: startM, end_m: endM, cost: cost.minor })
  }

  const byZip = input.type_of_delivery === deliveryTypes.zipcode
  const rowsInvalid = problems.some((p) =>
    p.field.startsWith(byZip ? 'delivery_range_zip_codes.' : 'delivery_ranges.'),
  )
  if (!pickup && !rowsInvalid && (byZip ? zips.length === 0 : ranges.length === 0)) {
    push(byZip ? 'delivery_range_zip_codes' : 'delivery_ranges', 'delivery_range_required')
  }
  // Distances are measured from the restaurant: delivery by distance needs where it is.
  const hasLat = filled(input.latitude)
  const hasLon = filled(input.longitude)
  if ((!byZip && ranges.length > 0) || hasLat !== hasLon) {
    if (!hasLat) push('latitude', 'required')
    if (!hasLon) push('longitude', 'required')
  }

  // Working hours: each day once; valid times and a real range on enabled days.
  const hours = new Map<number, WorkingHoursRow>(
    defaultWorkingHours.map((d) => [d.day_of_week, { ...d, enabled: false }]),
  )
  if (input.working_hours === undefined)
    for (const d of defaultWorkingHours) hours.set(d.day_of_week, { ...d })
  const seenDays = new Set<number>()
  for (const [i, row] of (input.working_hours ?? []).entries()) {
    const at = `working_hours.${i}`
    if (seenDays.has(row.day_of_week)) {
      push(`${at}.day_of_week`, 'day_already_exists')
      continue
    }
    seenDays.add(row.day_of_week)
    const enabled = row.enabled ?? true
    const fallback = defaultWorkingHours[row.day_of_week - 1] ?? defaultWorkingHours[0]!
    if (enabled) {
      const times = checkTimes(row, at, push)
      if (times) hours.set(row.day_of_week, { day_of_week: row.day_of_week, enabled, ...times })
    } else {
      hours.set(row.day_of_week, {
        day_of_week: row.day_of_week,
        enabled: false,
        start_time: isTime(row.start_time) ? row.start_time : fallback.start_time,
        end_time: isClosingTime(row.end_time) ? row.end_time : fallback.end_time,
      })
    }
  }

  // Exceptions: a date each (once), and valid times unless closed.
  const exceptions: ValidRestaurant['working_hours_exceptions'] = []
  const seenDates = new Set<string>()
  for (const [i, row] of (input.working_hours_exceptions ?? []).entries()) {
    const at = `working_hours_exceptions.${i}`
    let ok = true
    if (!filled(row.date)) {
      push(`${at}.date`, 'required')
      ok = false
    } else if (!isDate(row.date)) {
      push(`${at}.date`, 'invalid_date')
      ok = false
    } else if (seenDates.has(row.date as string)) {
      push(`${at}.date`, 'date_already_exists')
      ok = false
    } else seenDates.add(row.date as string)
    const closed = row.closed === true
    const times = closed ? null : checkTimes(row, at, push)
    if (!closed && !times) ok = false
    if (ok) {
      exceptions.push({
        date: row.date as string,
        closed,
        start_time: times?.start_time ?? null,
        end_time: times?.end_time ?? null,
      })
    }
  }
  exceptions.sort((a, b) => a.date.localeCompare(b.date))

  return {
    problems,
    value: {
      pickup_fee: pickupFee,
      delivery_range_zip_codes: zips,
      delivery_ranges: ranges,
      working_hours: [...hours.values()].sort((a, b) => a.day_of_week - b.day_of_week),
      working_hours_exceptions: exceptions,
    },
  }
}

function checkTimes(
  row: { start_time?: string | null | undefined; end_time?: string | null | undefined },
  at: string,
  push: (field: string, code: RuleCode) => void,
): { start_time: string; end_time: string } | null {
  let ok = true
  for (const field of ['start_time', 'end_time'] as const) {
    const v = row[field]
    if (!filled(v)) {
      push(`${at}.${field}`, 'required')
      ok = false
    } else if (field === 'start_time' ? !isTime(v) : !isClosingTime(v)) {
      push(`${at}.${field}`, 'invalid_time_format')
      ok = false
    }
  }
  if (!ok) return null
  const start = row.start_time as string
  const end = row.end_time as string
  if (start === end) {
    push(`${at}.end_time`, 'invalid_time_range')
    return null
  }
  return { start_time: start, end_time: end }
}

// ── Product ──────────────────────────────────────────────────────────────────────────────────────

export interface OptionInput {
  uuid?: string | null | undefined
  title?: string | null | undefined
  quantity?: number | null | undefined
  unit?: string | null | undefined
  price?: string | number | null | undefined
}

export interface ProductInput {
  title?: string | null | undefined
  description?: string | null | undefined
  image?: string | null | undefined
  price?: string | number | null | undefined
  quantity?: number | null | undefined
  unit?: string | null | undefined
  category_uuid?: string | null | undefined
  keywords?: readonly string[] | undefined
  variants?: readonly OptionInput[] | undefined
  extras?: readonly OptionInput[] | undefined
}

export interface ValidOption {
  uuid: string | null
  title: string
  quantity: number
  unit: Unit
  price: number
}

export interface ValidProduct {
  price: number
  keywords: string[]
  variants: ValidOption[]
  extras: ValidOption[]
}

const isUnit = (v: unknown): v is Unit => typeof v === 'string' && (units as readonly string[]).includes(v)
const isQuantity = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 10_000_000 && Math.round(v * 1000) === v * 1000

/**
 * Every rule of spec section 5 "Product" over the form as it would be saved: title, description,
 * image, price, quantity, unit and category required (text not blank); a variant or extra row has
 * all of title, quantity, unit and price or none (only complete rows are kept); no keyword twice.
 */
export function checkProduct(
  input: ProductInput,
  opts: { currencyExponent?: number } = {},
): { problems: Problem[]; value: ValidProduct } {
  const exponent = opts.currencyExponent ?? 2
  const problems: Problem[] = []
  const push = (field: string, code: RuleCode, params?: Problem['params']) =>
    problems.push(problem(field, code, params))

  for (const field of ['title', 'description', 'image', 'category_uuid'] as const) {
    if (isBlank(input[field])) push(field, 'required')
  }
  const price = parseCost(input.price, exponent)
  if (!price.ok) push('price', price.code)
  if (input.quantity === null || input.quantity === undefined) push('quantity', 'required')
  else if (!isQuantity(input.quantity)) push('quantity', 'invalid_number')
  if (isBlank(input.unit)) push('unit', 'required')
  else if (!isUnit(input.unit)) push('unit', 'invalid_choice')

  const keywords: string[] = []
  const seen = new Map<string, number>()
  let duplicates = false
  for (const [i, raw] of (input.keywords ?? []).entries()) {
    const keyword = raw.trim()
    if (!keyword) continue
    const key = keyword.toLocaleLowerCase()
    if (seen.has(key)) {
      push(`keywords.${i}`, 'keyword_already_exists', { keyword })
      duplicates = true
      continue
    }
    seen.set(key, i)
    keywords.push(keyword)
  }
  if (duplicates) push('keywords', 'duplicate_keywords')

  const options = (kind: 'variants' | 'extras') => {
    const kept: ValidOption[] = []
    for (const [i, row] of (input[kind] ?? []).entries()) {
      const at = `${kind}.${i}`
      const parts = {
        title: filled(row.title),
        quantity: row.quantity !== null && row.quantity !== undefined,
        unit: filled(row.unit),
        price: filled(row.price),
      }
      const given = Object.values(parts).filter(Boolean).length
      if (given === 0) continue
      if (given < 4) {
        for (const [field, ok] of Object.entries(parts)) if (!ok) push(`${at}.${field}`, 'fill_in_all_fields')
        continue
      }
      let ok = true
      if (!isQuantity(row.quantity)) {
        push(`${at}.quantity`, 'invalid_number')
        ok = false
      }
      if (!isUnit(row.unit)) {
        push(`${at}.unit`, 'invalid_choice')
        ok = false
      }
      const cost = parseCost(row.price, exponent)
      if (!cost.ok) {
        push(`${at}.price`, cost.code)
        ok = false
      }
      if (ok && cost.ok) {
        kept.push({
          uuid: row.uuid ?? null,
          title: (row.title as string).trim(),
          quantity: row.quantity as number,
          unit: row.unit as Unit,
          price: cost.minor,
        })
      }
    }
    return kept
  }
  const variants = options('variants')
  const extras = options('extras')
  return { problems, value: { price: price.ok ? price.minor : 0, keywords, variants, extras } }
}

/** A category: a title that is not blank. */
export function checkCategory(input: { title?: string | null | undefined }): Problem[] {
  return isBlank(input.title) ? [problem('title', 'required')] : []
}

/** Branding: the domain name rule (spec section 5, "Domain name"), when one is given. */
export function checkBranding(input: { domain_name?: string | null | undefined }): Problem[] {
  if (input.domain_name === null || input.domain_name === undefined || input.domain_name === '') return []
  return isDomainName(normalizeDomainName(input.domain_name))
    ? []
    : [problem('domain_name', 'invalid_domain_name')]
}
