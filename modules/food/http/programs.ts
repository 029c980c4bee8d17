import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { currencyCode } from '../../platform/money.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { createFoodProgram, updateFoodProgram } from '../commands/restaurant.ts'
import { storeImage } from '../commands/uploads.ts'
import { imageJson } from '../files.ts'
import { listFoodPrograms } from '../queries/programs.ts'
import { readFoodProgram } from '../queries/restaurant.ts'
import {
  costInput,
  fileField,
  foodProgramItemSchema,
  foodProgramSchema,
  imageSchema,
  requestContext,
  resultOf,
  timeInput,
  uuidParam,
} from './schemas.ts'

const text = (max: number) => z.string().max(max, `at most ${max} characters`)

/** Every field of the restaurant (spec section 3 "Food program (restaurant)"); the rules are in shared.ts. */
const restaurantFields = {
  title: text(200),
  description: text(5000),
  currency: currencyCode.optional().openapi({ description: 'Default EUR; fixed once the program is active' }),
  image: z.string().max(64).nullable().optional().openapi({
    description: 'An image uploaded with POST food/programs/images (required for a new program)',
  }),
  address: text(255)
    .optional()
    .openapi({ description: 'Required unless pickup in the restaurant is allowed' }),
  phone: text(32).optional(),
  min_order_amount: z
    .number()
    .int()
    .min(0)
    .max(100_000_000)
    .optional()
    .openapi({ description: 'Minor units' }),
  order_limit: z.number().int().min(1).max(10_000).nullable().optional().openapi({
    description: 'Most open orders at once; null: no limit',
  }),
  order_limit_message: text(255).optional().openapi({
    description: 'What guests read when ordering is off or the limit is reached',
  }),
  read_only_mode: z.boolean().optional(),
  disable_online_ordering: z.boolean().optional(),
  can_pickup_in_rest: z.boolean().optional(),
  default_asap: z.boolean().optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  pickup_fee_heading: text(255).optional(),
  pickup_fee: costInput,
  delivering_sms_text: text(480).optional(),
  time_zone: text(64).optional().openapi({ description: 'IANA zone, default Europe/Amsterdam' }),
  type_of_delivery: z
    .union([z.literal(1), z.literal(2)], { message: '1 by zip code or 2 by distance' })
    .optional(),
  delivery_range_zip_codes: z
    .array(z.object({ zip_code: text(16).nullable().optional(), cost: costInput }).strict())
    .max(500)
    .optional()
    .openapi({ description: 'Rows of a zip code (a Dutch postcode or its four-digit area) and its cost' }),
  delivery_ranges: z
    .array(
      z
        .object({
          range_start: z.number().nullable().optional().openapi({ description: 'km; default 0' }),
          range_end: z.number().nullable().optional().openapi({ description: 'km' }),
          cost: costInput,
        })
        .strict(),
    )
    .max(50)
    .optional(),
  working_hours: z
    .array(
      z
        .object({
          day_of_week: z.number().int().min(1).max(7).openapi({ description: 'Monday 1 … Sunday 7' }),
          enabled: z
            .boolean()
            .optional()
            .openapi({ description: 'Default true; days not listed are closed' }),
          start_time: timeInput,
          end_time: timeInput,
        })
        .strict(),
    )
    .max(7)
    .optional()
    .openapi({ description: 'Without: Monday to Friday 09:00–17:00 (new restaurants)' }),
  working_hours_exceptions: z
    .array(
      z
        .object({
          date: text(10).nullable().optional().openapi({ example: '2026-12-25' }),
          closed: z.boolean().optional(),
          start_time: timeInput,
          end_time: timeInput,
        })
        .strict(),
    )
    .max(366)
    .optional(),
  tc_pdf_url: text(300)
    .nullable()
    .optional()
    .openapi({ description: 'The uri POST food/terms-and-conditions answered' }),
  privacy_pdf_url: text(300)
    .nullable()
    .optional()
    .openapi({ description: 'The uri POST food/privacy answered' }),
}

const createBody = z.object(restaurantFields).strict().openapi('FoodProgramInput')
const patchBody = z
  .object({
    ...restaurantFields,
    title: restaurantFields.title.optional(),
    description: restaurantFields.description.optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change')
  .openapi('FoodProgramChange')

const describeRules =
  'Rules (spec section 5), each a 400 naming its field with a code: title, description and address required (address not when `can_pickup_in_rest`); an image; with pickup, `pickup_fee_heading` and `pickup_fee` both or neither; zip rows with a cost not starting or ending with . or , (`cost_separator_at_edge`) and a zip code that exists (`zip_code_not_found`); distance ranges with start, end and cost, start below end (`range_start_not_below_end`), not overlapping the previous (`range_overlaps_previous`), latitude and longitude; at least one valid range unless pickup (`delivery_range_required`); valid `HH:MM` times on enabled days (`invalid_time_format`, `invalid_time_range`); no exception date twice (`date_already_exists`).'

export const getFoodPrograms = createRoute({
  method: 'get',
  path: '/food/programs',
  tags: ['food'],
  summary: 'Food programs (restaurants) of the caller',
  description:
    'A program owner’s own food programs; an acceptor’s the restaurants they work at (active in the program). Newest first, in the pagination wrapper; `search` is part of the title.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor')] as const,
  request: {
    query: paginationQuery({ defaultSize: 20, maxSize: 100 }).extend({
      search: z.string().max(100).optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of food programs',
      content: { 'application/json': { schema: pageSchema(foodProgramItemSchema) } },
    },
    ...errorResponses(400, 401, 403),
  },
})

export const postFoodProgram = createRoute({
  method: 'post',
  path: '/food/programs',
  tags: ['food'],
  summary: 'Create a food program with its restaurant',
  description: `Steps 0 and 1 of the food wizard at once: a program of type 4001 with its restaurant, saved as draftStep2 (the restaurant done; the menu is step 2: draftStep3 and activation need an active product, through PATCH manager/programs). ${describeRules} Program owners only.`,
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: createBody } } } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: resultOf(foodProgramSchema) } } },
    ...errorResponses(400, 401, 403, 422),
  },
})

export const getFoodProgram = createRoute({
  method: 'get',
  path: '/food/programs/{uuid}',
  tags: ['food'],
  summary: 'A food program with its restaurant',
  description:
    'Every field of the restaurant; a program created through manager/programs and not yet saved here answers the defaults (Monday to Friday 09:00–17:00). Its owner, and acceptors working at it; anyone else’s: 404; another type: 422 `not_food_program`.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor')] as const,
  request: { params: uuidParam('program') },
  responses: {
    200: {
      description: 'The food program',
      content: { 'application/json': { schema: resultOf(foodProgramSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const patchFoodProgram = createRoute({
  method: 'patch',
  path: '/food/programs/{uuid}',
  tags: ['food'],
  summary: 'Change a food program’s restaurant',
  description: `Any of the fields; the change is merged into what is stored and the whole restaurant is checked again, so a saved restaurant is always complete. Lists (zip rows, ranges, hours, exceptions) are replaced whole. A draftStep1 program moves to draftStep2. ${describeRules} The owner only; a blocked program: 422 \`program_blocked\`.`,
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    params: uuidParam('program'),
    body: { required: true, content: { 'application/json': { schema: patchBody } } },
  },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: resultOf(foodProgramSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const postProgramImage = createRoute({
  method: 'post',
  path: '/food/programs/images',
  tags: ['food'],
  summary: 'Upload a restaurant image',
  description:
    'Multipart field `image`: a PNG or JPG (judged by its bytes) under 2 MB. Stored as WebP and JPG 160, 320, 640 and 960 px wide (never enlarged), upright, without metadata; answered with `srcset` candidates. Use its `uuid` as the program’s `image`. Program owners.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': { schema: z.object({ image: fileField('an image file is required') }) },
      },
    },
  },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: resultOf(imageSchema) } } },
    ...errorResponses(400, 401, 403, 413),
  },
})

export function registerProgramRoutes(app: ApiApp) {
  app.openapi(getFoodPrograms, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const query = c.req.valid('query')
    const { count, rows } = await listFoodPrograms(c.get('services').db, me, query)
    return c.json(toPage(c.req.url, query, count, rows), 200)
  })

  app.openapi(postFoodProgram, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const uuid = await createFoodProgram(db, requestContext(c), me, c.req.valid('json'))
    return c.json({ result: await readFoodProgram(db, me, uuid) }, 201)
  })

  app.openapi(getFoodProgram, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    return c.json({ result: await readFoodProgram(c.get('services').db, me, c.req.valid('param').uuid) }, 200)
  })

  app.openapi(patchFoodProgram, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const { uuid } = c.req.valid('param')
    await updateFoodProgram(db, requestContext(c), me, uuid, c.req.valid('json'))
    return c.json({ result: await readFoodProgram(db, me, uuid) }, 200)
  })

  app.openapi(postProgramImage, async (c) => {
    const me = requireUser(c, 'owner')
    const { db, config } = c.get('services')
    const row = await storeImage(
      db,
      config,
      requestContext(c),
      me.user_id,
      c.req.valid('form').image,
      'restaurant',
    )
    return c.json({ result: imageJson(row) }, 201)
  })
}
