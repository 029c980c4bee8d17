/**
 * The profile fields and their rules, shared with the web app (its profile and registration forms
 * offer the same titles and genders and show each portal the fields it may write). Pure values and
 * zod schemas: no database, no Node built-ins (checked by .dependency-cruiser.mjs).
 */
import { z } from 'zod'
import type { UserType } from '../platform/context.ts'
import { localeSchema } from '../platform/locales.ts'

export const titles = ['Mr', 'Mrs', 'Miss', 'Dr', 'Ms', 'Mx'] as const
export const genders = ['male', 'female', 'other'] as const

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`)
const optionalText = (max: number) => text(max).nullable().optional()

/**
 * Every profile field a user may write, with its rule. Which of them a user may write depends on
 * the portal (spec section 6): see `writableFields`.
 */
export const profileFieldSchemas = {
  first_name: text(150).min(1, 'first name required'),
  last_name: text(150).min(1, 'last name required'),
  title: z
    .enum(titles, { message: `one of ${titles.join(', ')}` })
    .nullable()
    .optional(),
  language: localeSchema,
  phone: z
    .string()
    .trim()
    .regex(/^[0-9 ()-]{4,20}$/, 'invalid phone number')
    .nullable()
    .optional(),
  phone_code: z
    .string()
    .trim()
    .regex(/^\+?[0-9]{1,4}$/, 'invalid phone code')
    .nullable()
    .optional(),
  description: optionalText(2000),
  url: z
    .url({ message: 'invalid url', protocol: /^https?$/ })
    .max(500)
    .nullable()
    .optional(),
  position: optionalText(150),
  gender: z
    .enum(genders, { message: `one of ${genders.join(', ')}` })
    .nullable()
    .optional(),
  birth_date: z.iso
    .date('a date as YYYY-MM-DD')
    .refine((d) => d >= '1900-01-01' && d <= new Date().toISOString().slice(0, 10), {
      message: 'not a plausible birth date',
      params: { code: 'implausible_birth_date' },
    })
    .nullable()
    .optional(),
  legal_type: z.union([z.literal(1), z.literal(2)], { message: '1 company or 2 individual' }),
  company_name: optionalText(255),
  company_phone: z
    .string()
    .trim()
    .regex(/^[0-9 ()-]{4,20}$/, 'invalid phone number')
    .nullable()
    .optional(),
  company_phone_code: z
    .string()
    .trim()
    .regex(/^\+?[0-9]{1,4}$/, 'invalid phone code')
    .nullable()
    .optional(),
  company_reg_number: optionalText(50),
  company_vat_number: optionalText(50),
  country: optionalText(100),
  state: optionalText(100),
  city: optionalText(100),
  address: optionalText(255),
  zip: optionalText(20),
  delivery_street: optionalText(255),
  delivery_house: optionalText(20),
  delivery_apartment: optionalText(20),
  billing_country: optionalText(100),
  billing_state: optionalText(100),
  billing_city: optionalText(100),
  billing_zip: optionalText(20),
  billing_address: optionalText(255),
} as const

export type ProfileField = keyof typeof profileFieldSchemas

const common: ProfileField[] = [
  'first_name',
  'last_name',
  'title',
  'language',
  'phone',
  'phone_code',
  'description',
  'url',
  'position',
]
const address: ProfileField[] = ['country', 'state', 'city', 'address', 'zip']
const personal: ProfileField[] = ['gender', 'birth_date']
const company: ProfileField[] = [
  'legal_type',
  'company_name',
  'company_phone',
  'company_phone_code',
  'company_reg_number',
  'company_vat_number',
]
const delivery: ProfileField[] = ['delivery_street', 'delivery_house', 'delivery_apartment']
const billing: ProfileField[] = [
  'billing_country',
  'billing_state',
  'billing_city',
  'billing_zip',
  'billing_address',
]

/**
 * Fields per portal (spec section 6): address for program owner, acceptor and admin; gender,
 * birth date and company fields for program owner and acceptor; delivery fields for the card
 * holder. Card holders also keep the gender and birth date their registration asks for, and
 * program owners, acceptors and card holders a billing address.
 */
export const writableFields: Record<UserType, readonly ProfileField[]> = {
  1: [...common, ...address, ...personal, ...company, ...billing],
  2: [...common, ...address, ...personal, ...company, ...billing],
  3: [...common, ...personal, ...delivery, ...billing],
  4: [...common, ...address],
}
