import { vatCodes } from '../../payments/index.ts'
import { z } from '../../platform/http.ts'
import { units } from '../shared.ts'

export { requestContext } from '../../platform/module.ts'

export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema })
export const resultsOf = <T extends z.ZodType>(schema: T) => z.object({ results: z.array(schema) })

export const uuidParam = (what: string) =>
  z.object({ uuid: z.uuid(`not a ${what} id`).openapi({ param: { name: 'uuid', in: 'path' } }) })

/** The spec names some paths `{id}` (categories, products, announcements): their uuid. */
export const idParam = (what: string) =>
  z.object({ id: z.uuid(`not a ${what} id`).openapi({ param: { name: 'id', in: 'path' } }) })

export const programUuidQuery = z.object({
  program_uuid: z.uuid('not a program id').openapi({ description: 'The food program (restaurant)' }),
})

/** A file field of a multipart body. */
export const fileField = (message: string) =>
  z.instanceof(File, { message }).openapi({ type: 'string', format: 'binary' })

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export const imageSchema = z
  .object({
    uuid: z.uuid(),
    url: z.string().openapi({ description: 'A JPG (logos: PNG) about 640 px wide, for `src`' }),
    width: z.number().int().openapi({ description: 'Width of the original, px' }),
    height: z.number().int(),
    srcset: z
      .string()
      .openapi({ description: 'WebP candidates for `srcset` (160w … 960w); empty for logos' }),
    srcset_fallback: z.string().openapi({ description: 'JPG (logos: PNG) candidates for `srcset`' }),
  })
  .openapi('FoodImage')

export const thumbnailSchema = z
  .object({
    uuid: z.uuid(),
    url: z.string().openapi({ description: 'A JPG about 320 px wide, for `src` (browsers without WebP)' }),
    width: z.number().int().openapi({ description: 'Width of the original, px' }),
    height: z.number().int(),
    srcset: z.string().openapi({ description: 'WebP candidates up to 640 px (160w, 320w, 640w)' }),
  })
  .openapi('FoodThumbnail')

const money = (description: string) =>
  z
    .number()
    .int()
    .openapi({ description: `${description}, minor units` })
const time = z.string().openapi({ example: '17:00', description: "'HH:MM', local time of the restaurant" })

export const workingHoursSchema = z
  .object({
    day_of_week: z.number().int().openapi({ description: 'Monday 1 … Sunday 7' }),
    enabled: z.boolean(),
    start_time: time,
    end_time: time.openapi({
      description:
        "Earlier than start_time: the hours end after midnight; '24:00' is the end of the day ('00:00'–'24:00' is open all day)",
    }),
  })
  .openapi('WorkingHours')

export const exceptionSchema = z
  .object({
    date: z.string().openapi({ example: '2026-12-25' }),
    closed: z.boolean(),
    start_time: time.nullable(),
    end_time: time.nullable(),
  })
  .openapi('WorkingHoursException')

export const foodProgramSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    description: z.string(),
    status: z.number().int().openapi({ description: 'Program status 11001–11007' }),
    step: z.number().int().nullable().openapi({ description: 'The wizard step a draft resumes at' }),
    currency: z.string(),
    image: imageSchema.nullable(),
    address: z.string(),
    phone: z.string(),
    min_order_amount: money('Minimum order'),
    order_limit: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Most open orders at once; null: no limit' }),
    order_limit_message: z.string(),
    read_only_mode: z.boolean(),
    disable_online_ordering: z.boolean(),
    can_pickup_in_rest: z.boolean(),
    default_asap: z.boolean(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    pickup_fee_heading: z.string(),
    pickup_fee: money('Pickup fee').nullable(),
    delivering_sms_text: z.string(),
    time_zone: z.string().openapi({ example: 'Europe/Amsterdam' }),
    type_of_delivery: z.number().int().openapi({ description: '1 by zip code, 2 by distance' }),
    delivery_range_zip_codes: z.array(z.object({ zip_code: z.string(), cost: money('Delivery cost') })),
    delivery_ranges: z.array(
      z.object({
        range_start: z.number().openapi({ description: 'km from the restaurant' }),
        range_end: z.number().openapi({ description: 'km from the restaurant' }),
        cost: money('Delivery cost'),
      }),
    ),
    working_hours: z.array(workingHoursSchema),
    working_hours_exceptions: z.array(exceptionSchema),
    tc_pdf_url: z.string().nullable(),
    privacy_pdf_url: z.string().nullable(),
  })
  .openapi('FoodProgram')

export const foodProgramItemSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    description: z.string(),
    status: z.number().int(),
    step: z.number().int().nullable(),
    currency: z.string(),
    image: imageSchema.nullable(),
    address: z.string(),
    created: z.iso.datetime(),
  })
  .openapi('FoodProgramItem')

export const categorySchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    position: z.number().int(),
    products_count: z.number().int(),
  })
  .openapi('FoodCategory')

export const optionSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    quantity: z.number(),
    unit: z.enum(units),
    price: money('Price'),
  })
  .openapi('FoodProductOption')

export const productSchema = z
  .object({
    uuid: z.uuid(),
    category_uuid: z.uuid(),
    title: z.string(),
    description: z.string(),
    image: imageSchema.nullable(),
    price: money('Price'),
    currency: z.string(),
    quantity: z.number(),
    unit: z.enum(units),
    is_active: z.boolean(),
    nutrition_facts: z.string(),
    notes: z.string(),
    vat_code: z.enum(vatCodes),
    keywords: z.array(z.string()),
    position: z.number().int(),
    variants: z.array(optionSchema),
    extras: z.array(optionSchema),
  })
  .openapi('FoodProduct')

export const announcementSchema = z
  .object({
    uuid: z.uuid(),
    announcement: z.string(),
    created: z.iso.datetime(),
    updated: z.iso.datetime(),
  })
  .openapi('FoodAnnouncement')

export const themeSchema = z
  .object({
    color: z.string().openapi({ example: '#4d7cfe' }),
    colors: z
      .array(z.string())
      .openapi({ description: 'The 10 shades 50, 100, 200 … 900 (the colour at 500)' }),
  })
  .openapi('FoodTheme')

export const brandingSchema = z
  .object({
    program_uuid: z.uuid(),
    domain_name: z.string().nullable(),
    theme: themeSchema,
    disable_card: z.boolean(),
    disable_credit: z.boolean(),
    disable_payment: z.boolean(),
    disable_food: z.boolean(),
    disable_food_court: z.boolean(),
    seo_title: z.string(),
    seo_keywords: z.string().openapi({ description: 'Comma list' }),
    seo_description: z.string(),
    seo_language: z.string(),
    google_analytics_id: z.string(),
    app_logo: imageSchema.nullable(),
    favicon_logo: imageSchema.nullable(),
  })
  .openapi('FoodBranding')

// ── Input pieces ─────────────────────────────────────────────────────────────────────────────────

/** A cost: minor units (a whole number) or as typed ('2,50'); the rules turn it into minor units. */
export const costInput = z
  .union([z.number(), z.string().max(20)])
  .nullable()
  .optional()
  .openapi({
    description: "Minor units (250), or as typed ('2,50', '2.5'): not starting or ending with . or ,",
  })

export const timeInput = z.string().max(8).nullable().optional().openapi({
  description: "'HH:MM', hours 0-23, minutes 0-59; a closing time may be '24:00', the end of the day",
})

export const optionInput = z
  .object({
    uuid: z.uuid('not a variant or extra id').nullable().optional().openapi({
      description: 'Keeps an existing row (a basket refers to it); without: a new row',
    }),
    title: z.string().max(255).nullable().optional(),
    quantity: z.number().nullable().optional(),
    unit: z.string().max(20).nullable().optional(),
    price: costInput,
  })
  .strict()
