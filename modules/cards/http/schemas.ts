import type { Context } from 'hono'
import { paymentFacts } from '../../payments/index.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { withCode } from '../../platform/errors.ts'
import { z } from '../../platform/http.ts'
import { type Locale, localeFromAcceptLanguage, localeSchema } from '../../platform/locales.ts'
import type { AppEnv, Services } from '../../platform/module.ts'
import { findProgram, programImage, programStatuses } from '../../programs/index.ts'
import {
  cardTypeIds,
  expiryTypeIds,
  heldCardStatuses,
  maxCardValue,
  maxUseNumber,
  orderLimits,
  orderStatuses,
  orientations,
} from '../codes.ts'
import { isCalendarDate } from '../dates.ts'
import type { CardRow } from '../db/cards.ts'
import type { OrderRow } from '../db/orders.ts'
import type { ProgramCardRow } from '../db/program-cards.ts'
import { findCardOfProgram } from '../db/program-cards.ts'
import { isComplete, validityOf } from '../model.ts'
import { cardState } from '../redemption.ts'
import { cardTypeObject } from '../texts.ts'
import { normalizeToken } from '../tokens.ts'

/** Titles and descriptions are in the caller's language (`?lang=`, else Accept-Language, else Dutch). */
export function callerLanguage(c: Context<AppEnv>, lang?: Locale): Locale {
  const chosen = lang ?? localeFromAcceptLanguage(c.req.header('accept-language'))
  c.header('Content-Language', chosen)
  c.header('Vary', 'Accept-Language')
  return chosen
}

export const langQuery = z.object({
  lang: localeSchema.optional().openapi({
    description:
      'Language of titles and descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl',
  }),
})

export { requestContext } from '../../platform/module.ts'

export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema })
export const resultsOf = <T extends z.ZodType>(schema: T) => z.object({ results: z.array(schema) })

export const uuidParam = (what: string) =>
  z.object({ uuid: z.uuid(`not a ${what} id`).openapi({ param: { name: 'uuid', in: 'path' } }) })

export const programQuery = z.object({
  program: z.uuid('not a program id').openapi({ description: 'The card program' }),
})

export const cardTypeId = z
  .number({ message: 'must be a card type: 101 voucher or 201 gift card' })
  .int('must be a card type: 101 voucher or 201 gift card')
  .refine((n) => (cardTypeIds as number[]).includes(n), 'must be a card type: 101 voucher or 201 gift card')
  .transform((n) => n as (typeof cardTypeIds)[number])
  .openapi({ type: 'integer', enum: [101, 201], description: 'voucher 101, gift card 201' })

export const currencyInput = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as EUR'))
  .openapi({ example: 'EUR' })

export const calendarDate = z
  .string()
  .refine(isCalendarDate, 'must be a date (YYYY-MM-DD)')
  .openapi({ format: 'date', example: '2027-12-31' })

const expiryTypeId = z
  .number({ message: 'must be 31 (years), 21 (months) or 11 (days)' })
  .int('must be 31 (years), 21 (months) or 11 (days)')
  .refine((n) => (expiryTypeIds as number[]).includes(n), 'must be 31 (years), 21 (months) or 11 (days)')
  .transform((n) => n as (typeof expiryTypeIds)[number])
  .openapi({ type: 'integer', enum: [31, 21, 11] })

export const validitySchema = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('program') }).strict(),
    z
      .object({
        mode: z.literal('after_activation'),
        expiry_type: expiryTypeId,
        expiry_value: z
          .number({ message: 'must be a whole number' })
          .int('must be a whole number')
          .min(1, 'at least 1'),
      })
      .strict(),
    z.object({ mode: z.literal('until'), until: calendarDate }).strict(),
  ])
  .openapi('CardValidity', {
    description:
      '`program`: while the program runs (to the end of its expiry_date); `after_activation`: expiry_value years (31), months (21) or days (11) after activation; `until`: to the end of a date, which may be after the program’s end',
  })

export const valueInput = z
  .object({
    value: z
      .number({ message: 'must be a whole number of minor units (cents)' })
      .int('must be a whole number of minor units (cents)')
      .min(0, 'must be 0 or more')
      .max(maxCardValue, `at most ${maxCardValue}`)
      .openapi({ description: 'Face value in minor units; 0: a flexible gift card, loaded later' }),
    currency: currencyInput.optional().openapi({ description: 'The program’s currency (the default)' }),
    use_number: z
      .number({ message: 'must be a whole number or null' })
      .int('must be a whole number or null')
      .min(1, 'at least 1')
      .max(maxUseNumber, `at most ${maxUseNumber}`)
      .nullable()
      .optional()
      .openapi({ description: '1: once; more: that many uses; null: unlimited. Omitted: kept' }),
  })
  .strict()

export const valueSchema = z
  .object({ value: z.number().int(), currency: z.string(), use_number: z.number().int().nullable() })
  .openapi('CardValue')

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`)
export const cardTitle = text(200).min(1, 'title is required')
export const cardDescription = text(5000)

/** A card type's id in answers: 101 voucher, 201 gift card. */
export const cardTypeIdOut = z.union([z.literal(101), z.literal(201)]).openapi({ example: 101 })

/** An expiry unit's id in answers: 31 years, 21 months, 11 days. */
export const expiryTypeIdOut = z.union([z.literal(31), z.literal(21), z.literal(11)]).openapi({ example: 31 })

export const typeBrief = z
  .object({
    id: cardTypeIdOut,
    code: z.enum(['voucher', 'gift']),
    title: z.string().openapi({ description: 'In the caller’s language' }),
  })
  .openapi('CardTypeBrief')

export const cardSchema = z
  .object({
    uuid: z.uuid(),
    program_uuid: z.uuid(),
    type: typeBrief,
    title: z.string(),
    description: z.string(),
    image: z.uuid().nullable().openapi({ description: 'An image uploaded with POST manager/commons/images' }),
    image_url: z.string().nullable(),
    orientation: z.enum(orientations),
    values: z.array(valueSchema).openapi({ description: 'The card’s one value; empty until it is set' }),
    validity: z.union([validitySchema, z.null()]),
    is_private: z.boolean(),
    start_date: z.string().nullable().openapi({ format: 'date' }),
    expiry_date: z.string().nullable().openapi({ format: 'date', description: 'The program’s end' }),
    complete: z
      .boolean()
      .openapi({ description: 'Title, value and validity are set: the program may go on' }),
    locked: z
      .boolean()
      .openapi({ description: 'Cards were paid for: only title, description and image can change' }),
    created: z.iso.datetime(),
    updated: z.iso.datetime(),
  })
  .openapi('ProgramCard')

export type CardJson = z.infer<typeof cardSchema>

export async function toCardJson(
  db: DbOrTrx,
  row: ProgramCardRow,
  language: string,
  locked: boolean,
): Promise<CardJson> {
  const image = row.image_id ? await programImage(db, row.image_id) : undefined
  const { id, code, title } = cardTypeObject(row.type, language)
  return {
    uuid: row.id,
    program_uuid: row.program_id,
    type: { id, code, title },
    title: row.title,
    description: row.description,
    image: row.image_id,
    image_url: image?.url ?? null,
    orientation: row.orientation as CardJson['orientation'],
    values:
      row.value === null
        ? []
        : [{ value: Number(row.value), currency: row.currency, use_number: row.use_number }],
    validity: validityOf(row),
    is_private: row.is_private,
    start_date: row.start_date,
    expiry_date: row.expiry_date,
    complete: isComplete(row),
    locked,
    created: row.created_at.toISOString(),
    updated: row.updated_at.toISOString(),
  }
}

export const orderSchema = z
  .object({
    uuid: z.uuid().openapi({ description: 'Also the uuid of its payment (POST payment/pay {order_uuid})' }),
    number: z.number().int(),
    program_uuid: z.uuid(),
    program_title: z.string(),
    quantity: z.number().int(),
    unit_value: z.number().int().openapi({ description: 'Face value of one card, minor units' }),
    unit_price: z.number().int().openapi({ description: 'Price of one card excluding VAT, minor units' }),
    unit_vat: z.number().int().openapi({ description: 'VAT on the price of one card, minor units' }),
    vat_rate: z.number().openapi({ example: 21 }),
    amount: z.number().int().openapi({ description: 'quantity × (unit_value + unit_price + unit_vat)' }),
    currency: z.string(),
    status: z.enum(orderStatuses),
    cards_issued: z.number().int(),
    created: z.iso.datetime(),
    paid_at: z.iso.datetime().nullable(),
    payment: z.object({
      uuid: z.uuid(),
      status: z.string().nullable(),
      pay_url: z.string().openapi({ description: 'The checkout page where the order is paid' }),
    }),
  })
  .openapi('CardOrder')

export type OrderJson = z.infer<typeof orderSchema>

export async function toOrderJson(
  db: DbOrTrx,
  services: Pick<Services, 'config'>,
  order: OrderRow,
  titles?: Map<string, string>,
): Promise<OrderJson> {
  const title = titles?.get(order.program_id) ?? (await findProgram(db, order.program_id))?.title ?? ''
  const payment = await paymentFacts(db, order.id)
  return {
    uuid: order.id,
    number: Number(order.number),
    program_uuid: order.program_id,
    program_title: title,
    quantity: order.quantity,
    unit_value: Number(order.unit_value),
    unit_price: Number(order.unit_price),
    unit_vat: Number(order.unit_vat),
    vat_rate: order.vat_rate_bp / 100,
    amount: Number(order.amount),
    currency: order.currency,
    status: order.status as OrderJson['status'],
    cards_issued: order.cards_issued,
    created: order.created_at.toISOString(),
    paid_at: order.paid_at?.toISOString() ?? null,
    payment: {
      uuid: order.id,
      status: payment?.status ?? null,
      pay_url: `${services.config.PUBLIC_URL}/checkout/${order.id}`,
    },
  }
}

/** A card token in a path or body: any case, dashes or spaces optional; answered in its printed form. */
export const tokenInput = z
  .string({ message: 'a card token is required' })
  .max(40, 'not a card token')
  .transform((s, ctx) => {
    const token = normalizeToken(s)
    if (!token) {
      ctx.addIssue({
        code: 'custom',
        message: 'not a card token (16 letters and digits, XXXX-XXXX-XXXX-XXXX)',
        params: withCode('not_card_token'),
      })
      return z.NEVER
    }
    return token
  })
  .openapi({ type: 'string', example: 'K7QM-2XRT-9HWC-4NPA' })

export const heldCardSchema = z
  .object({
    uuid: z.uuid(),
    token: z.string(),
    program: z.object({ uuid: z.uuid(), title: z.string() }),
    card: z.object({
      type: typeBrief,
      title: z.string(),
      description: z.string(),
      image_url: z.string().nullable(),
      orientation: z.enum(orientations),
    }),
    value: z.number().int(),
    balance: z.number().int(),
    currency: z.string(),
    use_number: z.number().int().nullable(),
    uses_left: z.number().int().nullable(),
    status: z.enum(heldCardStatuses).openapi({
      description:
        '`issued`: not activated yet (a preview); `used`: nothing left to spend; `blocked` also while its program is blocked',
    }),
    activated_at: z.iso.datetime().nullable(),
    expires_at: z.iso.datetime().nullable().openapi({
      description: 'Null: no end, or (not activated yet) counted from activation',
    }),
  })
  .openapi('HeldCard')

export type HeldCardJson = z.infer<typeof heldCardSchema>

/** Cards as a card holder sees them, with their program's title and card design (read once per program). */
export async function toHeldCardsJson(
  db: DbOrTrx,
  rows: CardRow[],
  language: string,
): Promise<HeldCardJson[]> {
  const programs = new Map<
    string,
    { title: string; blocked: boolean; card: ProgramCardRow | undefined; image_url: string | null }
  >()
  for (const id of new Set(rows.map((r) => r.program_id))) {
    const program = await findProgram(db, id)
    const card = await findCardOfProgram(db, id)
    const image = card?.image_id ? await programImage(db, card.image_id) : undefined
    programs.set(id, {
      title: program?.title ?? '',
      blocked: program?.status === programStatuses.blocked,
      card,
      image_url: image?.url ?? null,
    })
  }
  const now = new Date()
  return rows.map((r) => {
    const p = programs.get(r.program_id)!
    const { id, code, title } = cardTypeObject(r.card_type, language)
    const status = cardState(r, p.blocked, now)
    return {
      uuid: r.id,
      token: r.token,
      program: { uuid: r.program_id, title: p.title },
      card: {
        type: { id, code, title },
        title: p.card?.title ?? title,
        description: p.card?.description ?? '',
        image_url: p.image_url,
        orientation: (p.card?.orientation ?? 'horizontal') as HeldCardJson['card']['orientation'],
      },
      value: Number(r.value),
      balance: Number(r.balance),
      currency: r.currency,
      use_number: r.use_number,
      uses_left: r.uses_left,
      status,
      activated_at: r.activated_at?.toISOString() ?? null,
      expires_at: r.expires_at?.toISOString() ?? null,
    }
  })
}

export const quantityInput = z
  .number({ message: `must be a whole number from ${orderLimits.minQuantity} to ${orderLimits.maxQuantity}` })
  .int(`must be a whole number from ${orderLimits.minQuantity} to ${orderLimits.maxQuantity}`)
  .min(orderLimits.minQuantity, `at least ${orderLimits.minQuantity}`)
  .max(orderLimits.maxQuantity, `at most ${orderLimits.maxQuantity}`)
