import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { formatAmountInput, parseAmountInput } from '~/components/payments/money-input.ts'
import { businessToday } from '~/lib/business-days.ts'
import { pageTimeZone } from '~/lib/time-zone.ts'
import {
  type Card,
  type CardExpiryType,
  type CardSettings,
  type CardValidity,
  cardExpiryTypes,
  cardTypes,
  maxCardValue,
  maxExpiryValue,
  maxUseNumber,
} from './card-queries.ts'
import type { Program } from './queries.ts'

/**
 * The card settings form's values and how they map to the cards API (docs/cards.md, `PATCH
 * manager/cards/{uuid}`): the schema that checks them, a saved card's values, the settings a
 * form's values save, and the API's refusals put back under their fields.
 */

export const useModes = ['once', 'custom', 'unlimited'] as const
export const validityModes = ['program', 'after_activation', 'until'] as const
export const orientations = ['horizontal', 'vertical'] as const

/**
 * Today as `YYYY-MM-DD`, a business day: a card "valid until" a date ends at midnight in the
 * business time zone (docs/cards.md), and the API refuses a date before its today by that zone.
 */
export function today(): string {
  return businessToday(pageTimeZone())
}

export const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))
export const wholeNumber = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN)

/**
 * The card's title, description and image: all that changes once its cards are paid for, and so
 * the fields both the card settings form and the locked card's dialog edit.
 */
export const cardTextShape = {
  title: z
    .string()
    .trim()
    .min(1, { error: msg`Enter a title.`.id })
    .max(200, { error: msg`At most 200 characters.`.id }),
  description: z.string().trim().max(2000, { error: msg`At most 2000 characters.`.id }),
  image: z.object({ uuid: z.string(), url: z.string() }).nullable(),
}

export const cardTextSchema = z.object(cardTextShape)
export type CardTextValues = z.input<typeof cardTextSchema>

/** A saved card's title, description and image as the form edits them. */
export function cardTextOf(card: Card): CardTextValues {
  return {
    title: card.title,
    description: card.description ?? '',
    image: card.image && card.image_url ? { uuid: card.image, url: card.image_url } : null,
  }
}

/** The API's field paths of the title, description and image, each the form field of the same name. */
export const cardTextServerFields: Record<string, keyof CardTextValues> = {
  title: 'title',
  description: 'description',
  image: 'image',
}

export function settingsSchema(gift: boolean, currency: string, locale: string) {
  return z
    .object({
      ...cardTextShape,
      orientation: z.enum(orientations),
      value: z.string().trim(),
      useMode: z.enum(useModes),
      useNumber: z.string(),
      validityMode: z.enum(validityModes),
      expiryType: z.enum(['31', '21', '11']),
      expiryValue: z.string(),
      until: z.string(),
      isPrivate: z.boolean(),
      startDate: z.string(),
      expiryDate: z.string(),
    })
    .superRefine((v, ctx) => {
      const amount = v.value === '' && gift ? undefined : parseAmountInput(v.value, currency, locale)
      if (v.value === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: gift ? msg`Enter a value, or 0 for a flexible gift card.`.id : msg`Enter a value.`.id,
        })
      } else if (amount === undefined) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: msg`Enter an amount such as 12.50.`.id })
      } else if (!gift && amount <= 0n) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: msg`A voucher's value must be more than zero.`.id,
        })
      } else if (amount > BigInt(maxCardValue)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: msg`The amount is too large.`.id })
      }
      if (v.useMode === 'custom') {
        const n = wholeNumber(v.useNumber)
        if (!(n >= 2 && n <= maxUseNumber))
          ctx.addIssue({
            code: 'custom',
            path: ['useNumber'],
            message: msg`Enter a number of uses from 2 to 1000.`.id,
          })
      }
      if (v.validityMode === 'after_activation') {
        const n = wholeNumber(v.expiryValue)
        const max = maxExpiryValue[Number(v.expiryType) as CardExpiryType]
        if (!(n >= 1 && n <= max))
          ctx.addIssue({
            code: 'custom',
            path: ['expiryValue'],
            message:
              v.expiryType === '31'
                ? msg`Enter a number of years from 1 to 10.`.id
                : v.expiryType === '21'
                  ? msg`Enter a number of months from 1 to 120.`.id
                  : msg`Enter a number of days from 1 to 3660.`.id,
          })
      }
      if (v.validityMode === 'until') {
        if (!isDate(v.until))
          ctx.addIssue({ code: 'custom', path: ['until'], message: msg`Choose a date.`.id })
        else if (v.until < today())
          ctx.addIssue({ code: 'custom', path: ['until'], message: msg`The date cannot be in the past.`.id })
      }
      if (!isDate(v.startDate))
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: msg`Choose the start date.`.id })
      if (v.expiryDate !== '' && !isDate(v.expiryDate))
        ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: msg`Choose a date.`.id })
      else if (isDate(v.startDate) && isDate(v.expiryDate) && v.expiryDate < v.startDate)
        ctx.addIssue({
          code: 'custom',
          path: ['expiryDate'],
          message: msg`The expiry date cannot be before the start date.`.id,
        })
    })
}

export type SettingsValues = z.input<ReturnType<typeof settingsSchema>>
type SettingsField = keyof SettingsValues

/** The API's field paths (docs/cards.md) and the form field that shows each one's message. */
export const settingsServerFields: Record<string, SettingsField> = {
  ...cardTextServerFields,
  orientation: 'orientation',
  values: 'value',
  'values.0': 'value',
  'values.0.value': 'value',
  'values.0.currency': 'value',
  'values.0.use_number': 'useNumber',
  validity: 'validityMode',
  'validity.mode': 'validityMode',
  'validity.expiry_type': 'expiryType',
  'validity.expiry_value': 'expiryValue',
  'validity.until': 'until',
  is_private: 'isPrivate',
  start_date: 'startDate',
  expiry_date: 'expiryDate',
}

/** A card's saved settings as the form's values; a new card starts from the program and the API's defaults. */
export function settingsValuesOf(card: Card, program: Program, locale: string): SettingsValues {
  const v = card.values[0]
  const validity = card.validity
  const text = cardTextOf(card)
  return {
    ...text,
    title: text.title || program.title,
    orientation: card.orientation ?? 'horizontal',
    value: v ? formatAmountInput(v.value, program.currency, locale) : '',
    // A new voucher is used once, a new gift card is spent from its balance (the API's defaults).
    useMode: !v
      ? card.type.id === cardTypes.gift
        ? 'unlimited'
        : 'once'
      : v.use_number === 1
        ? 'once'
        : v.use_number === null
          ? 'unlimited'
          : 'custom',
    useNumber: v?.use_number && v.use_number > 1 ? String(v.use_number) : '',
    validityMode: validity?.mode ?? 'program',
    expiryType: String(
      validity?.mode === 'after_activation' ? validity.expiry_type : cardExpiryTypes.year,
    ) as SettingsValues['expiryType'],
    expiryValue: validity?.mode === 'after_activation' ? String(validity.expiry_value) : '1',
    until: validity?.mode === 'until' ? validity.until : '',
    isPrivate: card.is_private ?? false,
    startDate: card.start_date ?? today(),
    expiryDate: card.expiry_date ?? '',
  }
}

function validityOf(v: SettingsValues): CardValidity {
  if (v.validityMode === 'after_activation')
    return {
      mode: 'after_activation',
      expiry_type: Number(v.expiryType) as CardExpiryType,
      expiry_value: wholeNumber(v.expiryValue),
    }
  if (v.validityMode === 'until') return { mode: 'until', until: v.until }
  return { mode: 'program' }
}

/** The title, description and image to save. */
export function cardTextSettings(v: CardTextValues): CardSettings {
  return { title: v.title.trim(), description: v.description.trim(), image: v.image?.uuid ?? null }
}

/** The settings the form's values save. */
export function settingsOf(v: SettingsValues, currency: string, locale: string): CardSettings {
  return {
    ...cardTextSettings(v),
    orientation: v.orientation,
    values: [
      {
        value: Number(parseAmountInput(v.value, currency, locale) ?? 0n),
        currency,
        use_number: v.useMode === 'once' ? 1 : v.useMode === 'unlimited' ? null : wholeNumber(v.useNumber),
      },
    ],
    validity: validityOf(v),
    is_private: v.isPrivate,
    start_date: v.startDate,
    expiry_date: v.expiryDate === '' ? null : v.expiryDate,
  }
}

/** The validity as far as the form's values make one, for the preview's footnote. */
export function previewValidity(v: Partial<SettingsValues>): CardValidity | null {
  if (v.validityMode === 'after_activation') {
    const n = wholeNumber(v.expiryValue ?? '')
    if (!(n >= 1)) return null
    return {
      mode: 'after_activation',
      expiry_type: Number(v.expiryType ?? 31) as CardExpiryType,
      expiry_value: n,
    }
  }
  if (v.validityMode === 'until')
    return isDate(v.until ?? '') ? { mode: 'until', until: v.until as string } : null
  return v.validityMode === 'program' ? { mode: 'program' } : null
}
